//! Work kept for the last position searched on a thread.
//!
//! The hint engine runs the techniques of a family one after another on one position, and several
//! of them start from the same work: a link graph, the nice loops of its walks, a table of
//! implications, the almost locked sets, the finned fish of a size, the rectangles. Each such piece
//! of work lives in a [`LastPosition`] (one per thread), with the position it was made for, and is
//! made again only when the position changes.

use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::Candidates;

/// The result of one search, kept with the position and the key (a fish size, say; `()` when
/// the position says it all) it was made for.
pub(super) struct LastPosition<K, T>(RefCell<Option<(Candidates, K, Rc<T>)>>);

impl<K: PartialEq, T> LastPosition<K, T> {
    /// Nothing kept yet.
    pub(super) const fn new() -> LastPosition<K, T> {
        LastPosition(RefCell::new(None))
    }

    /// The result kept for `grid` and `key`, or else `make()`'s, which is kept in its place.
    pub(super) fn get_or_make(&self, grid: &Candidates, key: K, make: impl FnOnce() -> T) -> Rc<T> {
        if let Some((known, known_key, found)) = &*self.0.borrow()
            && *known_key == key
            && known == grid
        {
            return Rc::clone(found);
        }
        // Made with nothing borrowed: making it may ask other memos (a grouped graph asks for the
        // plain one).
        let found = Rc::new(make());
        *self.0.borrow_mut() = Some((grid.clone(), key, Rc::clone(&found)));
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn a_result_is_made_once_per_position_and_key() {
        let memo: LastPosition<usize, u32> = LastPosition::new();
        let made = Cell::new(0);
        let make = |value| {
            made.set(made.get() + 1);
            value
        };
        let empty = Candidates::from_grid(&crate::engine::Grid::empty());
        let other: Candidates =
            Candidates::from_grid(&format!("1{}", ".".repeat(80)).parse().expect("valid line"));
        assert_eq!(*memo.get_or_make(&empty, 2, || make(7)), 7);
        assert_eq!(*memo.get_or_make(&empty, 2, || make(8)), 7, "kept");
        assert_eq!(*memo.get_or_make(&empty, 3, || make(9)), 9, "another key");
        assert_eq!(*memo.get_or_make(&other, 3, || make(10)), 10, "another position");
        assert_eq!(*memo.get_or_make(&other, 3, || make(11)), 10, "kept again");
        assert_eq!(made.get(), 3);
    }
}
