#!/usr/bin/env bash
# Guards GMenuKit's speed on every change: counts, with callgrind, the instructions of one run of
# the main benchmark cases on GMenuKit's side and on plain C's, prints GMenuKit ÷ C, and fails
# when a steady ratio (below) is more than 3% worse than the baseline kept in
# Benchmarks/instructions-baseline.txt.
# Instruction counts are what a shared, loaded machine does not disturb; the ratio to C is what
# an update of GTK or GLib, which both sides call, moves least.
#
# Two ratios a case: of whole counts (what a run costs), and of steady counts, without glibc
# malloc's own bookkeeping of free chunks (its bins). How much of that an allocation or a free
# needs follows the heap's layout, which moves with anything else in the process: the length of
# the program's path alone moved the slide's whole count by 9% and a toggle's by 4.5%, while the
# steady counts stayed within 0.2%. The verdict compares steady ratios; every call of malloc and
# free still counts there, with its thread-cache path.
#
#   scripts/bench-instructions.sh MENU_BENCHMARK C_MENU_BENCH            compare with the baseline
#   scripts/bench-instructions.sh MENU_BENCHMARK C_MENU_BENCH --update   write the baseline anew
#
# `make bench-instructions` builds both programs and runs this; `.ci/run` runs it after the
# tests. One run's count is the difference between a process with 1 timed run and one with
# 1 + EXTRA (start-up and warm-up cancel out), divided by EXTRA. Each case is one line below:
# its name, GMenuKit's arguments, C's arguments.
set -euo pipefail
cd "$(dirname "$0")/.."
swift_bench=$1 c_bench=$2 mode=${3:-check}
baseline=Benchmarks/instructions-baseline.txt
tolerance=${INSTRUCTIONS_TOLERANCE:-3}   # percent
items=1000

export GTK_A11Y=none NO_AT_BRIDGE=1
# Swift seeds its hashing anew in every process; fixed, so that counts repeat.
export SWIFT_DETERMINISTIC_HASHING=1

cases=(
  "1-build|--case 1|--case 1"
  "1-build-shared-icon|--case 1 --shared-icon|--case 1 --shared-icon"
  "1-generated|--case 1 --generated|--case 1 --generated"
  "2-label|--case 2 --part label|--case 2 --part label"
  # The same change in a menu ten times larger costs about the same: nothing on its path may
  # walk the whole menu (a walk through a render's lists once made it grow with the sections).
  "2-label-10k|--case 2 --part label --items 10000|--case 2 --part label --items 10000"
  "2-label-objects|--case 2 --part objects|--case 2 --part label"
  "2-toggle|--case 2 --part toggle|--case 2 --part toggle"
  "3-slide|--case 3|--case 3"
  "6-refresh-and-render|--case 6 --shape sections|--case 6"
  # An unchanged refresh alone (the goal: at most C's), and with the lists marked `equatable()`.
  "6-refresh|--case 6 --refresh-only|--case 6 --refresh-only"
  "6-refresh-equatable|--case 6 --shape equatable --refresh-only|--case 6 --refresh-only"
  # A refresh that finds one label changed: the changed item alone is replaced, the rest kept.
  "6-refresh-one|--case 6 --shape one-change|--case 6 --one-change"
  "8-import|--case 8|--case 8"
  "12-search|--case 12|--case 12"
)

command -v valgrind >/dev/null || { echo "bench-instructions: valgrind is needed (scripts/install-deps.sh)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Debian 12's valgrind cannot read the DWARF 5 a release build carries: copies without debug
# information count the same instructions.
objcopy --strip-debug "$swift_bench" "$work/swift" && objcopy --strip-debug "$c_bench" "$work/c"
chmod +x "$work/swift" "$work/c"

# The functions of malloc's bins.
malloc_bins='_int_malloc|_int_free|_int_realloc|_int_memalign|malloc_consolidate|unlink_chunk[.a-z0-9]*|sysmalloc|systrim[.a-z0-9]*'

# Instructions of a whole process, as callgrind sums them, and without malloc's bins: "whole steady".
total() {
  local program=$1 out
  shift
  out=$(mktemp -p "$work")
  # A case may name its own size.
  local size=(--items "$items")
  case " $* " in *" --items "*) size=() ;; esac
  # shellcheck disable=SC2068
  valgrind --tool=callgrind --callgrind-out-file="$out" "$work/$program" "${size[@]}" $@ >/dev/null 2>"$out.log" \
    || { echo "bench-instructions: $program $* failed:" >&2; tail -5 "$out.log" >&2; return 1; }
  local all bins
  all=$(awk '/^summary:/ { print $2 }' "$out")
  bins=$(callgrind_annotate --threshold=100 --inclusive=no "$out" \
    | awk -v bins="$malloc_bins" '$0 ~ (":(" bins ")( \\[|$)") { gsub(",", "", $1); sum += $1 } END { print sum + 0 }')
  # Every one of these processes frees memory: none named means libc's symbols are missing.
  [ "$bins" -gt 0 ] || { echo "bench-instructions: no malloc internals named in $program's count (is libc6-dbg installed?)" >&2; return 1; }
  echo "$all $((all - bins))"
}

# Instructions of one run of a case: the changes of case 2 take microseconds, so they run more
# often than the rest for a count that repeats.
per_run() {
  local program=$1 arguments=$2 extra=2 one more runs
  case "$arguments" in *"--case 2"*) extra=20 ;; esac
  # Both counts written as wide ("01" and "21"): the two processes then start with their
  # stacks laid out alike, so the work they share (building the menu) lies at the same
  # addresses and costs the same in both. With "1" beside "21", copies of the build's large
  # arrays (`memcpy`, whose path follows the addresses) differed by 13 k instructions between
  # the two, and a toggle counted 15.7 k or 16.5 k a flip with one more variable in the
  # environment.
  runs=$((1 + extra))
  # shellcheck disable=SC2086
  read -r -a one <<<"$(total "$program" $arguments --runs "$(printf '%0*d' ${#runs} 1)")"
  # shellcheck disable=SC2086
  read -r -a more <<<"$(total "$program" $arguments --runs $runs)"
  echo "$(((more[0] - one[0]) / extra)) $(((more[1] - one[1]) / extra))"
}

# Both sides of every case, two processes at a time (the machine has two cores; counts do not
# depend on it).
for entry in "${cases[@]}"; do
  IFS='|' read -r name swift_arguments c_arguments <<<"$entry"
  per_run swift "$swift_arguments" >"$work/$name.swift" &
  per_run c "$c_arguments" >"$work/$name.c" &
  wait -n && wait -n || { wait; echo "bench-instructions: counting $name failed" >&2; exit 1; }
done

printf '%-22s %11s %11s %7s %11s %11s %7s %8s %s\n' case GMenuKit C ratio "steady:" C ratio baseline verdict
status=0
new_baseline="# GMenuKit ÷ C instructions per run at $items items (unless a case names its size), whole and steady (without malloc's bins):
# scripts/bench-instructions.sh --update writes it; the verdict compares the steady ratio.
# case GMenuKit C ratio steady-GMenuKit steady-C steady-ratio"
for entry in "${cases[@]}"; do
  name=${entry%%|*}
  read -r swift steady_swift <"$work/$name.swift"
  read -r c steady_c <"$work/$name.c"
  ratio=$(awk -v s="$swift" -v c="$c" 'BEGIN { printf "%.3f", s / c }')
  steady=$(awk -v s="$steady_swift" -v c="$steady_c" 'BEGIN { printf "%.3f", s / c }')
  new_baseline+=$'\n'"$name $swift $c $ratio $steady_swift $steady_c $steady"
  kept=$(awk -v n="$name" '$1 == n { print $7 }' "$baseline" 2>/dev/null || true)
  verdict=new
  if [ -n "$kept" ]; then
    verdict=$(awk -v r="$steady" -v b="$kept" -v t="$tolerance" 'BEGIN {
      change = (r / b - 1) * 100
      if (change > t) printf "WORSE by %.1f%%", change
      else if (change < -t) printf "better by %.1f%% (update the baseline)", -change
      else printf "ok (%+.1f%%)", change }')
    case "$verdict" in WORSE*) status=1 ;; esac
  fi
  printf '%-22s %11d %11d %7s %11d %11d %7s %8s %s\n' "$name" "$swift" "$c" "$ratio" "$steady_swift" "$steady_c" "$steady" "${kept:--}" "$verdict"
done

if [ "$mode" = "--update" ]; then
  echo "$new_baseline" >"$baseline"
  echo "bench-instructions: wrote $baseline"
  exit 0
fi
if [ $status -ne 0 ]; then
  echo "bench-instructions: a steady ratio is more than $tolerance% worse than $baseline." >&2
  echo "Find why (scripts/instructions.sh, callgrind_annotate), or, for a change that is slower on purpose," >&2
  echo "say so with the numbers in its note and run scripts/bench-instructions.sh … --update." >&2
fi
exit $status
