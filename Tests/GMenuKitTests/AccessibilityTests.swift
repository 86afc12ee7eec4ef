import CGtk
import Foundation
import XCTest

/// What a screen reader hears of GMenuKit's rows, read through the real accessibility bus
/// (AT-SPI) as Orca reads it: the showcase runs in a child process with GTK's AT-SPI backend on,
/// on a D-Bus session bus of its own (`dbus-run-session`), and `scripts/atspi-menu-items.py`
/// (python3-pyatspi) reads its open menu. The rest of the suite runs with GTK_A11Y=none.
final class AccessibilityTests: GtkTestCase {
    /// The labels of the Note menu's main page, in order (`ShowcaseMenus.noteMenu`).
    static let noteMenuLabels = [
        "Open Recent", "Undo Typing", "Redo", "Cut", "Copy", "Paste", "Bold", "Italic", "Plain",
        "Left", "Center", "Right", "Justified", "Decrease", "Increase", "Spaces", "Tabs",
        "Sort Notes By", "Show Map", "Delete Note\u{2026}", "Quit",
    ]

    /// The items GMenuKit draws itself in the Note menu (subtitles, icons beside labels, items
    /// that keep the menu open); the others are GTK's in both menus.
    static let noteMenuRows: Set = ["Undo Typing", "Redo", "Bold", "Italic", "Decrease", "Increase"]

    /// Every item of the showcase's Note menu is heard as the same item drawn by GTK is: the
    /// rows (icons beside labels, subtitles, items that keep the menu open) against the same
    /// menu with every item GTK's own (`--open note-gtk`): the same role, states, description
    /// and shortcut, and named by its label.
    func testEveryNoteMenuItemIsHeardAsGTKsOwnItem() throws {
        let rows = try Self.menuItems(opening: "note", button: "Note")
        let gtk = try Self.menuItems(opening: "note-gtk", button: "Note")
        XCTAssertEqual(rows.count, Self.noteMenuLabels.count, "the whole Note menu was read: \(rows.map(\.name))")
        XCTAssertEqual(gtk.count, Self.noteMenuLabels.count, "the whole Note menu was read: \(gtk.map(\.name))")
        for (label, (row, item)) in zip(Self.noteMenuLabels, zip(rows, gtk)) {
            // GTK 4.18 names its own items by a label it hides from the accessibility tree
            // (role presentation), and AT-SPI reports them without a name; GTK 4.8 names them.
            XCTAssertTrue(item.name == label || (item.name.isEmpty && gtk_get_minor_version() >= 10),
                          "GTK's item '\(label)' is named '\(item.name)'")
            if Self.noteMenuRows.contains(label) {
                XCTAssertEqual(row.name, label, "a row is named by its label")
            } else {
                XCTAssertEqual(row.name, item.name, "GTK's own item '\(label)' in the menu with rows")
            }
            XCTAssertEqual(row.role, Self.expectedRole(ofGTKItem: item, row: row), "the role of '\(label)'")
            XCTAssertEqual(row.states, item.states, "the states of '\(label)'")
            XCTAssertEqual(row.description, Self.expectedDescription(ofGTKItem: item, label: label),
                           "the description of '\(label)': its subtitle, or what GTK says")
            // GTK 4.18 exports key shortcuts (`keyshortcuts`), where GTK 4.8 lets the
            // accelerator be heard as a label inside the item.
            XCTAssertEqual(row.keyshortcuts ?? "", item.keyshortcuts ?? "", "the key shortcuts of '\(label)'")
            XCTAssertTrue(Set(item.labels).isSubset(of: row.labels),
                          "what GTK lets be heard inside '\(label)' (\(item.labels)) is heard inside the row: \(row.labels)")
        }
        // The items GMenuKit draws itself are among them, and none is heard as a button.
        let byName = Dictionary(zip(Self.noteMenuLabels, rows).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(byName["Undo Typing"]?.role, "menu item")
        XCTAssertEqual(byName["Redo"]?.states.contains("sensitive"), false, "a disabled row is heard as unavailable")
        XCTAssertEqual(byName["Bold"]?.role, "check menu item", "a check row is a menu item checkbox")
        XCTAssertEqual(byName["Bold"]?.states.contains("checked"), true, "Bold is on in the showcase")
        XCTAssertEqual(byName["Italic"]?.states.contains("checked"), false)
        XCTAssertEqual(byName["Increase"]?.role, "menu item", "a stepper's buttons are menu items, as GTK's iconic items are")
        // Bold's shortcut is heard, as GTK 4.8 (a label in the item) or 4.18 (key shortcuts) says it.
        XCTAssertTrue(byName["Bold"]?.keyshortcuts == "Ctrl+B" || byName["Bold"]?.labels.contains("Ctrl+B") == true,
                      "Bold's shortcut: \(String(describing: byName["Bold"]))")
        XCTAssertFalse(rows.contains { ["push button", "check box", "radio button", "toggle button"].contains($0.role) },
                       "no row is heard as a button: \(rows.filter { $0.role.hasSuffix("button") || $0.role == "check box" })")
        XCTAssertFalse(rows.contains { $0.name.hasPrefix("Gtk") }, "no row is named by its type")
    }

    /// A state that changes while the menu is open (Bold, through its action, as its shortcut
    /// would) is heard at once in the row's checked state, as in GTK's own item.
    func testAStateChangeWhileTheMenuIsOpenIsHeard() throws {
        for (control, kind) in [("note", "row"), ("note-gtk", "GTK's item")] {
            let (before, after) = try Self.menuItems(opening: control, button: "Note", changing: "Bold")
            let bold = Self.noteMenuLabels.firstIndex(of: "Bold")!
            XCTAssertEqual(before.count, Self.noteMenuLabels.count)
            XCTAssertEqual(after.count, Self.noteMenuLabels.count)
            guard before.indices.contains(bold), after.indices.contains(bold) else { continue }
            XCTAssertTrue(before[bold].states.contains("checked"), "\(kind) Bold is on before: \(before[bold])")
            XCTAssertFalse(after[bold].states.contains("checked"), "\(kind) Bold is off after its action: \(after[bold])")
            if control == "note" {
                XCTAssertEqual(after[bold].role, "check menu item", "the row is still a menu item checkbox")
                XCTAssertEqual(after[bold].name, "Bold")
            }
            // Nothing else changes but what follows from it: Plain is unavailable with neither
            // bold nor italic on.
            for (index, (old, new)) in zip(before, after).enumerated() where index != bold && Self.noteMenuLabels[index] != "Plain" {
                XCTAssertEqual(old, new, "\(kind) '\(Self.noteMenuLabels[index])'")
            }
        }
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

    /// GTK's model buttons ask for the menu item checkbox and radio roles
    /// (gtkmodelbutton.c, `update_at_context`) on their AT context alone, and GtkWidget puts
    /// the context's role back to the widget's own, menu item, when the button is rooted
    /// (gtkwidget.c, `gtk_widget_root_at_context`, GTK 4.18; likewise in 4.8): AT-SPI reports
    /// GTK's check and radio items as plain menu items, in 4.8 as in 4.18. Rows are made with
    /// the role GTK asks for; where GTK's own items lose it, that is the one difference
    /// allowed. The states are compared apart (GTK 4.18 adds `checkable` to both).
    static func expectedRole(ofGTKItem item: AccessibleItem, row: AccessibleItem) -> String {
        if item.role == "menu item", ["check menu item", "radio menu item"].contains(row.role) {
            return row.role
        }
        return item.role
    }

    /// What a row's description is: its subtitle (Undo Typing), else GTK's item's. GTK 4.18
    /// makes an iconic item's tooltip (its label) the description of an item it leaves without a
    /// name; a row is named by its label instead, and a description repeating it says nothing.
    static func expectedDescription(ofGTKItem item: AccessibleItem, label: String) -> String {
        if label == "Undo Typing" { return "Brings back the text as it was before your last edit" }
        if noteMenuRows.contains(label), item.name.isEmpty, item.description == label { return "" }
        return item.description
    }

    /// One item as AT-SPI reports it (`description` is the accessible description).
    struct AccessibleItem: Decodable, Equatable {
        let role: String
        let name: String
        let description: String
        let states: [String]
        /// The `keyshortcuts` attribute (GTK 4.18), or nil.
        let keyshortcuts: String?
        /// The labels heard inside the item (their names), in order.
        let labels: [String]
        /// A value control's lower bound, value and upper bound.
        let value: [Double]?
    }

    /// The items of the main page of `button`'s menu, opened by `MenuShowcase --open CONTROL`,
    /// as AT-SPI reports them.
    static func menuItems(opening control: String, button: String) throws -> [AccessibleItem] {
        try readItems(opening: control, button: button, changing: nil).before
    }

    /// The items of `button`'s menu before and after the showcase activates the action of the
    /// item labelled `label` (MenuShowcase --activate-on-usr1) while the menu is open.
    static func menuItems(opening control: String, button: String, changing label: String) throws
        -> (before: [AccessibleItem], after: [AccessibleItem]) {
        let items = try readItems(opening: control, button: button, changing: label)
        return (items.before, items.after ?? [])
    }

    private static func readItems(opening control: String, button: String, changing label: String?) throws
        -> (before: [AccessibleItem], after: [AccessibleItem]?) {
        let output = try AccessibilityBus.run("atspi-showcase-menu.sh", program: "MenuShowcase",
                                              arguments: [control, button] + (label.map { [$0] } ?? []))
        let readings = try output.components(separatedBy: "---\n").map { reading in
            try reading.split(separator: "\n").map { try JSONDecoder().decode(AccessibleItem.self, from: Data($0.utf8)) }
        }
        if label != nil, readings.count != 2 {
            throw Unavailable("reading the \(control) menu before and after changing \(label!) gave \(readings.count) readings:\n\(output)")
        }
        return (readings[0], readings.count > 1 ? readings[1] : nil)
    }
}
