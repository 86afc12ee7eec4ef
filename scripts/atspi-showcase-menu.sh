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
# The Makefile turns GTK's accessibility off for the other tests (GTK_A11Y=none, NO_AT_BRIDGE=1);
# it is turned back on here.
set -euo pipefail
showcase=$1
control=$2
button=$3
item=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
command -v dbus-run-session >/dev/null || { echo "error: dbus-run-session is missing (Debian: dbus, at-spi2-core); run scripts/install-deps.sh" >&2; exit 2; }
/usr/bin/python3 -c "import pyatspi" 2>/dev/null || { echo "error: python3-pyatspi is missing; run scripts/install-deps.sh" >&2; exit 2; }

if [ -z "${GMENUKIT_ATSPI_INNER:-}" ]; then
  # The bus and the daemons it starts write to standard output; only the items go there (fd 3).
  exec 3>&1 1>&2
  exec env GMENUKIT_ATSPI_INNER=1 dbus-run-session -- "$0" "$@"
fi
unset GTK_A11Y NO_AT_BRIDGE
export GTK_A11Y=atspi
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
