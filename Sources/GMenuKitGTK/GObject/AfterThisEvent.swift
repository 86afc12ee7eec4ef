import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Runs `body` once the event being handled is done, before any input still queued: a GLib idle
/// at high priority (GDK dispatches events at the default priority). For what GTK does after the
/// signal GMenuKit is in returns, such as `gtk_popover_popdown` grabbing the focus after the
/// popover's unmapping.
@MainActor
package func runAfterThisEvent(_ body: @escaping @MainActor () -> Void) {
    scheduleOnMainLoop(priority: G_PRIORITY_HIGH, body)
}

/// Runs `body` once from the GLib main loop, by default at high idle priority: after the events
/// waiting and the renders that follow changes (``renderPriority``), before GTK's next frame;
/// callable from any thread (an observation's change handler): idle sources of the default
/// context run on the main thread.
package func scheduleOnMainLoop(priority: Int32 = G_PRIORITY_HIGH_IDLE, _ body: @escaping @MainActor () -> Void) {
    g_idle_add_full(priority, { data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { Unmanaged<MainLoopJob>.fromOpaque(data!).takeUnretainedValue().body() }
        return 0
    }, Unmanaged.passRetained(MainLoopJob(body)).toOpaque(), { data in
        if let data { Unmanaged<MainLoopJob>.fromOpaque(data).release() }
    })
}

/// A closure on its way to the main loop; made and run on whatever threads, read only there.
private final class MainLoopJob: @unchecked Sendable {
    let body: @MainActor () -> Void
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }
}
