import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Saves what a person sees when they open a context menu on a list with a real secondary
/// click. Runs only when asked: `scripts/screenshot-context-menu.sh`.
final class ContextMenuScreenshot: GtkTestCase {
    static let outputVariable = "GMENUKIT_CONTEXT_MENU_SCREENSHOT"

    func testSavesTheOpenContextMenuOfAList() throws {
        guard let output = ProcessInfo.processInfo.environment[Self.outputVariable] else {
            throw XCTSkip("set \(Self.outputVariable) to the PNG to write (scripts/screenshot-context-menu.sh does)")
        }
        try GtkSession.start()
        try onMain {
            let list = gtk_list_box_new()!
            gtk_widget_add_css_class(list, "rich-list")
            let titles = ["Groceries", "Meeting Notes", "Trip Ideas", "Recipes", "Book List", "Garden Plan"]
            for title in titles {
                let label = gtk_label_new(title)!
                gtk_label_set_xalign(gmk_label(label.gpointer), 0)
                gtk_list_box_append(OpaquePointer(list), label)
            }
            var opened: [String] = []
            _ = ContextMenu(Menu("Note") {
                Button("Open") { opened.append("open") }
                Button("Open in New Window") { opened.append("window") }
                Divider()
                Button("Rename…") { opened.append("rename") }
                Button("Duplicate") { opened.append("duplicate") }
                Divider()
                Button("Delete…", role: .destructive) { opened.append("delete") }
            }, attachedTo: list)
            gtk_widget_set_size_request(list, 400, 300)
            let window = try InputWindow(titled: "Notes", child: list)
            let row = try XCTUnwrap(gtk_list_box_get_row_at_index(OpaquePointer(list), 1))
            gtk_list_box_select_row(OpaquePointer(list), row)
            let rowWidget = gmk_widget(UnsafeMutableRawPointer(row))!
            window.click(3, onto: rowWidget, at: 60, 12)
            var popover: UnsafeMutablePointer<GtkWidget>?
            settle {
                popover = popoverChildren(of: list).first { gtk_widget_get_mapped($0) != 0 }
                return popover != nil
            }
            let shown = try XCTUnwrap(popover, "the secondary click opened no menu")
            gtk_test_widget_wait_for_draw(shown)
            gtk_test_widget_wait_for_draw(window.window)
            MainLoop.drain()

            // The window (at the screen's corner, there being no window manager) and the menu.
            let windowSurface = try XCTUnwrap(gtk_native_get_surface(gmk_native(window.window.gpointer)))
            let menuSurface = try XCTUnwrap(gtk_native_get_surface(gmk_native(shown.gpointer)))
            let width = max(gdk_surface_get_width(windowSurface),
                            gdk_popup_get_position_x(menuSurface) + gdk_surface_get_width(menuSurface))
            let height = max(gdk_surface_get_height(windowSurface),
                             gdk_popup_get_position_y(menuSurface) + gdk_surface_get_height(menuSurface))
            let capture = Process()
            capture.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            capture.arguments = ["import", "-window", "root", "-crop", "\(width)x\(height)+0+0", "+repage", output]
            try capture.run()
            capture.waitUntilExit()
            XCTAssertEqual(capture.terminationStatus, 0, "import could not save \(output)")
            XCTAssertEqual(opened, [], "nothing was chosen")
            window.key("Escape")
            settle { gtk_widget_get_mapped(shown) == 0 }
            window.destroy()
        }
    }
}
