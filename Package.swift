// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GMenuKit",
    products: [
        .library(name: "GMenuKit", targets: ["GMenuKit"]),
        .executable(name: "MenuShowcase", targets: ["MenuShowcase"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .target(name: "GMenuKit", dependencies: ["CGtk"]),
        .executableTarget(name: "MenuShowcase", dependencies: ["GMenuKit", "CGtk"]),
        // Realistic menus shared by the tests and the benchmark.
        .target(name: "MenuFixtures", dependencies: ["GMenuKit"]),
        .executableTarget(name: "MenuBenchmark", dependencies: ["GMenuKit", "MenuFixtures", "CGtk"]),
        .testTarget(name: "GMenuKitTests", dependencies: ["GMenuKit", "CGtk", "MenuFixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
