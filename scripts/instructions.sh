#!/usr/bin/env bash
# Instructions per run of benchmark cases, counted by callgrind: the one measure a shared,
# loaded machine does not disturb. For a change, run it on the release MenuBenchmark built
# before and after and compare the columns (make bench's ratios to C move with them, C being
# the same program).
#
#   scripts/instructions.sh MENU_BENCHMARK [ITEMS]            every headless case at ITEMS (1000)
#   scripts/instructions.sh MENU_BENCHMARK ITEMS CASE [FLAG]  one case
#
# Each case runs twice, with 1 and with RUNS (3) timed runs after the warm-up; the difference
# divided by RUNS - 1 is one run's instructions, the start-up and the warm-up cancelling out. The cases that
# need a display (5, 7, 9, 10) are not among "every headless case".
set -euo pipefail
export GTK_A11Y=${GTK_A11Y:-none} NO_AT_BRIDGE=${NO_AT_BRIDGE:-1}
# Swift seeds its hashing anew in every process: sets and dictionaries then differ from run to
# run, and so do the counts of a small case. Fixed here, so that before and after compare.
export SWIFT_DETERMINISTIC_HASHING=1

items=${2:-1000}
# The timed runs added to the one of the first count: RUNS=11 scripts/instructions.sh … for a small case.
extra=$(( ${RUNS:-3} - 1 ))
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
# Debian 12's valgrind cannot read the DWARF 5 a release build carries: a copy without it counts
# the same instructions.
bench=$(mktemp)
trap 'rm -f "$bench"' EXIT
objcopy --strip-debug "$1" "$bench" && chmod +x "$bench"

total() {
  local out
  out=$(mktemp)
  # shellcheck disable=SC2068
  valgrind --tool=callgrind --callgrind-out-file="$out" "$bench" --items "$items" $@ >/dev/null 2>&1
  awk '/^summary:/ { print $2 }' "$out"
  rm -f "$out"
}

measure() {
  local one three
  one=$(total "$@" --runs 1)
  more=$(total "$@" --runs $((1 + extra)))
  printf '%-28s %14d\n' "$*" $(((more - one) / extra))
}

if [ $# -ge 3 ]; then
  measure --case "${@:3}"
  exit 0
fi
for args in "1" "1 --generated" "2" "3" "4" "6 --shape sections" "6 --shape generated" "6 --shape equatable" "8"; do
  # shellcheck disable=SC2086
  measure --case $args
done
