import CGtk
import Foundation
import GMenuKitTesting
import XCTest

/// The base of every test class: after each test, nothing of GTK's is left for the next one.
///
/// A window left open keeps the keyboard and the pointer from the next test's window; a popover
/// left alive and unrealized is where GTK's tooltip timer trips (`gdk_surface_get_device_position`
/// critical) in whatever test turns the main loop next; work left on the main loop runs in the
/// next test. Each is a failure of the test that left it, and is cleaned away so that only that
/// test fails.
class GtkTestCase: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { LeftBehind.checkAndClean() }
        super.tearDown()
    }
}

@MainActor
enum LeftBehind {
    static func checkAndClean(file: StaticString = #filePath, line: UInt = #line) {
        guard gtk_is_initialized() != 0 else { return }
        MainLoop.drain()
        if g_main_context_pending(nil) != 0 {
            XCTFail("the test left work on the main loop that keeps rescheduling itself", file: file, line: line)
        }
        let windows = TestWindow.openWindows
        if !windows.isEmpty {
            let titles = windows.map { gtk_window_get_title(gmk_window($0)).map { String(cString: $0) } ?? "untitled" }
            XCTFail("the test left \(windows.count) window(s) open: \(titles)", file: file, line: line)
            for window in windows { gtk_window_destroy(gmk_window(window)) }
            MainLoop.drain()
        }
        let popovers = ShownPopovers.alive
        if !popovers.isEmpty {
            let described = popovers.map { popover in
                let parent = gtk_widget_get_parent(gmk_widget(popover)).map { String(cString: gmk_type_name_of($0)) } ?? "no parent"
                return "\(String(cString: gmk_type_name_of(gmk_widget(popover)))) (\(parent), \(gmk_object(popover).pointee.ref_count) references)"
            }
            XCTFail("the test left \(popovers.count) popover(s) it showed alive: \(described.sorted())", file: file, line: line)
            ShownPopovers.forget()
        }
    }
}

/// Every popover that was mapped, held weakly until it is finalized. Debian's GLib is built
/// without the instance counts of GOBJECT_DEBUG=instance-count, so GTK's own `map` signal is
/// watched instead, through an emission hook on every widget: a popover that never mapped held
/// no focus and is no tooltip's target.
enum ShownPopovers {
    nonisolated(unsafe) private static var live: Set<UnsafeMutableRawPointer> = []
    /// Reported already by an earlier test.
    nonisolated(unsafe) private static var reported: Set<UnsafeMutableRawPointer> = []
    nonisolated(unsafe) private static var isWatching = false

    /// The popovers shown and not yet reported that are still alive.
    static var alive: Set<UnsafeMutableRawPointer> { live.subtracting(reported) }

    /// Starts watching, once for the whole run, as soon as GTK is initialized.
    static func watch() {
        guard !isWatching else { return }
        isWatching = true
        // Signals exist once their class does.
        g_type_class_unref(g_type_class_ref(gtk_widget_get_type()))
        let map = g_signal_lookup("map", gtk_widget_get_type())
        g_signal_add_emission_hook(map, 0, { _, count, values, _ in
            guard count > 0, let values, let instance = g_value_get_object(values) else { return 1 }
            if gmk_is_popover(instance) != 0, !ShownPopovers.live.contains(instance) {
                ShownPopovers.live.insert(instance)
                g_object_weak_ref(gmk_object(instance), { _, finalized in
                    guard let finalized else { return }
                    ShownPopovers.live.remove(UnsafeMutableRawPointer(finalized))
                    ShownPopovers.reported.remove(UnsafeMutableRawPointer(finalized))
                }, nil)
            }
            return 1
        }, nil, nil)
    }

    /// Stops reporting the popovers alive now: each is reported by the test that left it.
    static func forget() { reported.formUnion(live) }
}
