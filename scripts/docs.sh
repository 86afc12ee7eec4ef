#!/usr/bin/env bash
# Builds GMenuKit's documentation with the toolchain's own tools, and fails when a public
# symbol has no documentation comment:
#   swift build                   the module, and the C modules it imports
#   swift-symbolgraph-extract     its public symbols, with their comments
#   scripts/check-docs.py         every public symbol documented
#   docc convert                  the catalog (Sources/GMenuKit/GMenuKit.docc) and the symbols
# into .build/docs/GMenuKit.doccarchive (a static site: `docc preview` or any web server).
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
toolchain=$(dirname "$(command -v "$swift")")
graphs=.build/symbol-graphs
output=.build/docs/GMenuKit.doccarchive

$swift build --target GMenuKit ${SWIFT_FLAGS:-}
bin=$($swift build --show-bin-path ${SWIFT_FLAGS:-})
triple=$("$swift" -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')

rm -rf "$graphs" && mkdir -p "$graphs"
# GMenuKit imports GTK through CGtk (a module map and pkg-config's include paths) and its three
# C targets, whose module maps SwiftPM writes into the build directory.
gtk_includes=()
for flag in $(pkg-config --cflags-only-I gtk4); do gtk_includes+=(-Xcc "$flag"); done
"$toolchain/swift-symbolgraph-extract" -module-name GMenuKit -target "$triple" \
  -I "$bin/Modules" -I Sources/CGtk \
  -Xcc "-fmodule-map-file=$bin/CMenuObjects.build/module.modulemap" \
  -Xcc "-fmodule-map-file=$bin/CMainQueueBridge.build/module.modulemap" \
  -Xcc "-fmodule-map-file=$bin/CBuilderMarkup.build/module.modulemap" \
  "${gtk_includes[@]}" \
  -minimum-access-level public -skip-synthesized-members -output-dir "$graphs"

python3 scripts/check-docs.py "$graphs" GMenuKit

rm -rf "$output" && mkdir -p "$(dirname "$output")"
"$toolchain/docc" convert Sources/GMenuKit/GMenuKit.docc \
  --fallback-display-name GMenuKit --fallback-bundle-identifier org.gmenukit.GMenuKit \
  --additional-symbol-graph-dir "$graphs" --output-path "$output" --warnings-as-errors
echo "Documentation: $output"
