#!/usr/bin/env bash
# Opens one of the showcase's menus with GTK's accessibility (AT-SPI) on, on a D-Bus session
# bus of its own, and prints its items as a screen reader hears them (scripts/atspi-menu-items.py).
#
#   scripts/atspi-showcase-menu.sh MENUSHOWCASE CONTROL BUTTON [ITEM]    (needs an X display)
#
# CONTROL is what MenuShowcase --open takes (note, note-gtk, …); BUTTON the accessible name of
# the menu button whose menu is read ("Note"). With ITEM (a label of that menu, "Bold"), the
# items are read, ITEM's action is activated while the menu stays open (MenuShowcase
# --activate-on-usr1), and the items are read again after a line `---`.
#
# The session and GTK's accessibility: scripts/atspi-session.sh.
set -euo pipefail
showcase=$1
control=$2
button=$3
item=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/atspi-session.sh" "$0" "$@"
extra=() signal=()
[ -n "$item" ] && { extra=(--activate-on-usr1 "$item"); signal=(--signal); }
"$showcase" --open "$control" "${extra[@]}" >/dev/null 2>"${TMPDIR:-/tmp}/atspi-showcase.$$.log" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -f "${TMPDIR:-/tmp}/atspi-showcase.$$.log"' EXIT
status=0
/usr/bin/python3 "$here/atspi-menu-items.py" "$pid" "$button" 40 "${signal[@]}" >&3 || status=$?
if [ $status -ne 0 ]; then
  echo "--- the showcase's standard error:" >&2
  cat "${TMPDIR:-/tmp}/atspi-showcase.$$.log" >&2 || true
fi
exit $status
