//! The statistics screen's text: the same figures as `termdoku stats`, in two narrow tables (counts,
//! then times and streaks) so the screen fits an 80-column terminal, scrolling when it is short.

use crate::profile::stats::{LevelStats, Stats, format_duration};

/// The lines of the statistics screen, none wider than 48 columns.
pub fn stats_lines(stats: &Stats) -> Vec<String> {
    if stats.levels.is_empty() {
        return vec!["No games yet.".to_string()];
    }
    let time = |t: Option<std::time::Duration>| t.map_or_else(|| "-".into(), format_duration);
    let mut lines =
        vec![format!("{:<9} {:>6} {:>6} {:>8} {:>6}", "level", "played", "solved", "revealed", "hints")];
    for (key, s) in &stats.levels {
        lines.push(format!(
            "{:<9} {:>6} {:>6} {:>8} {:>6}",
            key.name(),
            s.played,
            s.solved,
            s.revealed,
            s.hints_used
        ));
    }
    lines.push(String::new());
    lines.push(format!("{:<9} {:>8} {:>8} {:>6} {:>11}", "level", "best", "median", "streak", "best streak"));
    for (key, s) in &stats.levels {
        let LevelStats { best_time, median_time, current_streak, best_streak, .. } = *s;
        lines.push(format!(
            "{:<9} {:>8} {:>8} {:>6} {:>11}",
            key.name(),
            time(best_time),
            time(median_time),
            current_streak,
            best_streak
        ));
    }
    if stats.has_killers() {
        lines.push(String::new());
        lines.push(crate::profile::stats::KILLER_NOTE.to_string());
    }
    lines
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::engine::logic::Level;
    use crate::profile::stats::LevelKey;

    #[test]
    fn every_level_and_figure_fits_an_80_column_popup() {
        let mut stats = Stats::default();
        for level in Level::ALL {
            let figures = LevelStats {
                played: 120,
                solved: 100,
                revealed: 20,
                best_time: Some(Duration::from_secs(4000)),
                median_time: Some(Duration::from_secs(700)),
                hints_used: 9999,
                current_streak: 12,
                best_streak: 40,
                ..LevelStats::default()
            };
            stats.levels.insert(LevelKey::Known(level), figures);
        }
        stats.levels.insert(LevelKey::Unrated, LevelStats::default());
        let lines = stats_lines(&stats);
        assert!(lines.iter().all(|l| l.chars().count() <= 48), "{lines:#?}");
        assert_eq!(lines.len(), 2 * (Level::ALL.len() + 2) + 1);
        assert!(lines.iter().any(|l| l.starts_with("unrated")));
        assert!(lines.iter().any(|l| l.contains("9999") && l.contains("120")));
    }
}
