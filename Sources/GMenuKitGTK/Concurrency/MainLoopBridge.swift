import CGtk
import CMainQueueBridge
import Dispatch
import GMenuKitCore
import GMenuKitBuilder

/// Runs Swift's main-queue work from the GLib main loop: `Task { @MainActor in … }`, the
/// continuation after an `await` in main-actor code, `MainActor.run`, `DispatchQueue.main.async`.
///
/// On Linux these all go to libdispatch's main queue, which nothing drains while GTK's main
/// loop runs (`g_application_run`, `g_main_loop_run`, GTK's nested loops): without the bridge
/// such work waits forever. The bridge is a GLib source on the eventfd that libdispatch signals
/// when its main queue has work (the hook Foundation's `RunLoop` uses); when the fd is
/// readable, the source drains the queue. Nothing polls: an idle process with the bridge wakes
/// no more often than one without.
///
/// GMenuKit installs it the first time a `RenderedMenu` (so any control) is made. An app that
/// starts async work before it makes a menu calls `install()` first, on the main thread.
///
/// The queue is drained from the default main context, which GTK iterates on the main thread;
/// a loop over another context (pushed with `g_main_context_push_thread_default`) does not
/// drain it. A main-queue job that runs a nested main loop and waits there for other
/// main-actor work waits forever: libdispatch does not drain its main queue from inside one
/// of its jobs (the same holds under Foundation's `RunLoop`).
public enum MainLoopBridge {
    /// The priority of the bridge's source: `G_PRIORITY_DEFAULT`, as for GDK's events, behind
    /// GMenuKit's own renders (just ahead of the default priority: a job's changes are rendered
    /// before the next job) and ahead of GTK's frames (redraw).
    public static let priority = Int32(G_PRIORITY_DEFAULT)

    /// Installs the bridge on the default main context, once; later calls do nothing.
    /// Returns whether it is installed (false only off the main thread, where it cannot be).
    @discardableResult
    public static func install() -> Bool {
        gmk_main_queue_source_install(priority) != 0
    }

    /// Whether the bridge is installed.
    public static var isInstalled: Bool { gmk_main_queue_source_id() != 0 }
}
