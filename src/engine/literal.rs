//! [`Literal`]: a statement that a candidate is true ("on": the digit goes in the cell) or false
//! ("off"), the unit of every search that assumes something and follows what it forces: forcing
//! chains and nets, nice loops and AICs, Sudoku Explainer's chains. A chain search states the same
//! of the nodes of its graph (a candidate, a group of candidates, a digit of an almost locked set),
//! so a literal may speak of anything [`Numbered`].
//!
//! A literal is numbered from what it speaks of, `2 * number + on`, so that tables indexed by
//! literal are dense. This module knows no technique and no search, and must not: it is vocabulary.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

use super::{Candidate, Cell, Digit};

/// What a literal can speak of: something numbered densely from 0 (a candidate, a chain node).
pub(crate) trait Numbered: Copy {
    /// Its number.
    fn number(self) -> usize;
    /// The one numbered `number`.
    fn numbered(number: usize) -> Self;
}

impl Numbered for Candidate {
    #[inline]
    fn number(self) -> usize {
        self.index()
    }

    #[inline]
    fn numbered(number: usize) -> Candidate {
        Candidate::from_index(number)
    }
}

/// A statement about a candidate (or about `S`): it holds (`on`) or it does not. Ordered by what it
/// speaks of, then false before true, as its [`Literal::index`] is.
///
/// It is stored as that index, one integer: searches keep literals by the thousand in queues,
/// tables and lists, compare them and index tables with them far more often than they ask what
/// one speaks of.
pub(crate) struct Literal<S = Candidate> {
    index: u32,
    subject: PhantomData<S>,
}

impl<S> Clone for Literal<S> {
    fn clone(&self) -> Literal<S> {
        *self
    }
}

impl<S> Copy for Literal<S> {}

impl<S> PartialEq for Literal<S> {
    fn eq(&self, other: &Literal<S>) -> bool {
        self.index == other.index
    }
}

impl<S> Eq for Literal<S> {}

impl<S> PartialOrd for Literal<S> {
    fn partial_cmp(&self, other: &Literal<S>) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<S> Ord for Literal<S> {
    fn cmp(&self, other: &Literal<S>) -> Ordering {
        self.index.cmp(&other.index)
    }
}

impl<S> Hash for Literal<S> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.index.hash(state);
    }
}

impl<S: Numbered + fmt::Debug> fmt::Debug for Literal<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Literal").field("subject", &self.subject()).field("on", &self.is_on()).finish()
    }
}

impl<S: Numbered> Literal<S> {
    /// `subject` holds (`on`) or does not.
    #[inline]
    pub(crate) fn new(subject: S, on: bool) -> Literal<S> {
        Literal::from_index(subject.number() * 2 + usize::from(on))
    }

    /// What the statement is about.
    #[inline]
    pub(crate) fn subject(self) -> S {
        S::numbered(self.index() / 2)
    }

    /// Whether the statement is that its subject holds.
    #[inline]
    pub(crate) fn is_on(self) -> bool {
        self.index % 2 == 1
    }

    /// The opposite statement.
    #[inline]
    pub(crate) fn negated(self) -> Literal<S> {
        Literal { index: self.index ^ 1, subject: PhantomData }
    }

    /// A dense index: twice the subject's number, plus one when on.
    #[inline]
    pub(crate) fn index(self) -> usize {
        self.index as usize
    }

    /// The literal with index `index`.
    #[inline]
    pub(crate) fn from_index(index: usize) -> Literal<S> {
        debug_assert!(u32::try_from(index).is_ok(), "a literal's index fits 32 bits");
        Literal { index: index as u32, subject: PhantomData }
    }
}

impl Literal {
    /// How many literals a grid can have: every candidate, true or false.
    pub(crate) const COUNT: usize = Candidate::COUNT * 2;

    /// `cell` holds `digit`.
    #[inline]
    pub(crate) const fn on(cell: Cell, digit: Digit) -> Literal {
        Literal { index: Candidate::new(cell, digit).index() as u32 * 2 + 1, subject: PhantomData }
    }

    /// `cell` does not hold `digit`.
    #[inline]
    pub(crate) const fn off(cell: Cell, digit: Digit) -> Literal {
        Literal { index: Candidate::new(cell, digit).index() as u32 * 2, subject: PhantomData }
    }

    /// The candidate the statement is about.
    #[inline]
    pub(crate) const fn candidate(self) -> Candidate {
        Candidate::from_index(self.index as usize / 2)
    }

    /// The cell the statement is about.
    #[inline]
    pub(crate) const fn cell(self) -> Cell {
        self.candidate().cell
    }

    /// The digit the statement is about.
    #[inline]
    pub(crate) const fn digit(self) -> Digit {
        self.candidate().digit
    }
}

impl fmt::Display for Literal {
    /// `r1c2=5` or `r1c2<>5`, HoDoKu's notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let relation = if self.is_on() { "=" } else { "<>" };
        write!(f, "{}{relation}{}", self.cell(), self.digit())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digit(n: u8) -> Digit {
        Digit::new(n).expect("a digit")
    }

    #[test]
    fn literals_round_trip_through_their_index() {
        for index in 0..Literal::COUNT {
            let literal: Literal = Literal::from_index(index);
            assert_eq!(literal.index(), index);
        }
        let literal = Literal::on(Cell::at(0, 1), digit(5));
        assert_eq!(literal.to_string(), "r1c2=5");
        assert_eq!(literal.negated().to_string(), "r1c2<>5");
    }

    #[test]
    fn literals_are_ordered_as_their_indices() {
        let all: Vec<Literal> = (0..Literal::COUNT).map(Literal::from_index).collect();
        assert!(all.windows(2).all(|pair| pair[0] < pair[1]));
        let literal = Literal::new(Candidate::new(Cell::at(4, 4), digit(7)), false);
        assert_eq!(literal, Literal::off(Cell::at(4, 4), digit(7)));
        assert_eq!((literal.candidate(), literal.is_on()), (Candidate::new(Cell::at(4, 4), digit(7)), false));
    }
}
