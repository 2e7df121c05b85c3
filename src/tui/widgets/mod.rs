//! The widgets the game screen is built from: the board, the side panel, the hint's text, the frame
//! dialogs are drawn in and the "too small" message. Each is a plain struct holding what it draws;
//! none of them changes anything or sees the app.

pub mod board;
pub mod calendar;
pub mod clock;
pub mod hint_text;
pub mod panel;
pub mod popup;
pub mod time_chart;
pub mod too_small;
pub mod wrap;
