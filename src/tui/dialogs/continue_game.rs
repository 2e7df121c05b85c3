//! The continue screen: the saved games, most recent first, to pick one to continue or delete.

/// A saved game as the continue screen lists it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SavedSummary {
    /// The game's id.
    pub id: String,
    /// One line about it (level, time, cells left, when saved).
    pub label: String,
}
