#!/usr/bin/env bash
# Compares GMenuKit with the same menus written in plain C (Benchmarks/c) and in Python with
# PyGObject (Benchmarks/python), case by case, and prints one table of medians and ratios.
#
#   scripts/bench.sh MENU_BENCHMARK C_MENU_BENCH
#
# `make bench` builds both programs and runs this. The sides take turns: every round runs each
# side once per case and size, in a rotating order, so that whatever else the machine does
# slows all of them alike; the median is over all the runs of all rounds.
set -euo pipefail

export GTK_A11Y=${GTK_A11Y:-none} NO_AT_BRIDGE=${NO_AT_BRIDGE:-1}
cd "$(dirname "$0")/.."

python=/usr/bin/python3
rounds=${BENCH_ROUNDS:-5}
sizes=(100 1000 10000 100000)
popover_sizes=(50 1000)

# Timed runs inside one process (after its untimed warm-up), by case and menu size. 100,000
# items get one run per process, so one per round, where every run takes up to a second (a
# build, a teardown); the changes of cases 2 and 3 take a millisecond or less, and time as
# many as at 1,000 items, so that the one right after the build (with caches cold from it)
# is not the whole measure.
runs_for() {
  case "$1:$2" in
    5:50) echo 5 ;;
    5:*) echo 3 ;;
    2:100000 | 3:100000) echo 11 ;;
    6:100000) echo 3 ;;
    7:*) echo 41 ;;
    8:100 | 8:1000) echo 41 ;;
    *:100) echo 21 ;;
    *:1000) echo 11 ;;
    *:10000) echo 5 ;;
    *) echo 1 ;;
  esac
}

# One side's command line for a case.
command_for() {
  case "$1" in
    gmenukit) echo "$swift_bench" ;;
    c) echo "$c_bench" ;;
    pygobject) echo "$python Benchmarks/python/menu_bench.py" ;;
  esac
}

sides=(gmenukit c pygobject)

# Runs every side once for a case and size, in an order that rotates with the round, and
# appends each output line, prefixed with the side, to the results file.
run_round() {
  local round=$1 case=$2 items=$3 extra=${4:-}
  local runs
  runs=$(runs_for "$case" "$items")
  for offset in 0 1 2; do
    local side=${sides[$(((round + offset) % 3))]}
    # shellcheck disable=SC2086
    $(command_for "$side") --case "$case" --items "$items" --runs "$runs" $extra \
      | sed "s/^/$side /" >>"$results"
  done
}

# Case 6 (a refresh with nothing changed, beside a render) has no PyGObject side: GMenuKit and C
# take turns.
run_round_two() {
  local round=$1 case=$2 items=$3
  local runs
  runs=$(runs_for "$case" "$items")
  for offset in 0 1; do
    local side=${sides[$(((round + offset) % 2))]}
    $(command_for "$side") --case "$case" --items "$items" --runs "$runs" | sed "s/^/$side /" >>"$results"
  done
}

# Case 5 runs inside one private X server: scripts/with-display.sh calls this script again.
if [ "${1:-}" = "--popover-cases" ]; then
  swift_bench=$2 c_bench=$3 results=$4
  for items in "${popover_sizes[@]}"; do
    for round in $(seq 1 "$rounds"); do
      echo "  case 5, $items items, round $round of $rounds" >&2
      run_round "$round" 5 "$items"
    done
  done
  # Case 13: the command palette of an app with 1,000 commands opened, against case 5 at 50 items.
  for round in $(seq 1 "$rounds"); do
    echo "  case 13, 1000 commands, round $round of $rounds" >&2
    "$swift_bench" --case 13 --items 1000 --runs 5 | sed "s/^/gmenukit /" >>"$results"
  done
  # Case 7: a toggle row flipped while its menu is open; GMenuKit and C take turns.
  for items in 10 2000; do
    for round in $(seq 1 "$rounds"); do
      echo "  case 7, $items items, round $round of $rounds" >&2
      run_round_two "$round" 7 "$items"
    done
  done
  exit 0
fi

# Case 6, a list's context menu: GMenuKit and hand-written C only (PyGObject has no such side).
if [ "${1:-}" = "--list-menu-cases" ]; then
  swift_bench=$2 c_bench=$3 results=$4
  for items in 10 100000; do
    for round in $(seq 1 "$rounds"); do
      echo "  case 9, $items items, round $round of $rounds" >&2
      for side in $( ((round % 2)) && echo gmenukit c || echo c gmenukit); do
        $(command_for "$side") --case 9 --items "$items" --runs 10 | sed "s/^/$side /" >>"$results"
      done
    done
  done
  exit 0
fi

# Case 10, long generated menus opened to their first frame: a plain ForEach (no style: past 50
# entries GMenuKit shows it scrolling on its own) at 50, 1,000, 10,000 and 100,000 items against
# its 50-item menu, and GTK's own popover (C, and GMenuKit's `.menuListStyle(.items)`) at 50 and
# 1,000 items. C is capped at 1,000: a popover of one section of 1,000 items takes seconds to
# open, and its cost grows faster than the count (5,000: minutes on this machine), so each round
# times one opening there.
if [ "${1:-}" = "--long-menu-cases" ]; then
  swift_bench=$2 c_bench=$3 results=$4
  for round in $(seq 1 "$rounds"); do
    echo "  case 10, round $round of $rounds" >&2
    for side in $( ((round % 2)) && echo gmenukit c || echo c gmenukit); do
      if [ "$side" = gmenukit ]; then
        for items in 50 1000 10000 100000; do
          "$swift_bench" --case 10 --items $items --runs 5 | sed "s/^/gmenukit /" >>"$results"
        done
        "$swift_bench" --case 10 --items 1000 --items-style --runs 1 | sed "s/^/gmenukit /" >>"$results"
      else
        "$c_bench" --case 10 --items 50 --runs 5 2>/dev/null | sed "s/^/c /" >>"$results"
        "$c_bench" --case 10 --items 1000 --runs 1 2>/dev/null | sed "s/^/c /" >>"$results"
      fi
    done
  done
  exit 0
fi

if [ $# -ne 2 ]; then
  echo "usage: scripts/bench.sh MENU_BENCHMARK C_MENU_BENCH (make bench builds and passes them)" >&2
  exit 2
fi
c_bench=$2
results=$(mktemp)
# GMenuKit's side runs with fatal criticals, as its tests do, and writes nothing to standard
# error: a critical, a warning or a diagnostic of GMenuKit's about the benchmark's menus stops
# the benchmark instead of passing unnoticed. (The C and Python sides run as GTK apps usually do.)
swift_bench=$(mktemp)
cat >"$swift_bench" <<WRAPPER
#!/bin/sh
errors=\$(mktemp)
G_DEBUG=fatal-criticals "$1" "\$@" 2>"\$errors"
status=\$?
if [ -s "\$errors" ]; then
  echo "bench: GMenuKit's side (\$*) wrote to standard error:" >&2
  cat "\$errors" >&2
  status=1
fi
rm -f "\$errors"
exit \$status
WRAPPER
chmod +x "$swift_bench"
trap 'rm -f "$results" "$swift_bench"' EXIT
if ! "$python" -c 'import gi; gi.require_version("Gtk", "4.0")' 2>/dev/null; then
  echo "error: $python cannot import PyGObject with GTK 4; run scripts/install-deps.sh (python3-gi, gir1.2-gtk-4.0)" >&2
  exit 1
fi

started=$SECONDS

echo "Comparing GMenuKit with plain C and PyGObject ($rounds rounds, sides alternating; progress on stderr)"
# "1s" is case 1 with C and PyGObject sharing one serialized icon, as GMenuKit does; "1g" is
# case 1 for generated content: the history of case 3, built from scratch.
for case in 1 1s 1g 2 3 4; do
  for items in "${sizes[@]}"; do
    for round in $(seq 1 "$rounds"); do
      echo "  case $case, $items items, round $round of $rounds" >&2
      case "$case" in
        1s) run_round "$round" 1 "$items" --shared-icon ;;
        1g) run_round "$round" 1 "$items" --generated ;;
        *) run_round "$round" "$case" "$items" ;;
      esac
    done
  done
done
for items in 1000 10000 100000; do
  for round in $(seq 1 "$rounds"); do
    echo "  case 6, $items items, round $round of $rounds" >&2
    run_round_two "$round" 6 "$items"
    # GMenuKit's other shapes (no C side): generated buttons, the lists marked equatable(), and
    # the items' content alone (what any refresh that runs it pays before GMenuKit reads it).
    for shape in generated equatable content; do
      "$swift_bench" --case 6 --items "$items" --runs "$(runs_for 6 "$items")" --shape "$shape" | sed "s/^/gmenukit /" >>"$results"
    done
    # A refresh with one change: GMenuKit's model unobserved, unchanged and with one label
    # changed before each refresh, and a generated list with one entry changed; C's comparison
    # finding the one label changed and replacing that item. The sides take turns.
    for side in $( ((round % 2)) && echo gmenukit c || echo c gmenukit); do
      if [ "$side" = gmenukit ]; then
        for shape in unobserved one-change generated-one; do
          "$swift_bench" --case 6 --items "$items" --runs "$(runs_for 6 "$items")" --shape "$shape" | sed "s/^/gmenukit /" >>"$results"
        done
      else
        "$c_bench" --case 6 --items "$items" --runs "$(runs_for 6 "$items")" --one-change | sed "s/^/c /" >>"$results"
      fi
    done
  done
done
# Case 1 written as custom content (`var body` per section and item) against the same menu
# inline, GMenuKit alone, the two taking turns in the same rounds.
for items in "${sizes[@]}"; do
  for round in $(seq 1 "$rounds"); do
    echo "  case 1 var body against inline, $items items, round $round of $rounds" >&2
    runs=$(runs_for 1 "$items")
    forms=(--body --inline-pair)
    for offset in 0 1; do
      "$swift_bench" --case 1 --items "$items" --runs "$runs" "${forms[$(((round + offset) % 2))]}" \
        | sed "s/^/gmenukit /" >>"$results"
    done
  done
done
# Case 8, a GtkBuilder menu imported, has two sides: GMenuKit and GtkBuilder's own parse in C.
for items in 100 1000 10000; do
  for round in $(seq 1 "$rounds"); do
    echo "  case 8, $items items, round $round of $rounds" >&2
    if ((round % 2)); then order=(gmenukit c); else order=(c gmenukit); fi
    for side in "${order[@]}"; do
      $(command_for "$side") --case 8 --items "$items" --runs "$(runs_for 8 "$items")" | sed "s/^/$side /" >>"$results"
    done
    # The same two by turns in one process, where a busy machine slows both alike.
    "$swift_bench" --case 8 --items "$items" --runs "$(runs_for 8 "$items")" --paired | sed "s/^/gmenukit /" >>"$results"
  done
done
# Case 12, a keystroke in the command palette, against GtkFilterListModel with a GtkStringFilter
# over the same strings in C (no PyGObject side): no display needed.
for items in 1000 10000; do
  for round in $(seq 1 "$rounds"); do
    echo "  case 12, $items items, round $round of $rounds" >&2
    if ((round % 2)); then order=(gmenukit c); else order=(c gmenukit); fi
    for side in "${order[@]}"; do
      $(command_for "$side") --case 12 --items "$items" --runs 20 | sed "s/^/$side /" >>"$results"
    done
  done
done
# Case 11, a test's headless reading of a menu (GMenuKitTesting), against rendering the same menu
# to GTK, GMenuKit alone: no display, as an app's tests run.
for items in 1000 10000; do
  for round in $(seq 1 "$rounds"); do
    echo "  case 11, $items items, round $round of $rounds" >&2
    env -u DISPLAY -u WAYLAND_DISPLAY "$swift_bench" --case 11 --items "$items" --runs "$(runs_for 11 "$items")" \
      | sed "s/^/gmenukit /" >>"$results"
  done
done
scripts/with-display.sh "$0" --popover-cases "$swift_bench" "$c_bench" "$results"
scripts/with-display.sh "$0" --list-menu-cases "$swift_bench" "$c_bench" "$results"
scripts/with-display.sh "$0" --long-menu-cases "$swift_bench" "$c_bench" "$results"
# Peak memory needs a fresh process per measurement.
for round in $(seq 1 "$rounds"); do
  echo "  peak RSS, 100000 items, round $round of $rounds" >&2
  for offset in 0 1 2; do
    side=${sides[$(((round + offset) % 3))]}
    # shellcheck disable=SC2046
    $(command_for "$side") --case 1 --items 100000 --rss | sed "s/^/$side /" >>"$results"
  done
done

# Swift concurrency on the GLib main loop: latency against g_idle_add in one process, and
# wake-ups of an idle loop with the bridge and without, a fresh process each, sides alternating.
echo "  main loop: latency, 10,000 hops" >&2
"$swift_bench" --main-loop --samples 10000 | sed "s/^/gmenukit /" >>"$results"
for round in $(seq 1 "$rounds"); do
  echo "  main loop: idle wake-ups, round $round of $rounds" >&2
  for bridge in with without; do "$swift_bench" --main-loop-idle "$bridge" | sed "s/^/gmenukit /" >>"$results"; done
done

"$python" - "$results" "$rounds" "$(nproc)" "$((SECONDS - started))" <<'PYTHON'
import sys
from collections import defaultdict

results, rounds, cores, elapsed = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
samples = defaultdict(list)   # (case, items, side) -> [ms]
changes = {}                  # (case, items, side) -> items-changed
peaks = defaultdict(list)     # side -> [(peak kB, baseline kB)]
latency = {}                  # kind -> (median us, worst us, samples)
idle = defaultdict(list)      # with|without -> [voluntary switches in 2 s]
for line in open(results):
    side, kind, *fields = line.split()
    values = dict(field.split("=", 1) for field in fields)
    if kind == "RESULT":
        key = (values["case"], int(values["items"]), side)
        samples[key] += [float(ms) for ms in values["samples_ms"].split(",")]
        changes[key] = values["items_changed"]
    elif kind == "LATENCY":
        latency[values["kind"]] = (float(values["median_us"]), float(values["worst_us"]), values["samples"])
    elif kind == "IDLE":
        idle[values["bridge"]].append(int(values["voluntary_switches"]))
    elif kind == "RSS":
        peaks[side].append((int(values["peak_kb"]), int(values["baseline_kb"])))

def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]

def ms(value):
    return f"{value:.4f}" if value < 1 else f"{value:.3f}" if value < 100 else f"{value:.1f}"

case_names = {"1": "1 build", "1-shared-icon": "1 icon shared", "1-generated": "1 generated", "2-label": "2 label",
              "2-label-objects": "2 label, objects", "2-toggle": "2 toggle", "3": "3 +100/-100", "4": "4 teardown",
              "5": "5 popover"}
# GMenuKit-only variants, compared with what the other sides do for the same change (they have no model).
compared_with = {"2-label-objects": "2-label"}
columns = ["case", "items", "GMenuKit ms", "C ms", "PyGObject ms", "GMenuKit/C", "GMenuKit/PyGObject",
           "items-changed (GMK/C/Py)", "runs"]
widths = [14, 8, 12, 11, 13, 11, 19, 25, 5]
def row(cells):
    return "  ".join(str(cell).ljust(width) for cell, width in zip(cells, widths)).rstrip()

print()
print(f"Median milliseconds; ratios of medians (below 1: GMenuKit is faster). Machine: {cores} cores.")
print(row(columns))
for case in ["1", "1-shared-icon", "1-generated", "2-label", "2-label-objects", "2-toggle", "3", "4", "5"]:
    for items in sorted({key[1] for key in samples if key[0] == case}):
        keys = {side: (case if side == "gmenukit" else compared_with.get(case, case), items, side)
                for side in ("gmenukit", "c", "pygobject")}
        med = {side: median(samples[key]) for side, key in keys.items()}
        counts = "/".join(changes[key] for key in keys.values())
        print(row([case_names[case], f"{items:,}", ms(med["gmenukit"]), ms(med["c"]), ms(med["pygobject"]),
                   f"{med['gmenukit'] / med['c']:.2f}", f"{med['gmenukit'] / med['pygobject']:.2f}",
                   counts if counts != "-/-/-" else "", len(samples[(case, items, "gmenukit")])]))

if any(key[0] == "8" for key in samples):
    print()
    print("Case 8, a GtkBuilder menu imported (parsed, made GMenuKit content, rendered to a GMenuModel) against")
    print("GtkBuilder's own parse into a GMenu (gtk_builder_add_from_string), median milliseconds of the thread's CPU time:")
    print(row(["case", "items", "GMenuKit ms", "GtkBuilder ms", "", "GMenuKit/GtkBuilder", "", "", "runs"]))
    for items in sorted({key[1] for key in samples if key[0] == "8"}):
        ours, theirs = median(samples[("8", items, "gmenukit")]), median(samples[("8", items, "c")])
        print(row(["8 import", f"{items:,}", ms(ours), ms(theirs), "", f"{ours / theirs:.2f}", "", "",
                   len(samples[("8", items, "gmenukit")])]))
        if ("8-paired", items, "gmenukit") in samples:
            ours, theirs = median(samples[("8-paired", items, "gmenukit")]), median(samples[("8-paired-gtkbuilder", items, "gmenukit")])
            print(row(["8 by turns", f"{items:,}", ms(ours), ms(theirs), "", f"{ours / theirs:.2f}", "", "",
                       len(samples[("8-paired", items, "gmenukit")])]))

print()
print("Case 6: refresh() with nothing changed, beside a full render of the same menu (C: reads its model")
print("again and compares every item's label and toggle state with it). Ratio: refresh / render.")
widths6 = [8, 14, 15, 12, 8, 9, 10, 14, 9]
print("  ".join(str(c).ljust(w) for c, w in zip(
    ["items", "GMK render ms", "GMK refresh ms", "GMK ratio", "C render", "C refresh", "C ratio", "refresh GMK/C", "changed"], widths6)).rstrip())
for items in sorted({key[1] for key in samples if key[0] == "6-refresh"}):
    med = {(c, side): median(samples[(c, items, side)]) for c in ("6-render", "6-refresh") for side in ("gmenukit", "c")}
    print("  ".join(str(c).ljust(w) for c, w in zip([
        f"{items:,}", ms(med[("6-render", "gmenukit")]), ms(med[("6-refresh", "gmenukit")]),
        f"{med[('6-refresh', 'gmenukit')] / med[('6-render', 'gmenukit')]:.3f}",
        ms(med[("6-render", "c")]), ms(med[("6-refresh", "c")]),
        f"{med[('6-refresh', 'c')] / med[('6-render', 'c')]:.3f}",
        f"{med[('6-refresh', 'gmenukit')] / med[('6-refresh', 'c')]:.2f}",
        changes[("6-refresh", items, "gmenukit")] + "/" + changes[("6-refresh", items, "c")]], widths6)).rstrip())
for shape in ("generated", "equatable"):
    for items in sorted({key[1] for key in samples if key[0] == "6-refresh-" + shape}):
        render, refresh = median(samples[("6-render-" + shape, items, "gmenukit")]), median(samples[("6-refresh-" + shape, items, "gmenukit")])
        if shape == "equatable" and ("6-refresh", items, "c") in samples:
            # The same menu, its lists marked: against C's refresh of it.
            theirs = median(samples[("6-refresh", items, "c")])
            print("  ".join(str(c).ljust(w) for c, w in zip([
                f"{items:,}", ms(render), ms(refresh), f"{refresh / render:.3f}", "", ms(theirs), "",
                f"{refresh / theirs:.2f}", "(the lists marked equatable())"], widths6)).rstrip())
            continue
        print("  ".join(str(c).ljust(w) for c, w in zip([
            f"{items:,}", ms(render), ms(refresh), f"{refresh / render:.3f}", f"({shape}: GMenuKit only)"], widths6)).rstrip())
for items in sorted({key[1] for key in samples if key[0] == "6-content"}):
    content, theirs = median(samples[("6-content", items, "gmenukit")]), median(samples[("6-refresh", items, "c")])
    print("  ".join(str(c).ljust(w) for c, w in zip([
        f"{items:,}", "", ms(content), "", "", ms(theirs), "", f"{content / theirs:.2f}",
        "(the items' content alone, run and dropped)"], widths6)).rstrip())
print()
print("Case 6 with one change: refresh() after one item's label changed in a model the menu does not observe,")
print("beside the same model's refresh unchanged (C: its comparison finds the label and replaces that item,")
print("beside its refresh unchanged). Generated: one section of generated buttons, one entry's title changed.")
print("What the change adds is a few microseconds, under this table's noise: make bench-instructions counts it.")
widths6o = [8, 14, 13, 12, 12, 14, 11]
print("  ".join(str(c).ljust(w) for c, w in zip(
    ["items", "GMK refresh", "GMK +1 ms", "C refresh", "C +1 ms", "+1 GMK/C", "changed"], widths6o)).rstrip())
for items in sorted({key[1] for key in samples if key[0] == "6-refresh-one" and key[2] == "gmenukit"}):
    ours, ours_one = median(samples[("6-refresh-unobserved", items, "gmenukit")]), median(samples[("6-refresh-one", items, "gmenukit")])
    theirs, theirs_one = median(samples[("6-refresh", items, "c")]), median(samples[("6-refresh-one", items, "c")])
    print("  ".join(str(c).ljust(w) for c, w in zip([
        f"{items:,}", ms(ours), ms(ours_one), ms(theirs), ms(theirs_one), f"{ours_one / theirs_one:.2f}",
        changes[("6-refresh-one", items, "gmenukit")] + "/" + changes[("6-refresh-one", items, "c")]], widths6o)).rstrip())
for items in sorted({key[1] for key in samples if key[0] == "6-refresh-generated-one"}):
    ours, ours_one = median(samples[("6-refresh-generated", items, "gmenukit")]), median(samples[("6-refresh-generated-one", items, "gmenukit")])
    print("  ".join(str(c).ljust(w) for c, w in zip([
        f"{items:,}", ms(ours), ms(ours_one), "", "", "", changes[("6-refresh-generated-one", items, "gmenukit")],
        "(generated: GMenuKit only)"], widths6o + [0])).rstrip())
print()
print("Case 7: a toggle flipped while its menu is open (GMenuKit: a check row, its indicator and its")
print("accessible state; C: a GSimpleAction's state in a GtkPopoverMenu). The same cost at any size.")
print(row(["", "items", "GMenuKit ms", "C ms", "GMenuKit/C"]))
for items in sorted({key[1] for key in samples if key[0] == "7"}):
    med = {side: median(samples[("7", items, side)]) for side in ("gmenukit", "c")}
    print(row(["7", f"{items:,}", f"{med['gmenukit']:.4f}", f"{med['c']:.4f}", f"{med['gmenukit'] / med['c']:.2f}"]))
print("Case 1 written as custom content (var body per section and item) against the same menu inline, same rounds:")
print(row(["", "items", "var body ms", "inline ms", "body/inline", "", "", "", "runs"]))
for items in sorted({key[1] for key in samples if key[0] == "1-body"}):
    body, inline = median(samples[("1-body", items, "gmenukit")]), median(samples[("1-inline", items, "gmenukit")])
    print(row(["1 var body", f"{items:,}", ms(body), ms(inline), f"{body / inline:.2f}", "", "", "",
               len(samples[("1-body", items, "gmenukit")])]))

print()
if samples[("13", 1000, "gmenukit")] and samples[("5", 50, "gmenukit")]:
    palette, menu = median(samples[("13", 1000, "gmenukit")]), median(samples[("5", 50, "gmenukit")])
    print(f"Case 13, the command palette of an app with 1,000 commands opened to its first frame: {ms(palette)} ms,")
    print(f"against case 5's 50-item menu {ms(menu)} ms: {palette / menu:.2f} (at most 1 is the goal)")
    print()

print("Case 12, one keystroke of the command palette's search (words, prefixes, initials, a typo, ranked, best 50)")
print("against GTK's GtkFilterListModel with a GtkStringFilter (substring, ignoring case) over the same strings:")
print(row(["case", "items", "GMenuKit ms", "GTK filter ms", "", "GMenuKit/GTK", "", "", "samples"]))
for items in sorted({key[1] for key in samples if key[0] == "12"}):
    med = {side: median(samples[("12", items, side)]) for side in ("gmenukit", "c") if samples[("12", items, side)]}
    if len(med) < 2:
        continue
    print(row(["12 search", f"{items:,}", ms(med["gmenukit"]), ms(med["c"]), "", f"{med['gmenukit'] / med['c']:.2f}",
               "", "", len(samples[("12", items, "gmenukit")])]))
print()

print("Case 9, a list's context menu opened by a secondary click on a row of a GtkListView, to its first frame")
print("(GMenuKit's ContextMenu(for:) against the same by hand in C; the cost must not grow with the list):")
print(row(["case", "items", "GMenuKit ms", "C ms", "", "GMenuKit/C", "", "", "runs"]))
list_medians = {}
for items in sorted({key[1] for key in samples if key[0] == "9"}):
    med = {side: median(samples[("9", items, side)]) for side in ("gmenukit", "c") if samples[("9", items, side)]}
    if len(med) < 2:
        continue
    list_medians[items] = med
    print(row(["9 list menu", f"{items:,}", ms(med["gmenukit"]), ms(med["c"]), "", f"{med['gmenukit'] / med['c']:.2f}",
               "", "", len(samples[("9", items, "gmenukit")])]))
if 10 in list_medians and 100000 in list_medians:
    for side, name in (("gmenukit", "GMenuKit"), ("c", "C")):
        print(f"  {name}: 100,000 items / 10 items = {list_medians[100000][side] / list_medians[10][side]:.2f}")

if any(key[0].startswith("10") for key in samples):
    print()
    print("Case 10, a menu of N generated items opened to its first frame (from making the popover). GMenuKit:")
    print("a plain ForEach, no style (10: past 50 entries a scrolling list on its own), or .menuListStyle(.items)")
    print("(10-items: GTK's own items); C: a GtkPopoverMenu from a GMenu of N items (capped at 1,000: see")
    print("scripts/bench.sh). Ratio: to GMenuKit's 50-item menu (ordinary items); 10 must stay within 1.5.")
    print(row(["case", "items", "GMenuKit ms", "C ms", "", "to GMK 50", "GMenuKit/C", "", "runs"]))
    base = samples.get(("10", 50, "gmenukit"))
    base = median(base) if base else None
    for case in ("10", "10-items", "10-scrolling"):
        for items in sorted({key[1] for key in samples if key[0] == case}):
            ours = median(samples[(case, items, "gmenukit")])
            theirs = samples.get(("10", items, "c"))
            theirs = median(theirs) if theirs else None
            print(row([case, f"{items:,}", ms(ours), ms(theirs) if theirs else "not run", "",
                       f"{ours / base:.2f}" if base else "", f"{ours / theirs:.2f}" if theirs else "", "",
                       len(samples[(case, items, "gmenukit")])]))

if any(key[0].startswith("11-") for key in samples):
    print()
    print("Case 11, a test's headless step (GMenuKitTesting, no display): a fresh InspectedMenu rendered, an item")
    print("found by path and activated, against RenderedMenu making the same menu for GTK (case 1's items as a")
    print("submenu beside a submenu of ten); then finding that item again (its path's levels hold 12 items, the")
    print("rest lies outside it), and finding the last item of the big submenu (its level holds them all).")
    print(row(["", "items", "headless ms", "GTK render ms", "find ms", "headless/GTK", "find/GTK render", "find deep ms", "runs"]))
    for items in sorted({key[1] for key in samples if key[0] == "11-inspect"}):
        med = {c: median(samples[(c, items, "gmenukit")]) for c in ("11-inspect", "11-gtk-render", "11-find", "11-find-deep")}
        print(row(["11", f"{items:,}", ms(med["11-inspect"]), ms(med["11-gtk-render"]), ms(med["11-find"]),
                   f"{med['11-inspect'] / med['11-gtk-render']:.2f}", f"{med['11-find'] / med['11-gtk-render']:.4f}",
                   ms(med["11-find-deep"]), len(samples[("11-inspect", items, "gmenukit")])]))

print()
print(f"Peak memory building case 1 at 100,000 items, a fresh process each (median of {rounds}):")
print(row(["", "", "GMenuKit MB", "C MB", "PyGObject MB", "GMenuKit/C", "GMenuKit/PyGObject"]))
peak = {side: median([p for p, _ in peaks[side]]) / 1024 for side in peaks}
growth = {side: median([p - b for p, b in peaks[side]]) / 1024 for side in peaks}
for label, value in (("peak RSS", peak), ("RSS growth", growth)):
    print(row([label, "100,000", f"{value['gmenukit']:.1f}", f"{value['c']:.1f}", f"{value['pygobject']:.1f}",
               f"{value['gmenukit'] / value['c']:.2f}", f"{value['gmenukit'] / value['pygobject']:.2f}"]))
print("  (RSS growth: peak minus the RSS the process had before it made the menu's data.)")
print()
print(f"Runs: the median is over all runs of {rounds} rounds; at 100,000 items each process times one build or")
print(f"teardown, so those rows rest on {rounds} runs per side; changes and smaller menus time more runs per process")
print(f"(the runs column). 2 label, objects: the items are @Observable objects; C and PyGObject as in 2 label.")
print()
print("Swift concurrency on the GLib main loop (MainLoopBridge) against g_idle_add doing the same hop, microseconds:")
print(row(["hop", "samples", "median us", "worst us", "g_idle median", "g_idle worst", "median ratio", "worst ratio"]))
for kind, baseline, label in (("task-main-actor", "g_idle_add-main", "Task @MainActor"),
                              ("mainactor-run-background", "g_idle_add-background", "MainActor.run bg")):
    if kind in latency and baseline in latency:
        (m, w, n), (bm, bw, _) = latency[kind], latency[baseline]
        print(row([label, n, f"{m:.2f}", f"{w:.1f}", f"{bm:.2f}", f"{bw:.1f}", f"{m / bm:.2f}", f"{w / bw:.2f}"]))
if idle:
    print(f"Idle 2-second g_main_loop_run, main thread's voluntary context switches (median of {rounds}): "
          f"with the bridge {median(idle['with'])}, without {median(idle['without'])} "
          f"(the quitting timeout itself is one).")
print(f"Case 5 runs under a private Xvfb (GTK's GL renderer on Mesa). Took {elapsed} s.")
PYTHON
