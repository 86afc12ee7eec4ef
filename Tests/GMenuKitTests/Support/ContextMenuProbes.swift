import CGtk
import Foundation
import XCTest

@testable import GMenuKit

/// A window shown on the X server for context-menu tests, and real input into it (xdotool).
@MainActor
struct InputWindow {
    let title: String
    let window: UnsafeMutablePointer<GtkWidget>
    private let windowID: String

    init(titled title: String, child: UnsafeMutablePointer<GtkWidget>) {
        self.title = title
        window = WidgetClicks.presentWindow(titled: title, child: child)
        // Mapped comes a few frames before the first layout.
        XInput.runMainLoop { gtk_widget_get_width(child) > 0 && gtk_widget_get_height(child) > 0 }
        windowID = XInput.xdotool("search", "--sync", "--name", "^\(title)$").split(separator: "\n").first.map(String.init) ?? ""
    }

    /// `point` of `widget` (in its own coordinates) in the coordinates of the window's surface,
    /// which are the X window's.
    func surfacePoint(of widget: UnsafeMutablePointer<GtkWidget>, _ x: Double, _ y: Double) -> (x: Int, y: Int)? {
        var inside = graphene_point_t(x: Float(x), y: Float(y))
        var inWindow = graphene_point_t()
        guard gtk_widget_compute_point(widget, window, &inside, &inWindow) != 0 else { return nil }
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(gmk_native(window.gpointer), &dx, &dy)
        return (Int((Double(inWindow.x) + dx).rounded()), Int((Double(inWindow.y) + dy).rounded()))
    }

    /// Moves the pointer onto `(x, y)` of `widget`, a widget of the window itself, and waits
    /// until GTK has seen it arrive there.
    func movePointer(onto widget: UnsafeMutablePointer<GtkWidget>, at x: Double, _ y: Double,
                     file: StaticString = #filePath, line: UInt = #line) {
        guard let point = surfacePoint(of: widget, x, y) else {
            XCTFail("the widget is not in the window", file: file, line: line)
            return
        }
        movePointer(to: point, arrivingOn: widget, file: file, line: line)
    }

    /// Moves the pointer to `point` of the window's surface and waits until GTK reports it on
    /// `widget` (which may be inside a popover). X delivers the first move into a newly shown
    /// window before GTK tracks the pointer there, and GTK gives a click it sees before that to
    /// the window alone: the pointer is moved again until GTK has seen it arrive.
    func movePointer(to point: (x: Int, y: Int), arrivingOn widget: UnsafeMutablePointer<GtkWidget>,
                     file: StaticString = #filePath, line: UInt = #line) {
        let motion = gtk_event_controller_motion_new()!
        gtk_widget_add_controller(widget, motion)
        defer { gtk_widget_remove_controller(widget, motion) }
        for attempt in 0..<10 where gtk_event_controller_motion_contains_pointer(motion) == 0 {
            XInput.xdotool("mousemove", "--window", windowID, String(point.x + 1 - attempt % 2), String(point.y), file: file, line: line)
            XInput.xdotool("mousemove", "--window", windowID, String(point.x), String(point.y), file: file, line: line)
            for _ in 0..<50 where gtk_event_controller_motion_contains_pointer(motion) == 0 {
                g_main_context_iteration(nil, 0)
                g_usleep(2_000)
            }
        }
        XCTAssertEqual(gtk_event_controller_motion_contains_pointer(motion), 1, "GTK saw the pointer arrive", file: file, line: line)
    }

    /// Moves the pointer onto the middle of `widget` (of the window or of a popover over it) and
    /// lets it rest there a moment, as a person's hand would, without waiting for GTK to see it.
    func restPointer(on widget: UnsafeMutablePointer<GtkWidget>, file: StaticString = #filePath, line: UInt = #line) {
        guard let point = WidgetClicks.pointInWindow(of: widget) else {
            return XCTFail("the widget is not on screen", file: file, line: line)
        }
        XInput.xdotool("mousemove", "--window", windowID, String(point.x), String(point.y), file: file, line: line)
        settle(forMicroseconds: 50_000) { false }
    }

    /// Clicks `button` (1 primary, 3 secondary) at `(x, y)` of `widget`, as a hand would.
    func click(_ button: Int, onto widget: UnsafeMutablePointer<GtkWidget>, at x: Double, _ y: Double,
               file: StaticString = #filePath, line: UInt = #line) {
        movePointer(onto: widget, at: x, y, file: file, line: line)
        XInput.xdotool("click", String(button), file: file, line: line)
    }

    /// Clicks the middle of an item of an open popover with the primary button.
    func click(item: UnsafeMutablePointer<GtkWidget>, file: StaticString = #filePath, line: UInt = #line) {
        guard let point = WidgetClicks.pointInWindow(of: item) else {
            XCTFail("the item is not on screen", file: file, line: line)
            return
        }
        movePointer(to: point, arrivingOn: item, file: file, line: line)
        XInput.xdotool("click", "1", file: file, line: line)
    }

    /// Types a key ("shift+F10", "Menu", "Escape") to whatever has the keyboard.
    func key(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XInput.xdotool("key", name, file: file, line: line)
    }

    /// Where the X server has the pointer, in the window's surface coordinates.
    var pointer: (x: Double, y: Double) {
        let surface = gtk_native_get_surface(gmk_native(window.gpointer))
        let pointerDevice = gdk_seat_get_pointer(gdk_display_get_default_seat(gtk_widget_get_display(window)))
        var x = 0.0, y = 0.0
        var modifiers = GdkModifierType(rawValue: 0)
        gdk_surface_get_device_position(surface, pointerDevice, &x, &y, &modifiers)
        return (x, y)
    }

    /// The widget with the keyboard focus in the window.
    var focus: UnsafeMutablePointer<GtkWidget>? { gtk_root_get_focus(gmk_root(window.gpointer)) }

    func destroy() {
        gtk_window_destroy(gmk_window(window))
        drainMainLoop()
    }
}

/// Where GTK put a popover's visible box, its `contents` node, in the coordinates of its
/// parent's surface: the popup surface's position plus the node's place on that surface.
@MainActor
func popoverContentOrigin(_ popover: UnsafeMutablePointer<GtkWidget>) -> (x: Double, y: Double)? {
    guard let surface = gtk_native_get_surface(gmk_native(popover.gpointer)),
          let contents = widgetTree(popover).first(where: { String(cString: gtk_widget_get_css_name($0)) == "contents" })
    else { return nil }
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(contents, popover, &bounds) != 0 else { return nil }
    var dx = 0.0, dy = 0.0
    gtk_native_get_surface_transform(gmk_native(popover.gpointer), &dx, &dy)
    return (Double(gdk_popup_get_position_x(surface)) + dx + Double(bounds.origin.x),
            Double(gdk_popup_get_position_y(surface)) + dy + Double(bounds.origin.y))
}

/// Styles one widget, and no other, with `css`.
@MainActor
func style(_ widget: UnsafeMutablePointer<GtkWidget>, css: String) {
    let provider = gtk_css_provider_new()!
    gmk_css_provider_load(provider, css)
    gmk_widget_add_style_provider(widget, provider)
    g_object_unref(provider.gpointer)
}

/// A model button's `accel` property: what GTK shows as its shortcut; nil when unset.
@MainActor
func accelProperty(of modelButton: UnsafeMutablePointer<GtkWidget>) -> String? {
    guard let accel = gmk_object_dup_string(modelButton, "accel") else { return nil }
    defer { g_free(accel) }
    return String(cString: accel)
}

/// The popovers parented to `widget`, GMenuKit's or GTK's own.
@MainActor
func popoverChildren(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    var popovers: [UnsafeMutablePointer<GtkWidget>] = []
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
        if gmk_is_popover(current) != 0 { popovers.append(current) }
        child = gtk_widget_get_next_sibling(current)
    }
    return popovers
}

/// Turns the main loop until `condition` holds (bounded, see ``XInput/runMainLoop(until:)``),
/// then until nothing is pending.
@MainActor
func settle(until condition: () -> Bool) {
    XInput.runMainLoop(until: condition)
    drainMainLoop()
}
