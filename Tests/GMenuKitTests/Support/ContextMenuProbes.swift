import CGtk
import Foundation
import GMenuKitTesting
import XCTest

@testable import GMenuKit

/// A window shown on the X server for context-menu tests, and real input into it, on
/// GMenuKitTesting's (TestWindow, RealInput): points in the window's own coordinates, which
/// these tests aim at, and failures reported where the test called.
@MainActor
struct InputWindow {
    let title: String
    let window: UnsafeMutablePointer<GtkWidget>
    private let shown: TestWindow

    init(titled title: String, child: UnsafeMutablePointer<GtkWidget>) throws {
        self.title = title
        shown = try TestWindow(titled: title, child: child)
        window = shown.widget
    }

    /// `point` of `widget` (in its own coordinates) in the coordinates of the window's surface,
    /// which are the X window's.
    func surfacePoint(of widget: UnsafeMutablePointer<GtkWidget>, _ x: Double, _ y: Double) -> (x: Int, y: Int)? {
        try? RealInput.pointInWindow(of: widget, at: (x, y))
    }

    /// Moves the pointer onto `(x, y)` of `widget` and waits until GTK has seen it arrive there.
    func movePointer(onto widget: UnsafeMutablePointer<GtkWidget>, at x: Double, _ y: Double,
                     file: StaticString = #filePath, line: UInt = #line) {
        reporting(file, line) { () throws(MenuTestFailure) in try RealInput.movePointer(onto: widget, at: (x, y)) }
    }

    /// Moves the pointer onto the middle of `widget` (of the window or of a popover over it) and
    /// lets it rest there a moment, as a person's hand would, without waiting for GTK to see it.
    func restPointer(on widget: UnsafeMutablePointer<GtkWidget>, file: StaticString = #filePath, line: UInt = #line) {
        reporting(file, line) { () throws(MenuTestFailure) in
            let point = try RealInput.pointInWindow(of: widget)
            try RealInput.xdotool("mousemove", "--window", try shown.windowID, String(point.x), String(point.y))
        }
        settle(forMicroseconds: 50_000) { false }
    }

    /// Clicks `button` (1 primary, 3 secondary) at `(x, y)` of `widget`, as a hand would.
    func click(_ button: Int, onto widget: UnsafeMutablePointer<GtkWidget>, at x: Double, _ y: Double,
               file: StaticString = #filePath, line: UInt = #line) {
        reporting(file, line) { () throws(MenuTestFailure) in
            try RealInput.click(widget, button: PointerButton(rawValue: button) ?? .primary, at: (x, y))
        }
    }

    /// Clicks the middle of an item of an open popover with the primary button.
    func click(item: UnsafeMutablePointer<GtkWidget>, file: StaticString = #filePath, line: UInt = #line) {
        reporting(file, line) { () throws(MenuTestFailure) in try RealInput.click(item) }
    }

    /// Types a key ("shift+F10", "Menu", "Escape") to whatever has the keyboard.
    func key(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        reporting(file, line) { () throws(MenuTestFailure) in try RealInput.key(name) }
    }

    /// Where the X server has the pointer, in the window's surface coordinates.
    var pointer: (x: Double, y: Double) { RealInput.pointer(in: window) }

    /// The widget with the keyboard focus in the window.
    var focus: UnsafeMutablePointer<GtkWidget>? { shown.focus }

    func destroy() {
        gtk_window_destroy(gmk_window(window))
        MainLoop.drain()
    }

    private func reporting(_ file: StaticString, _ line: UInt, _ body: () throws(MenuTestFailure) -> Void) {
        do { try body() } catch { XCTFail(error.description, file: file, line: line) }
    }
}

/// Where GTK put a popover's visible box, its `contents` node, in the coordinates of its
/// parent's surface: the popup surface's position plus the node's place on that surface.
@MainActor
func popoverContentOrigin(_ popover: UnsafeMutablePointer<GtkWidget>) -> (x: Double, y: Double)? {
    guard let surface = gtk_native_get_surface(gmk_native(popover.gpointer)),
          let contents = WidgetTree.all(popover).first(where: { String(cString: gtk_widget_get_css_name($0)) == "contents" })
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

/// Turns the main loop until `condition` holds (bounded, see `MainLoop.turn(until:)`),
/// then until nothing is pending.
@MainActor
func settle(until condition: () -> Bool) {
    MainLoop.turn(until: condition)
    MainLoop.drain()
}
