//! SE's basic fish: X-Wing (3.2), Swordfish (3.8) and Jellyfish (5.2), columns as base lines first,
//! then rows. SE knows no finned or mutant fish.

use crate::engine::explainer::{Difficulty, Producer, SeStep};
use crate::engine::{Candidate, Candidates, Cell, Digit, House, HouseKind};

use super::{Combinations, positions};

/// SE's fish of `degree` base lines (2 to 4).
pub struct Fish {
    /// The number of base (and cover) lines.
    pub degree: usize,
}

impl Producer for Fish {
    fn find(&self, grid: &Candidates) -> Option<SeStep> {
        [(HouseKind::Column, HouseKind::Row), (HouseKind::Row, HouseKind::Column)]
            .into_iter()
            .find_map(|(base, cover)| self.with_base(grid, base, cover))
    }
}

impl Fish {
    fn with_base(&self, grid: &Candidates, base: HouseKind, cover: HouseKind) -> Option<SeStep> {
        let placed = Digit::ALL.map(|d| Cell::ALL.iter().filter(|&&c| grid.value(c) == Some(d)).count());
        let bases = House::of_kind(base);
        let covers = House::of_kind(cover);
        for lines in Combinations::new(self.degree, 9) {
            for digit in Digit::ALL {
                if placed[digit.index()] + self.degree * 2 > 9 {
                    continue;
                }
                let Some(union) = self.common_positions(grid, &lines, &bases, digit) else { continue };
                let eliminations: Vec<Candidate> = (0..9)
                    .filter(|&i| union & (1 << i) != 0)
                    .flat_map(|i| covers[i].cells().iter().enumerate())
                    .filter(|&(j, &cell)| !lines.contains(&j) && grid.has(cell, digit))
                    .map(|(_, &cell)| Candidate::new(cell, digit))
                    .collect();
                if !eliminations.is_empty() {
                    return Some(SeStep {
                        rule: ["X-Wing", "Swordfish", "Jellyfish"][self.degree - 2],
                        difficulty: Difficulty([32, 38, 52][self.degree - 2]),
                        placements: Vec::new(),
                        eliminations,
                    });
                }
            }
        }
        None
    }

    /// The union of `digit`'s positions in the base `lines` when each has two or more and the union
    /// has `degree` of them.
    fn common_positions(
        &self,
        grid: &Candidates,
        lines: &[usize],
        bases: &[House; 9],
        digit: Digit,
    ) -> Option<u16> {
        let mut union = 0u16;
        for &line in lines {
            let bits = positions(grid, bases[line], digit);
            if bits.count_ones() < 2 {
                return None;
            }
            union |= bits;
        }
        (union.count_ones() as usize == self.degree).then_some(union)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::explainer::rules::test_support::{cand, found, grid, sorted};
    use crate::engine::logic::test_support::{cands, position};

    #[test]
    fn an_x_wing_on_columns_clears_its_rows() {
        // Columns 1 and 5 are filled but for rows 1 and 5, so their 1s (and 5s) form an X-Wing.
        let mut line = vec!['.'; 81];
        let column1 = [(2, '2'), (3, '3'), (4, '4'), (6, '6'), (7, '7'), (8, '8'), (9, '9')];
        let column5 = [(2, '3'), (3, '2'), (4, '6'), (6, '4'), (7, '8'), (8, '9'), (9, '7')];
        for ((row, d1), (_, d5)) in column1.into_iter().zip(column5) {
            line[(row - 1) * 9] = d1;
            line[(row - 1) * 9 + 4] = d5;
        }
        let g = grid(&line.iter().collect::<String>());
        let step = Fish { degree: 2 }.find(&g).expect("x-wing");
        assert_eq!(step.rule, "X-Wing");
        assert_eq!(step.difficulty, Difficulty(32));
        let expected: Vec<_> =
            [1, 5].into_iter().flat_map(|r| [2, 3, 4, 6, 7, 8, 9].map(|c| cand(r, c, 1))).collect();
        assert_eq!(sorted(step.eliminations), expected);
    }

    #[test]
    fn no_fish_on_an_empty_grid() {
        let g = grid(&".".repeat(81));
        for degree in 2..=4 {
            assert_eq!(Fish { degree }.find(&g), None);
        }
    }

    #[test]
    fn a_swordfish_from_a_bank_path() {
        let line = ":0000:x:+48.1+36+75..+3.+57....+7.5.4.3+6..+54.1.6.+7..+7.6.+5..+36.795.8.27+8.5..46+59..+8.+27+3.+43.+2+78.+5:921 223 229 239 151 259 459 169:123 127::";
        let (rule, difficulty, eliminations, _) = found(&Fish { degree: 3 }, line);
        assert_eq!((rule.as_str(), difficulty), ("Swordfish", Difficulty(38)));
        assert_eq!(eliminations, cands("123 127"));
    }

    #[test]
    fn a_jellyfish_from_a_bank_path() {
        let line = ":0000:x:.+345+6+27..+72.8+4..6..6+8.714+2.+4.......6+8.64172+3.3..+6...+4..+4713.+69..8.+7.6+35+4+6.3..41..:542 942 143 848 562 962 163 569 869 969 283 295 995:929 944 981::";
        let (rule, difficulty, eliminations, _) = found(&Fish { degree: 4 }, line);
        assert_eq!((rule.as_str(), difficulty), ("Jellyfish", Difficulty(52)));
        assert_eq!(eliminations, cands("929 944 981"));
        // No smaller fish there.
        assert_eq!(Fish { degree: 2 }.find(&position(line)), None);
    }
}
