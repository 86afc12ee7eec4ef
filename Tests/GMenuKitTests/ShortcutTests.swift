import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A shortcut the menu shows works from the keyboard, typed for real.
final class ShortcutTests: GtkTestCase {
    func testShownShortcutFiresFromAnywhereInTheWindow() throws {
        try GtkSession.start()
        try onMain {
            var isBold = false
            var copies = 0
            let rendered = RenderedMenu(Menu("Format") {
                Toggle("Bold", isOn: Binding(get: { isBold }, set: { isBold = $0 })).keyboardShortcut("<Control>b")
                Button("Copy") { copies += 1 }.keyboardShortcut("<Control>c")
            })
            let window = gtk_window_new()!
            gtk_window_set_title(gmk_window(window), "GMenuKit shortcut test")
            gtk_window_set_default_size(gmk_window(window), 300, 200)
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let button = gtk_menu_button_new()!
            let elsewhere = gtk_button_new_with_label("Elsewhere in the window")!
            gtk_box_append(gmk_box(box), button)
            gtk_box_append(gmk_box(box), elsewhere)
            gtk_window_set_child(gmk_window(window), box)
            rendered.insertActionGroup(into: button)
            gtk_menu_button_set_menu_model(gmk_menu_button(button), rendered.menuModel)
            gtk_window_present(gmk_window(window))
            defer {
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            MainLoop.turn { gtk_widget_get_mapped(window) != 0 }
            try RealInput.focusWindow(titled: "GMenuKit shortcut test")
            MainLoop.turn { gtk_window_is_active(gmk_window(window)) != 0 }
            // Focus sits on another widget than the one the menu's actions were inserted on.
            gtk_widget_grab_focus(elsewhere)

            try RealInput.xdotool("key", "ctrl+b")
            MainLoop.turn { isBold }
            XCTAssertTrue(isBold, "Ctrl+B toggled Bold")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "bold"), "true")

            try RealInput.xdotool("key", "ctrl+c")
            MainLoop.turn { copies == 1 }
            XCTAssertEqual(copies, 1)

            // A menu that is gone takes its shortcuts with it.
            rendered.invalidate()
            try RealInput.xdotool("key", "ctrl+b")
            for _ in 0..<50 { g_main_context_iteration(nil, 0); g_usleep(2_000) }
            XCTAssertTrue(isBold)
        }
    }
}
