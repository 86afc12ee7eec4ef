import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Saves a primary menu with an app's widget (a zoom box, as gnome-console's) and a labelled
/// row of buttons (`inline-buttons`), opened by a real click. Runs only when asked:
/// `GMENUKIT_MENU_WIDGET_SCREENSHOT=screenshots/menu-widget.png`, as scripts/screenshot-context-menu.sh runs its test.
final class MenuWidgetScreenshot: GtkTestCase {
    static let outputVariable = "GMENUKIT_MENU_WIDGET_SCREENSHOT"

    func testSavesAMenuWithAnAppWidgetAndInlineButtons() throws {
        guard let output = ProcessInfo.processInfo.environment[Self.outputVariable] else {
            throw XCTSkip("set \(Self.outputVariable) to the PNG to write")
        }
        try GtkSession.start()
        try onMain {
            let control = PullDownButton(Menu("Main") {
                MenuWidget(id: "zoom", "Zoom") {
                    let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
                    gtk_widget_add_css_class(box, "linked")
                    gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
                    gtk_box_append(gmk_box(box), gtk_button_new_from_icon_name("zoom-out-symbolic"))
                    gtk_box_append(gmk_box(box), gtk_button_new_with_label("100%"))
                    gtk_box_append(gmk_box(box), gtk_button_new_from_icon_name("zoom-in-symbolic"))
                    return box
                }
                ControlGroup("Edit") {
                    Button("Cut", icon: "edit-cut-symbolic") {}
                    Button("Copy", icon: "edit-copy-symbolic") {}
                    Button("Paste", icon: "edit-paste-symbolic") {}
                }.controlGroupStyle(.inline)
                Section {
                    Button("New Window") {}.keyboardShortcut("<Shift><Control>n")
                    Button("Preferences") {}
                }
            })
            let title = "Menu Widget Screenshot"
            let window = try TestWindow(titled: title, child: control.widget).widget
            gtk_window_set_default_size(gmk_window(window), 360, 320)
            let popover: UnsafeMutablePointer<GtkWidget> = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton)))
            try RealInput.click(control.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
            gtk_test_widget_wait_for_draw(popover)
            MainLoop.drain()
            let windowSurface = try XCTUnwrap(gtk_native_get_surface(gmk_native(window.gpointer)))
            let menuSurface = try XCTUnwrap(gtk_native_get_surface(gmk_native(popover.gpointer)))
            let width = max(gdk_surface_get_width(windowSurface), gdk_popup_get_position_x(menuSurface) + gdk_surface_get_width(menuSurface))
            let height = max(gdk_surface_get_height(windowSurface), gdk_popup_get_position_y(menuSurface) + gdk_surface_get_height(menuSurface))
            let capture = Process()
            capture.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            capture.arguments = ["import", "-window", "root", "-crop", "\(width)x\(height)+0+0", "+repage", output]
            try capture.run()
            capture.waitUntilExit()
            XCTAssertEqual(capture.terminationStatus, 0, "import could not save \(output)")
            control.popdown()
            MainLoop.drain()
            gtk_window_destroy(gmk_window(window))
            MainLoop.drain()
        }
    }
}
