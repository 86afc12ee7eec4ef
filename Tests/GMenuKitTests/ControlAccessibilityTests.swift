import CGtk
import Foundation
import XCTest

/// What a screen reader hears of the controls that open menus and of buttons bound to commands,
/// read through AT-SPI as Orca reads it, with real clicks and keys (xdotool) between readings:
/// the showcase and the example app run in a child process with GTK's AT-SPI backend on, on a
/// D-Bus session of their own (`scripts/atspi-app.sh`, `scripts/atspi-controls.py`).
final class ControlAccessibilityTests: GtkTestCase {
    /// The showcase's controls: each named by what a person sees or by its menu's title, each
    /// saying it opens a menu, and nothing in the whole tree named by a GTK type (GTK 4.8 names
    /// what nobody named by its type: "GtkMenuButton", "GtkImage", "GtkPopoverMenuBar").
    func testEveryShowcaseControlIsNamedAndSaysItOpensAMenu() throws {
        let readings = try Self.read(program: "MenuShowcase", steps: ["read"])
        let tree = try XCTUnwrap(readings.first?.nodes)
        Self.assertNoTypeNames(readings)
        Self.assertEveryControlIsNamed(readings)

        let menuButtons = ["Add", "Sort", "Share Menu", "Font Size", "Actions", "Ice Cream Order", "Repeat: Never",
                           "History", "Note", "More"]
        for name in menuButtons {
            let focusable = tree.filter { $0.name == name && $0.isButton && $0.states.contains("focusable") }
            XCTAssertFalse(focusable.isEmpty, "a focusable button named '\(name)': \(Self.buttons(in: tree))")
            for button in focusable {
                XCTAssertTrue(button.states.contains("expandable"), "'\(name)' says it opens something: \(button.states)")
                XCTAssertFalse(button.states.contains("expanded"), "'\(name)' is closed: \(button.states)")
                if gtk_get_minor_version() >= 18 {
                    // GTK 4.8's AT-SPI bridge has no has-popup state (gtkatspicontext.c, collect_states).
                    XCTAssertTrue(button.hasPopup, "'\(name)' has a popup: \(button.states)")
                }
            }
        }
        // The split button's action performs it: a plain button, named by the menu's title.
        let share = tree.filter { $0.name == "Share" && $0.isButton }
        XCTAssertEqual(share.count, 1, "the split button's action: \(Self.buttons(in: tree))")
        XCTAssertEqual(share.first?.states.contains("expandable"), false, "the action opens nothing")
        XCTAssertEqual(tree.first { $0.role == "menu bar" }?.name, "Menu Bar")
        XCTAssertEqual(tree.first { $0.name == "Note" && $0.isButton }?.description, "Commands for this note",
                       "the tooltip is the description")
    }

    /// Opening a menu with a real click makes its button expanded, on the outer widget and on
    /// the button that holds the focus, and the menu is named by its title; Escape closes it,
    /// the button is collapsed again and holds the focus. The pop-up button is named by its
    /// introductory label and its choice; the menus of the bar by their titles.
    func testOpeningAndClosingAMenuIsHeardOnItsButton() throws {
        let steps = ["open:Add", "key:Escape", "open:Repeat: Never", "key:Escape", "click:File", "key:Escape"]
        let readings = try Self.read(program: "MenuShowcase", steps: steps)
        XCTAssertEqual(readings.map(\.step), steps)
        guard readings.count == steps.count else { return }
        Self.assertNoTypeNames(readings)
        Self.assertEveryControlIsNamed(readings)
        for (open, closed, button, menu) in [(0, 1, "Add", "Add"), (2, 3, "Repeat: Never", "Repeat")] {
            let opened = readings[open].nodes.filter { $0.name == button && $0.isButton }
            XCTAssertEqual(opened.count, 2, "the menu button and its inner button: \(opened)")
            for node in opened { XCTAssertTrue(node.states.contains("expanded"), "'\(button)' is expanded while open: \(node.states)") }
            // GTK 4.18 names a menu button's menu after the button (it labels the popover by it).
            XCTAssertTrue(readings[open].nodes.contains { $0.role == "menu" && ($0.name == menu || $0.name == button) },
                          "the open menu is named '\(menu)': \(readings[open].nodes.filter { $0.role == "menu" }.map(\.name))")
            let after = readings[closed].nodes.filter { $0.name == button && $0.isButton }
            for node in after { XCTAssertFalse(node.states.contains("expanded"), "'\(button)' is collapsed after Escape: \(node.states)") }
            XCTAssertTrue(after.contains { $0.states.contains("focused") }, "Escape gives the focus back to '\(button)': \(after)")
        }
        XCTAssertTrue(readings[4].nodes.contains { $0.role == "menu" && $0.name == "File" },
                      "the menu bar's open menu is named 'File': \(readings[4].nodes.filter { $0.role == "menu" }.map(\.name))")
    }

    /// The example app's header bar: the buttons bound to commands are named by the commands
    /// (GTK 4.8 called them "GtkImage"), dimmed with them, and a toggle command's button says
    /// whether it is on as a real click flips it; the primary menu button is "Main Menu".
    func testTheExampleAppsButtonsAreNamedByTheirCommands() throws {
        let steps = ["read", "click:Bold", "click:Bold", "open:Main Menu", "key:Escape", "key:ctrl+n", "key:ctrl+b"]
        let readings = try Self.read(program: "ExampleNotepad", steps: steps)
        XCTAssertEqual(readings.map(\.step), steps)
        guard readings.count == steps.count else { return }
        Self.assertNoTypeNames(readings)
        Self.assertEveryControlIsNamed(readings)
        let tree = readings[0].nodes
        let save = try XCTUnwrap(tree.first { $0.name == "Save" && $0.isButton }, "\(Self.buttons(in: tree))")
        XCTAssertEqual(save.description, "Save (Ctrl+S)", "the tooltip, with the shortcut, is the description")
        XCTAssertFalse(save.states.contains("sensitive"), "Save is dimmed with its command (nothing to save yet): \(save.states)")
        XCTAssertEqual(tree.first { $0.role == "menu bar" }?.name, "Menu Bar")
        XCTAssertEqual(tree.first { $0.role == "text" }?.name, "Document")
        for name in ["History", "Main Menu"] {
            let button = tree.filter { $0.name == name && $0.isButton }
            XCTAssertEqual(button.count, 2, "'\(name)', the menu button and its inner button: \(Self.buttons(in: tree))")
            XCTAssertTrue(button.allSatisfy { $0.states.contains("expandable") }, "'\(name)' says it opens a menu: \(button)")
        }
        let bold = readings[0...2].map { reading in reading.nodes.first { $0.name == "Bold" && $0.isButton } }
        XCTAssertEqual(bold.map { $0?.isOn }, [false, true, false], "Bold is off, on after a click, off after another: \(bold)")
        XCTAssertTrue(readings[3].nodes.filter { $0.name == "Main Menu" && $0.isButton }.allSatisfy { $0.states.contains("expanded") })
        XCTAssertTrue(readings[3].nodes.contains { $0.role == "menu" && $0.name == "Main Menu" })
        XCTAssertTrue(readings[4].nodes.contains { $0.name == "Main Menu" && $0.isButton && $0.states.contains("focused") },
                      "Escape gives the focus back to the primary menu button")
        // A second window (New Window, Ctrl+N), then Bold's shortcut: the buttons of both
        // windows follow the command's state.
        for (index, isOn) in [(5, false), (6, true)] {
            let bolds = readings[index].nodes.filter { $0.name == "Bold" && $0.isButton }
            XCTAssertEqual(readings[index].nodes.filter { $0.role == "frame" }.count, 2, "two windows after \(readings[index].step)")
            XCTAssertEqual(bolds.map(\.isOn), [isOn, isOn], "Bold in both windows after \(readings[index].step): \(bolds)")
        }
    }

    // MARK: Reading

    /// One node of the accessible tree as AT-SPI reports it.
    struct Node: Decodable, CustomStringConvertible {
        let role: String
        let name: String
        let description: String
        /// What its Text interface holds ("" without one): a label's text, which GTK 4.18 gives a
        /// status label in place of a name.
        let text: String?
        let states: [String]
        let path: [String]

        /// A button: AT-SPI's push button (named "button" by newer at-spi2-core, as in Debian 13) or toggle button.
        var isButton: Bool { role == "push button" || role == "button" || role == "toggle button" }
        /// The has-popup state, as pyatspi spells it ("has-popup", newer "has popup").
        var hasPopup: Bool { states.contains("has-popup") || states.contains("has popup") }
        /// A toggle button's state: GTK 4.8 reports pressed, newer GTK checked or pressed.
        var isOn: Bool { states.contains("pressed") || states.contains("checked") }
        var summary: String { "\(role) '\(name)' \(states.filter { ["expanded", "expandable", "focused", "pressed", "checked", "has-popup", "has popup"].contains($0) })" }
    }

    struct Reading: Decodable {
        let step: String
        let nodes: [Node]
        /// What the application announced since the reading before (GTK 4.14 and later).
        let announcements: [String]?
    }

    /// Roles that a screen reader announces by name: none of them may be nameless.
    static let namedRoles: Set = ["push button", "button", "toggle button", "menu bar", "menu", "combo box", "list", "text",
                                  "scroll bar", "slider", "spin button", "check box", "radio button"]

    static func assertNoTypeNames(_ readings: [Reading], file: StaticString = #filePath, line: UInt = #line) {
        for reading in readings {
            let typed = reading.nodes.filter { $0.name.range(of: "^Gtk[A-Z]", options: .regularExpression) != nil }
            XCTAssertTrue(typed.isEmpty, "after \(reading.step), named by a GTK type: \(typed.map { "\($0.summary) in \($0.path.suffix(3))" })",
                          file: file, line: line)
        }
    }

    static func assertEveryControlIsNamed(_ readings: [Reading], file: StaticString = #filePath, line: UInt = #line) {
        for reading in readings {
            let nameless = reading.nodes.filter { namedRoles.contains($0.role) && $0.name.isEmpty }
            XCTAssertTrue(nameless.isEmpty, "after \(reading.step), without a name: \(nameless.map { "\($0.summary) in \($0.path.suffix(3))" })",
                          file: file, line: line)
        }
    }

    static func buttons(in nodes: [Node]) -> [String] {
        nodes.filter(\.isButton).map(\.summary)
    }

    /// Runs `program` (built beside the tests) under its own accessibility bus and returns
    /// one reading of its whole tree per step (`scripts/atspi-controls.py`).
    static func read(program: String, steps: [String], environment: [String: String] = [:]) throws -> [Reading] {
        try AccessibilityBus.run("atspi-app.sh", program: program, arguments: ["--"] + steps, environment: environment).split(separator: "\n").map {
            try JSONDecoder().decode(Reading.self, from: Data($0.utf8))
        }
    }
}
