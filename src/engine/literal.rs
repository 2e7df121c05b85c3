//! [`Literal`]: a statement that a candidate is true ("on": the digit goes in the cell) or false
//! ("off"), the unit of every search that assumes something and follows what it forces: forcing
//! chains and nets, nice loops and AICs, Sudoku Explainer's chains. A chain search states the same
//! of the nodes of its graph (a candidate, a group of candidates, a digit of an almost locked set),
//! so a literal may speak of anything [`Numbered`].
//!
//! A literal is numbered from what it speaks of, `2 * number + on`, so that tables indexed by
//! literal are dense. This module knows no technique and no search, and must not: it is vocabulary.

use std::fmt;

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
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Literal<S = Candidate> {
    subject: S,
    on: bool,
}

impl<S: Copy> Literal<S> {
    /// `subject` holds (`on`) or does not.
    pub(crate) const fn new(subject: S, on: bool) -> Literal<S> {
        Literal { subject, on }
    }

    /// What the statement is about.
    pub(crate) fn subject(self) -> S {
        self.subject
    }

    /// Whether the statement is that its subject holds.
    pub(crate) fn is_on(self) -> bool {
        self.on
    }

    /// The opposite statement.
    pub(crate) fn negated(self) -> Literal<S> {
        Literal { subject: self.subject, on: !self.on }
    }
}

impl<S: Numbered> Literal<S> {
    /// A dense index: twice the subject's number, plus one when on.
    pub(crate) fn index(self) -> usize {
        self.subject.number() * 2 + usize::from(self.on)
    }

    /// The literal with index `index`.
    pub(crate) fn from_index(index: usize) -> Literal<S> {
        Literal { subject: S::numbered(index / 2), on: index % 2 == 1 }
    }
}

impl Literal {
    /// How many literals a grid can have: every candidate, true or false.
    pub(crate) const COUNT: usize = Candidate::COUNT * 2;

    /// `cell` holds `digit`.
    pub(crate) const fn on(cell: Cell, digit: Digit) -> Literal {
        Literal { subject: Candidate::new(cell, digit), on: true }
    }

    /// `cell` does not hold `digit`.
    pub(crate) const fn off(cell: Cell, digit: Digit) -> Literal {
        Literal { subject: Candidate::new(cell, digit), on: false }
    }

    /// The candidate the statement is about.
    pub(crate) const fn candidate(self) -> Candidate {
        self.subject
    }

    /// The cell the statement is about.
    pub(crate) const fn cell(self) -> Cell {
        self.subject.cell
    }

    /// The digit the statement is about.
    pub(crate) const fn digit(self) -> Digit {
        self.subject.digit
    }
}

impl fmt::Display for Literal {
    /// `r1c2=5` or `r1c2<>5`, HoDoKu's notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let relation = if self.on { "=" } else { "<>" };
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
