import CGtk
import Foundation
import XCTest

/// Real pointer and keyboard input through xdotool (XTEST), as a person would give it.
enum XInput {
    /// Runs xdotool and waits for it; GTK sees the events on its next main-loop turns.
    @discardableResult
    static func xdotool(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool"] + arguments
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            XCTFail("xdotool could not run: \(error)", file: file, line: line)
            return ""
        }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "xdotool \(arguments.joined(separator: " "))", file: file, line: line)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Gives keyboard focus to the X window titled `title` (there is no window manager to do it).
    static func focusWindow(titled title: String) {
        let window = xdotool("search", "--sync", "--name", "^\(title)$")
        xdotool("windowfocus", "--sync", String(window.split(separator: "\n").first ?? ""))
    }

    /// Turns the main loop until `condition` holds or a generous bound passes. The bound only
    /// stops a broken test from hanging; no assertion depends on how long it took.
    static func runMainLoop(until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(10)
        while !condition() && Date() < deadline {
            g_main_context_iteration(nil, 0)
            g_usleep(2_000)
        }
    }
}
