//! Puzzles the unit tests of every layer share.

/// The first killer of Solo's shared file (`solo_killer.txt`, Trivial there): a killer line with no
/// givens, its cages and their sums.
pub(crate) const SOLO_FIRST_KILLER: &str = "................................................................................. aabcdeefghhbcdijfgkllmdijjnkommpqqrnsottpuvrwssxxyuvzwAAAByCCzDEEFBGHIDDJJFGGHIII 9,10,10,12,8,17,7,13,12,9,5,12,13,12,10,17,9,7,15,9,8,11,12,16,8,9,15,7,14,15,8,15,14,13,17,7";

/// The same puzzle as Solo's game id, as the shared file gives it.
pub(crate) const SOLO_FIRST_KILLER_ID: &str = "3x3k:zzzc,a___a_a_______a___a__a_a___a____aa____b__a_a_____b_a_b_aa_____a___a_____ba__abaaaa_a_aa_a_b_aa_aaaa_,9a10_10_12_8a17_7_13d12_9b5_12a13d12a10b17_9a7a15a9b8_11a12b16a8b9a15b7a14b15_8a15a14_13_17b7h";
