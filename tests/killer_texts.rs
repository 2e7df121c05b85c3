//! The texts of the killer techniques' steps on Solo's shared killer puzzles
//! (`../shared/data/killer/solo_killer.txt`): at every position of their logical paths, every
//! instance of every killer technique names the houses it works on in its first hint, calls a step
//! "Outies" only when it has outies, and writes no negative sum or difference.

mod killer_support;

use termdoku::engine::logic::{Step, Technique, find_all, next_step};
use termdoku::engine::text::parse_killer_line;
use termdoku::engine::{Candidates, CellSet, House, Puzzle};

/// The killer techniques, whose texts are checked: those with a killer code (`K01`...) in the
/// catalogue.
fn killer_techniques() -> Vec<Technique> {
    Technique::ALL.iter().copied().filter(|t| t.info().code.starts_with('K')).collect()
}

/// Every instance of every killer technique at every position of the paths of every eighth
/// shared puzzle (42 of the 336, of every Solo level: the whole file takes a minute even optimised).
fn every_instance(visit: &mut dyn FnMut(&Step)) {
    let killer = killer_techniques();
    assert!(killer.len() >= 13, "{killer:?}");
    for fields in killer_support::shared_lines().into_iter().step_by(8) {
        let line = &fields[0];
        let (givens, cages) = parse_killer_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let puzzle = Puzzle::new_killer(givens, cages).unwrap_or_else(|e| panic!("{line}: {e}"));
        let mut grid = Candidates::from_puzzle(&puzzle);
        while let Some(step) = next_step(&grid) {
            for &technique in &killer {
                for instance in find_all(technique, &grid) {
                    visit(&instance);
                }
            }
            step.apply_to(&mut grid);
        }
    }
}

/// Houses of one kind as a player names them: `row 2`, `rows 1 and 2`, `boxes 4, 5 and 6`.
fn house_names(houses: &[House]) -> String {
    let names: Vec<String> = houses.iter().map(|h| h.to_string()).collect();
    let Some((first, rest)) = names.split_first() else { return String::new() };
    if rest.is_empty() {
        return first.clone();
    }
    let kind = first.split(' ').next().unwrap_or_default();
    let plural = if kind.ends_with('x') { format!("{kind}es") } else { format!("{kind}s") };
    let numbers: Vec<&str> = names.iter().filter_map(|n| n.split(' ').nth(1)).collect();
    let (last, others) = numbers.split_last().expect("two or more");
    format!("{plural} {} and {last}", others.join(", "))
}

/// Whether `text` writes a negative number: a minus sign right before a digit, not inside a word.
fn negative_number(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    (1..bytes.len()).find(|&i| {
        bytes[i - 1] == b'-'
            && bytes[i].is_ascii_digit()
            && (i < 2 || !(bytes[i - 2].is_ascii_alphanumeric()))
    })
}

#[test]
fn every_killer_text_names_its_region_and_writes_no_negative_sum() {
    let mut checked = 0;
    every_instance(&mut |step| {
        let summary = step.summary();
        if let Some(at) = negative_number(&step.explanation) {
            panic!("a negative number at {at}: {}", step.explanation);
        }
        if Technique::RULE_OF_45.contains(&step.technique) {
            checked += 1;
            let region = house_names(&step.houses);
            assert!(summary.ends_with(&format!(" in {region}")), "{summary} / {}", step.explanation);
            let inside = step.houses.iter().fold(CellSet::EMPTY, |acc, h| acc | h.cell_set());
            let outies = step.cells.iter().any(|&c| !inside.contains(c));
            // "Outies" in the name only for a step with outies, and always for one of the wide rule.
            let named = summary.contains("Outies");
            assert!(!named || outies, "{summary} / {}", step.explanation);
            assert_eq!(step.explanation.contains("Outies"), named, "{summary} / {}", step.explanation);
            if step.technique == Technique::Rule45Wide {
                assert_eq!(named, outies, "{summary} / {}", step.explanation);
            }
        }
    });
    assert!(checked > 100_000, "only {checked} rule-of-45 steps met");
}
