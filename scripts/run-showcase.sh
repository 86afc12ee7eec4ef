#!/usr/bin/env bash
# Opens MenuShowcase on the current display, or explains how to see it without one.
set -euo pipefail
binary=$1

if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  cat >&2 <<'MSG'
No display to open the showcase on (neither DISPLAY nor WAYLAND_DISPLAY is set).
To see it anyway:
  make screenshot          opens it under a private Xvfb server, opens its menu and
                           saves screenshots/showcase.png
  ssh -X, or a desktop     run `make run` again where a display is available
MSG
  exit 2
fi
exec "$binary"
