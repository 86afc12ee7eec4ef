import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// The keyboard moves through GMenuKit's rows and GTK's items as through one list, with real
/// key presses: Up and Down in both directions, Right into a submenu and Left out of it from
/// its title,
/// Return on a row and on GTK's item, a mnemonic letter, Escape. GTK 4.8's and 4.18's
/// popover menus bind no Home, End or type-ahead search (gtkpopovermenu.c binds the arrows,
/// Tab, Return and space; letters are mnemonics), so neither do the rows.
final class KeyboardNavigationTests: GtkTestCase {
    private static let title = "Keyboard navigation"

    @MainActor
    private final class Log { var chosen: [String] = [] }

    @MainActor
    private static func menu(_ log: Log) -> Menu {
        final class Model { var bold = false; var italic = false }
        let model = Model()
        return Menu("Edit") {
            Button("Cut") { log.chosen.append("Cut") }
            Button("Copy", icon: "edit-copy-symbolic") { log.chosen.append("Copy") }
            Toggle("Bold", isOn: Binding(get: { model.bold }, set: { model.bold = $0 }))
            Toggle("Italic", isOn: Binding(get: { model.italic }, set: { model.italic = $0; log.chosen.append("Italic") }))
                .menuActionDismissBehavior(.disabled)
            Menu("Share") {
                Button("Details") { log.chosen.append("Details") }
                Button("Send", icon: "mail-send-symbolic") { log.chosen.append("Send") }
            }
            Button("Paste", subtitle: "From the clipboard") { log.chosen.append("Paste") }
                .mnemonic("P")
        }
    }

    /// The text of the item that has the keyboard focus: a model button's, or a row's label.
    @MainActor
    private static func focusedItem(in popover: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard let root = gtk_widget_get_root(popover), var focus = gtk_root_get_focus(root) else { return nil }
        while true {
            if WidgetTree.isWidget(focus, ofType: "GtkModelButton"), let text = gmk_object_dup_string(focus.gpointer, "text") {
                defer { g_free(text) }
                return String(cString: text).replacingOccurrences(of: "_", with: "")
            }
            if gtk_widget_has_css_class(focus, "gmenukit-row") != 0 || gtk_widget_has_css_class(focus, "gmenukit-icon-row") != 0 {
                return WidgetTree.labels(in: focus).first
            }
            guard let parent = gtk_widget_get_parent(focus), parent != popover else { return nil }
            focus = parent
        }
    }

    /// Opens the menu with the pointer in the far corner of the screen: a row takes the focus
    /// when the pointer enters it, and a pointer left over the menu by an earlier test would.
    @MainActor
    private static func openMenu(_ menu: RenderedMenu) throws -> OpenedMenuButton {
        try RealInput.xdotool("mousemove", "1430", "950")
        return try OpenedMenuButton(showing: menu, inWindowTitled: title)
    }

    @MainActor
    private static func press(_ key: String, until condition: () -> Bool = { true }) throws {
        try RealInput.xdotool("key", key)
        MainLoop.turn(until: condition)
        MainLoop.drain()
    }

    func testUpAndDownMoveThroughRowsAndGTKsItemsAsOneListInBothDirections() throws {
        try GtkSession.start()
        try onMain {
            let log = Log()
            let menu = RenderedMenu(Self.menu(log))
            let opened = try Self.openMenu(menu)
            defer { opened.close() }
            let popover = opened.popover
            MainLoop.turn { !MenuRows.all(in: popover).isEmpty }
            let order = ["Cut", "Copy", "Bold", "Italic", "Share", "Paste"]

            MainLoop.turn { Self.focusedItem(in: popover) != nil }
            XCTAssertEqual(Self.focusedItem(in: popover), "Cut", "the menu opens with its first item focused, as GTK's do")
            var visited = ["Cut"]
            for expected in order.dropFirst() {
                try Self.press("Down") { Self.focusedItem(in: popover) == expected }
                visited.append(Self.focusedItem(in: popover) ?? "nothing")
            }
            XCTAssertEqual(visited, order, "Down visits GTK's items and the rows in the order written")

            visited = []
            for expected in order.reversed().dropFirst() {
                try Self.press("Up") { Self.focusedItem(in: popover) == expected }
                visited.append(Self.focusedItem(in: popover) ?? "nothing")
            }
            XCTAssertEqual(visited, Array(order.reversed().dropFirst()), "Up visits them backwards")
            XCTAssertEqual(log.chosen, [], "moving chooses nothing")
        }
    }

    func testRightOpensASubmenuLeftLeavesItAndReturnChoosesRowsAndItems() throws {
        try GtkSession.start()
        try onMain {
            let log = Log()
            let menu = RenderedMenu(Self.menu(log))
            let opened = try Self.openMenu(menu)
            defer { opened.close() }
            let popover = opened.popover
            MainLoop.turn { !MenuRows.all(in: popover).isEmpty }

            MainLoop.turn { Self.focusedItem(in: popover) == "Cut" }
            for _ in 0..<4 { try Self.press("Down") }
            XCTAssertEqual(Self.focusedItem(in: popover), "Share")
            // The page slides in: done when the main page's rows are no longer shown.
            try Self.press("Right") {
                (MenuRows.row("Send", in: popover).map(WidgetTree.isShown) ?? false)
                    && !(MenuRows.row("Copy", in: popover).map(WidgetTree.isShown) ?? true)
            }
            try Self.press("Down") { Self.focusedItem(in: popover) == "Details" }
            XCTAssertEqual(Self.focusedItem(in: popover), "Details", "Right opens the submenu; Down reaches its first item")
            try Self.press("Down") { Self.focusedItem(in: popover) == "Send" }
            XCTAssertEqual(Self.focusedItem(in: popover), "Send", "and then its row")
            // Left on an item of a submenu page does what it does on GTK's: nothing (GTK
            // 4.8's sliding menus go back from the page's title only, gtkmodelbutton.c).
            try Self.press("Left")
            XCTAssertEqual(Self.focusedItem(in: popover), "Send", "Left on a row of a submenu stays, as on GTK's items")
            try Self.press("Up") { Self.focusedItem(in: popover) == "Details" }
            try Self.press("Left")
            XCTAssertEqual(Self.focusedItem(in: popover), "Details", "(GTK's item beside it)")
            try Self.press("Up") { Self.focusedItem(in: popover) == "Share" }
            try Self.press("Left") { MenuRows.row("Copy", in: popover).map(WidgetTree.isShown) ?? false }
            XCTAssertTrue(MenuRows.row("Copy", in: popover).map(WidgetTree.isShown) ?? false,
                          "Left on the submenu's title goes back to the main page")
            MainLoop.turn { Self.focusedItem(in: popover) == "Share" }
            XCTAssertEqual(Self.focusedItem(in: popover), "Share", "to the item that opened the submenu")

            // Return on a row that keeps the menu open, then on GTK's item beside it.
            try Self.press("Up") { Self.focusedItem(in: popover) == "Italic" }
            try Self.press("Return") { log.chosen == ["Italic"] }
            XCTAssertEqual(log.chosen, ["Italic"], "Return chooses the row")
            XCTAssertNotEqual(gtk_widget_get_mapped(popover), 0, "which keeps the menu open (D4)")
            try Self.press("Up") { Self.focusedItem(in: popover) == "Bold" }
            try Self.press("Up") { Self.focusedItem(in: popover) == "Copy" }
            try Self.press("Return") { log.chosen.last == "Copy" }
            XCTAssertEqual(log.chosen, ["Italic", "Copy"], "Return chooses an icon row")
            MainLoop.turn { gtk_widget_get_mapped(popover) == 0 }
            XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "which closes the menu as GTK's items do")
        }
    }

    func testAMnemonicChoosesARowAndEscapeCloses() throws {
        try GtkSession.start()
        try onMain {
            let log = Log()
            let menu = RenderedMenu(Self.menu(log))
            let opened = try Self.openMenu(menu)
            defer { opened.close() }
            let popover = opened.popover
            MainLoop.turn { !MenuRows.all(in: popover).isEmpty }
            try Self.press("p") { log.chosen == ["Paste"] }
            XCTAssertEqual(log.chosen, ["Paste"], "the row's mnemonic letter chooses it, as a model button's does")
            MainLoop.turn { gtk_widget_get_mapped(popover) == 0 }
            XCTAssertEqual(gtk_widget_get_mapped(popover), 0)

            opened.open()
            try Self.press("Down") { Self.focusedItem(in: popover) != nil }
            try Self.press("Escape") { gtk_widget_get_mapped(popover) == 0 }
            XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "Escape closes the menu")
            XCTAssertEqual(log.chosen, ["Paste"], "without choosing")
        }
    }
}
