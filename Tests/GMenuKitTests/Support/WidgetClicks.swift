import CGtk
import Foundation
import XCTest

/// Real pointer clicks (xdotool, XTEST) on widgets, including the items of an open popover:
/// the point is worked out from where GTK placed the popover's surface.
@MainActor
enum WidgetClicks {
    /// A window with a title xdotool can find, shown and given the keyboard.
    /// The title must be letters, digits and spaces: xdotool reads it as a regular expression
    /// and waits until a window matches.
    static func presentWindow(titled title: String, child: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        precondition(title.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " }, "xdotool would wait forever for '\(title)'")
        let window = gtk_window_new()!
        gtk_window_set_title(gmk_window(window), title)
        gtk_window_set_default_size(gmk_window(window), 320, 240)
        gtk_window_set_child(gmk_window(window), child)
        gtk_window_present(gmk_window(window))
        XInput.runMainLoop { gtk_widget_get_mapped(window) != 0 }
        XInput.focusWindow(titled: title)
        return window
    }

    /// The middle of `widget` in the coordinates of its toplevel window's X window, once GTK
    /// has laid it out (a popover is mapped a frame before its items have a size).
    static func pointInWindow(of widget: UnsafeMutablePointer<GtkWidget>) -> (x: Int, y: Int)? {
        XInput.runMainLoop { gtk_widget_get_width(widget) > 0 && gtk_widget_get_height(widget) > 0 }
        guard let native = gtk_widget_get_native(widget), let surface = gtk_native_get_surface(native) else { return nil }
        let nativeWidget = UnsafeMutablePointer<GtkWidget>(native)
        var inside = graphene_point_t(x: Float(gtk_widget_get_width(widget)) / 2, y: Float(gtk_widget_get_height(widget)) / 2)
        var inNative = graphene_point_t()
        guard gtk_widget_compute_point(widget, nativeWidget, &inside, &inNative) != 0 else { return nil }
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(native, &dx, &dy)
        var x = Double(inNative.x) + dx, y = Double(inNative.y) + dy
        if g_type_is_a(g_type_from_name(gmk_type_name_of(nativeWidget)), gtk_popover_get_type()) != 0 {
            // A popup's position is relative to its parent's surface: the window's.
            x += Double(gdk_popup_get_position_x(surface))
            y += Double(gdk_popup_get_position_y(surface))
        }
        return (Int(x.rounded()), Int(y.rounded()))
    }

    /// Moves the pointer onto `widget` and clicks the first button (or `button`: "3" is the
    /// secondary one), as a hand would.
    static func click(_ widget: UnsafeMutablePointer<GtkWidget>, inWindowTitled title: String, button: String = "1",
                      file: StaticString = #filePath, line: UInt = #line) {
        guard let point = pointInWindow(of: widget) else {
            XCTFail("the widget is not on screen", file: file, line: line)
            return
        }
        let window = XInput.xdotool("search", "--sync", "--name", "^\(title)$").split(separator: "\n").first.map(String.init) ?? ""
        XInput.xdotool("mousemove", "--window", window, String(point.x), String(point.y), file: file, line: line)
        // Let GTK see the pointer arrive before the press, as with a real hand.
        for _ in 0..<20 { g_main_context_iteration(nil, 0); g_usleep(2_000) }
        XInput.xdotool("click", button, file: file, line: line)
    }
}
