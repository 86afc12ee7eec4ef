import CGtk
import CMainQueueBridge
import Synchronization
import GMenuKitCore

/// The priority at which the main loop follows a model's change (a menu's render, an observed
/// widget's update, an action's state read again from an idle): just ahead of the default
/// priority, so after the event, timeout or main-actor job that made the change and before the
/// next one, and before GTK's frame.
///
/// It is above every file descriptor the context watches (its own wakeup eventfd and GDK's
/// display connection are at the default priority), so a turn that has only such work to do
/// skips `poll`: GLib polls only descriptors at or above the best ready source's priority, and
/// not at all when there are none and it need not wait (`g_main_context_query`,
/// `g_main_context_poll`). At high idle priority every change paid a `poll` system call, which
/// instruction counts do not see: 6% of a value's label change's time, 12% of an object's.
package let renderPriority = G_PRIORITY_DEFAULT - 1

/// What a rendered menu asked the main loop for: a refresh, or one list's update.
enum ScheduledRender: @unchecked Sendable {
    // Made on whatever thread the model changed on; read only on the main thread.
    case refresh(RefreshScheduler)
    case listUpdate(RefreshScheduler, ListObservations, dataChanged: Bool)
}

/// The renders that menus asked for, waiting for the main loop's next turn: one source of the
/// default main context, for the whole process, is ready while any waits, and runs them in the
/// order they were asked for, at ``renderPriority``.
///
/// An idle source made, attached, dispatched and destroyed for each change cost a label change
/// about 2 k instructions of its 60 k (two allocations, the context's table of sources, a
/// box for the change). This source stays; it tells the loop it is ready from its `prepare`,
/// which the loop asks at every turn anyway. It does not use a ready time: setting one wakes
/// the context through its eventfd (a `write`, then a `read` to acknowledge, at every change),
/// where an idle added from the main thread wakes nothing. A render asked for from another
/// thread wakes the context, which may be waiting in `poll`, as `g_idle_add` would.
///
/// A render asked for while the waiting ones run (the render of one reads a change that asks for
/// another) runs at the loop's next turn, as an idle source added during a dispatch does.
enum ScheduledRenders {
    private static let waiting = Mutex<[ScheduledRender]>([])
    /// Whether `waiting` holds any: what the source's `prepare` and `check` read, without the lock.
    private static let isWaiting = Atomic<Bool>(false)
    /// The array the next dispatch takes the waiting renders into, emptied and kept after it,
    /// so that a change does not allocate an array.
    @MainActor private static var spare: [ScheduledRender] = []

    /// The source, made and attached at the first render asked for.
    nonisolated(unsafe) private static let source: UnsafeMutablePointer<GSource> = {
        let source = g_source_new(sourceFunctions, guint(MemoryLayout<GSource>.size))!
        g_source_set_priority(source, renderPriority)
        g_source_set_name(source, "GMenuKit: scheduled renders")
        g_source_attach(source, nil)
        // The context holds it from now on, for the life of the process.
        g_source_unref(source)
        return source
    }()

    nonisolated(unsafe) private static let sourceFunctions: UnsafeMutablePointer<GSourceFuncs> = {
        let functions = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
        functions.initialize(to: GSourceFuncs(
            prepare: { _, timeout in
                // No timeout of its own: ready now, or when a render is asked for.
                timeout?.pointee = -1
                return ScheduledRenders.isWaiting.load(ordering: .acquiring) ? 1 : 0
            },
            check: { _ in ScheduledRenders.isWaiting.load(ordering: .acquiring) ? 1 : 0 },
            dispatch: { _, _, _ in
                // A closure that captures nothing: one that captured the renders would be boxed.
                enteringMainActor { ScheduledRenders.runWaiting() }
                return 1  // G_SOURCE_CONTINUE
            },
            finalize: nil, closure_callback: nil, closure_marshal: nil))
        return functions
    }()

    /// Asks for `render` at the main loop's next turn; from any thread.
    static func schedule(_ render: ScheduledRender) {
        _ = source
        waiting.withLock { waiting in
            waiting.append(render)
            isWaiting.store(true, ordering: .releasing)
        }
        if gmk_main_queue_is_main_thread() == 0 { g_main_context_wakeup(nil) }
    }

    /// Runs the renders waiting as the dispatch begins, in order.
    @MainActor private static func runWaiting() {
        var taken = spare
        spare = []
        takeWaiting(into: &taken)
        for render in taken {
            switch render {
            case .refresh(let scheduler):
                if scheduler.owesRefresh { scheduler.menu?.refresh() }
            case .listUpdate(let scheduler, let list, let dataChanged):
                // A list that went (its render was replaced and let go of it) has nothing to show.
                if let elements = list.liveList { scheduler.menu?.listChanged(elements, dataChanged: dataChanged) }
            }
        }
        taken.removeAll(keepingCapacity: true)
        spare = taken
    }

    /// Swaps the waiting renders into `taken`. Not on the main actor: a main-actor closure handed
    /// to the lock checks at every call that it runs there (about 220 instructions a render).
    private static func takeWaiting(into taken: inout [ScheduledRender]) {
        waiting.withLock { waiting in
            swap(&waiting, &taken)
            isWaiting.store(false, ordering: .releasing)
        }
    }
}
