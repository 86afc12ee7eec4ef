/// The own actions of a kept list's buttons that stand as they are: one entry of the plan for
/// them all, where an action each cost a refresh about 300 instructions a button (the closure
/// read, the planned action made, compared, applied and freed) to hand every action a closure
/// equal in all but its captures to the one it had.
///
/// Such an action runs no closure of its own: bound late, it asks the list to resolve its
/// element again when it is activated (``DeferredElements/performKept(target:)``), as a
/// generated item's shared action does, so it runs the closure a render made now. The action
/// group binds the run's actions so once, and leaves them while the next refresh plans the same
/// run (``stands(as:)``); a run planned otherwise (another list, other elements) is bound again.
package struct KeptActionRun {
    package let list: DeferredElements
    /// The list's own action names by element (``DeferredElements/keptOwnActions``).
    package let names: [String]
    /// The elements, ascending, whose buttons' actions stand: those read unchanged this refresh.
    package let standing: [Int]

    /// Whether the actions of `other` (the last apply's run at this place) are this run's.
    /// The arrays are the list's own from one refresh to the next: compared by buffer first.
    package func stands(as other: KeptActionRun) -> Bool {
        list === other.list && names == other.names && standing == other.standing
    }
}

/// The own actions of a list kept without running its content (``ForEach/equatable()``, its
/// elements equal to what they were): the actions its last run planned, as the list noted them
/// (``DeferredElements/keptPlannedActions``). Copied into the plan and applied one by one, they
/// cost a refresh about 450 instructions an action (copied, compared, their closures handed
/// over again and the old ones let go) to hand every action the closure it already had. The
/// action group applies a run once and, while the next refresh plans the same run, reads only
/// its states again (``stands(as:)``).
package struct KeptPlannedRun {
    package let list: DeferredElements
    package let actions: [PlannedAction]

    package init(list: DeferredElements, actions: [PlannedAction]) {
        self.list = list
        self.actions = actions
    }

    /// Whether `other` (the last apply's run of a list) planned these very actions: the
    /// list's noted array, told by its storage (both runs hold theirs, so a new array cannot
    /// have the old one's address). Noted again, the actions are another array.
    package func stands(as other: KeptPlannedRun) -> Bool {
        guard list === other.list, actions.count == other.actions.count else { return false }
        return actions.withUnsafeBufferPointer { new in
            other.actions.withUnsafeBufferPointer { old in new.baseAddress == old.baseAddress }
        }
    }
}

/// A kept list's standing elements as a reading finds them, one by one: the array of the
/// list's last run while they are its elements (the action group then finds the run as it was
/// by the array's buffer), a new one from the first that differs.
struct StandingElements {
    private let last: [Int]
    private var matched = 0
    private var differing: [Int]?

    init(last: [Int]) { self.last = last }

    @inline(__always)
    mutating func append(_ index: Int) {
        if differing == nil {
            if matched < last.count && last[matched] == index {
                matched += 1
                return
            }
            differing = Array(last[..<matched])
        }
        differing!.append(index)
    }

    /// The standing elements, noted as the list's last run's.
    @MainActor consuming func finish(in list: DeferredElements) -> [Int] {
        guard differing != nil || matched != last.count else { return last }
        let standing = differing ?? Array(last[..<matched])
        list.lastStanding = standing
        return standing
    }
}
