import CGtk
import Observation
import Synchronization
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// Keeps a plain GTK widget in step with `@Observable` state, as GMenuKit's menus keep
/// themselves: `update` runs now, reading whatever it reads under observation, and again once
/// after each change, from the GLib main loop just ahead of the default priority, as menus render
/// (before the next event and GTK's next frame).
/// Several changes before that run make one update. The observation lives as long as the
/// widget: the widget owns it, and an update due after the widget went does nothing.
///
/// ```swift
/// observe(label) { gtk_label_set_text(gmk_label(label), document.status) }
/// observe(saveButton) { gtk_widget_set_visible(saveButton, document.isDirty ? 1 : 0) }
/// ```
@MainActor
@discardableResult
public func observe(_ widget: UnsafeMutablePointer<GtkWidget>, _ update: @escaping @MainActor () -> Void) -> ObservedUpdate {
    let alive = WeakObjectPointer(widget)
    let observation = ObservedUpdate { if alive.object != nil { update() } }
    WidgetObservations.of(widget).updates.append(observation)
    observation.start()
    return observation
}

/// The observations a widget owns, under one key.
@MainActor
private final class WidgetObservations {
    var updates: [ObservedUpdate] = []
    static let key = "gmenukit-observations"

    static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> WidgetObservations {
        if let data = g_object_get_data(gmk_object(widget), key) {
            return SwiftClosureData.object(data, as: WidgetObservations.self)
        }
        let made = WidgetObservations()
        WidgetOwnership.give(made, to: widget, key: key)
        return made
    }
}

/// Runs a closure under observation tracking now and once again after every change to what it
/// read, from the GLib main loop at the priority menus render at: the same one-update-per-change,
/// main-loop-scheduled behaviour as a rendered menu's refreshes.
@MainActor
public final class ObservedUpdate {
    private let body: @MainActor () -> Void
    /// Runs after each run of `body`, outside its tracking: what it reads is not followed.
    private let then: (@MainActor () -> Void)?
    private let trigger = UpdateTrigger()

    package init(_ body: @escaping @MainActor () -> Void, then: (@MainActor () -> Void)? = nil) {
        self.body = body
        self.then = then
    }

    isolated deinit { trigger.owner = nil }

    /// Runs the closure now, and follows what it read.
    package func start() {
        trigger.owner = self
        run()
    }

    /// Runs the closure again now (a change it cannot observe), and follows what it reads then.
    package func runNow() { run() }

    /// Stops following: no later change runs the closure.
    public func cancel() { trigger.owner = nil }

    /// How many times the closure ran, for tests.
    package private(set) var runs = 0

    fileprivate func run() {
        let trigger = trigger
        guard trigger.owner != nil else { return }
        trigger.begins()
        runs += 1
        withObservationTracking { body() } onChange: { trigger.schedule() }
        then?()
    }
}

/// Reaches an observed update from the main loop without keeping it alive; schedules at most
/// one run per change, whatever thread reports it.
private final class UpdateTrigger: @unchecked Sendable {
    // Read and written on the main thread only: by the update and the idle callback.
    weak var owner: ObservedUpdate?
    private let isScheduled = Atomic<Bool>(false)

    func schedule() {
        guard !isScheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        g_idle_add_full(renderPriority, updateCallback, SwiftClosureData.retained(self),
                        SwiftClosureData.releaseOnDestroy)
    }

    func begins() { isScheduled.store(false, ordering: .releasing) }
}

private let updateCallback: GSourceFunc = { data in
    // Idle sources of the default context run on the main thread.
    nonisolated(unsafe) let data = data
    MainActor.assumeIsolated {
        SwiftClosureData.object(data, as: UpdateTrigger.self).owner?.run()
    }
    return 0  // G_SOURCE_REMOVE
}
