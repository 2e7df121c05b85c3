//! How SE ranks chaining hints: a chain's difficulty is its rule's base plus a length increment
//! that grows with its complexity, and among hints the lowest difficulty, then complexity, then
//! sort key wins. Knows no rule.

use crate::engine::explainer::step::{Difficulty, SeStep};

/// SE's length increment: 0.1 each time `complexity - 2` passes a ceiling of 4, 6, 8, 12, 16, 24, 32,
/// ... (alternately times 3/2 and 4/3, rounded down). Computed as SE does, by repeated addition in
/// floating point, so ties and near-ties sort as they do in SE.
pub fn length_increment(complexity: u32) -> f64 {
    let length = i64::from(complexity) - 2;
    let mut ceiling: i64 = 4;
    let mut added = 0.0;
    let mut grow_by_half = true;
    while length > ceiling {
        added += 0.1;
        ceiling = if grow_by_half { ceiling * 3 / 2 } else { ceiling * 4 / 3 };
        grow_by_half = !grow_by_half;
    }
    added
}

/// The best hint seen so far by SE's ordering: lowest difficulty, then lowest complexity, then lowest
/// sort key; the first offered wins a tie (SE's sort is stable).
#[derive(Default)]
pub(super) struct Best {
    rank: Option<(f64, u32, u8)>,
    step: Option<SeStep>,
}

impl Best {
    /// Whether a hint of this rank would replace the current best.
    pub(super) fn beats(&self, difficulty: f64, complexity: u32, sort_key: u8) -> bool {
        match self.rank {
            None => true,
            Some((d, c, k)) => (difficulty, complexity, sort_key) < (d, c, k),
        }
    }

    /// Offers a hint of SE difficulty `base + length_increment(complexity)`; `step` builds it (with
    /// the difficulty filled in) only if it becomes the best.
    pub(super) fn offer(
        &mut self,
        base: f64,
        complexity: u32,
        sort_key: u8,
        step: impl FnOnce(Difficulty) -> Option<SeStep>,
    ) {
        let difficulty = base + length_increment(complexity);
        if !self.beats(difficulty, complexity, sort_key) {
            return;
        }
        if let Some(step) = step(to_tenths(difficulty)) {
            self.rank = Some((difficulty, complexity, sort_key));
            self.step = Some(step);
        }
    }

    /// The best hint.
    pub(super) fn into_step(self) -> Option<SeStep> {
        self.step
    }
}

/// An SE difficulty (a double such as 7.300000000000001) in tenths.
fn to_tenths(difficulty: f64) -> Difficulty {
    Difficulty((difficulty * 10.0).round() as u16)
}
