#!/bin/sh
# vs_peers.sh -- `termdoku solve` against the `sudoku` crate and tdoku, whole processes, one thread.
#
# For each puzzle file of ../shared/data/tdoku (the first 10,000 lines of forum_hardest_se11), each
# command reads the file on standard input and prints one answer a line; the commands run in turn
# (termdoku, the crate, tdoku, then again), ROUNDS times, and each run's CPU time (user + system,
# as the kernel accounts the finished child, read by python3) is taken. A file of fewer than 10,000
# puzzles is read several times over in one run (the count is printed), so that a run is long
# enough to time. Printed per file and task: each command's median seconds, and the ratios
# of termdoku's time to the others' (below 1: termdoku is faster) as the median of the rounds' ratios
# with their range, so that a machine whose speed drifts moves both sides of a ratio alike.
#
#   solve  termdoku solve --threads 1     the crate's `solution` (a unique solution, as termdoku)
#          tdoku's first solution (its driver stops at one; termdoku and the crate prove uniqueness,
#          so this row compares different jobs: see `first` and `count` for the same job)
#   first  termdoku solve --first         the crate's `some_solution`   tdoku's first solution
#   count  termdoku solve --count         the crate's solutions_count_up_to(2)   tdoku's count to 2
#
# Usage: sh benches/vs_peers.sh            (from the repository; builds what it runs in release)
# Environment: TDOKU names a tdoku binary that reads and writes like `termdoku solve` (one solution
# a line; with the argument 2, counts); without it tdoku's columns are left out. ROUNDS (default 5),
# FILES (names of the files to run, default all four), TASKS (default "solve first count").
set -eu
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-5}
FILES=${FILES:-"17_clue forum_hardest_se11 top1465 forum_hardest_1106"}
TASKS=${TASKS:-"solve first count"}
DATA=../shared/data/tdoku
MIN_LINES=10000
cargo build --release --quiet --bin termdoku --example sudoku_crate_solve
OURS=target/release/termdoku
CRATE=target/release/examples/sudoku_crate_solve
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# cpu_seconds FILE COMMAND...: runs COMMAND on FILE, prints its user + system seconds.
cpu_seconds() {
  python3 -c '
import resource, subprocess, sys
with open(sys.argv[1], "rb") as puzzles:
    subprocess.run(sys.argv[2:], stdin=puzzles, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.4f" % (used.ru_utime + used.ru_stime))' "$@"
}

# median: the median of the numbers on standard input, one a line.
median() {
  sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# range: "min-max" of the numbers on standard input.
range() {
  sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2f", lo, hi }'
}

printf '%-28s %-6s %8s %8s %8s  %-18s %-18s\n' file task ours crate tdoku 'ours/crate' 'ours/tdoku'
for name in $FILES; do
  input=$WORK/$name.txt
  if [ "$name" = forum_hardest_se11 ]; then
    head -n 10000 "$DATA/$name.txt" > "$input"
    name="$name (10k)"
  else
    lines=$(wc -l < "$DATA/$name.txt")
    times=$(( (MIN_LINES + lines - 1) / lines ))
    : > "$input"
    i=0
    while [ "$i" -lt "$times" ]; do cat "$DATA/$name.txt" >> "$input"; i=$((i + 1)); done
    [ "$times" -gt 1 ] && name="$name (x$times)"
  fi
  for task in $TASKS; do
    : > "$WORK/ours"; : > "$WORK/crate"; : > "$WORK/tdoku"; : > "$WORK/rc"; : > "$WORK/rt"
    round=0
    while [ "$round" -lt "$ROUNDS" ]; do
      round=$((round + 1))
      if [ "$task" = count ]; then
        o=$(cpu_seconds "$input" "$OURS" solve --count --threads 1)
        c=$(cpu_seconds "$input" "$CRATE" --count)
        t=$([ -n "${TDOKU:-}" ] && cpu_seconds "$input" "$TDOKU" 2 || echo)
      elif [ "$task" = first ]; then
        o=$(cpu_seconds "$input" "$OURS" solve --first --threads 1)
        c=$(cpu_seconds "$input" "$CRATE" --first)
        t=$([ -n "${TDOKU:-}" ] && cpu_seconds "$input" "$TDOKU" || echo)
      else
        o=$(cpu_seconds "$input" "$OURS" solve --threads 1)
        c=$(cpu_seconds "$input" "$CRATE")
        t=$([ -n "${TDOKU:-}" ] && cpu_seconds "$input" "$TDOKU" || echo)
      fi
      echo "$o" >> "$WORK/ours"
      echo "$c" >> "$WORK/crate"
      awk -v a="$o" -v b="$c" 'BEGIN { if (b > 0) printf "%.3f\n", a / b }' >> "$WORK/rc"
      if [ -n "$t" ]; then
        echo "$t" >> "$WORK/tdoku"
        awk -v a="$o" -v b="$t" 'BEGIN { if (b > 0) printf "%.3f\n", a / b }' >> "$WORK/rt"
      fi
    done
    ours=$(median < "$WORK/ours")
    crate=$(median < "$WORK/crate")
    rc="$(median < "$WORK/rc") ($(range < "$WORK/rc"))"
    if [ -s "$WORK/tdoku" ]; then
      tdoku=$(median < "$WORK/tdoku")
      rt="$(median < "$WORK/rt") ($(range < "$WORK/rt"))"
    else
      tdoku=-
      rt=-
    fi
    printf '%-28s %-6s %8s %8s %8s  %-18s %-18s\n' "$name" "$task" "$ours" "$crate" "$tdoku" "$rc" "$rt"
  done
done
echo "CPU seconds (user + system), medians of $ROUNDS alternating rounds; ratios: termdoku's time over the other's."
