#!/usr/bin/env bash
# Builds GMenuKitCore and runs GMenuKitCoreTests where GTK cannot be found: a throwaway package
# in .build/core-only that holds only those targets (and the tests' shared content) (its folders are links to the real
# ones), built with pkg-config unable to answer and without a display. That it builds at all
# shows the core names no GTK, GLib or C module; that its tests pass shows planning and the
# guideline checks run without them. A second build of the core alone: about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
root=$PWD
package=.build/core-only

mkdir -p "$package/Sources" "$package/Tests"
ln -sfn "$root/Sources/GMenuKitCore" "$package/Sources/GMenuKitCore"
ln -sfn "$root/Tests/GMenuKitCoreTests" "$package/Tests/GMenuKitCoreTests"
ln -sfn "$root/Tests/MenuTestFixtures" "$package/Tests/MenuTestFixtures"
# SystemSymbolTests compares docs/Symbols.md with the table, found from its own source path.
ln -sfn "$root/docs" "$package/docs"
cat > "$package/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
// Written by scripts/test-core-without-gtk.sh: the core and its tests, and nothing else.
import PackageDescription

let package = Package(
    name: "GMenuKitCoreOnly",
    targets: [
        .target(name: "GMenuKitCore"),
        .target(name: "MenuTestFixtures", dependencies: ["GMenuKitCore"], path: "Tests/MenuTestFixtures"),
        .testTarget(name: "GMenuKitCoreTests", dependencies: ["GMenuKitCore", "MenuTestFixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT

# No pkg-config (a lookup fails), no search path for it, no display.
without_gtk=(env -u DISPLAY -u WAYLAND_DISPLAY PKG_CONFIG=/bin/false PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR=/nonexistent)
"${without_gtk[@]}" "$swift" build --build-tests --package-path "$package"
"${without_gtk[@]}" SWIFT_BACKTRACE=enable=no "$swift" test --skip-build --disable-swift-testing --package-path "$package"
