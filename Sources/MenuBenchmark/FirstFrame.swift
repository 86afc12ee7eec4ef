import CGtk
import Foundation

/// Times a popover to its first frame on screen, for the cases that open menus (5 and 10):
/// the end is the first frame clock `after-paint` once the popover's surface is mapped and
/// it has its size.
@MainActor
enum FirstFrame {
    /// Pops `popover` up and waits for its first frame: the seconds since `start` (taken
    /// before whatever the case counts as part of the opening). Exits when no frame comes
    /// within `timeout`.
    static func popUp(_ popover: UnsafeMutablePointer<GtkWidget>, since start: ContinuousClock.Instant,
                      timeout: Duration) -> Double {
        watchedPopover = popover
        firstFrameAt = nil
        let mapHandler = gmk_connect_widget(popover, "map", watchFrames, nil, nil)
        gtk_popover_popup(gmk_popover(popover))
        let deadline = start + timeout
        while firstFrameAt == nil && ContinuousClock.now < deadline { g_main_context_iteration(nil, 1) }
        guard let end = firstFrameAt else {
            printError("the popover showed no frame within \(timeout)")
            exit(1)
        }
        if let clock = watchedClock {
            g_signal_handler_disconnect(clock.gpointer, afterPaintHandler)
            watchedClock = nil
        }
        g_signal_handler_disconnect(popover.gpointer, mapHandler)
        watchedPopover = nil
        let elapsed = end - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Lets GTK finish what it has to do and the frame clock go quiet, so that every opening
    /// starts from the same place.
    static func settle() {
        runMainLoopUntilIdle()
        g_usleep(50_000)
        runMainLoopUntilIdle()
    }
}

nonisolated(unsafe) private var watchedPopover: UnsafeMutablePointer<GtkWidget>?
nonisolated(unsafe) private var watchedClock: OpaquePointer?
nonisolated(unsafe) private var afterPaintHandler: gulong = 0
nonisolated(unsafe) private var firstFrameAt: ContinuousClock.Instant?

/// On map (inside `gtk_popover_popup`), the popover has its surface and frame clock.
private let watchFrames: GMKWidgetCallback = { widget, _ in
    guard let clock = gtk_widget_get_frame_clock(widget) else { return }
    watchedClock = clock
    afterPaintHandler = g_signal_connect_data(
        UnsafeMutableRawPointer(clock), "after-paint", unsafeBitCast(afterPaint, to: GCallback.self),
        nil, nil, GConnectFlags(rawValue: 0))
}

private let afterPaint: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, _ in
    guard firstFrameAt == nil, let popover = watchedPopover,
          let surface = gtk_native_get_surface(OpaquePointer(popover)),
          gdk_surface_get_mapped(surface) != 0, gtk_widget_get_width(popover) > 0
    else { return }
    firstFrameAt = .now
}
