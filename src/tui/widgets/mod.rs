//! The widgets the game screen is built from: the board, the side panel and the overlays. Each is a
//! plain struct rendered from borrowed state; none of them changes anything.

pub mod board;
pub mod hint_text;
pub mod overlay;
pub mod panel;
pub mod wrap;
