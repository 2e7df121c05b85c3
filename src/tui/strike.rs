//! Striking cage combinations by hand: the combinations of a cage in the order the cage panel lists
//! them and the one-character label each has while the player picks one to strike (`1` to `9`, then
//! `a`, `b`, `c`: a cage has at most 12 combinations), and how a struck one is written in the panel
//! (crossed out, with a `~` in front so that it reads without strikethrough).

use crate::engine::{Cell, Digit, DigitSet};
use crate::game::Game;

/// The labels of the combinations, in order.
const LABELS: &[u8; 12] = b"123456789abc";

/// The mark in front of a struck combination.
pub const STRUCK_MARK: char = '~';

/// Every combination of the cage of `cell`, smallest digits first (as the panel lists them); empty
/// off a killer cage.
pub fn ways(game: &Game, cell: Cell) -> Vec<DigitSet> {
    let cage = game.puzzle().cages().and_then(|cages| cages.cage_at(cell));
    let mut ways = cage.map_or_else(Vec::new, |cage| cage.combinations().to_vec());
    ways.sort_by_key(|combo| combo.iter().map(Digit::get).collect::<Vec<u8>>());
    ways
}

/// The label of the combination at `index` of [`ways`].
pub fn label(index: usize) -> Option<char> {
    LABELS.get(index).map(|&b| char::from(b))
}

/// The combination of the cage of `cell` labelled `key`.
pub fn way_for_key(game: &Game, cell: Cell, key: char) -> Option<DigitSet> {
    let index = LABELS.iter().position(|&b| char::from(b) == key.to_ascii_lowercase())?;
    ways(game, cell).get(index).copied()
}

/// How the panel writes `combo` of the cage of `cell`: its digits, with [`STRUCK_MARK`] in front
/// when the player struck it, and its label in front of that while the player picks one
/// (`3:~37`); and whether it is struck.
pub fn way_text(game: &Game, cell: Cell, combo: DigitSet, striking: bool) -> (String, bool) {
    let struck = game.struck(cell).contains(&combo);
    let digits: String = combo.iter().map(|d| d.to_string()).collect();
    let mut text = if struck { format!("{STRUCK_MARK}{digits}") } else { digits };
    if striking {
        let index = ways(game, cell).iter().position(|&c| c == combo);
        if let Some(label) = index.and_then(label) {
            text = format!("{label}:{text}");
        }
    }
    (text, struck)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Puzzle;
    use crate::engine::fixtures::SOLO_FIRST_KILLER as KILLER;

    #[test]
    fn ways_are_labelled_in_the_panels_order_and_struck_ones_marked() {
        let (givens, cages) = crate::engine::text::parse_killer_line(KILLER).expect("a killer line");
        let mut game = Game::new(Puzzle::new_killer(givens, cages).expect("unique"), None);
        // Cage 10 at r1c3 and r2c3: 19 28 37 46.
        let cell = Cell::at(0, 2);
        let texts: Vec<String> =
            ways(&game, cell).iter().map(|&c| way_text(&game, cell, c, true).0).collect();
        assert_eq!(texts, ["1:19", "2:28", "3:37", "4:46"]);
        let way = way_for_key(&game, cell, '3').expect("the third");
        assert!(game.toggle_strike(cell, way));
        assert_eq!(way_text(&game, cell, way, false), ("~37".to_string(), true));
        assert_eq!(way_text(&game, cell, way, true).0, "3:~37");
        assert_eq!(way_for_key(&game, cell, '5'), None);
        assert_eq!((label(9), label(11), label(12)), (Some('a'), Some('c'), None));
    }
}
