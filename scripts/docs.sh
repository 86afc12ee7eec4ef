#!/usr/bin/env bash
# Builds the documentation of GMenuKit and of GMenuKitTesting with the toolchain's own tools,
# and fails when a public symbol has no documentation comment:
#   scripts/symbol-graphs.sh      the module and its public symbols, with their comments: the
#                                 umbrella GMenuKit with the layers it re-exports, so that the
#                                 catalog's links name symbols as an app does (``Menu``)
#   scripts/check-docs.py         every public symbol documented
#   docc convert                  the catalog (Sources/GMenuKit/GMenuKit.docc) and the symbols
# into .build/docs/GMenuKit.doccarchive and .build/docs/GMenuKitTesting.doccarchive (static
# sites: `docc preview` or any web server); the testing library's catalog is
# Sources/GMenuKitTesting/GMenuKitTesting.docc.
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
toolchain=$(dirname "$(command -v "$swift")")
for module in GMenuKit GMenuKitTesting; do
  graphs=.build/symbol-graphs/$module
  output=.build/docs/$module.doccarchive
  scripts/symbol-graphs.sh "$graphs" "$module"
  python3 scripts/check-docs.py "$graphs" "$module"
  rm -rf "$output" && mkdir -p "$(dirname "$output")"
  "$toolchain/docc" convert "Sources/$module/$module.docc" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.gmenukit.$module" \
    --additional-symbol-graph-dir "$graphs" --output-path "$output" --warnings-as-errors
  echo "Documentation: $output"
done
