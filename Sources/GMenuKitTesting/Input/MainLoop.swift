import CGtk

/// GLib's default main loop turned by a test, so that GTK sees real input, lays out, draws and
/// runs what was scheduled.
///
/// A wait turns the loop until its condition holds. It has a bound, generous on purpose
/// (``waitBound``): the bound only stops a broken test from hanging, and no result depends on
/// how long a wait took. Nothing here installs a timer that outlives the call.
///
/// ```swift
/// try RealInput.key("Escape")
/// try MainLoop.wait(for: "the menu to close") { gtk_widget_get_mapped(popover) == 0 }
/// ```
@MainActor
public enum MainLoop {
    /// The longest a wait turns the loop, in seconds, before it gives up: long enough for a
    /// loaded machine, short enough that a broken test ends.
    public static var waitBound: Double = 20

    /// Turns the loop until `condition` holds or ``waitBound`` passes, and says whether it
    /// holds. For a test that asserts on the condition itself afterwards.
    @discardableResult
    public static func turn(until condition: () -> Bool) -> Bool {
        let deadline = g_get_monotonic_time() + gint64(waitBound * 1_000_000)
        while !condition() {
            guard g_get_monotonic_time() < deadline else { return false }
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(1_000) }
        }
        return true
    }

    /// Turns the loop until `condition` holds; fails (throws) when ``waitBound`` passes first,
    /// saying what was waited for ("the menu to close").
    public static func wait(for what: @autoclosure () -> String, until condition: () -> Bool) throws(MenuTestFailure) {
        guard turn(until: condition) else {
            throw MenuTestFailure("waited \(Int(waitBound)) seconds for \(what()) in vain")
        }
    }

    /// Runs whatever is ready to run now (events that arrived, idle work, a frame), until
    /// nothing is pending. Bounded, so that work that keeps rescheduling itself cannot hang
    /// the test.
    public static func drain() {
        var spins = 0
        while g_main_context_iteration(nil, 0) != 0 && spins < 10_000 { spins += 1 }
    }

    /// Turns the loop until GTK has laid out `widget`'s window once more since the call: a widget
    /// just made (a row that a render put into an open menu) takes its size and place at the
    /// next layout, and until then says where it was put at first. A person clicks what a frame
    /// shows. Returns at once for a widget not on screen, and as soon as it leaves the screen;
    /// the tick it waits with is gone when it returns, whether the layout came or ``waitBound``
    /// passed first.
    public static func waitForLayout(of widget: UnsafeMutablePointer<GtkWidget>) {
        guard gtk_widget_get_mapped(widget) != 0 else { return }
        // Held for the wait: the tick is removed from a widget that is still there.
        g_object_ref(widget)
        defer { g_object_unref(widget) }
        // A tick runs as a frame begins, before its layout: the second tick's frame comes after
        // the first one's layout.
        let ticks = TickCount()
        let id = gtk_widget_add_tick_callback(widget, { _, _, data in
            let ticks = Unmanaged<TickCount>.fromOpaque(data!).takeUnretainedValue()
            ticks.count += 1
            return ticks.count >= 2 ? 0 : 1  // G_SOURCE_REMOVE after the second
        }, Unmanaged.passRetained(ticks).toOpaque(), { data in
            Unmanaged<TickCount>.fromOpaque(data!).release()
        })
        // An unmapped widget gets no ticks.
        turn { ticks.count >= 2 || gtk_widget_get_mapped(widget) == 0 }
        if ticks.count < 2 { gtk_widget_remove_tick_callback(widget, id) }
    }

    /// Turns the loop for `seconds` whatever happens, as a hand resting a moment would let
    /// it: for input that must reach GTK before the next (a pointer arriving before a press),
    /// never as a wait for a result.
    public static func rest(seconds: Double) {
        let end = g_get_monotonic_time() + gint64(seconds * 1_000_000)
        while g_get_monotonic_time() < end {
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(1_000) }
        }
    }
}

/// How many frames a tick callback saw; read on the main thread, where GTK runs ticks.
private final class TickCount {
    var count = 0
}
