import CGtk
import GMenuKit

#if canImport(Glibc)
    import Glibc
#endif

/// Case 10: a menu of N generated items ("Clear History", then a history of N pages) opened, to
/// its first frame: the time runs from making the popover (GMenuKit fills its slots then) through
/// `gtk_popover_popup` to the end of the first frame clock paint in which the popover is mapped
/// with its size (as case 5). With `--scrolling`, the history is a scrolling list
/// (`.menuListStyle(.scrolling(visibleRows: 12))`), reported as `10-scrolling`; without it, the
/// history is ordinary items, as GTK builds them (a model button per item), reported as `10`.
/// Needs a display.
@MainActor
enum LongMenuCase {
    static func run(items: Int, runs: Int, scrolling: Bool) {
        guard gtk_init_check() != 0 else {
            printError("case 10 needs a display; run it under scripts/with-display.sh")
            exit(2)
        }
        let pages = (0..<items).map { "Page \($0)" }
        var opened = 0
        let menu = RenderedMenu(Menu("History") {
            Button("Clear History") { opened = -1 }
            Section {
                if scrolling {
                    ForEach(pages.indices, id: \.self) { index in
                        Button(pages[index]) { opened = index }
                    }
                    .menuListStyle(.scrolling(visibleRows: 12))
                } else {
                    ForEach(pages.indices, id: \.self) { index in
                        Button(pages[index]) { opened = index }
                    }
                }
            }
            .generatedContent()
        })
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
            longWatchedPopover = nil
            longFirstFrameAt = nil
            let start = ContinuousClock.now
            let popover = gtk_popover_menu_new_from_model(menu.menuModel)!
            gtk_widget_set_parent(popover, button)
            menu.present(in: popover)
            longWatchedPopover = popover
            let mapHandler = gmk_connect_widget(popover, "map", longWatchFrames, nil, nil)
            gtk_popover_popup(gmk_popover(popover))
            let deadline = start + .seconds(120)
            while longFirstFrameAt == nil && ContinuousClock.now < deadline { g_main_context_iteration(nil, 1) }
            guard let end = longFirstFrameAt else {
                printError("the popover showed no frame within 120 seconds")
                exit(1)
            }
            if let clock = longWatchedClock {
                g_signal_handler_disconnect(clock.gpointer, longAfterPaintHandler)
                longWatchedClock = nil
            }
            g_signal_handler_disconnect(popover.gpointer, mapHandler)
            longWatchedPopover = nil
            let elapsed = end - start
            if run > 0 {  // The first opening warms up GTK's caches (theme, icons, fonts).
                samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
            gtk_popover_popdown(gmk_popover(popover))
            gtk_widget_unparent(popover)
            settle()
        }
        Report.result(scrolling ? "10-scrolling" : "10", items: items, seconds: samples)
        gtk_window_destroy(gmk_window(window))
        runMainLoopUntilIdle()
        withExtendedLifetime(menu) {}
        _ = opened
    }

    private static func settle() {
        runMainLoopUntilIdle()
        g_usleep(50_000)
        runMainLoopUntilIdle()
    }
}

nonisolated(unsafe) private var longWatchedPopover: UnsafeMutablePointer<GtkWidget>?
nonisolated(unsafe) private var longWatchedClock: OpaquePointer?
nonisolated(unsafe) private var longAfterPaintHandler: gulong = 0
nonisolated(unsafe) private var longFirstFrameAt: ContinuousClock.Instant?

private let longWatchFrames: GMKWidgetCallback = { widget, _ in
    guard let clock = gtk_widget_get_frame_clock(widget) else { return }
    longWatchedClock = clock
    longAfterPaintHandler = g_signal_connect_data(
        UnsafeMutableRawPointer(clock), "after-paint", unsafeBitCast(longAfterPaint, to: GCallback.self),
        nil, nil, GConnectFlags(rawValue: 0))
}

private let longAfterPaint: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, _ in
    guard longFirstFrameAt == nil, let popover = longWatchedPopover,
          let surface = gtk_native_get_surface(OpaquePointer(popover)),
          gdk_surface_get_mapped(surface) != 0, gtk_widget_get_width(popover) > 0
    else { return }
    longFirstFrameAt = .now
}
