//! The new-game dialog: a classic level, a killer level, or a pasted puzzle.

use crate::engine::Variant;
use crate::engine::logic::Level;

/// The index of the new-game dialog's paste item, after the five classic and five killer levels.
pub const PASTE_ITEM: usize = 2 * Level::ALL.len();

/// The variant and level of new-game item `index` (`None` for the paste item).
pub fn new_game_item(index: usize) -> Option<(Variant, Level)> {
    let levels = Level::ALL.len();
    let variant = if index < levels { Variant::Classic } else { Variant::Killer };
    Level::ALL.get(index % levels).filter(|_| index < PASTE_ITEM).map(|&level| (variant, level))
}
