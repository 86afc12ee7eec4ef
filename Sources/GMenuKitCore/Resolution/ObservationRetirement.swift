import Observation
import Synchronization

/// Ends every observation one full render installed, when the next full render replaces it.
///
/// Observation has no public way to cancel a tracking (`ObservationTracking.cancel` is SPI):
/// a tracking stays registered with every observable it read until one of them changes. A
/// menu that refreshes without anything changing (an explicit `refresh()`, a context menu on
/// every opening, a full render after one list changed) would leave one more tracking of its
/// content, and of each of its lists, at every model it read: about 700 B a refresh, and all
/// of them fire at the next change. But a tracking that fires is cancelled as a whole, at
/// every registrar it joined. So each of a render's trackings also reads this object, and
/// retiring it is a change that fires, and so cancels, all of them at once. Their change
/// handlers ask ``isRetired`` first and do nothing. A change's readings that replace a tracking
/// that just ended do not join (`ElementObservation.swift`): nothing of theirs piles up.
package final class ObservationRetirement: Observable, Sendable {
    package init() {}

    private let registrar = ObservationRegistrar()
    private let retired = Atomic<Bool>(false)
    /// What the trackings read, for Observation to key them by: a stored property's key path
    /// hashes and compares in less than a computed property's, and every tracking hashes it as
    /// it reads it, as it is installed and as it ends (about 450 instructions a list's change).
    private let generation = 0

    /// Whether the render these observations belong to was replaced. Read by change handlers,
    /// on whatever thread the change came from.
    package var isRetired: Bool { retired.load(ordering: .acquiring) }

    /// Joins the tracking that is being recorded (the caller's `withObservationTracking`).
    package func enroll() {
        registrar.access(self, keyPath: \.generation)
    }

    /// Cancels every tracking that enrolled; later calls do nothing.
    package func retire() {
        guard !retired.exchange(true, ordering: .acquiringAndReleasing) else { return }
        registrar.withMutation(of: self, keyPath: \.generation) {}
    }

    /// How many change handlers of GMenuKit's content and list observations ran, retirements
    /// included, for tests: a change to a model a menu read runs one, however often the menu
    /// refreshed before.
    package static let notices = Atomic<Int>(0)

    package static func noteChange() {
        notices.add(1, ordering: .relaxed)
    }

    package static var delivered: Int { notices.load(ordering: .relaxed) }
}
