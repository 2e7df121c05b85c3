//! The digit sets a cage can hold: for every size and sum, every set of distinct digits of that size
//! adding up to that sum. There are 511 sets over 129 (size, sum) pairs; the table is built once.

use std::sync::OnceLock;

use crate::engine::DigitSet;

/// The sum of the digits of `digits`.
///
/// ```
/// use termdoku::engine::{DigitSet, Digit, killer::digit_sum};
/// let set: DigitSet = [1, 2, 9].into_iter().filter_map(Digit::new).collect();
/// assert_eq!(digit_sum(set), 12);
/// ```
pub fn digit_sum(digits: DigitSet) -> u32 {
    u32::from(SUMS[usize::from(digits.bits() & 0x1ff)])
}

/// The digit sum of every 9-bit digit set, read in one step where sums are taken in inner loops.
const SUMS: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut set: usize = 1;
    while set < 512 {
        let low = set.trailing_zeros() as usize;
        table[set] = table[set & (set - 1)] + low as u8 + 1;
        set += 1;
    }
    table
};

/// The smallest and largest sum of `size` distinct digits (`None` for a size outside 1-9).
///
/// ```
/// use termdoku::engine::killer::sum_range;
/// assert_eq!(sum_range(2), Some((3, 17)));
/// assert_eq!(sum_range(9), Some((45, 45)));
/// assert_eq!(sum_range(10), None);
/// ```
pub fn sum_range(size: usize) -> Option<(u32, u32)> {
    if !(1..=9).contains(&size) {
        return None;
    }
    let n = size as u32;
    Some((n * (n + 1) / 2, n * (19 - n) / 2))
}

/// Every set of `size` distinct digits adding up to `sum`, in increasing order of their bits
/// (empty when there is none).
///
/// ```
/// use termdoku::engine::killer::combinations;
/// let sets: Vec<String> = combinations(3, 7).iter().map(|s| s.to_string()).collect();
/// assert_eq!(sets, ["124"]);
/// assert_eq!(combinations(2, 10).len(), 4); // 19, 28, 37, 46
/// assert!(combinations(2, 18).is_empty());
/// ```
pub fn combinations(size: usize, sum: u32) -> &'static [DigitSet] {
    let table = TABLE.get_or_init(build);
    match (size, sum) {
        (1..=9, 1..=45) => &table[size][sum as usize],
        _ => &[],
    }
}

/// Indexed by size (0-9) then sum (0-45).
type Table = Vec<Vec<Vec<DigitSet>>>;

static TABLE: OnceLock<Table> = OnceLock::new();

fn build() -> Table {
    let mut table = vec![vec![Vec::new(); 46]; 10];
    for bits in 1..=DigitSet::ALL.bits() {
        let set = DigitSet::from_bits(bits);
        table[set.len()][digit_sum(set) as usize].push(set);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_holds_511_sets_over_129_size_and_sum_pairs() {
        let pairs: Vec<(usize, u32)> = (1..=9)
            .flat_map(|size| (1..=45).map(move |sum| (size, sum)))
            .filter(|&(size, sum)| !combinations(size, sum).is_empty())
            .collect();
        assert_eq!(pairs.len(), 129);
        assert_eq!(pairs.iter().map(|&(size, sum)| combinations(size, sum).len()).sum::<usize>(), 511);
        for (size, sum) in pairs {
            let (min, max) = sum_range(size).expect("a size of 1-9");
            assert!((min..=max).contains(&sum));
        }
    }

    #[test]
    fn the_combinations_players_know_by_heart() {
        let only = |size, sum| combinations(size, sum).iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(only(2, 3), ["12"]);
        assert_eq!(only(2, 17), ["89"]);
        assert_eq!(only(3, 23), ["689"]);
        assert_eq!(only(4, 29), ["5789"]);
        assert_eq!(only(5, 34), ["46789"]);
        assert_eq!(only(8, 40), ["12346789"]);
    }
}
