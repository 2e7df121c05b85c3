#!/bin/sh
# solo_grades.sh -- Solo's own grade of the killers termdoku generates.
#
# For each level and seeds 1..COUNT, `termdoku generate --variant killer --format solo` makes a killer
# and prints its Solo game id; Solo's standalone solver (`solosolver -g ID`, built from the
# sgt-puzzles sources with STANDALONE_SOLVER defined) grades it. Printed: per level, how many
# puzzles got each Solo grade (Trivial, Basic, Intermediate, Advanced, Extreme, Unreasonable).
#
# Solo's solver was written for Solo's own killers. On killers with larger cages that span several
# houses its guessing stage can accept a grid that breaks a cage (a cage split by its rule of 45
# loses the rule that its digits differ, and a contradiction found by that rule is not passed on),
# and it then answers "Ambiguous" for a puzzle with one solution, or stops on an assertion. Check
# such answers with `termdoku solve --count`; the README's figures come from a solver with those
# three places corrected, which still grades every puzzle of the shared Solo files as the files say.
#
# Usage: SOLO=path/to/solosolver sh benches/solo_grades.sh
# Environment: COUNT (default 30), LEVELS (default "easy medium hard expert extreme").
set -eu
cd "$(dirname "$0")/.."
: "${SOLO:?set SOLO to a Solo standalone solver binary}"
COUNT=${COUNT:-30}
LEVELS=${LEVELS:-"easy medium hard expert extreme"}
cargo build --release --quiet --bin termdoku
OURS=target/release/termdoku
for level in $LEVELS; do
  grades=$("$OURS" generate --variant killer --difficulty "$level" --seed 1 --count "$COUNT" --format solo |
    cut -f1 |
    while read -r id; do
      "$SOLO" -g "$id" 2>&1 | awk 'NR == 1 { print ($1 == "Difficulty" ? $3 : "error") }'
    done | sort | uniq -c | awk '{ printf "%s %s  ", $2, $1 }')
  printf '%-8s %s\n' "$level" "$grades"
done
