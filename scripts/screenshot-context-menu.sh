#!/usr/bin/env bash
# Saves what a person sees when they open a context menu on a list with a real secondary click:
# runs the test that does it under a private X server and writes OUT.png.
#
#   scripts/screenshot-context-menu.sh [OUT.png]     (default screenshots/context-menu.png)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-screenshots/context-menu.png}")
mkdir -p "$(dirname "$out")"
swift build --build-tests ${SWIFT_FLAGS:-}
GMENUKIT_CONTEXT_MENU_SCREENSHOT="$out" GTK_A11Y=none NO_AT_BRIDGE=1 G_DEBUG=fatal-criticals SWIFT_BACKTRACE=enable=no \
  scripts/with-display.sh swift test --skip-build --disable-swift-testing ${SWIFT_FLAGS:-} \
  --filter ContextMenuScreenshot
[ -s "$out" ] || { echo "error: no screenshot was written to $out" >&2; exit 1; }
echo "saved $out"
