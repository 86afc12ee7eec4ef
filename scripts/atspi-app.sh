#!/usr/bin/env bash
# Runs a program with GTK's accessibility (AT-SPI) on, on a D-Bus session bus of its own, and
# reads its whole accessible tree as a screen reader does, with real input between readings
# (scripts/atspi-controls.py).
#
#   scripts/atspi-app.sh PROGRAM [ARGUMENT...] -- STEP...    (needs an X display)
#
# STEP is what atspi-controls.py takes: read, click:NAME, open:NAME, key:KEYS. One JSON line is
# printed per step (the session: scripts/atspi-session.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/atspi-session.sh" "$0" "$@"
program=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do program+=("$1"); shift; done
[ $# -gt 0 ] && shift
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
