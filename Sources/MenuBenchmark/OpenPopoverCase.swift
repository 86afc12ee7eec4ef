import CGtk
import GMenuKit

#if canImport(Glibc)
    import Glibc
#endif

/// Case 5: open a GtkPopoverMenu made from the rendered menu and wait for its first frame.
/// The time runs from `gtk_popover_popup` to the end of the first frame clock paint in which
/// the popover's surface is mapped and the popover has its size. Every run opens a new
/// popover, so each one is a first opening. Needs a display (run under scripts/with-display.sh).
@MainActor
enum OpenPopoverCase {
    static func run(items: Int, runs: Int) {
        guard gtk_init_check() != 0 else {
            printError("case 5 needs a display; run it under scripts/with-display.sh")
            exit(2)
        }
        let model = ItemsModel(count: items)
        let menu = RenderedMenu(model.menu)
        let window = gtk_window_new()!
        let button = gtk_button_new_with_label("Open")!
        gtk_window_set_default_size(gmk_window(window), 640, 480)
        gtk_window_set_child(gmk_window(window), button)
        menu.insertActionGroup(into: window)
        gtk_window_present(gmk_window(window))
        while gtk_widget_get_mapped(window) == 0 { g_main_context_iteration(nil, 1) }
        settle()

        var samples: [Double] = []
        for run in 0...runs {
            let popover = gtk_popover_menu_new_from_model(menu.menuModel)!
            gtk_widget_set_parent(popover, button)
            // GMenuKit's own rows: the icons beside the labels that plain GTK does not draw.
            menu.present(in: popover)
            settle()
            watchedPopover = popover
            firstFrameAt = nil
            let mapHandler = gmk_connect_widget(popover, "map", watchFrames, nil, nil)
            let start = ContinuousClock.now
            gtk_popover_popup(gmk_popover(popover))
            let deadline = start + .seconds(30)
            while firstFrameAt == nil && ContinuousClock.now < deadline { g_main_context_iteration(nil, 1) }
            guard let end = firstFrameAt else {
                printError("the popover showed no frame within 30 seconds")
                exit(1)
            }
            if let clock = watchedClock {
                g_signal_handler_disconnect(clock.gpointer, afterPaintHandler)
                watchedClock = nil
            }
            g_signal_handler_disconnect(popover.gpointer, mapHandler)
            watchedPopover = nil
            let elapsed = end - start
            if run > 0 {  // The first opening warms up GTK's caches (theme, icons, fonts).
                samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
            gtk_popover_popdown(gmk_popover(popover))
            gtk_widget_unparent(popover)
            settle()
        }
        Report.result("5", items: items, seconds: samples)
        gtk_window_destroy(gmk_window(window))
        runMainLoopUntilIdle()
        withExtendedLifetime(menu) {}
    }

    /// Lets GTK finish what it has to do and the frame clock go quiet, so that every opening
    /// starts from the same place.
    private static func settle() {
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

func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
