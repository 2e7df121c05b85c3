//! An estimate of the Sudoku Explainer (SE) rating, the rating puzzle banks and forums quote.
//!
//! SE rates a puzzle by solving it with its own rules, easiest first (each rule has a fixed
//! difficulty; chains add to theirs with their length), and reporting the hardest step it needed.
//! This module re-implements that procedure in termdoku's engine so `rate` can print the SE figure
//! beside HoDoKu's score. It follows SE's catalogue, not the hint engine's: SE knows fewer patterns
//! (no ALS chains, no Sue de Coq) and reaches for chains earlier. Where both know a pattern, SE's
//! rule is SE's policy (order, filters, name, difficulty) over the hint engine's finder; this module
//! keeps its own searches only for what SE alone has (see `rules` and `chaining`), and never
//! changes how the hint engine or the grader choose their steps.
//!
//! The reference is the rater that graded the Sudoku Exchange bank (`../shared/data/se_bank/`):
//! Sukaku Explainer, SE 1.2.1's successor, which keeps SE 1.2.1's rules, order and difficulties and
//! adds the turbot fish family with empty rectangles (4.0-4.3, after hidden triplets), three strong
//! links (5.4-5.7, after hidden quads) and the WXYZ- and VWXYZ-Wings (5.5-5.6 before BUG, 6.2-6.4
//! after it). Where the rater's versions differ, the placement and difficulties kept are the ones
//! that reproduce the bank's ratings best (measured in `tests/rating_calibration.rs`).

mod chaining;
mod rules;
mod solver;
mod step;

pub use chaining::{
    DynamicChains, DynamicPlusChains, ForcingChainsAndCycles, MultipleChains, NishioChains,
    chaining_producers, length_increment,
};
pub use solver::{
    ExplainerRating, NESTED_CHAINS, NOT_FOR_VARIANT, explainer_available, explainer_rating,
    explainer_rating_cancellable, next_se_step,
};
pub use step::{Difficulty, Producer, SeStep};
