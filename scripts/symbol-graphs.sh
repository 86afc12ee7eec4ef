#!/usr/bin/env bash
# Builds a product's module and writes the symbol graphs of what importing it makes public
# into DIRECTORY, with the toolchain's own swift-symbolgraph-extract:
#   scripts/symbol-graphs.sh DIRECTORY [GMenuKit|GMenuKitTesting]
# GMenuKit (the default): the layers' symbols are those of the umbrella module, which
# re-exports them, so a symbol's path is what an app writes (``Menu``, not
# ``GMenuKitCore/Menu``). GMenuKitTesting: the testing library's own symbols. Used by
# scripts/docs.sh and scripts/public-api.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

directory=${1:?usage: scripts/symbol-graphs.sh DIRECTORY [GMenuKit|GMenuKitTesting]}
module=${2:-GMenuKit}
reexported=()
[ "$module" = GMenuKit ] && reexported=(-experimental-allowed-reexported-modules=GMenuKitCore,GMenuKitBuilder,GMenuKitGTK,GMenuKitApp)
swift=${SWIFT:-swift}
toolchain=$(dirname "$(command -v "$swift")")

# The build's output only when it fails, so that a check's diff is what one reads.
if ! log=$($swift build --target "$module" ${SWIFT_FLAGS:-} 2>&1); then
  echo "$log" >&2
  exit 1
fi
bin=$($swift build --show-bin-path ${SWIFT_FLAGS:-})
triple=$("$swift" -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')

rm -rf "$directory" && mkdir -p "$directory"
# The layers import GTK through CGtk and GLib through CGLib (module maps and pkg-config's
# include paths) and three C targets, whose module maps SwiftPM writes into the build directory.
gtk_includes=()
for flag in $(pkg-config --cflags-only-I gtk4); do gtk_includes+=(-Xcc "$flag"); done
"$toolchain/swift-symbolgraph-extract" -module-name "$module" -target "$triple" "${reexported[@]}" \
  -I "$bin/Modules" -I Sources/CGtk -I Sources/CGLib \
  -Xcc "-fmodule-map-file=$bin/CMenuObjects.build/module.modulemap" \
  -Xcc "-fmodule-map-file=$bin/CMainQueueBridge.build/module.modulemap" \
  -Xcc "-fmodule-map-file=$bin/CBuilderMarkup.build/module.modulemap" \
  "${gtk_includes[@]}" \
  -minimum-access-level public -skip-synthesized-members -output-dir "$directory"
