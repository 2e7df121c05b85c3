//! The technique catalogue: one ordered list that is both the hint order and the grading policy.

use std::fmt;

use serde::Serialize;

/// A difficulty level, mirroring HoDoKu's five (HoDoKu's "Unfair" is `Expert` here).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Singles only (on a killer also one-cell cages, last cells of cages and cage combinations).
    Easy,
    /// Intersections and small subsets.
    Medium,
    /// Fish, wings, single-digit patterns, uniqueness.
    Hard,
    /// HoDoKu's "Unfair": finned fish of size 3 and 4, chains.
    Expert,
    /// Beyond: forcing chains, brute force.
    Extreme,
}

impl Level {
    /// The five levels, easiest first.
    pub const ALL: [Level; 5] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme];

    /// The lower-case name: `easy`, `medium`, `hard`, `expert`, `extreme`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }

    /// The level named `name` (case-insensitive; `unfair` is accepted for `expert`).
    pub fn from_name(name: &str) -> Option<Level> {
        match name.to_ascii_lowercase().as_str() {
            "easy" => Some(Level::Easy),
            "medium" => Some(Level::Medium),
            "hard" => Some(Level::Hard),
            "expert" | "unfair" => Some(Level::Expert),
            "extreme" => Some(Level::Extreme),
            _ => None,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        Level::from_name(s)
            .ok_or_else(|| format!("unknown level `{s}`: expected easy, medium, hard, expert or extreme"))
    }
}

/// Everything the catalogue says of one technique.
#[derive(Clone, Copy, Debug)]
pub struct TechniqueInfo {
    /// Kebab-case id, e.g. `x-wing`.
    pub id: &'static str,
    /// Display name, e.g. `X-Wing`.
    pub name: &'static str,
    /// HoDoKu's library code, e.g. `0300`.
    pub code: &'static str,
    /// Level it belongs to.
    pub level: Level,
    /// Score added to a puzzle's grade each time it is used.
    pub score: u32,
    /// What it does, in one line (the catalogue's doc comment).
    pub definition: &'static str,
}

macro_rules! catalogue {
    ($( $(#[doc = $doc:literal])* $variant:ident => ($id:literal, $name:literal, $code:literal, $level:ident, $score:literal), )*) => {
        /// A solving technique. The variants are declared in the order the hint engine tries them
        /// (cheapest first, HoDoKu's order), so `Technique::ALL` *is* the policy.
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        pub enum Technique {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl Technique {
            /// Every technique in the order the hint engine tries them.
            pub const ALL: &'static [Technique] = &[ $( Technique::$variant, )* ];

            /// The catalogue entry.
            pub const fn info(self) -> TechniqueInfo {
                match self {
                    $( Technique::$variant => TechniqueInfo {
                        id: $id, name: $name, code: $code, level: Level::$level, score: $score,
                        definition: concat!($($doc),*),
                    }, )*
                }
            }
        }
    };
}

catalogue! {
    /// The last empty cell of a house.
    FullHouse => ("full-house", "Full House", "0000", Easy, 4),
    /// A cell with one candidate.
    NakedSingle => ("naked-single", "Naked Single", "0003", Easy, 4),
    /// Killer: a cage of one cell holds its sum.
    OneCellCage => ("one-cell-cage", "One-Cell Cage", "K01", Easy, 4),
    /// Killer: the last open cell of a cage holds its sum less the cage's placed digits.
    CageLastCell => ("cage-last-cell", "Last Cell of a Cage", "K02", Easy, 3),
    /// Killer: a cage keeps only the digit sets of its sum that fit on its cells; a digit in none of
    /// them leaves the cage. Scored by the cage's size ([`Technique::score_for_cage`]).
    CageCombinations => ("cage-combinations", "Cage Combinations", "K03", Easy, 0),
    /// A digit with one place in a house (boxes first, then rows and columns).
    HiddenSingle => ("hidden-single", "Hidden Single", "0002", Easy, 14),
    /// Killer: a house less the cages inside it leaves one open cell (an innie), which the rule of
    /// 45 places.
    Rule45Single => ("rule-of-45-single", "Rule of 45 (Single Innie)", "K04", Easy, 30),
    /// Killer: the innies of a house form a derived cage with a known sum; a digit in none of its
    /// combinations leaves them. Scored by the derived cage's size ([`Technique::score_for_cage`]).
    Rule45Cage => ("rule-of-45-cage", "Rule of 45 (Innie Cage)", "K05", Medium, 15),
    /// A naked pair in a box-line intersection: eliminates in both houses.
    LockedPair => ("locked-pair", "Locked Pair", "0110", Medium, 40),
    /// A naked triple in a box-line intersection.
    LockedTriple => ("locked-triple", "Locked Triple", "0111", Medium, 60),
    /// A box's candidates for a digit on one line: removed from the rest of the line.
    LockedCandidatesPointing => ("locked-candidates-pointing", "Locked Candidates (Pointing)", "0100", Medium, 50),
    /// A line's candidates for a digit in one box: removed from the rest of the box.
    LockedCandidatesClaiming => ("locked-candidates-claiming", "Locked Candidates (Claiming)", "0101", Medium, 50),
    /// Two cells of a house with the same two candidates.
    NakedPair => ("naked-pair", "Naked Pair", "0200", Medium, 60),
    /// Three cells of a house with three candidates between them.
    NakedTriple => ("naked-triple", "Naked Triple", "0201", Medium, 80),
    /// Two digits of a house confined to the same two cells.
    HiddenPair => ("hidden-pair", "Hidden Pair", "0210", Medium, 70),
    /// Three digits of a house confined to three cells.
    HiddenTriple => ("hidden-triple", "Hidden Triple", "0211", Medium, 100),
    /// Killer: a cage as a house for its digits: a candidate no placement of the cage's remaining
    /// combinations puts on its cell goes (naked and hidden subsets inside the cage).
    CageInnerSubset => ("cage-inner-subset", "Subset in a Cage", "K06", Medium, 200),
    /// Killer: a digit in every combination left for a cage leaves the cells that see all its
    /// places in the cage.
    CagePointing => ("cage-pointing", "Cage Pointing", "K07", Medium, 200),
    /// Killer: a house's digit confined to one cage: the cage's combinations without it go.
    CageClaiming => ("cage-claiming", "Cage Claiming", "K08", Medium, 250),
    /// Killer: the rule of 45 on two or three adjacent rows, columns or boxes, or with outies (cells
    /// of cages sticking out): one open cell placed, or cells in one house made a derived cage.
    Rule45Wide => ("rule-of-45-wide", "Rule of 45 (Outies or Several Houses)", "K09", Hard, 650),
    /// Killer: the rule of 45 leaves one innie and one outie with a known difference.
    InnieOutieDifference => ("innie-outie-difference", "Innie-Outie Difference", "K10", Hard, 300),
    /// Killer: two or three cages inside a house hold as many digits as they have open cells.
    CageHouseSubset => ("cage-house-subset", "Cage-House Subset", "K11", Hard, 300),
    /// Four cells of a house with four candidates between them.
    NakedQuadruple => ("naked-quadruple", "Naked Quadruple", "0202", Hard, 120),
    /// Four digits of a house confined to four cells.
    HiddenQuadruple => ("hidden-quadruple", "Hidden Quadruple", "0212", Hard, 150),
    /// Killer: a rule-of-45 sum over several houses' cells: a digit the other cells cannot balance
    /// (their smallest and largest totals) goes.
    MinMaxSum => ("min-max-sum", "Min/Max Sum", "K12", Hard, 300),
    /// Killer: the rule of 45 fixes the part of a cage inside a region: the cage splits into two
    /// cages with known sums.
    CageSplitting => ("cage-splitting", "Cage Splitting", "K13", Hard, 300),
    /// Killer: a combination of a cage goes when, with its digits gone from the cells that see every
    /// open cell of the cage, another cage would have no combination left that fits.
    CageComparison => ("cage-comparison", "Cage Comparison", "K14", Expert, 400),
    /// Killer: cells, whole cages and parts of cages of a house that must hold, by the cages'
    /// combinations, as many different digits of a set as it has: those digits leave the rest of
    /// the house.
    KillerSubsets => ("killer-subsets", "Killer Subsets", "K15", Expert, 400),
    /// Killer: the cages and parts of cages of a house take their digit sets together, sharing no
    /// digit and leaving the house's other cells digits they can hold; a set no such choice uses,
    /// and a candidate no such choice places, goes.
    HouseTiling => ("house-tiling", "House Tiling", "K16", Expert, 400),
    /// Killer: two sets of as many houses hold the same digits, so the cells one covers beyond the
    /// other hold the same digits and the same sum as the rest of the other (e.g. the Phistomefel ring).
    SetEquivalence => ("set-equivalence", "Set Equivalence", "K17", Expert, 400),
    /// A digit in two lines restricted to the same two cross lines.
    XWing => ("x-wing", "X-Wing", "0300", Hard, 140),
    /// The same with three lines.
    Swordfish => ("swordfish", "Swordfish", "0301", Hard, 150),
    /// The same with four lines.
    Jellyfish => ("jellyfish", "Jellyfish", "0302", Hard, 160),
    /// A chain of identical bivalue cells.
    RemotePair => ("remote-pair", "Remote Pair", "0703", Hard, 110),
    /// All unsolved cells bivalue but one, which takes the digit that appears three times in its houses.
    BugPlusOne => ("bug-plus-one", "BUG+1", "0610", Hard, 100),
    /// Two parallel conjugate pairs of a digit sharing one end line.
    Skyscraper => ("skyscraper", "Skyscraper", "0400", Hard, 130),
    /// A row pair and a column pair of a digit linked in a box.
    TwoStringKite => ("2-string-kite", "2-String Kite", "0401", Hard, 150),
    /// Two 2-String Kites tied by the same two cells of a box, with the eliminations of both.
    DualTwoStringKite => ("dual-2-string-kite", "Dual 2-String Kite", "0404", Hard, 150),
    /// A strong-weak-strong chain on one digit.
    TurbotFish => ("turbot-fish", "Turbot Fish", "0403", Hard, 120),
    /// A box's candidates for a digit form a cross, joined to a conjugate pair.
    EmptyRectangle => ("empty-rectangle", "Empty Rectangle", "0402", Hard, 120),
    /// Two Empty Rectangles of one digit in the same box, with the eliminations of both.
    DualEmptyRectangle => ("dual-empty-rectangle", "Dual Empty Rectangle", "0405", Hard, 120),
    /// Two identical bivalue cells joined by a strong link.
    WWing => ("w-wing", "W-Wing", "0803", Hard, 150),
    /// Pivot xy with pincers xz and yz: z leaves the cells that see both pincers.
    XyWing => ("xy-wing", "XY-Wing", "0800", Hard, 160),
    /// Pivot xyz with pincers xz and yz: z leaves the cells that see all three.
    XyzWing => ("xyz-wing", "XYZ-Wing", "0801", Hard, 180),
    /// A deadly rectangle with one extra-candidate corner.
    UniquenessTest1 => ("uniqueness-test-1", "Uniqueness Test 1", "0600", Hard, 100),
    /// A deadly rectangle whose two corners share one extra candidate.
    UniquenessTest2 => ("uniqueness-test-2", "Uniqueness Test 2", "0601", Hard, 100),
    /// A deadly rectangle whose extra candidates form a naked set with other cells.
    UniquenessTest3 => ("uniqueness-test-3", "Uniqueness Test 3", "0602", Hard, 100),
    /// A deadly rectangle with a conjugate pair on one of its digits.
    UniquenessTest4 => ("uniqueness-test-4", "Uniqueness Test 4", "0603", Hard, 100),
    /// A deadly rectangle whose diagonal corners share one extra candidate.
    UniquenessTest5 => ("uniqueness-test-5", "Uniqueness Test 5", "0604", Hard, 100),
    /// A deadly rectangle with diagonal conjugate pairs.
    UniquenessTest6 => ("uniqueness-test-6", "Uniqueness Test 6", "0605", Hard, 100),
    /// A deadly rectangle seen through strong links from one bivalue corner.
    HiddenRectangle => ("hidden-rectangle", "Hidden Rectangle", "0606", Hard, 100),
    /// A deadly pattern of placed (non-given) digits with one open corner.
    AvoidableRectangle1 => ("avoidable-rectangle-1", "Avoidable Rectangle Type 1", "0607", Hard, 100),
    /// A deadly pattern of placed digits whose two open corners share an extra candidate.
    AvoidableRectangle2 => ("avoidable-rectangle-2", "Avoidable Rectangle Type 2", "0608", Hard, 100),
    /// An X-Wing with fin cells in one box: eliminates only where the fin is seen.
    FinnedXWing => ("finned-x-wing", "Finned X-Wing", "0310", Hard, 130),
    /// A finned X-Wing one of whose base cells is missing.
    SashimiXWing => ("sashimi-x-wing", "Sashimi X-Wing", "0320", Hard, 150),
    /// A finned Swordfish.
    FinnedSwordfish => ("finned-swordfish", "Finned Swordfish", "0311", Expert, 200),
    /// Two finned Swordfish on the same base lines (at least one not sashimi), their eliminations
    /// combined. Scored as the finned fish it extends.
    SiameseFinnedSwordfish => ("siamese-finned-swordfish", "Siamese Finned Swordfish", "03111", Expert, 200),
    /// A sashimi Swordfish.
    SashimiSwordfish => ("sashimi-swordfish", "Sashimi Swordfish", "0321", Expert, 240),
    /// Two sashimi Swordfish on the same base lines, their eliminations combined.
    SiameseSashimiSwordfish => ("siamese-sashimi-swordfish", "Siamese Sashimi Swordfish", "03211", Expert, 240),
    /// A finned Jellyfish.
    FinnedJellyfish => ("finned-jellyfish", "Finned Jellyfish", "0312", Expert, 250),
    /// Two finned Jellyfish on the same base lines (at least one not sashimi), their eliminations
    /// combined.
    SiameseFinnedJellyfish => ("siamese-finned-jellyfish", "Siamese Finned Jellyfish", "03121", Expert, 250),
    /// A sashimi Jellyfish.
    SashimiJellyfish => ("sashimi-jellyfish", "Sashimi Jellyfish", "0322", Expert, 260),
    /// Two sashimi Jellyfish on the same base lines, their eliminations combined.
    SiameseSashimiJellyfish => ("siamese-sashimi-jellyfish", "Siamese Sashimi Jellyfish", "03221", Expert, 260),
    /// Two or three cells of a box-line intersection whose digits split between a set in the rest of
    /// the line and a set in the rest of the box.
    SueDeCoq => ("sue-de-coq", "Sue de Coq", "1101", Expert, 250),
    /// Two-colouring of one digit's conjugate pairs: a cell seeing both colours, or a colour that
    /// sees itself.
    SimpleColorsTrap => ("simple-colors-trap", "Simple Colors Trap", "0500", Hard, 150),
    /// Simple colours where one colour sees itself and is false.
    SimpleColorsWrap => ("simple-colors-wrap", "Simple Colors Wrap", "0501", Hard, 150),
    /// Two colour clusters of a digit, a colour of one seeing a colour of the other: what sees both
    /// opposite colours loses the digit.
    MultiColors1 => ("multi-colors-1", "Multi-Colors 1", "0502", Hard, 200),
    /// Two colour clusters of a digit: a colour seeing both colours of the other cluster is false.
    MultiColors2 => ("multi-colors-2", "Multi-Colors 2", "0503", Hard, 200),
    /// Killer: House Tiling over two or three houses of one kind (adjacent rows or columns, boxes
    /// in a line): the cages crossing between them share their digits among the houses they cross,
    /// each house holding every digit once; a choice no joint filling of the band uses goes.
    BandTiling => ("band-tiling", "Band Tiling", "K18", Extreme, 400),
    /// An alternating chain of strong and weak links on one digit.
    XChain => ("x-chain", "X-Chain", "0701", Expert, 260),
    /// A chain through bivalue cells.
    XyChain => ("xy-chain", "XY-Chain", "0702", Expert, 260),
    /// A loop of alternating strong and weak inferences back to its start: every weak link's
    /// other candidates (in its house, or its cell) are removed.
    ContinuousNiceLoop => ("continuous-nice-loop", "Continuous Nice Loop", "0706", Expert, 280),
    /// A loop whose inferences break at the start cell: two weak ones remove the start candidate,
    /// two strong ones place it.
    DiscontinuousNiceLoop => ("discontinuous-nice-loop", "Discontinuous Nice Loop", "0707", Expert, 280),
    /// An alternating inference chain: one of its two ends is true.
    Aic => ("aic", "AIC", "0708", Expert, 280),
    /// A continuous nice loop with box-line group nodes.
    GroupedContinuousNiceLoop =>
        ("grouped-continuous-nice-loop", "Grouped Continuous Nice Loop", "0709", Expert, 300),
    /// A discontinuous nice loop with box-line group nodes.
    GroupedDiscontinuousNiceLoop =>
        ("grouped-discontinuous-nice-loop", "Grouped Discontinuous Nice Loop", "0710", Expert, 300),
    /// An alternating inference chain with box-line group nodes.
    GroupedAic => ("grouped-aic", "Grouped AIC", "0711", Expert, 300),
    /// Two almost locked sets joined by a restricted common candidate: one of them holds any other
    /// digit both hold.
    AlsXz => ("als-xz", "ALS-XZ", "0901", Expert, 300),
    /// A pivot almost locked set joined to two wing sets by different restricted common candidates.
    AlsXyWing => ("als-xy-wing", "ALS-XY-Wing", "0902", Expert, 320),
    /// Almost locked sets joined one after another by restricted common candidates.
    AlsChain => ("als-chain", "ALS-Chain", "0903", Expert, 340),
    /// A stem cell whose every candidate leads to an almost locked set (a petal).
    DeathBlossom => ("death-blossom", "Death Blossom", "0904", Expert, 360),
    /// A fish of two base and two cover houses, boxes among them (rows and boxes against columns and
    /// boxes, or the reverse).
    FrankenXWing => ("franken-x-wing", "Franken X-Wing", "0330", Expert, 300),
    /// A Franken fish of three base and three cover houses.
    FrankenSwordfish => ("franken-swordfish", "Franken Swordfish", "0331", Expert, 350),
    /// A Franken fish of four base and four cover houses.
    FrankenJellyfish => ("franken-jellyfish", "Franken Jellyfish", "0332", Expert, 370),
    /// A Franken X-Wing with fins: eliminates only where every fin is seen.
    FinnedFrankenXWing => ("finned-franken-x-wing", "Finned Franken X-Wing", "0340", Expert, 390),
    /// A Franken Swordfish with fins.
    FinnedFrankenSwordfish => ("finned-franken-swordfish", "Finned Franken Swordfish", "0341", Expert, 410),
    /// Two finned Franken Swordfish on the same base houses, their eliminations combined.
    SiameseFinnedFrankenSwordfish => ("siamese-finned-franken-swordfish", "Siamese Finned Franken Swordfish", "03411", Expert, 410),
    /// A Franken Jellyfish with fins.
    FinnedFrankenJellyfish => ("finned-franken-jellyfish", "Finned Franken Jellyfish", "0342", Expert, 430),
    /// Two finned Franken Jellyfish on the same base houses, their eliminations combined.
    SiameseFinnedFrankenJellyfish => ("siamese-finned-franken-jellyfish", "Siamese Finned Franken Jellyfish", "03421", Expert, 430),
    /// A fish of two base and two cover houses of any mix of kinds (not basic, not Franken).
    MutantXWing => ("mutant-x-wing", "Mutant X-Wing", "0350", Extreme, 450),
    /// A Mutant fish of three base and three cover houses.
    MutantSwordfish => ("mutant-swordfish", "Mutant Swordfish", "0351", Extreme, 450),
    /// A Mutant fish of four base and four cover houses.
    MutantJellyfish => ("mutant-jellyfish", "Mutant Jellyfish", "0352", Extreme, 450),
    /// A Mutant X-Wing with fins.
    FinnedMutantXWing => ("finned-mutant-x-wing", "Finned Mutant X-Wing", "0360", Extreme, 470),
    /// A Mutant Swordfish with fins.
    FinnedMutantSwordfish => ("finned-mutant-swordfish", "Finned Mutant Swordfish", "0361", Extreme, 470),
    /// A Mutant Jellyfish with fins.
    FinnedMutantJellyfish => ("finned-mutant-jellyfish", "Finned Mutant Jellyfish", "0362", Extreme, 470),
    /// Two finned Mutant Jellyfish on the same base houses, their eliminations combined.
    SiameseFinnedMutantJellyfish => ("siamese-finned-mutant-jellyfish", "Siamese Finned Mutant Jellyfish", "03621", Extreme, 470),
    /// A finned Mutant fish of five base and five cover houses.
    FinnedMutantSquirmbag => ("finned-mutant-squirmbag", "Finned Mutant Squirmbag", "0363", Extreme, 470),
    /// A finned Mutant fish of six base and six cover houses.
    FinnedMutantWhale => ("finned-mutant-whale", "Finned Mutant Whale", "0364", Extreme, 470),
    /// A candidate assumed true (or false) forces, along chains of single links, a contradiction:
    /// the opposite holds.
    ForcingChainContradiction => ("forcing-chain-contradiction", "Forcing Chain Contradiction", "1301", Extreme, 500),
    /// Every candidate of a cell (or place of a digit in a house) forces, along chains of single
    /// links, the same placement or elimination: it holds.
    ForcingChainVerity => ("forcing-chain-verity", "Forcing Chain Verity", "1302", Extreme, 500),
    /// A candidate assumed true (or false) forces, through singles that may need several premises,
    /// a contradiction: the opposite holds.
    ForcingNetContradiction => ("forcing-net-contradiction", "Forcing Net Contradiction", "1303", Extreme, 700),
    /// Every candidate of a cell (or place of a digit in a house) forces, through singles, the same
    /// placement or elimination: it holds.
    ForcingNetVerity => ("forcing-net-verity", "Forcing Net Verity", "1304", Extreme, 700),
    /// A candidate assumed true forces, through singles, locked candidates, pairs, triples and
    /// X-Wings applied one by one, a contradiction: it is false.
    ForcingNetPlus => ("forcing-net-plus", "Forcing Net Plus", "", Extreme, 900),
    /// The same, with Forcing Chain Contradictions among the techniques applied inside the
    /// assumption: what the hardest known puzzles need. The last logical technique.
    NestedForcingNet => ("nested-forcing-net", "Nested Forcing Net", "", Extreme, 1500),
    /// A digit goes in the cells used by every placement of all nine copies of it that fits.
    TemplateSet => ("template-set", "Template Set", "1201", Extreme, 10000),
    /// A digit goes from the cells used by no placement of all nine copies of it that fits.
    TemplateDelete => ("template-delete", "Template Delete", "1202", Extreme, 10000),
    /// The last resort: place the solution digit of the cell with the fewest candidates.
    BruteForce => ("brute-force", "Brute Force", "", Extreme, 10000),
}

impl Technique {
    /// Kebab-case id.
    pub const fn id(self) -> &'static str {
        self.info().id
    }

    /// Display name.
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// HoDoKu library code (empty for brute force, which HoDoKu's library does not test).
    pub const fn code(self) -> &'static str {
        self.info().code
    }

    /// Level.
    pub const fn level(self) -> Level {
        self.info().level
    }

    /// Score.
    pub const fn score(self) -> u32 {
        self.info().score
    }

    /// The rule of 45 and the techniques built on its regions (a set of houses less the cages
    /// inside it): the steps whose first hint names that region.
    pub const RULE_OF_45: [Technique; 6] = [
        Technique::Rule45Single,
        Technique::Rule45Cage,
        Technique::Rule45Wide,
        Technique::InnieOutieDifference,
        Technique::MinMaxSum,
        Technique::CageSplitting,
    ];

    /// The uniqueness techniques: they assume the puzzle has one solution, so a proof of uniqueness
    /// made by solving with logic must leave them out. On a killer the rectangle ones run only where
    /// swapping the two digits keeps every cage, and BUG+1 does not run.
    pub const UNIQUENESS: [Technique; 10] = [
        Technique::UniquenessTest1,
        Technique::UniquenessTest2,
        Technique::UniquenessTest3,
        Technique::UniquenessTest4,
        Technique::UniquenessTest5,
        Technique::UniquenessTest6,
        Technique::HiddenRectangle,
        Technique::AvoidableRectangle1,
        Technique::AvoidableRectangle2,
        Technique::BugPlusOne,
    ];

    /// The level of this technique in a killer: its [`Technique::level`], except for the chains
    /// (X-Chain, XY-Chain, the nice loops and AICs, the ALS-Chain), which are extreme there. A killer
    /// gives its solver cage reasoning at every level, and the killer tiers keep the long chains
    /// for the top one: easy are the singles, one-cell cages, last cells, cage combinations and
    /// single innies; medium the innie cages, cage pointing and claiming, subsets in a cage and the
    /// classic locked sets and subsets; hard the rule of 45 over several houses or with outies,
    /// differences, cage-house subsets, min/max sums and cage splitting with the classic fish and
    /// wings; expert cage comparison, killer subsets, house tiling and set equivalence with the
    /// classic finned fish, Sue de Coq and ALS; extreme band tiling (a killer technique of that
    /// level everywhere), the chains and the forcing nets.
    pub const fn killer_level(self) -> Level {
        match self {
            Technique::XChain
            | Technique::XyChain
            | Technique::ContinuousNiceLoop
            | Technique::DiscontinuousNiceLoop
            | Technique::Aic
            | Technique::GroupedContinuousNiceLoop
            | Technique::GroupedDiscontinuousNiceLoop
            | Technique::GroupedAic
            | Technique::AlsChain => Level::Extreme,
            _ => self.level(),
        }
    }

    /// The score of a step of this technique that reads a cage of `size` cells: for Cage
    /// Combinations (the cage) and Rule of 45 (Innie Cage) (the derived cage) the work grows with
    /// the number of ways the cage can be made, which peaks at four and five cells (a cage of six
    /// or more is read by the few digits it leaves out); every other technique scores
    /// [`Technique::score`] whatever the cage. The sizes' scores were fitted, with the killer
    /// techniques' scores, to Solo's levels of the puzzles of one file and checked on another
    /// (README, "Killer levels").
    pub const fn score_for_cage(self, size: usize) -> u32 {
        match (self, size) {
            (Technique::CageCombinations, 0..=2) => 0,
            (Technique::CageCombinations, 3) => 2,
            (Technique::CageCombinations, 4) => 20,
            (Technique::CageCombinations, 5) => 85,
            (Technique::CageCombinations, _) => 10,
            (Technique::Rule45Cage, 0..=2) => 15,
            (Technique::Rule45Cage, 3 | 4) => 30,
            (Technique::Rule45Cage, 5) => 45,
            (Technique::Rule45Cage, _) => 30,
            _ => self.score(),
        }
    }

    /// What it does, in one line, e.g. `A cell with one candidate.`
    pub fn definition(self) -> &'static str {
        self.info().definition.trim()
    }

    /// Whether the hint engine tries this technique when looking for the next step. Like HoDoKu's
    /// default solver configuration, it leaves out Death Blossom and the searches too slow to run
    /// at every step: Franken Jellyfish, Mutant fish and Templates (and the Siamese forms of fish,
    /// which HoDoKu only shows when listing all steps). It keeps HoDoKu's Finned Franken Swordfish,
    /// whose search the fish module's template filter makes cheap. It leaves out three fish HoDoKu
    /// tries: the Franken X-Wing, the Franken Swordfish and the Finned Franken X-Wing, which never
    /// fire where HoDoKu tries them (not once in HoDoKu 2.2.4's own paths of top1465 and its
    /// exemplars, nor in ours: a test checks it on top1465), so trying them would change no path. The basic Siamese fish could never fire there
    /// anyway: wherever one does, the finned or sashimi fish of its size, earlier in the order,
    /// fires first (a test shows it), so their searches (8% of the rating time of top1465) were
    /// pure cost. They are all still found on request ([`super::find`]).
    pub const fn in_hint_path(self) -> bool {
        use Technique::*;
        !matches!(
            self,
            SiameseFinnedSwordfish
                | SiameseSashimiSwordfish
                | SiameseFinnedJellyfish
                | SiameseSashimiJellyfish
                | FrankenXWing
                | FrankenSwordfish
                | FinnedFrankenXWing
                | SiameseFinnedFrankenSwordfish
                | FrankenJellyfish
                | FinnedFrankenJellyfish
                | SiameseFinnedFrankenJellyfish
                | MutantXWing
                | MutantSwordfish
                | MutantJellyfish
                | FinnedMutantXWing
                | FinnedMutantSwordfish
                | FinnedMutantJellyfish
                | SiameseFinnedMutantJellyfish
                | FinnedMutantSquirmbag
                | FinnedMutantWhale
                | DeathBlossom
                | TemplateSet
                | TemplateDelete
        )
    }

    /// The technique with kebab-case id `id`.
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.iter().copied().find(|t| t.id() == id)
    }

    /// The technique with HoDoKu library code `code` (e.g. `0300`).
    pub fn from_code(code: &str) -> Option<Technique> {
        Technique::ALL.iter().copied().find(|t| !t.code().is_empty() && t.code() == code)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl Serialize for Technique {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_has_a_one_line_definition() {
        for &t in Technique::ALL {
            let definition = t.definition();
            assert!(definition.ends_with('.') && !definition.contains('\n'), "{t}: {definition:?}");
        }
        assert_eq!(Technique::NakedSingle.definition(), "A cell with one candidate.");
    }

    #[test]
    fn killer_techniques_are_numbered_in_catalogue_order_around_the_classic_ones() {
        let killer: Vec<Technique> =
            Technique::ALL.iter().copied().filter(|t| t.code().starts_with('K')).collect();
        // Numbered K01, K02, ... in catalogue order.
        let numbers: Vec<u32> = killer.iter().filter_map(|t| t.code()[1..].parse().ok()).collect();
        assert_eq!(numbers, (1..=killer.len() as u32).collect::<Vec<_>>());
        assert!(killer.iter().all(|t| t.definition().starts_with("Killer: ")));
        let at = |t: Technique| Technique::ALL.iter().position(|&a| a == t);
        // Cage combinations right after the naked singles, before the hidden ones; the rule of 45
        // on one house before the classic Medium techniques; min/max and splitting later.
        assert!(at(Technique::NakedSingle) < at(Technique::CageCombinations));
        assert!(at(Technique::CageCombinations) < at(Technique::HiddenSingle));
        assert!(at(Technique::Rule45Cage) < at(Technique::LockedPair));
        assert!(at(Technique::CageSplitting) < at(Technique::XWing));
        assert_eq!(Technique::from_code("K03"), Some(Technique::CageCombinations));
    }
}
