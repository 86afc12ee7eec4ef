import CGtk
import CTreeViewFixtures
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A list's one context menu opened on a selected row of each list kind, in the light and the
/// dark theme: GMenuKit's rows are drawn in the popover's colours as GTK's model buttons beside
/// them are, not in the selected row's (the same checks as `RowColorTests`, on screen).
final class ListRowColorTests: GtkTestCase {
    func testRowsOfAListsMenuOnASelectedRowAreLegibleInEveryListKindLightAndDark() throws {
        try GtkSession.start()
        try onMain {
            for dark in [false, true] {
                ThemeVariant.set(dark: dark)
                defer { ThemeVariant.set(dark: false) }
                for kind in ListContextMenuTests.kinds {
                    try Self.check(kind, variant: dark ? "dark" : "light")
                }
                try Self.checkTreeView(variant: dark ? "dark" : "light")
            }
        }
    }

    @MainActor
    private static func check(_ kind: ListKind, variant: String) throws {
        let notes = NoteList(kind, count: 5)
        let context = ContextMenu(for: notes.list, selection: notes.menuModel) { items in
            Button("Copy \(items.count == 1 ? "Note" : "\(items.count) Notes")", icon: "edit-copy-symbolic") {}
            Button("Paste") {}
            Button("Delete", icon: "user-trash-symbolic", role: .destructive) {}.confirmationDisabled()
        }
        let title = "List row colours \(kind.rawValue) \(variant)"
        let window = try InputWindow(titled: title, child: notes.scroller)
        defer { window.destroy() }
        let point = notes.point(of: "Note 1")
        window.click(3, onto: notes.list, at: point.x, point.y)
        try checkRows(of: context, name: "\(kind) \(variant)", title: title, screenshot: "list-rows-\(kind.rawValue)-\(variant)")
        XCTAssertEqual(notes.selectedTitles, ["Note 1"], "[\(kind) \(variant)] the menu opened on a selected row")
    }

    @MainActor
    private static func checkTreeView(variant: String) throws {
        let tree = NoteTree(count: 5)
        let context = ContextMenu(for: tree.view, row: { $0.indices ?? [] }) { rows in
            Button("Copy \(rows.count == 1 ? "Note" : "\(rows.count) Notes")", icon: "edit-copy-symbolic") {}
            Button("Paste") {}
            Button("Delete", icon: "user-trash-symbolic", role: .destructive) {}.confirmationDisabled()
        }
        let title = "List row colours GtkTreeView \(variant)"
        let window = try InputWindow(titled: title, child: tree.scroller)
        defer { window.destroy() }
        gtk_test_widget_wait_for_draw(tree.view)
        ListContextMenuTests.spin()
        let point = tree.point(of: 1)
        try tree.click(3, in: window, at: point.x, point.y)
        try checkRows(of: context, name: "GtkTreeView \(variant)", title: title, screenshot: "list-rows-GtkTreeView-\(variant)")
        XCTAssertEqual(tree.selectedTitles, ["Note 1"], "[GtkTreeView \(variant)] the menu opened on a selected row")
    }

    /// The open menu's GMenuKit row and GTK's model button beside it, read from the screen.
    @MainActor
    private static func checkRows(of context: ContextMenu, name: String, title: String, screenshot: String) throws {
        settle { context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 && !MenuRows.all(in: $0).isEmpty } ?? false }
        guard let popover = context.popoverWidget, gtk_widget_get_mapped(popover) != 0 else {
            return XCTFail("[\(name)] no menu")
        }
        defer {
            gtk_popover_popdown(gmk_popover(popover))
            settle { gtk_widget_get_mapped(popover) == 0 }
        }
        guard let copy = MenuRows.row("Copy Note", in: popover),
              let paste = PopoverPages.modelButtons(in: popover, text: "Paste").first
        else { return XCTFail("[\(name)] items missing") }
        try RealInput.xdotool("mousemove", "0", "0")
        for _ in 0..<20 { g_main_context_iteration(nil, 0); g_usleep(2_000) }
        // The keyboard on GTK's item, so that the row is measured at rest.
        gtk_widget_grab_focus(paste)
        gtk_widget_unset_state_flags(paste, GTK_STATE_FLAG_SELECTED)
        MainLoop.drain()
        gtk_test_widget_wait_for_draw(popover)
        Screenshot.saveIfAsked(name: screenshot, variable: RowColorTests.screenshotVariable)

        func look(_ widget: UnsafeMutablePointer<GtkWidget>) -> ItemLook {
            ItemLook(pixels: ScreenPixels.pixels(of: widget, inWindowTitled: title))
        }
        let background = look(popover).background
        let gtkItem = look(paste), row = look(copy)
        XCTAssertGreaterThan(gtkItem.contrast, 150, "[\(name)] GTK's model button is legible (\(gtkItem))")
        XCTAssertGreaterThanOrEqual(row.contrast, gtkItem.contrast * 9 / 10,
                                    "[\(name)] the row stands out as GTK's item does (row \(row), GTK \(gtkItem))")
        XCTAssertLessThan(ItemLook.distance(row.background, background), 12,
                          "[\(name)] the row shows the popover's background, not the selected row's (\(row.background) on \(background))")
        XCTAssertLessThan(ItemLook.distance(row.ink, gtkItem.ink), 60,
                          "[\(name)] in GTK's item's colour (row \(row.ink), GTK \(gtkItem.ink))")
    }
}
