import Foundation

/// Runs a program of the package's under an accessibility bus of its own, through one of the
/// scripts that read it as a screen reader does (`scripts/atspi-*.sh`), and returns what the
/// script printed. The program is built beside the tests.
enum AccessibilityBus {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `script` run with `program`'s path first, then `arguments`.
    /// `environment`: variables set for the script and the program, beside the test's own.
    static func run(_ script: String, program: String, arguments: [String], environment: [String: String] = [:]) throws -> String {
        // The test bundle runs as .build/<triple>/debug/GMenuKitPackageTests.xctest, beside the programs.
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent(program)
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw Unavailable("no \(program) beside the tests at \(binary.path): build with swift build --build-tests")
        }
        for tool in ["/usr/bin/dbus-run-session", "/usr/bin/python3", "/usr/libexec/at-spi-bus-launcher"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            throw Unavailable("\(tool) is missing: the accessibility tests start their own D-Bus session and AT-SPI bus; install dbus, at-spi2-core and python3-pyatspi (scripts/install-deps.sh)")
        }
        let process = Process()
        process.executableURL = root.appendingPathComponent("scripts/\(script)")
        process.arguments = [binary.path] + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Unavailable("\(script) \(program) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)):\n\(errorText)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Why the accessibility bus could not be read: a failure of the test, never a skip.
struct Unavailable: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
