// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GMenuKit",
    products: [
        .library(name: "GMenuKit", targets: ["GMenuKit"]),
        // For an app's tests: menus read and acted on without a display, GTK's menus read back
        // through GIO, real input when wanted, text snapshots.
        .library(name: "GMenuKitTesting", targets: ["GMenuKitTesting"]),
        .executable(name: "MenuShowcase", targets: ["MenuShowcase"]),
        .executable(name: "gmenukit-lint", targets: ["GMenuKitLint"]),
        .executable(name: "ExampleNotepad", targets: ["ExampleNotepad"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // GMenuKit's own GAction and GActionGroup, in C: an action per item costs far less than
        // a GSimpleAction in a GSimpleActionGroup.
        // GLib's cast checks compiled out, as distributions build GTK 4 itself (Fedora's package,
        // `-DG_DISABLE_CAST_CHECKS`): the objects' own casts are of types already known (a build
        // made 9,000 of them, 2% of its instructions); every public function still checks its
        // arguments' types with `g_return_if_fail`.
        .target(name: "CMenuObjects", dependencies: ["CGtk"], cSettings: [.define("G_DISABLE_CAST_CHECKS")]),
        // Drains Swift's main queue (the main actor, DispatchQueue.main) from the GLib main loop.
        .target(name: "CMainQueueBridge", dependencies: ["CGtk"]),
        // Reads the menus of GtkBuilder XML with GMarkupParser, in C: a Swift callback per
        // element costs more than GtkBuilder's whole parse.
        .target(name: "CBuilderMarkup", dependencies: ["CGLib"]),
        // GLib and GIO alone: the GtkBuilder reader needs no GTK.
        .systemLibrary(name: "CGLib", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // The layers, lowest first; a layer sees only those below it (ARCHITECTURE.md).
        // Content, resolution, state, identities, planning and guideline checks: no GTK, no GLib.
        .target(name: "GMenuKitCore"),
        // GtkBuilder menus read (and imported as content) on GLib alone.
        .target(name: "GMenuKitBuilder", dependencies: ["GMenuKitCore", "CGLib", "CBuilderMarkup"]),
        // What GTK shows: rendering, rows, controls, list menus, long lists.
        .target(name: "GMenuKitGTK", dependencies: ["GMenuKitCore", "GMenuKitBuilder", "CGtk", "CMenuObjects", "CMainQueueBridge"]),
        // The application: windows, commands, focused values.
        .target(name: "GMenuKitApp", dependencies: ["GMenuKitCore", "GMenuKitBuilder", "GMenuKitGTK", "CGtk", "CMenuObjects", "CMainQueueBridge"]),
        // What an app imports: every layer.
        .target(name: "GMenuKit", dependencies: ["GMenuKitCore", "GMenuKitBuilder", "GMenuKitGTK", "GMenuKitApp", "CGtk"]),
        // The testing library: above every layer, beside no app code.
        .target(name: "GMenuKitTesting", dependencies: ["GMenuKit", "GMenuKitCore", "GMenuKitBuilder", "GMenuKitGTK", "GMenuKitApp", "CGtk"]),
        .executableTarget(name: "MenuShowcase", dependencies: ["GMenuKit", "CGtk"]),
        // The menu linter for any GTK app's UI files: its engine, and the command.
        .target(name: "MenuLint", dependencies: ["GMenuKitCore", "GMenuKitBuilder"]),
        .executableTarget(name: "GMenuKitLint", dependencies: ["MenuLint"]),
        // The example document app: its windows, commands and documents (tested in-process),
        // and the executable that runs it. It imports GMenuKit only: GTK comes with it.
        .target(name: "NotepadApp", dependencies: ["GMenuKit"], resources: [.copy("Resources/window.ui")]),
        .executableTarget(name: "ExampleNotepad", dependencies: ["NotepadApp"]),
        // Realistic menus shared by the tests and the benchmark.
        .target(name: "MenuFixtures", dependencies: ["GMenuKit"]),
        .executableTarget(name: "MenuBenchmark", dependencies: ["GMenuKit", "GMenuKitTesting", "MenuFixtures", "CGtk", "CMainQueueBridge"]),
        // The Swift blocks of README.md and the DocC catalog, compiled (DocumentationExampleTests
        // checks that every block is here).
        .target(name: "DocumentationExamples", dependencies: ["GMenuKit", "CGtk"], path: "Tests/DocumentationExamples"),
        // A GtkTreeView for the tests, built in C where GTK 4.10's deprecation warnings are silenced.
        .target(name: "CTreeViewFixtures", dependencies: ["CGtk"], path: "Tests/CTreeViewFixtures"),
        .testTarget(name: "GMenuKitTests", dependencies: ["GMenuKit", "GMenuKitTesting", "CGtk", "CMenuObjects", "CMainQueueBridge", "MenuFixtures", "DocumentationExamples", "MenuLint", "NotepadApp", "CTreeViewFixtures", "MenuTestFixtures"]),
        // Planning and the guideline checks tested on the core alone: no GTK, no display
        // (scripts/test-core-without-gtk.sh builds it where GTK cannot be found).
        .testTarget(name: "GMenuKitCoreTests", dependencies: ["GMenuKitCore", "MenuTestFixtures"]),
        // Content both test targets build, on the core alone.
        .target(name: "MenuTestFixtures", dependencies: ["GMenuKitCore"], path: "Tests/MenuTestFixtures"),
        // The testing library's own tests: without a display (make test runs them with DISPLAY unset).
        .testTarget(name: "GMenuKitTestingTests", dependencies: ["GMenuKit", "GMenuKitTesting"]),
        // The example app's tests as an app developer writes them, with GMenuKitTesting alone:
        // no display, no GTK main loop (make test runs them with DISPLAY unset).
        .testTarget(name: "ExampleNotepadTests", dependencies: ["NotepadApp", "GMenuKit", "GMenuKitTesting", "CGtk"]),
        // Random misuse of the public API alone, for a fixed number of iterations.
        .testTarget(name: "GMenuKitAbuseTests", dependencies: ["GMenuKit", "CGtk"]),
    ],
    swiftLanguageModes: [.v6]
)
