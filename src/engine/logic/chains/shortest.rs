//! How the chain techniques collect what their searches find: for each distinct set of
//! eliminations, the shortest chain that proves it. Knows no technique.

use std::collections::HashMap;

use crate::engine::Candidate;

use super::search::{Chain, Walk};

/// The shortest chain found for each distinct set of eliminations.
#[derive(Default)]
pub(super) struct Shortest(HashMap<Vec<Candidate>, Chain>);

impl Shortest {
    /// Keeps `walk` for `eliminations` unless a chain as short already proves them.
    pub(super) fn offer(&mut self, eliminations: Vec<Candidate>, walk: &Walk<'_>) {
        if eliminations.is_empty() {
            return;
        }
        match self.0.get(&eliminations) {
            Some(known) if known.links() <= walk.links() => {}
            _ => {
                self.0.insert(eliminations, walk.chain());
            }
        }
    }

    /// The findings, shortest chain first, then most eliminations first.
    pub(super) fn into_shortest_first(self) -> Vec<(Vec<Candidate>, Chain)> {
        let mut found: Vec<_> = self.0.into_iter().collect();
        found.sort_by(|(ea, ca), (eb, cb)| {
            (ca.links(), std::cmp::Reverse(ea.len()), ea).cmp(&(cb.links(), std::cmp::Reverse(eb.len()), eb))
        });
        found
    }

    /// The findings, most eliminations first, then shortest chain first.
    pub(super) fn into_most_eliminations_first(self) -> Vec<(Vec<Candidate>, Chain)> {
        let mut found: Vec<_> = self.0.into_iter().collect();
        found.sort_by(|(ea, ca), (eb, cb)| {
            (std::cmp::Reverse(ea.len()), ca.links(), ea).cmp(&(std::cmp::Reverse(eb.len()), cb.links(), eb))
        });
        found
    }
}
