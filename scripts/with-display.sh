#!/usr/bin/env bash
# Runs a command with an X display: the current one if it answers, otherwise a private Xvfb
# server that lives only as long as the command.
set -euo pipefail

if [ -n "${DISPLAY:-}" ] && xdpyinfo >/dev/null 2>&1; then
  exec "$@"
fi

fifo=$(mktemp -u)
mkfifo "$fifo"
exec 3<>"$fifo"
rm -f "$fifo"
Xvfb -displayfd 3 -screen 0 1440x960x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
trap 'kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true' EXIT
if ! read -r -t 20 display_number <&3; then
  echo "error: Xvfb did not start within 20 seconds" >&2
  exit 1
fi
exec 3>&-
export DISPLAY=":$display_number"
"$@"
