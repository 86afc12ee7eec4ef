import CGtk

/// Runs `body` once the event being handled is done, before any input still queued: a GLib idle
/// at high priority (GDK dispatches events at the default priority). For what GTK does after the
/// signal GMenuKit is in returns, such as `gtk_popover_popdown` grabbing the focus after the
/// popover's unmapping.
@MainActor
func runAfterThisEvent(_ body: @escaping @MainActor () -> Void) {
    g_idle_add_full(G_PRIORITY_HIGH, { data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SwiftClosureData.object(data, as: AfterThisEventBody.self).body() }
        return 0
    }, SwiftClosureData.retained(AfterThisEventBody(body)), SwiftClosureData.releaseOnDestroy)
}

@MainActor
private final class AfterThisEventBody {
    let body: @MainActor () -> Void
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }
}
