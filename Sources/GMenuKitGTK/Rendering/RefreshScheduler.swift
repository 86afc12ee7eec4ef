import CGtk
import Observation
import Synchronization
import GMenuKitCore

/// Reaches a rendered menu from C callbacks without keeping it alive. Schedules a refresh on the
/// GLib main loop when observed state changes: the change may be reported on any thread; the
/// refresh always runs on the main thread, before GTK's next frame.
final class RefreshScheduler: @unchecked Sendable {
    // Read and written only on the main thread: by the rendered menu and its scheduled renders.
    weak var menu: RenderedMenu?
    /// Whether a change since the last render still waits for one. A render that runs first
    /// (an explicit `refresh()`) takes it in, and the scheduled refresh then has nothing to do.
    private let isOwed = Atomic<Bool>(false)

    func schedule() {
        isOwed.store(true, ordering: .releasing)
        ScheduledRenders.schedule(.refresh(self))
    }

    /// Called as a full render begins: the changes so far are taken in.
    func renderBegins() {
        isOwed.store(false, ordering: .releasing)
    }

    /// Whether a scheduled refresh still has something to take in.
    var owesRefresh: Bool { isOwed.load(ordering: .acquiring) }

    /// Schedules the update of one list whose data, or some of whose elements, changed.
    func scheduleUpdate(of list: ListObservations, dataChanged: Bool) {
        ScheduledRenders.schedule(.listUpdate(self, list, dataChanged: dataChanged))
    }

    /// The lists of a new full render: a change to a list's data, or to what its elements'
    /// content read, schedules that list's update.
    @MainActor
    func listsOfNewRender() -> ElementDeferral {
        ElementDeferral(
            dataChanged: { self.scheduleUpdate(of: $0, dataChanged: true) },
            elementsChanged: { self.scheduleUpdate(of: $0, dataChanged: false) })
    }

    /// Resolves the content under an observation of the render whose lists are `lists`: a
    /// change to what it read schedules a refresh, until a later full render retires it.
    @MainActor
    func observing(_ content: @MainActor () -> [MenuNode], lists: ElementDeferral) -> [MenuNode] {
        let retirement = lists.retirement
        return trackingObservation {
            retirement.enroll()
            return content()
        } onChange: {
            ObservationRetirement.noteChange()
            if !retirement.isRetired { self.schedule() }
        }
    }
}
