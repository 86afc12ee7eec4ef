import CGtk
import GMenuKitBuilder

/// A mouse button, as X numbers them.
public enum PointerButton: Int, Sendable {
    /// The primary button: clicks, chooses.
    case primary = 1
    /// The middle button (or the wheel pressed).
    case middle = 2
    /// The secondary button: opens context menus.
    case secondary = 3
}

extension RealInput {
    /// Where `point` of `widget` (in the widget's own coordinates; its middle when nil) is in
    /// the coordinates of its top-level window's X window, once GTK has laid the widget out
    /// (a popover is mapped a frame before its items have a size). Works for the items of an
    /// open popover: a popup's place is read from where GTK put its surface.
    public static func pointInWindow(of widget: UnsafeMutablePointer<GtkWidget>,
                                     at point: (x: Double, y: Double)? = nil) throws(MenuTestFailure) -> (x: Int, y: Int) {
        try MainLoop.wait(for: "the widget to be laid out") { gtk_widget_get_width(widget) > 0 && gtk_widget_get_height(widget) > 0 }
        guard let native = gtk_widget_get_native(widget), let surface = gtk_native_get_surface(native) else {
            throw MenuTestFailure("the widget is not on screen (no surface)")
        }
        let nativeWidget = UnsafeMutablePointer<GtkWidget>(native)
        var inside = graphene_point_t(x: Float(point?.x ?? Double(gtk_widget_get_width(widget)) / 2),
                                      y: Float(point?.y ?? Double(gtk_widget_get_height(widget)) / 2))
        var inNative = graphene_point_t()
        guard gtk_widget_compute_point(widget, nativeWidget, &inside, &inNative) != 0 else {
            throw MenuTestFailure("the widget is not on screen (no place in its surface)")
        }
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(native, &dx, &dy)
        var x = Double(inNative.x) + dx, y = Double(inNative.y) + dy
        // A popup's position is relative to its parent's surface: a nested popover's (a menu
        // bar's submenu) to its parent menu's, that one's to the window's.
        var popup: OpaquePointer? = gmk_is_popup_surface(UnsafeMutableRawPointer(surface)) != 0 ? surface : nil
        while let current = popup {
            x += Double(gdk_popup_get_position_x(current))
            y += Double(gdk_popup_get_position_y(current))
            popup = gdk_popup_get_parent(current).flatMap { gmk_is_popup_surface(UnsafeMutableRawPointer($0)) != 0 ? $0 : nil }
        }
        return (Int(x.rounded()), Int(y.rounded()))
    }

    /// Moves the pointer onto `point` of `widget` (its middle when nil) and waits until GTK has
    /// seen it arrive there. X delivers the first move into a newly shown window before GTK
    /// tracks the pointer there, and GTK gives a click it sees before that to the window
    /// alone: the pointer is moved again until GTK reports it on the widget. A dimmed widget
    /// sees no pointer: the pointer is moved there and rests a moment.
    public static func movePointer(onto widget: UnsafeMutablePointer<GtkWidget>,
                                   at point: (x: Double, y: Double)? = nil) throws(MenuTestFailure) {
        // Where the widget is on screen, not where it was put before GTK's next layout.
        MainLoop.waitForLayout(of: widget)
        let target = try pointInWindow(of: widget, at: point)
        let window = try windowID(of: widget)
        guard gtk_widget_is_sensitive(widget) != 0 else {
            try xdotool("mousemove", "--window", window, String(target.x), String(target.y))
            MainLoop.rest(seconds: 0.05)
            return
        }
        // X without a window manager leaves GTK believing the pointer is on a popover that
        // closed over it, until the pointer leaves that area: GTK gives the next press there,
        // and the widget never sees it, while the arrival check below passes at once (the
        // closed popover hangs off the widget: inside it for a motion controller). The pointer
        // leaves the window first, as a hand would have moved off the menu.
        if hasClosedPopover(under: widget) {
            let screen = try screenSize()
            try xdotool("mousemove", String(screen.width - 1), String(screen.height - 1))
            MainLoop.rest(seconds: 0.02)
        }
        let motion = gtk_event_controller_motion_new()!
        gtk_widget_add_controller(widget, motion)
        defer { gtk_widget_remove_controller(widget, motion) }
        var attempts = 0
        func arrived() -> Bool {
            if gtk_event_controller_motion_contains_pointer(motion) != 0 { return true }
            // GTK 4.18 does not always tell a controller added to an item of an open popover
            // menu of a pointer that moved onto it: after a few moves, GTK's own picking at
            // where the pointer is says whether a press lands on the widget.
            // (Not in `&&`: its autoclosure would send the widget across isolation, which a
            // release build refuses.)
            guard attempts >= 3 else { return false }
            return isUnderPointer(widget)
        }
        for attempt in 0..<10 where !arrived() {
            attempts = attempt
            if attempt % 2 == 1 {
                // GTK tells a controller of the pointer as it crosses into its widget: a
                // pointer resting there already (GTK lost track of it when a popover closed
                // over it) leaves and comes back.
                try xdotool("mousemove", "--window", window, "0", "0")
                MainLoop.rest(seconds: 0.02)
            }
            // Where the widget is now: a menu that has just opened may still be taking its
            // size and place (GTK 4.18 resizes a popover that last showed a submenu's page).
            let target = attempt == 0 ? target : try pointInWindow(of: widget, at: point)
            try xdotool("mousemove", "--window", window, String(target.x + 1), String(target.y))
            try xdotool("mousemove", "--window", window, String(target.x), String(target.y))
            let end = g_get_monotonic_time() + 100_000 * gint64(attempt + 1)
            while !arrived() && g_get_monotonic_time() < end {
                if g_main_context_iteration(nil, 0) == 0 { g_usleep(1_000) }
            }
        }
        guard arrived() else {
            throw MenuTestFailure("GTK never saw the pointer arrive on the \(String(cString: gmk_type_name_of(widget.gpointer)))")
        }
    }

    /// Whether GTK picks `widget` (or a widget inside it) where the pointer is now.
    static func isUnderPointer(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let native = gtk_widget_get_native(widget) else { return false }
        let nativeWidget = UnsafeMutablePointer<GtkWidget>(native)
        let pointer = pointer(in: nativeWidget)
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(native, &dx, &dy)
        guard let picked = gtk_widget_pick(nativeWidget, pointer.x - dx, pointer.y - dy, GTK_PICK_DEFAULT) else { return false }
        return picked == widget || gtk_widget_is_ancestor(picked, widget) != 0
    }

    /// Whether a popover that hangs off `widget` (or a widget inside it) was shown and is
    /// closed now, while no menu is open in its window: GTK may still believe the pointer is on
    /// it. (GDK forgets where a closed popup stood, so its area cannot be asked.)
    static func hasClosedPopover(under widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(widget) else { return false }
        let popovers = WidgetTree.all(UnsafeMutablePointer<GtkWidget>(root)).filter { gmk_is_popover($0.gpointer) != 0 }
        guard !popovers.contains(where: { gtk_widget_get_mapped($0) != 0 }) else { return false }
        return popovers.contains { popover in
            gtk_widget_get_realized(popover) != 0 && gtk_widget_is_ancestor(popover, widget) != 0
        }
    }

    /// Moves the pointer to `(x, y)` of the screen, without waiting for GTK: to take it off
    /// every window (a row takes the keyboard focus when the pointer enters it).
    public static func movePointer(toScreen x: Int, _ y: Int) throws(MenuTestFailure) {
        try xdotool("mousemove", String(x), String(y))
        MainLoop.drain()
    }

    /// Moves the pointer to the bottom right corner of the screen, away from any window
    /// a test shows (they are placed at the top left, there being no window manager).
    public static func movePointerAway() throws(MenuTestFailure) {
        let size = try screenSize()
        try movePointer(toScreen: size.width - 1, size.height - 1)
    }

    /// Moves the pointer onto `point` of `widget` (its middle when nil), as
    /// ``movePointer(onto:at:)`` does, and clicks `button` there.
    public static func click(_ widget: UnsafeMutablePointer<GtkWidget>, button: PointerButton = .primary,
                             at point: (x: Double, y: Double)? = nil) throws(MenuTestFailure) {
        try movePointer(onto: widget, at: point)
        try xdotool("click", String(button.rawValue))
    }

    /// Presses `button` on `widget` (at `point`, or its middle), holds it until `condition`
    /// holds (a long press opened a menu), and releases it. Fails when the condition never
    /// holds; the button is released either way.
    public static func hold(_ widget: UnsafeMutablePointer<GtkWidget>, button: PointerButton = .primary,
                            at point: (x: Double, y: Double)? = nil, until condition: () -> Bool) throws(MenuTestFailure) {
        try movePointer(onto: widget, at: point)
        try xdotool("mousedown", String(button.rawValue))
        let held = MainLoop.turn(until: condition)
        try xdotool("mouseup", String(button.rawValue))
        guard held else { throw MenuTestFailure("holding the button down never did what was waited for") }
    }

    /// Where the X server has the pointer, in the coordinates of the surface of `window`.
    public static func pointer(in window: UnsafeMutablePointer<GtkWidget>) -> (x: Double, y: Double) {
        let surface = gtk_native_get_surface(gmk_native(window.gpointer))
        let device = gdk_seat_get_pointer(gdk_display_get_default_seat(gtk_widget_get_display(window)))
        var x = 0.0, y = 0.0
        var modifiers = GdkModifierType(rawValue: 0)
        gdk_surface_get_device_position(surface, device, &x, &y, &modifiers)
        return (x, y)
    }
}
