#!/usr/bin/env bash
# Runs a program with GTK's accessibility (AT-SPI) on, on a D-Bus session bus of its own, and
# reads its whole accessible tree as a screen reader does, with real input between readings
# (scripts/atspi-controls.py).
#
#   scripts/atspi-app.sh PROGRAM [ARGUMENT...] -- STEP...    (needs an X display)
#
# STEP is what atspi-controls.py takes: read, click:NAME, open:NAME, key:KEYS. One JSON line is
# printed per step. The Makefile turns GTK's accessibility off for the other tests
# (GTK_A11Y=none, NO_AT_BRIDGE=1); it is turned back on here.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v dbus-run-session >/dev/null || { echo "error: dbus-run-session is missing (Debian: dbus, at-spi2-core); run scripts/install-deps.sh" >&2; exit 2; }
/usr/bin/python3 -c "import pyatspi" 2>/dev/null || { echo "error: python3-pyatspi is missing; run scripts/install-deps.sh" >&2; exit 2; }

if [ -z "${GMENUKIT_ATSPI_INNER:-}" ]; then
  # The bus and the daemons it starts write to standard output; only the readings go there (fd 3).
  exec 3>&1 1>&2
  exec env GMENUKIT_ATSPI_INNER=1 dbus-run-session -- "$0" "$@"
fi
program=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do program+=("$1"); shift; done
[ $# -gt 0 ] && shift
unset GTK_A11Y NO_AT_BRIDGE
export GTK_A11Y=atspi
log="${TMPDIR:-/tmp}/atspi-app.$$.log"
"${program[@]}" >/dev/null 2>"$log" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -f "$log"' EXIT
status=0
/usr/bin/python3 "$here/atspi-controls.py" "$pid" "$@" >&3 || status=$?
if [ $status -ne 0 ]; then
  echo "--- the program's standard error:" >&2
  cat "$log" >&2 || true
fi
exit $status
