import CGtk
import Foundation
import XCTest

@testable import GMenuKit

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
            if isWidget(focus, ofType: "GtkModelButton"), let text = gmk_object_dup_string(focus.gpointer, "text") {
                defer { g_free(text) }
                return String(cString: text).replacingOccurrences(of: "_", with: "")
            }
            if gtk_widget_has_css_class(focus, "gmenukit-row") != 0 || gtk_widget_has_css_class(focus, "gmenukit-icon-row") != 0 {
                return MenuRows.labels(in: focus).first
            }
            guard let parent = gtk_widget_get_parent(focus), parent != popover else { return nil }
            focus = parent
        }
    }

    /// Opens the menu with the pointer in the far corner of the screen: a row takes the focus
    /// when the pointer enters it, and a pointer left over the menu by an earlier test would.
    @MainActor
    private static func openMenu(_ menu: RenderedMenu) -> OpenedMenuButton {
        XInput.xdotool("mousemove", "1430", "950")
        return OpenedMenuButton(showing: menu, inWindowTitled: title)
    }

    @MainActor
    private static func press(_ key: String, until condition: () -> Bool = { true }) {
        XInput.xdotool("key", key)
        XInput.runMainLoop(until: condition)
        drainMainLoop()
    }

    func testUpAndDownMoveThroughRowsAndGTKsItemsAsOneListInBothDirections() throws {
        try GtkSession.start()
        onMain {
            let log = Log()
            let menu = RenderedMenu(Self.menu(log))
            let opened = Self.openMenu(menu)
            defer { opened.close() }
            let popover = opened.popover
            XInput.runMainLoop { !MenuRows.all(in: popover).isEmpty }
            let order = ["Cut", "Copy", "Bold", "Italic", "Share", "Paste"]

            XInput.runMainLoop { Self.focusedItem(in: popover) != nil }
            XCTAssertEqual(Self.focusedItem(in: popover), "Cut", "the menu opens with its first item focused, as GTK's do")
            var visited = ["Cut"]
            for expected in order.dropFirst() {
                Self.press("Down") { Self.focusedItem(in: popover) == expected }
                visited.append(Self.focusedItem(in: popover) ?? "nothing")
            }
            XCTAssertEqual(visited, order, "Down visits GTK's items and the rows in the order written")

            visited = []
            for expected in order.reversed().dropFirst() {
                Self.press("Up") { Self.focusedItem(in: popover) == expected }
                visited.append(Self.focusedItem(in: popover) ?? "nothing")
            }
            XCTAssertEqual(visited, Array(order.reversed().dropFirst()), "Up visits them backwards")
            XCTAssertEqual(log.chosen, [], "moving chooses nothing")
        }
    }

    func testRightOpensASubmenuLeftLeavesItAndReturnChoosesRowsAndItems() throws {
        try GtkSession.start()
        onMain {
            let log = Log()
            let menu = RenderedMenu(Self.menu(log))
            let opened = Self.openMenu(menu)
            defer { opened.close() }
            let popover = opened.popover
            XInput.runMainLoop { !MenuRows.all(in: popover).isEmpty }

            XInput.runMainLoop { Self.focusedItem(in: popover) == "Cut" }
            for _ in 0..<4 { Self.press("Down") }
            XCTAssertEqual(Self.focusedItem(in: popover), "Share")
            // The page slides in: done when the main page's rows are no longer shown.
            Self.press("Right") {
                (MenuRows.row("Send", in: popover).map(MenuRows.isShown) ?? false)
                    && !(MenuRows.row("Copy", in: popover).map(MenuRows.isShown) ?? true)
            }
            Self.press("Down") { Self.focusedItem(in: popover) == "Details" }
            XCTAssertEqual(Self.focusedItem(in: popover), "Details", "Right opens the submenu; Down reaches its first item")
            Self.press("Down") { Self.focusedItem(in: popover) == "Send" }
            XCTAssertEqual(Self.focusedItem(in: popover), "Send", "and then its row")
            // Left on an item of a submenu page does what it does on GTK's: nothing (GTK
            // 4.8's sliding menus go back from the page's title only, gtkmodelbutton.c).
            Self.press("Left")
            XCTAssertEqual(Self.focusedItem(in: popover), "Send", "Left on a row of a submenu stays, as on GTK's items")
            Self.press("Up") { Self.focusedItem(in: popover) == "Details" }
            Self.press("Left")
            XCTAssertEqual(Self.focusedItem(in: popover), "Details", "(GTK's item beside it)")
            Self.press("Up") { Self.focusedItem(in: popover) == "Share" }
            Self.press("Left") { MenuRows.row("Copy", in: popover).map(MenuRows.isShown) ?? false }
            XCTAssertTrue(MenuRows.row("Copy", in: popover).map(MenuRows.isShown) ?? false,
                          "Left on the submenu's title goes back to the main page")
            XInput.runMainLoop { Self.focusedItem(in: popover) == "Share" }
            XCTAssertEqual(Self.focusedItem(in: popover), "Share", "to the item that opened the submenu")

            // Return on a row that keeps the menu open, then on GTK's item beside it.
            Self.press("Up") { Self.focusedItem(in: popover) == "Italic" }
            Self.press("Return") { log.chosen == ["Italic"] }
            XCTAssertEqual(log.chosen, ["Italic"], "Return chooses the row")
            XCTAssertNotEqual(gtk_widget_get_mapped(popover), 0, "which keeps the menu open (D4)")
            Self.press("Up") { Self.focusedItem(in: popover) == "Bold" }
            Self.press("Up") { Self.focusedItem(in: popover) == "Copy" }
            Self.press("Return") { log.chosen.last == "Copy" }
            XCTAssertEqual(log.chosen, ["Italic", "Copy"], "Return chooses an icon row")
            XInput.runMainLoop { gtk_widget_get_mapped(popover) == 0 }
            XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "which closes the menu as GTK's items do")
        }
    }

    func testAMnemonicChoosesARowAndEscapeCloses() throws {
        try GtkSession.start()
        onMain {
            let log = Log()
            let menu = RenderedMenu(Self.menu(log))
            let opened = Self.openMenu(menu)
            defer { opened.close() }
            let popover = opened.popover
            XInput.runMainLoop { !MenuRows.all(in: popover).isEmpty }
            Self.press("p") { log.chosen == ["Paste"] }
            XCTAssertEqual(log.chosen, ["Paste"], "the row's mnemonic letter chooses it, as a model button's does")
            XInput.runMainLoop { gtk_widget_get_mapped(popover) == 0 }
            XCTAssertEqual(gtk_widget_get_mapped(popover), 0)

            opened.open()
            Self.press("Down") { Self.focusedItem(in: popover) != nil }
            Self.press("Escape") { gtk_widget_get_mapped(popover) == 0 }
            XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "Escape closes the menu")
            XCTAssertEqual(log.chosen, ["Paste"], "without choosing")
        }
    }
}
