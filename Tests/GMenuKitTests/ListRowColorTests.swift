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

    /// The colour a label is drawn in (issue 27 read a highlighted row's (0, 0, 0) as a fault:
    /// GTK's theme draws its own highlighted model button black, `popover.menu modelbutton:selected`).
    /// GMenuKit's row with an icon and GTK's item take the same colour at rest and highlighted,
    /// on a selected list row, light and dark.
    func testARowWithAnIconHasGTKsLabelColourAtRestAndHighlighted() throws {
        try GtkSession.start()
        try onMain {
            for dark in [false, true] {
                ThemeVariant.set(dark: dark)
                defer { ThemeVariant.set(dark: false) }
                let variant = dark ? "dark" : "light"
                let notes = NoteList(.listBox, count: 3)
                let context = ContextMenu(for: notes.list, selection: notes.menuModel) { _ in
                    Button("Copy Note", icon: "edit-copy-symbolic") {}
                    Button("Paste") {}
                }
                let title = "Label colours \(variant)"
                let window = try InputWindow(titled: title, child: notes.scroller)
                defer { window.destroy() }
                let point = notes.point(of: "Note 1")
                window.click(3, onto: notes.list, at: point.x, point.y)
                settle { context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 && !MenuRows.all(in: $0).isEmpty } ?? false }
                guard let popover = context.popoverWidget, let copy = MenuRows.row("Copy Note", in: popover),
                      let paste = PopoverPages.modelButtons(in: popover, text: "Paste").first
                else { return XCTFail("[\(variant)] no menu") }
                defer {
                    gtk_popover_popdown(gmk_popover(popover))
                    settle { gtk_widget_get_mapped(popover) == 0 }
                }
                @MainActor func labelColour(_ item: UnsafeMutablePointer<GtkWidget>) -> [Int] {
                    guard let label = WidgetTree.all(item).first(where: { WidgetTree.isWidget($0, ofType: "GtkLabel") }) else { return [] }
                    var colour = GdkRGBA()
                    gtk_style_context_get_color(gtk_widget_get_style_context(label), &colour)
                    return [colour.red, colour.green, colour.blue, colour.alpha].map { Int(($0 * 255).rounded()) }
                }
                @MainActor func highlighted(_ item: UnsafeMutablePointer<GtkWidget>) -> Bool {
                    gtk_widget_get_state_flags(item).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0
                }
                // The menu opens with its first item, the row, highlighted; Down moves to GTK's item.
                gtk_test_widget_wait_for_draw(popover)
                XCTAssertTrue(highlighted(copy), "[\(variant)] the row is highlighted first")
                let highlightedRow = labelColour(copy), restingGTKItem = labelColour(paste)
                try RealInput.xdotool("key", "Down")
                settle { highlighted(paste) }
                XCTAssertTrue(highlighted(paste) && !highlighted(copy), "[\(variant)] Down highlights GTK's item")
                XCTAssertEqual(highlightedRow, labelColour(paste), "[\(variant)] highlighted: the row as GTK's item")
                XCTAssertEqual(labelColour(copy), restingGTKItem, "[\(variant)] at rest: the row as GTK's item")
                XCTAssertNotEqual(highlightedRow, restingGTKItem, "[\(variant)] the theme draws a highlighted item apart")
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
