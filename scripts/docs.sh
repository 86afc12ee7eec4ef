#!/usr/bin/env bash
# Builds GMenuKit's documentation with the toolchain's own tools, and fails when a public
# symbol has no documentation comment:
#   scripts/symbol-graphs.sh      the module and its public symbols, with their comments: the
#                                 umbrella GMenuKit with the layers it re-exports, so that the
#                                 catalog's links name symbols as an app does (``Menu``)
#   scripts/check-docs.py         every public symbol documented
#   docc convert                  the catalog (Sources/GMenuKit/GMenuKit.docc) and the symbols
# into .build/docs/GMenuKit.doccarchive (a static site: `docc preview` or any web server).
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
toolchain=$(dirname "$(command -v "$swift")")
graphs=.build/symbol-graphs
output=.build/docs/GMenuKit.doccarchive

scripts/symbol-graphs.sh "$graphs"
python3 scripts/check-docs.py "$graphs" GMenuKit

rm -rf "$output" && mkdir -p "$(dirname "$output")"
"$toolchain/docc" convert Sources/GMenuKit/GMenuKit.docc \
  --fallback-display-name GMenuKit --fallback-bundle-identifier org.gmenukit.GMenuKit \
  --additional-symbol-graph-dir "$graphs" --output-path "$output" --warnings-as-errors
echo "Documentation: $output"
