//! The game's clock as the screen shows it (the panel and the win screen).

use std::time::Duration;

/// `mm:ss`, or `h:mm:ss` past an hour.
pub fn clock(elapsed: Duration) -> String {
    let secs = elapsed.as_secs();
    if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{:02}:{:02}", secs / 60, secs % 60)
    }
}
