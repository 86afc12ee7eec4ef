#!/usr/bin/env bash
# Saves what a person sees when they open MenuShowcase's menu: starts the showcase on $DISPLAY,
# opens the "Note" menu with a real click on its button, saves OUT.png, opens the "Open Recent"
# submenu from the keyboard, saves OUT-submenu.png, then quits the showcase.
#
#   scripts/screenshot-showcase.sh BINARY OUT.png     (run it under scripts/with-display.sh)
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 BINARY OUT.png" >&2
  exit 2
fi
binary=$1
out=$2
submenu_out="${out%.png}-submenu.png"
: "${DISPLAY:?no DISPLAY: run this under scripts/with-display.sh}"

# The menu button is the first widget of the header bar: its middle, from the window's corner.
button_x=${SHOWCASE_BUTTON_X:-40}
button_y=${SHOWCASE_BUTTON_Y:-26}
# A change of fewer pixels than this means the click or key press opened nothing.
min_changed_pixels=20000

work=$(mktemp -d)
app_log="$work/showcase.log"
app_pid=
cleanup() {
  if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
    kill "$app_pid" 2>/dev/null || true
    wait "$app_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "error: $*" >&2
  if [ -s "$app_log" ]; then
    echo "--- showcase output ---" >&2
    cat "$app_log" >&2
  fi
  exit 1
}

app_is_running() { kill -0 "$app_pid" 2>/dev/null; }

# Pixels that differ between two screenshots, as a whole number (compare may print 1.2e+05).
changed_pixels() {
  { compare -metric AE "$1" "$2" null: 2>&1 || true; } | awk '{ printf "%d\n", $1 }'
}

# Waits until the screen stops changing (animations, first frames), at most about 3 seconds.
wait_until_still() {
  local previous="$work/still-a.png" current="$work/still-b.png"
  import -window root "$previous"
  for _ in $(seq 15); do
    sleep 0.2
    import -window root "$current"
    [ "$(changed_pixels "$previous" "$current")" = "0" ] && return 0
    mv "$current" "$previous"
  done
}

# The showcase needs no accessibility bus or D-Bus session.
GTK_A11Y=none NO_AT_BRIDGE=1 "$binary" >"$app_log" 2>&1 &
app_pid=$!

window=$(timeout 20 xdotool search --sync --onlyvisible --name '^Notes$' 2>/dev/null | head -n 1) \
  || fail "the showcase window did not appear within 20 seconds"
[ -n "$window" ] || fail "the showcase window did not appear within 20 seconds"
wait_until_still
app_is_running || fail "the showcase exited early"

# A real click: move the pointer onto the button first, as a hand would.
before="$work/before.png"
import -window root "$before"
xdotool mousemove --window "$window" "$button_x" "$button_y"
sleep 0.2
xdotool click 1
wait_until_still
mkdir -p "$(dirname "$out")"
import -window root "$out"
changed=$(changed_pixels "$before" "$out")
[ "$changed" -ge "$min_changed_pixels" ] \
  || fail "the click at ($button_x, $button_y) in the window opened no menu (only $changed pixels changed)"
echo "saved $out"

# "Open Recent" is the menu's first item, which the open menu has selected; Return opens it.
xdotool key Return
wait_until_still
import -window root "$submenu_out"
changed=$(changed_pixels "$out" "$submenu_out")
[ "$changed" -ge "$min_changed_pixels" ] || fail "Return opened no submenu (only $changed pixels changed)"
echo "saved $submenu_out"

# Close the menu, then quit the way a person would. Without a window manager nobody gives the
# window its keyboard focus back when the menu closes: a click in the activity log (the right
# column) does.
xdotool key Escape
sleep 0.3
window_geometry=$(xdotool getwindowgeometry --shell "$window")
width=$(sed -n 's/^WIDTH=//p' <<<"$window_geometry")
height=$(sed -n 's/^HEIGHT=//p' <<<"$window_geometry")
xdotool mousemove --window "$window" $((width - 120)) $((height / 2)) click 1
sleep 0.3
xdotool key ctrl+q
for _ in $(seq 50); do
  app_is_running || break
  sleep 0.1
done
app_is_running && fail "the showcase did not quit on Ctrl+Q"
status=0
wait "$app_pid" || status=$?
app_pid=
[ "$status" -eq 0 ] || fail "the showcase exited with status $status"
if grep -E "CRITICAL|WARNING|GMenuKit:" "$app_log" >&2; then
  echo "note: the showcase reported the lines above" >&2
fi

# Every other control, each in a run of its own: opened by the showcase once it is on screen
# (--open), or, for the menu bar, by F10 as a person would.
shot() {
  local name=$1 file=$2
  GTK_A11Y=none NO_AT_BRIDGE=1 "$binary" ${name:+--open "$name"} >"$app_log" 2>&1 &
  app_pid=$!
  window=$(timeout 20 xdotool search --sync --onlyvisible --name '^Notes$' 2>/dev/null | head -n 1) \
    || fail "the showcase window did not appear within 20 seconds"
  if [ -z "$name" ]; then
    wait_until_still
    xdotool windowfocus --sync "$window"
    xdotool key F10
  fi
  sleep 0.5
  wait_until_still
  import -window root "$file"
  echo "saved $file"
  kill "$app_pid" 2>/dev/null || true
  wait "$app_pid" 2>/dev/null || true
  app_pid=
}
dir=$(dirname "$out")
for control in add sort more share font-size repeat note-list scratch-pad; do
  shot "$control" "$dir/showcase-$control.png"
done
shot "" "$dir/showcase-menu-bar.png"
