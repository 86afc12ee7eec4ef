import CGtk
import CMainQueueBridge
import CMenuObjects
// The tracking that stays installed across changes (`withObservationTracking(_:didSet:)`)
// and its `changed` and `cancel()` are Observation's SPI, as SwiftUI uses them.
@_spi(SwiftUI) import Observation
import Synchronization
import GMenuKitCore
import GMenuKitBuilder

/// Keeps a toggle's, picker's or value control's action state following its binding.
///
/// The binding is read under observation tracking of its own, apart from the menu's content:
/// when an `@Observable` model behind it changes, only this action's state is read again and
/// set, before GTK's next frame. Flipping one toggle in a menu of thousands of items costs the
/// same as in a menu of three, and the menu model is not touched.
///
/// A binding to an object's property (`$model.isBold`, `Binding(model, \.isBold)`) reads that
/// property alone, so what it reads cannot change: its tracking stays installed, and a change
/// made on the main thread sets the action's state at once, after the property is set (no
/// idle, no tracking installed again; a flip costs 1.45× what C's `g_simple_action_set_state`
/// does); one made on another thread is read again from an idle. Any other reading (a binding made of closures, a property of a property) is tracked
/// once per reading, as `withObservationTracking` does, and read again from an idle: what it
/// reads next time may differ.
@MainActor
package final class ActionStateObservation {
    package enum State: Equatable {
        case bool(Bool)
        case string(String)
        case double(Double)

        /// A new floating GVariant, for GLib calls that consume it.
        package var variant: OpaquePointer {
            switch self {
            case .bool(let value): g_variant_new_boolean(value ? 1 : 0)
            case .string(let value): g_variant_new_string(value)
            case .double(let value): g_variant_new_double(value)
            }
        }
    }

    // Main-actor state read one access at a time: no dynamic exclusivity check (ARCHITECTURE.md).
    @exclusivity(unchecked) private var behavior: PlannedAction.Behavior?
    /// The behavior's binding source, kept apart: asked of the behavior, it copies the behavior.
    @exclusivity(unchecked) private var source: BindingSource?
    /// Borrowed: the action group holds the reference and calls ``stop()`` before dropping it.
    @exclusivity(unchecked) private var action: OpaquePointer?
    /// Only the latest reading's change notice counts; earlier ones are stale.
    @exclusivity(unchecked) private var generation = 0

    /// Reads the state for `behavior` and watches what the reading touched.
    package func read(_ behavior: PlannedAction.Behavior) -> State {
        read(behavior, source: behavior.bindingSource)
    }

    private func read(_ behavior: PlannedAction.Behavior, source: BindingSource?) -> State {
        self.behavior = behavior
        self.source = source
        generation += 1
        let reading = generation
        if let source, source.isProperty {
            let notice = ChangeNotice(observation: self, generation: reading, property: source.keyPath)
            return trackingStanding {
                Self.state(of: behavior)
            } didSet: { tracking in
                notice.propertyDidChange(tracking)
            }
        }
        let notice = ChangeNotice(observation: self, generation: reading, property: nil)
        return trackingObservation {
            Self.state(of: behavior)
        } onChange: {
            notice.schedule()
        }
    }

    /// The action whose state to set when the binding changes.
    package func follow(_ action: OpaquePointer) {
        self.action = action
    }

    /// A refresh brought a new behavior (new closures over the same binding, or another one).
    /// A binding to the same property as before is read without tracking: the tracking of the
    /// earlier reading still stands until the property changes (a tracking ends only as it fires),
    /// and one more each refresh would pile up there, about 1.5 KB a refresh, and all fire at
    /// the next change.
    /// The observation holds the action's behavior (its handler none of its own: one copy
    /// less a toggle at every refresh).
    package func update(to behavior: consuming PlannedAction.Behavior) {
        // Compared where it lies: asked for, the source was copied out and let go (its key
        // path and what it reads beyond retained and released) at every toggle of a refresh.
        if let source, behavior.readsSource(source) {
            let state = Self.state(of: behavior)
            self.behavior = consume behavior
            setState(state)
        } else {
            setState(read(behavior, source: behavior.bindingSource))
        }
    }

    /// What the action does while it is installed; nil once it stopped.
    package var currentBehavior: PlannedAction.Behavior? { behavior }

    /// The action is gone: changes no longer reach it.
    package func stop() {
        behavior = nil
        source = nil
        action = nil
        generation += 1
    }

    fileprivate func changed(reading: Int) {
        guard reading == generation, let behavior else { return }
        setState(read(behavior))
    }

    /// A property that a standing tracking (`reading`) watches was set: the binding's own
    /// property leaves what the reading touches as it was, and the state is read again alone;
    /// any other (an object on the way to it, replaced) ends the tracking for a new reading.
    /// A tracking of an earlier reading ends.
    fileprivate func propertyDidChange(_ tracking: ObservationTracking, reading: Int, isOwnProperty: Bool) {
        guard reading == generation, let behavior else {
            tracking.cancel()
            return
        }
        if isOwnProperty {
            if case .toggle(let isOn) = behavior {
                setState(.bool(isOn.wrappedValue))
            } else {
                setState(Self.state(of: behavior))
            }
        } else {
            tracking.cancel()
            setState(read(behavior))
        }
    }

    private func setState(_ state: State) {
        // The action changes (and tells GTK) only if the state differs.
        guard let action else { return }
        if case .bool(let isOn) = state {
            gmk_menu_action_set_boolean_state(action, isOn ? 1 : 0)
        } else {
            gmk_menu_action_set_state(action, state.variant)
        }
    }

    private static func state(of behavior: PlannedAction.Behavior) -> State {
        switch behavior {
        case .toggle(let isOn): .bool(isOn.wrappedValue)
        case .choice(let selected, _, _): .string(selected())
        case .value(let control): .double(control.fit(control.value.wrappedValue))
        case .perform, .dispatch: .bool(false)
        }
    }
}

/// Carries a change notice, which Observation may deliver on any thread, to the main loop.
package final class ChangeNotice: @unchecked Sendable {
    // Touched only on the main thread: made there, and read in the idle callback.
    private weak var observation: ActionStateObservation?
    private let generation: Int
    /// The binding's property, for a tracking that stays installed; nil for one that ends at
    /// the first change.
    private let property: AnyKeyPath?
    /// The key path a change named, once found equal to ``property``. Key paths are compared
    /// component by component (about 500 instructions, 3% of a toggle's flip); the model's
    /// setter names the same key path object every time, so from the second change on it is
    /// known by identity. Kept, not only its address: an address can be reused.
    private var knownChange: AnyKeyPath?

    @MainActor
    package init(observation: ActionStateObservation, generation: Int, property: AnyKeyPath?) {
        self.observation = observation
        self.generation = generation
        self.property = property
    }

    /// How many change notices Observation has delivered, for tests: one tracking per binding,
    /// however often the menu refreshes, gives one notice per change. Observation calls
    /// `schedule()` on whatever thread changed the model, so the count is atomic.
    package static let notices = Atomic<Int>(0)
    package static var delivered: Int { notices.load(ordering: .relaxed) }

    package func schedule() {
        Self.notices.add(1, ordering: .relaxed)
        g_idle_add_full(renderPriority, changeCallback, SwiftClosureData.retained(self),
                        SwiftClosureData.releaseOnDestroy)
    }

    /// A standing tracking's property was set, on whatever thread set it: on the main thread
    /// the state follows now; from another thread the tracking ends, and the state is read
    /// under a new one from an idle of the main loop, as for a tracking of one change.
    package func propertyDidChange(_ tracking: ObservationTracking) {
        guard gmk_main_queue_is_main_thread() != 0 else {
            tracking.cancel()
            schedule()
            return
        }
        Self.notices.add(1, ordering: .relaxed)
        enteringMainActor { deliver(tracking) }
    }

    @MainActor
    fileprivate func deliver() {
        observation?.changed(reading: generation)
    }

    @MainActor
    private func deliver(_ tracking: ObservationTracking) {
        guard let observation, let property else {
            tracking.cancel()
            return
        }
        let changed = tracking.changed
        var isOwnProperty = changed != nil && changed === knownChange
        if !isOwnProperty, changed == property {
            knownChange = changed
            isOwnProperty = true
        }
        observation.propertyDidChange(tracking, reading: generation, isOwnProperty: isOwnProperty)
    }
}

private let changeCallback: GSourceFunc = { data in
    // Idle sources attached to the default context run on the main thread.
    nonisolated(unsafe) let data = data
    enteringMainActor {
        SwiftClosureData.object(data, as: ChangeNotice.self).deliver()
    }
    return 0  // G_SOURCE_REMOVE
}

/// `withObservationTracking(_:didSet:)` for a main-actor reading, as `trackingObservation(_:onChange:)`
/// is for the one-shot tracking: handed on through this function, which is not isolated, the
/// reading is not checked at every call for running on the main actor.
private func trackingStanding<T>(_ apply: () -> T, didSet: @escaping @Sendable (ObservationTracking) -> Void) -> T {
    withObservationTracking(apply, didSet: didSet)
}
