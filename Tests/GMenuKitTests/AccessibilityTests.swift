import CGtk
import Foundation
import XCTest

/// What a screen reader hears of GMenuKit's rows, read through the real accessibility bus
/// (AT-SPI) as Orca reads it: the showcase runs in a child process with GTK's AT-SPI backend on,
/// on a D-Bus session bus of its own (`dbus-run-session`), and `scripts/atspi-menu-items.py`
/// (python3-pyatspi) reads its open menu. The rest of the suite runs with GTK_A11Y=none.
final class AccessibilityTests: GtkTestCase {
    /// Every item of the showcase's Note menu is heard as the same item drawn by GTK is: the
    /// rows (icons beside labels, subtitles, items that keep the menu open) against the same
    /// menu with every item GTK's own (`--open note-gtk`).
    func testEveryNoteMenuItemIsHeardAsGTKsOwnItem() throws {
        let rows = try Self.menuItems(opening: "note", button: "Note")
        let gtk = try Self.menuItems(opening: "note-gtk", button: "Note")
        XCTAssertEqual(rows.map(\.name), gtk.map(\.name), "the same items, in the same order")
        XCTAssertGreaterThan(rows.count, 15, "the whole Note menu was read: \(rows.map(\.name))")
        for (row, item) in zip(rows, gtk) where row.name == item.name {
            XCTAssertEqual(row.role, Self.expectedRole(ofGTKItem: item, row: row), "the role of '\(row.name)'")
            XCTAssertEqual(row.states, item.states, "the states of '\(row.name)'")
            let subtitle = row.name == "Undo Typing" ? "Brings back the text as it was before your last edit" : item.description
            XCTAssertEqual(row.description, subtitle, "the description of '\(row.name)': its subtitle, or what GTK says")
        }
        // The items GMenuKit draws itself are among them, and none is heard as a button.
        let byName = Dictionary(rows.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(byName["Undo Typing"]?.role, "menu item")
        XCTAssertEqual(byName["Redo"]?.states.contains("sensitive"), false, "a disabled row is heard as unavailable")
        XCTAssertEqual(byName["Bold"]?.role, "check menu item", "a check row is a menu item checkbox")
        XCTAssertEqual(byName["Bold"]?.states.contains("checked"), true, "Bold is on in the showcase")
        XCTAssertEqual(byName["Italic"]?.states.contains("checked"), false)
        XCTAssertEqual(byName["Increase"]?.role, "menu item", "a stepper's buttons are menu items, as GTK's iconic items are")
        XCTAssertFalse(rows.contains { ["push button", "check box", "radio button", "toggle button"].contains($0.role) },
                       "no row is heard as a button: \(rows.filter { $0.role.hasSuffix("button") || $0.role == "check box" })")
        XCTAssertFalse(rows.contains { $0.name.hasPrefix("Gtk") }, "no row is named by its type")
    }

    /// A slider row is heard as a slider named by its label, with its value and bounds.
    func testASliderRowIsHeardWithItsValueAndBounds() throws {
        let items = try Self.menuItems(opening: "font-size", button: "Font Size")
        guard let slider = items.first(where: { $0.role == "slider" }) else {
            return XCTFail("no slider in the Font Size menu: \(items)")
        }
        XCTAssertEqual(slider.name, "Line Spacing")
        XCTAssertEqual(slider.value?.first ?? -1, 1, accuracy: 1e-9, "lower bound")
        XCTAssertEqual(slider.value?.last ?? -1, 2, accuracy: 1e-9, "upper bound")
        XCTAssertTrue((1...2).contains(slider.value?[1] ?? -1), "the value lies within: \(slider)")
    }

    /// GTK 4.8's model buttons ask for the menu item checkbox and radio roles
    /// (gtkmodelbutton.c, `update_at_context`) after their AT context exists, and AT-SPI goes on
    /// reporting the plain menu item role they were made with. Rows are made with the role
    /// GTK asks for; where GTK's own items lose it, that is the one difference allowed.
    static func expectedRole(ofGTKItem item: AccessibleItem, row: AccessibleItem) -> String {
        if item.role == "menu item", ["check menu item", "radio menu item"].contains(row.role),
           gtk_get_minor_version() < 10 {
            return row.role
        }
        return item.role
    }

    /// One item as AT-SPI reports it (`description` is the accessible description).
    struct AccessibleItem: Decodable {
        let role: String
        let name: String
        let description: String
        let states: [String]
        /// A value control's lower bound, value and upper bound.
        let value: [Double]?
    }

    /// The items of the main page of `button`'s menu, opened by `MenuShowcase --open CONTROL`,
    /// as AT-SPI reports them.
    static func menuItems(opening control: String, button: String) throws -> [AccessibleItem] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // The test bundle runs as .build/<triple>/debug/GMenuKitPackageTests.xctest, beside the showcase.
        let showcase = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("MenuShowcase")
        guard FileManager.default.isExecutableFile(atPath: showcase.path) else {
            throw Unavailable("no MenuShowcase beside the tests at \(showcase.path): build with swift build --build-tests")
        }
        for tool in ["/usr/bin/dbus-run-session", "/usr/bin/python3", "/usr/libexec/at-spi-bus-launcher"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            throw Unavailable("\(tool) is missing: the accessibility tests start their own D-Bus session and AT-SPI bus; install dbus, at-spi2-core and python3-pyatspi (scripts/install-deps.sh)")
        }
        let process = Process()
        process.executableURL = root.appendingPathComponent("scripts/atspi-showcase-menu.sh")
        process.arguments = [showcase.path, control, button]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Unavailable("reading the \(control) menu through AT-SPI failed (\(process.terminationStatus)):\n\(errorText)")
        }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            try JSONDecoder().decode(AccessibleItem.self, from: Data($0.utf8))
        }
    }
}

/// Why the accessibility bus could not be read: a failure of the test, never a skip.
struct Unavailable: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
