import CGtk
import CMenuObjects
import GMenuKitCore
import GMenuKitBuilder

/// The action group behind a rendered menu: one `GMKMenuAction` per planned action in a
/// `GMKMenuActionGroup` (GMenuKit's own, in C: far cheaper per item than `GSimpleAction`),
/// kept across refreshes and updated in place (handler, enabled, state), so that GTK sees
/// the same actions for as long as the items that use them exist.
///
/// The group is the only table of the actions: each action holds its `ActionHandler`, which
/// knows the action's shape and state observation. A second table in Swift would cost a hash
/// and a cache miss more for every item of a large menu.
@MainActor
package final class MenuActionGroup {
    private let group: ObjectReference
    /// Counts full applies; each marks the handlers it keeps, so that the others can be found.
    @exclusivity(unchecked) private var pass = 0
    /// The actions the last full apply left, in its order, while none has gone since: the next
    /// full apply plans the same actions in the same order (a refresh), and takes the one at
    /// each index whose name matches instead of looking it up by name (hashing the name: a
    /// twentieth of an unchanged refresh). Emptied by every removal.
    @exclusivity(unchecked) private var lastApplied: [AppliedAction] = []
    /// The runs of standing actions the last full apply bound late (``KeptActionRun``), in its
    /// order: a run planned again where one of these stands is left as it is. A change of some
    /// actions (`apply(some:…)`) touches no action of a run that stands at the next refresh:
    /// it changes a list's elements, which that list then reads again in full (no run), or a
    /// kept list's changed elements, which its run did not hold (the next run, holding them
    /// again, is another one, bound again).
    @exclusivity(unchecked) private var lastAppliedRuns: [KeptActionRun] = []
    /// The runs of a list's noted actions the last full apply applied (``KeptPlannedRun``), in
    /// its order, each with its stateful actions: a run planned again where one of these stands
    /// has only those states read again. Emptied by every removal, as ``lastApplied`` is.
    @exclusivity(unchecked) private var lastAppliedPlannedRuns: [AppliedPlannedRun] = []
    /// How many of those the last full apply left as they stood, their states read again (for tests).
    @exclusivity(unchecked) package private(set) var standingPlannedRuns = 0

    /// `action` as the one applied at `index`, the indices taken in order.
    private func note(_ action: AppliedAction, at index: Int, in applied: inout [AppliedAction]) {
        if index < applied.count {
            applied[index] = action
        } else {
            applied.append(action)
        }
    }

    private struct AppliedAction {
        let name: String
        let action: OpaquePointer
        let handler: ActionHandler
    }

    private struct AppliedPlannedRun {
        let run: KeptPlannedRun
        /// The run's actions with a state, by their position in the run.
        var stateful: [(position: Int, action: OpaquePointer, handler: ActionHandler)] = []
    }

    package init() {
        group = ObjectReference(taking: gmk_menu_action_group_new().gpointer)
    }

    isolated deinit {
        // Whoever still holds the group or an action finds them doing nothing.
        removeAll()
    }

    private var menuActionGroup: OpaquePointer { group.opaque }

    package var actionGroup: OpaquePointer { gmk_action_group(group.pointer) }

    /// Makes the group hold exactly the planned actions, taking their behaviors (the actions are
    /// spent after), the actions of the standing runs, bound late, and those of the lists'
    /// noted runs (`plannedRuns`), each applied once and then left with its states read again.
    package func apply(_ planned: inout [PlannedAction], standing runs: [KeptActionRun] = [], kept plannedRuns: [KeptPlannedRun] = []) {
        pass += 1
        let isEmpty = gmk_menu_action_group_count(menuActionGroup) == 0
        // Edited in place: where a refresh plans what the last apply did, nothing in it changes.
        var applied = lastApplied
        lastApplied = []
        // By index, part by part: an action taken from the array as a loop constant is a copy
        // (a retain of its name and of each of its closures), for every action a refresh updates.
        for index in planned.indices {
            // The same name at the same index is the same action: only removals take actions
            // out of the group, and one that took an action out earlier in this loop (its shape
            // changed) took a name that no later index plans, so its entry is never matched.
            if index < applied.count && applied[index].name == planned[index].name {
                if applied[index].handler.shape == planned[index].shape {
                    update((applied[index].action, applied[index].handler), isEnabled: planned[index].isEnabled,
                           behavior: planned[index].takeBehavior())
                    continue
                }
                remove(planned[index].name)
            } else if !isEmpty, let existing = installed(named: planned[index].name) {
                if existing.handler.shape == planned[index].shape {
                    update(existing, isEnabled: planned[index].isEnabled, behavior: planned[index].takeBehavior())
                    note(AppliedAction(name: planned[index].name, action: existing.action, handler: existing.handler),
                         at: index, in: &applied)
                    continue
                }
                remove(planned[index].name)
            }
            let (action, handler) = install(&planned[index])
            // Not on the first apply, which installs every action: a menu that is never
            // refreshed pays nothing for it, and the first refresh looks up by name.
            if !isEmpty { note(AppliedAction(name: planned[index].name, action: action, handler: handler), at: index, in: &applied) }
        }
        if applied.count > planned.count { applied.removeSubrange(planned.count...) }
        var standingCount = 0
        for index in runs.indices {
            standingCount += runs[index].standing.count
            if index < lastAppliedRuns.count && runs[index].stands(as: lastAppliedRuns[index]) { continue }
            bindLate(runs[index])
        }
        // After the actions above, whose removals (if any) forgot the runs applied.
        var appliedPlannedRuns: [AppliedPlannedRun] = []
        appliedPlannedRuns.reserveCapacity(plannedRuns.count)
        standingPlannedRuns = 0
        // The last apply's runs, in the menu's order as these are: a list planned in full in
        // one refresh and kept in the next (or the other way) shifts the rest by one.
        var nextLast = 0
        for index in plannedRuns.indices {
            standingCount += plannedRuns[index].actions.count
            let last = Self.position(of: plannedRuns[index].list, in: lastAppliedPlannedRuns, from: nextLast)
            if let last, plannedRuns[index].stands(as: lastAppliedPlannedRuns[last].run) {
                // The closures are the ones applied: the states alone are read again.
                for entry in lastAppliedPlannedRuns[last].stateful {
                    update((entry.action, entry.handler), isEnabled: plannedRuns[index].actions[entry.position].isEnabled,
                           behavior: plannedRuns[index].actions[entry.position].behavior)
                }
                standingPlannedRuns += 1
                appliedPlannedRuns.append(lastAppliedPlannedRuns[last])
            } else {
                appliedPlannedRuns.append(applyWhole(plannedRuns[index], isEmpty: isEmpty))
            }
            if let last { nextLast = last + 1 }
        }
        if !isEmpty && Int(gmk_menu_action_group_count(menuActionGroup)) != planned.count + standingCount {
            // The runs left as they stood are this pass's too.
            for run in runs { bindLate(run) }
            appliedPlannedRuns = plannedRuns.map { applyWhole($0, isEmpty: false) }
            standingPlannedRuns = 0
            for name in actionNames(of: actionGroup) where installed(named: name).map({ $0.handler.pass != pass }) ?? false {
                remove(name)
            }
        }
        // After the removals above, which took none of these.
        lastApplied = applied
        lastAppliedRuns = runs
        lastAppliedPlannedRuns = appliedPlannedRuns
    }

    /// Where `list`'s run lies among the last apply's, looked for a few places on from `start`.
    private static func position(of list: DeferredElements, in runs: [AppliedPlannedRun], from start: Int) -> Int? {
        var position = start
        while position < min(start + 4, runs.count) {
            if runs[position].run.list === list { return position }
            position += 1
        }
        return nil
    }

    /// Applies each action of a list's noted run, as the loop above applies a planned action
    /// found by name, and notes the run's stateful actions.
    private func applyWhole(_ run: KeptPlannedRun, isEmpty: Bool) -> AppliedPlannedRun {
        var applied = AppliedPlannedRun(run: run)
        for position in run.actions.indices {
            var action = run.actions[position]
            let installedAction: (action: OpaquePointer, handler: ActionHandler)
            if !isEmpty, let existing = installed(named: action.name), existing.handler.shape == action.shape {
                update(existing, isEnabled: action.isEnabled, behavior: action.takeBehavior())
                installedAction = existing
            } else {
                if !isEmpty { remove(action.name) }
                installedAction = install(&action)
            }
            if installedAction.handler.isStateful {
                applied.stateful.append((position, installedAction.action, installedAction.handler))
            }
        }
        return applied
    }

    /// Binds the run's actions late: each asks the run's list to resolve its element again when
    /// activated, and runs the closure it makes then.
    private func bindLate(_ run: KeptActionRun) {
        for index in run.standing {
            let name = run.names[index]
            let behavior = Self.lateBound(run.list, target: run.list.keptItemTarget(ofElement: index))
            if let existing = installed(named: name), existing.handler.shape == .plain {
                update(existing, isEnabled: true, behavior: behavior)
            } else {
                remove(name)
                var action = PlannedAction(name: name, isEnabled: true, behavior: behavior)
                install(&action)
            }
        }
    }

    /// What a standing action runs: the closure the list's element makes when it is activated.
    private static func lateBound(_ list: DeferredElements, target: String?) -> PlannedAction.Behavior {
        guard let target else {
            // Not reached: the list read the element where its last expansion noted its item.
            assertionFailure("a standing action's element has no item")
            return .nothing
        }
        // Held, as a shared action's kept lists are: a weak reference would give the list a side
        // table, which every retain and release of it then goes through (7% of a refresh).
        return .perform { _ = list.performKept(target: target) }
    }

    /// Changes only some actions: those of a list's new and changed elements are installed or
    /// updated (a shared generated-items action gains their targets), the named ones and the
    /// targets of elements that went are removed.
    package func apply(some planned: [PlannedAction], removing names: [String], removingTargets targets: [String: [String]]) {
        // The last full apply's actions stay noted where they are: updated in place (a changed
        // label's closure, a state), each is still the one noted; an action removed makes the
        // next full apply look its actions up by name (`remove`), one installed is looked up
        // there. Forgotten at every list change, the next refresh looked up every action of
        // the menu.
        for name in names { remove(name) }
        for (name, gone) in targets { installed(named: name)?.handler.changeDispatch(adding: [:], removing: gone) }
        for index in planned.indices {
            if let existing = installed(named: planned[index].name), existing.handler.shape == planned[index].shape {
                if case .dispatch(let handlers, _) = planned[index].behavior {
                    existing.handler.changeDispatch(adding: handlers, removing: [])
                } else {
                    update(existing, isEnabled: planned[index].isEnabled, behavior: planned[index].behavior)
                }
            } else {
                remove(planned[index].name)
                var action = planned[index]
                install(&action)
            }
        }
    }

    /// Dims or enables one action, between refreshes (an async action while it runs).
    package func setEnabled(_ name: String, _ enabled: Bool) {
        guard let action = Self.lookup(name, in: menuActionGroup) else { return }
        gmk_menu_action_set_enabled(action, enabled ? 1 : 0)
        // The next refresh compares what it plans with what is set now.
        if let data = gmk_menu_action_get_handler_data(action) {
            SwiftClosureData.object(data, as: ActionHandler.self).isEnabled = enabled
        }
    }

    /// Removes every action; a handler that GTK still calls afterwards does nothing.
    package func removeAll() {
        lastApplied = []
        lastAppliedRuns = []
        lastAppliedPlannedRuns = []
        // In C, at once (name by name, a menu's teardown cost a sixth of its build); a state
        // that follows a binding stops first, as `remove` stops it.
        gmk_menu_action_group_remove_all(menuActionGroup, stopStateCallback, nil)
    }

    @discardableResult
    private func install(_ planned: inout PlannedAction) -> (action: OpaquePointer, handler: ActionHandler) {
        let action: OpaquePointer
        var state: ActionStateObservation?
        // By its shape: a switch over the behavior copies its closures, with a retain each.
        let shape = planned.shape
        switch shape {
        case .plain:
            action = Self.makeAction(named: planned.name, parameterType: nil, state: nil)
        case .dispatch:
            action = Self.makeAction(named: planned.name, parameterType: gmk_variant_type_string(), state: nil)
        case .toggle, .choice, .value:
            let observation = ActionStateObservation()
            let initial = observation.read(planned.behavior)
            let parameterType = switch shape {
            case .choice: gmk_variant_type_string()
            case .value: gmk_variant_type_double()
            default: Optional<OpaquePointer>.none
            }
            action = Self.makeAction(named: planned.name, parameterType: parameterType, state: initial.variant)
            observation.follow(action)
            state = observation
        }
        if !planned.isEnabled { gmk_menu_action_set_enabled(action, 0) }
        let handler = ActionHandler(behavior: planned.takeBehavior(), shape: shape, state: state, pass: pass)
        handler.isEnabled = planned.isEnabled
        gmk_menu_action_set_handler(action, actionHandler, SwiftClosureData.retained(handler),
                                    SwiftClosureData.releaseOnDestroy)
        gmk_menu_action_group_add(menuActionGroup, gmk_action(action.gpointer))
        // The group holds the action now.
        g_object_unref(action.gpointer)
        return (action, handler)
    }

    private func update(_ existing: (action: OpaquePointer, handler: ActionHandler), isEnabled: Bool,
                        behavior: consuming PlannedAction.Behavior) {
        existing.handler.pass = pass
        if existing.handler.isEnabled != isEnabled {
            gmk_menu_action_set_enabled(existing.action, isEnabled ? 1 : 0)
            existing.handler.isEnabled = isEnabled
        }
        // Not bound to a local: the observation has weak references to it, so each retain of
        // it goes through its side table.
        if existing.handler.isStateful {
            existing.handler.state?.update(to: behavior)
        } else {
            existing.handler.replaceBehavior(with: behavior)
        }
    }

    private func remove(_ name: String) {
        guard let (action, handler) = installed(named: name) else { return }
        lastApplied = []
        lastAppliedPlannedRuns = []
        handler.clear()
        handler.state?.stop()
        // Whoever still holds the action finds it doing nothing.
        gmk_menu_action_set_handler(action, nil, nil, nil)
        Self.removeAction(named: name, from: menuActionGroup)
    }

    /// One of GMenuKit's actions in the group, and its handler.
    private func installed(named name: String) -> (action: OpaquePointer, handler: ActionHandler)? {
        guard let action = Self.lookup(name, in: menuActionGroup),
              let data = gmk_menu_action_get_handler_data(action)
        else { return nil }
        return (action, SwiftClosureData.object(data, as: ActionHandler.self))
    }

    // Outside the main actor, so that the closures are not checked at run time for their actor.

    nonisolated private static func makeAction(
        named name: String, parameterType: OpaquePointer?, state: OpaquePointer?
    ) -> OpaquePointer {
        name.withCString { gmk_menu_action_new($0, parameterType, state) }
    }

    nonisolated private static func lookup(_ name: String, in group: OpaquePointer) -> OpaquePointer? {
        name.withCString { gmk_menu_action_group_lookup(group, $0) }
    }

    nonisolated private static func removeAction(named name: String, from group: OpaquePointer) {
        name.withCString { gmk_menu_action_group_remove(group, $0) }
    }
}

/// What an action does when GTK activates it or asks to change its state. The rendered menu
/// swaps the behavior on every refresh, and clears it when the menu goes away, so a late
/// activation never runs a stale closure.
@MainActor
package final class ActionHandler {
    // Main-actor state read one access at a time: no dynamic exclusivity check (every refresh
    // sets them for every action; ARCHITECTURE.md).
    /// A plain or dispatching action's behavior (a stateful one's is its state observation's).
    /// Not optional: assigning an optional enum goes through `Optional`'s generic value
    /// witness, for every action a refresh updates.
    @exclusivity(unchecked) private var storedBehavior: PlannedAction.Behavior
    package let shape: PlannedAction.Shape
    /// `state != nil`: the action's behavior is its state observation's.
    package let isStateful: Bool
    /// For toggles, pickers and value controls: keeps the action's state following its binding.
    package let state: ActionStateObservation?
    /// The last full apply that kept the action.
    @exclusivity(unchecked) package var pass: Int
    /// Whether the action is enabled, as last set: most refreshes leave it so.
    @exclusivity(unchecked) package var isEnabled = true

    package init(behavior: consuming PlannedAction.Behavior, shape: PlannedAction.Shape, state: ActionStateObservation?, pass: Int) {
        self.shape = shape
        isStateful = state != nil
        // A stateful action's is its state observation's, which it read.
        storedBehavior = state == nil ? behavior : .nothing
        self.state = state
        self.pass = pass
    }

    /// Replaces what an action without state does (a behavior of the action's shape).
    package func replaceBehavior(with behavior: consuming PlannedAction.Behavior) {
        storedBehavior = behavior
    }

    /// The action does nothing from now on (it was removed).
    package func clear() {
        storedBehavior = .nothing
    }

    /// Adds and removes targets of a shared dispatching action, in place.
    package func changeDispatch(adding added: [String: @MainActor () -> Void], removing removed: [String]) {
        guard case .dispatch(var handlers, let kept) = storedBehavior else { return }
        // Let go of the enum's copy first, so that the dictionary is changed in place.
        storedBehavior = .nothing
        for target in removed { handlers[target] = nil }
        handlers.merge(added) { $1 }
        storedBehavior = .dispatch(handlers, kept: kept)
    }

    package func handle(_ action: OpaquePointer, parameter: OpaquePointer?) {
        // A removed action's does nothing (a stopped observation holds none).
        switch isStateful ? state?.currentBehavior ?? .nothing : storedBehavior {
        case .perform(let perform):
            perform()
        case .dispatch(let handlers, let kept):
            // A target that names no item (an item removed since, or one from outside) does nothing.
            guard let target = Variants.string(parameter) else { return }
            if let handler = handlers[target] {
                handler()
            } else {
                // An item kept as it stood: its list resolves the element's closure now.
                for list in kept where list.performKept(target: target) { break }
            }
        case .toggle(let isOn):
            guard let newValue = Variants.bool(parameter) else { return }
            isOn.wrappedValue = newValue
            // The state follows right away; the binding, read again later, agrees with it.
            gmk_menu_action_set_boolean_state(action, newValue ? 1 : 0)
        case .choice(_, let select, _):
            guard let target = Variants.string(parameter) else { return }
            // A target that names no option (from outside GMenuKit) changes nothing.
            if select(target) { gmk_menu_action_set_state(action, g_variant_new_string(target)) }
        case .value(let control):
            guard let proposed = Variants.double(parameter) else { return }
            let value = control.fit(proposed)
            control.value.wrappedValue = value
            gmk_menu_action_set_state(action, g_variant_new_double(value))
        }
    }
}

/// Runs for activation and for a requested state change alike: the action and its parameter.
private let actionHandler: GMKMenuActionHandler = { action, parameter, data in
    // GTK activates actions on the main thread only.
    guard let menuAction = action else { return }
    nonisolated(unsafe) let (action, parameter, data) = (menuAction, parameter, data)
    MainActor.assumeIsolated {
        SwiftClosureData.object(data, as: ActionHandler.self).handle(action, parameter: parameter)
    }
}

/// A stateful action's handler, about to be cleared with every other (`removeAll`).
private let stopStateCallback: GFunc = { data, _ in
    // Called synchronously from `removeAll`, on the main thread.
    nonisolated(unsafe) let data = data
    MainActor.assumeIsolated {
        guard let data else { return }
        let handler = SwiftClosureData.object(data, as: ActionHandler.self)
        handler.clear()
        handler.state?.stop()
    }
}
