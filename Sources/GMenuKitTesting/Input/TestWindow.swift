import CGtk
import GMenuKitBuilder

/// A top-level window a test shows a widget in, titled so that real input finds it, given the
/// keyboard; ``close()`` takes it away with whatever it opened.
///
/// ```swift
/// let window = try TestWindow(titled: "Sorting", child: control.widget)
/// defer { window.close() }
/// try MenuDriver(control).choose("Sort By", "Date")
/// ```
///
/// There is no window manager under a test's X server: the window sits at the top left of the
/// screen and is given the X focus here. GTK owns the window, not this object: dropping it
/// leaves the window open until ``close()`` or `gtk_window_destroy`.
@MainActor
public final class TestWindow {
    /// The `GtkWindow`.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Its title, by which the X server's windows are searched.
    public let title: String

    /// Shows `child` in a new window titled `title`, `width` by `height` pixels, waits until
    /// it is on screen and laid out, and gives it the keyboard. The title must be letters,
    /// digits and spaces, and no other window's.
    public init(titled title: String, child: UnsafeMutablePointer<GtkWidget>, width: Int = 320, height: Int = 240) throws(MenuTestFailure) {
        guard !title.isEmpty, title.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " }) else {
            throw MenuTestFailure("a test window's title is letters, digits and spaces, not '\(title)'")
        }
        self.title = title
        widget = gtk_window_new()
        gtk_window_set_title(gmk_window(widget.gpointer), title)
        gtk_window_set_default_size(gmk_window(widget.gpointer), gint(width), gint(height))
        gtk_window_set_child(gmk_window(widget.gpointer), child)
        gtk_window_present(gmk_window(widget.gpointer))
        do {
            try MainLoop.wait(for: "the window '\(title)' to be shown") { gtk_widget_get_mapped(widget) != 0 }
            try RealInput.focusWindow(titled: title)
            // Mapped comes a few frames before the first layout.
            try MainLoop.wait(for: "the window '\(title)' to be laid out") {
                gtk_widget_get_width(child) > 0 && gtk_widget_get_height(child) > 0
            }
        } catch {
            close()
            throw error
        }
    }

    /// The X window id xdotool knows the window by.
    public var windowID: String {
        get throws(MenuTestFailure) { try RealInput.windowID(titled: title) }
    }

    /// The widget that has the keyboard focus in the window (perhaps in a popover over it).
    public var focus: UnsafeMutablePointer<GtkWidget>? { gtk_root_get_focus(gmk_root(widget.gpointer)) }

    /// The popovers shown over the window now: open menus and their submenus.
    public var shownPopovers: [UnsafeMutablePointer<GtkWidget>] { WidgetTree.shownPopovers(below: widget) }

    /// Gives the window the keyboard again (after another window had it).
    public func focusAgain() throws(MenuTestFailure) {
        try RealInput.focusWindow(titled: title)
        try MainLoop.wait(for: "the window '\(title)' to be active") { gtk_window_is_active(gmk_window(widget.gpointer)) != 0 }
    }

    /// Closes the menus open over the window, then the window, and runs what that left for
    /// the main loop. On GTK 4.8 the order matters: a window destroyed with its popover open
    /// leaves the popover behind. Closing twice does nothing.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        for popover in shownPopovers.reversed() { gtk_popover_popdown(gmk_popover(popover.gpointer)) }
        MainLoop.drain()
        gtk_window_destroy(gmk_window(widget.gpointer))
        MainLoop.drain()
    }

    /// Whether ``close()`` ran.
    public private(set) var isClosed = false

    /// The top-level windows GTK has open now, the test's and any other (a dialog).
    public static var openWindows: [UnsafeMutablePointer<GtkWidget>] {
        let list = gtk_window_get_toplevels()!
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            guard let window = g_list_model_get_item(list, index) else { return nil }
            g_object_unref(window)
            return window.assumingMemoryBound(to: GtkWidget.self)
        }
    }
}
