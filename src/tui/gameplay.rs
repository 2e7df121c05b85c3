//! [`Gameplay`]: the switches that change how the game plays (marks removed on placing, highlights,
//! large digits, cage colours and candidates, mistakes at once, how hints are given, the auto-solver's
//! pace). The profile's configuration sets them ([`super::settings`]); the app and the view read them.

use std::time::Duration;

/// Gameplay switches (the profile's configuration sets them).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Gameplay {
    /// Placing a digit removes it from its peers' marks (and on a killer its cage mates').
    pub auto_remove_marks: bool,
    /// Shade the cursor's row, column and box.
    pub highlight_peers: bool,
    /// Emphasise the cursor's digit everywhere (digits and marks).
    pub highlight_same_digit: bool,
    /// Show digits that clash with another in a house.
    pub show_conflicts: bool,
    /// Draw placed digits large where the cells have room (3x3 line figures; 6x5 blocks on the
    /// largest boards).
    pub large_digits: bool,
    /// Fill killer cages with muted backgrounds.
    pub cage_colours: bool,
    /// Filling candidates on a killer keeps only what the cage combinations allow.
    pub cage_candidates: bool,
    /// Point out a wrong digit as soon as it is entered (otherwise only on a check).
    pub immediate_mistakes: bool,
    /// How hints are given.
    pub hint_policy: HintPolicy,
    /// Time between two auto-solve steps.
    pub auto_solve_pace: Duration,
}

/// How hints are given.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum HintPolicy {
    /// A ladder: technique and where, then the pattern, then the result.
    #[default]
    Ladder,
    /// Everything at the first press.
    Direct,
    /// No hints (auto-solve still works).
    Off,
}

impl Default for Gameplay {
    fn default() -> Gameplay {
        Gameplay {
            auto_remove_marks: true,
            highlight_peers: true,
            highlight_same_digit: true,
            show_conflicts: true,
            large_digits: true,
            cage_colours: false,
            cage_candidates: true,
            immediate_mistakes: false,
            hint_policy: HintPolicy::Ladder,
            auto_solve_pace: Duration::from_millis(600),
        }
    }
}
