import CGtk
import Foundation

/// Times a popover (or a window) to its first frame on screen, for the cases that open menus (5,
/// 9, 10 and the palette's 13): the end is the first frame clock `after-paint` once its surface is
/// mapped and it has its size.
@MainActor
enum FirstFrame {
    /// Pops `popover` up and waits for its first frame: the seconds since `start` (taken
    /// before whatever the case counts as part of the opening). Exits when no frame comes
    /// within `timeout`.
    static func popUp(_ popover: UnsafeMutablePointer<GtkWidget>, since start: ContinuousClock.Instant,
                      timeout: Duration) -> Double {
        gtk_popover_popup(gmk_popover(popover))
        return opened(popover, since: start, timeout: timeout)
    }

    /// Waits for the first frame of `popover`, whose opening is under way: GMenuKit's context
    /// menus pop up from an idle just after GTK's own (so that they are measured with their
    /// separators), so it may be mapped now or later.
    static func opened(_ popover: UnsafeMutablePointer<GtkWidget>, since start: ContinuousClock.Instant,
                       timeout: Duration) -> Double {
        watchedPopover = popover
        firstFrameAt = nil
        if gtk_widget_get_mapped(popover) != 0 {
            watchFrames(popover, nil)
            return waitForFrame(since: start, timeout: timeout)
        }
        let mapHandler = gmk_connect_widget(popover, "map", watchFrames, nil, nil)
        defer { g_signal_handler_disconnect(popover.gpointer, mapHandler) }
        return waitForFrame(since: start, timeout: timeout)
    }

    /// Waits for the first frame of `native` (a window), already shown and so with its frame
    /// clock: the seconds since `start`.
    static func shown(_ native: UnsafeMutablePointer<GtkWidget>, since start: ContinuousClock.Instant,
                      timeout: Duration) -> Double {
        watchedPopover = native
        firstFrameAt = nil
        watchFrames(native, nil)
        return waitForFrame(since: start, timeout: timeout)
    }

    private static func waitForFrame(since start: ContinuousClock.Instant, timeout: Duration) -> Double {
        let deadline = start + timeout
        while firstFrameAt == nil && ContinuousClock.now < deadline { g_main_context_iteration(nil, 1) }
        guard let end = firstFrameAt else {
            printError("no frame within \(timeout)")
            exit(1)
        }
        if let clock = watchedClock {
            g_signal_handler_disconnect(clock.gpointer, afterPaintHandler)
            watchedClock = nil
        }
        watchedPopover = nil
        let elapsed = end - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Presents `window`, waits until it is mapped and lets it settle: where every case that
    /// opens something in a window starts.
    static func present(_ window: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_present(gmk_window(window))
        while gtk_widget_get_mapped(window) == 0 { g_main_context_iteration(nil, 1) }
        settle()
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
