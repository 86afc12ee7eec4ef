/// A kept list some of whose elements changed in place: a full render (a `refresh()`) found
/// them making other nodes than the ones their items were planned from, under the same
/// identities, and every other element as it was. The plan keeps the list's items as they
/// stand; the changed elements are then planned and applied as a change of the list alone, as
/// an observed change is (``MenuPlanner/planElements(_:of:options:names:reusing:)``), rather than the
/// whole list planned again: one changed entry of a history of 1,000 cost a refresh 9.8 M
/// instructions more than an unchanged one, when the list was planned again.
package struct KeptListChange {
    package let list: DeferredElements
    /// The changed elements (in place: the same index before and after) and their nodes.
    package let changes: ElementChanges
    /// Their items and actions, planned before the plan's pass ends (``MenuPlanner/plan(_:options:names:)``).
    package fileprivate(set) var planned: MenuPlanner.PlannedElements = ([], [], [])

    /// The change of the elements at `changed` (ascending) among `nodes`, the list's nodes as
    /// just resolved: copied, before the kept items' own actions take their closures.
    /// `at`: where `nodes` holds only some elements' nodes (a list read for keeping), their
    /// indices, ascending.
    init(list: DeferredElements, changed: [Int], of nodes: [MenuNode], at indices: [Int]? = nil) {
        self.list = list
        var changes = ElementChanges()
        changes.changed.reserveCapacity(changed.count)
        changes.nodes.reserveCapacity(changed.count)
        var position = 0
        for index in changed {
            changes.changed.append(ElementDifference.Change(index: index, oldIndex: index))
            if let indices {
                while indices[position] != index { position += 1 }
                changes.nodes.append(nodes[position])
            } else {
                changes.nodes.append(nodes[index])
            }
        }
        self.changes = changes
    }
}

extension MenuPlanner {
    /// The indices of the elements whose nodes differ from what `list`'s kept items were
    /// planned from (`signatures`), each still an item a render can keep and of the same
    /// identity as in the last expansion (`identities`): empty when every node matches. Nil
    /// when the list cannot be kept, even in part: another count of elements, a node of
    /// another list or of another kind, an element whose identity changed (an element moved,
    /// went or came: the notes name each item's action by its identity), or more changed
    /// elements than a quarter of the list (one at least), which the whole list's planning
    /// serves as well.
    /// Not isolated: a main-actor closure (the buffer's, here) checks at every call that it runs
    /// on the main actor.
    /// `at`: where `nodes` holds only some elements' nodes (a list read for keeping, whose
    /// other elements read as they did), their indices, ascending.
    package nonisolated static func changedKeptItems(
        _ nodes: [MenuNode], at indices: [Int]? = nil, of list: DeferredElements, signatures: [KeptItemSignature],
        identities: [MenuIdentity]
    ) -> [Int]? {
        guard indices != nil || nodes.count == signatures.count else { return nil }
        let limit = max(1, signatures.count / 4)
        // Through the buffer: binding each node to a constant would copy it, retaining its fields.
        return nodes.withUnsafeBufferPointer { nodes -> [Int]? in
            var changed: [Int] = []
            for position in nodes.indices {
                let index = indices?[position] ?? position
                let node = nodes.baseAddress! + position
                guard node.pointee.origin?.elements === list, let kind = MenuNode.keptKind(at: node) else { return nil }
                if KeptItemSignature(at: node, kind: kind) == signatures[index] { continue }
                guard changed.count < limit, index < identities.count, node.pointee.identity == identities[index] else { return nil }
                changed.append(index)
            }
            return changed
        }
    }

    /// Plans the changed elements of the lists this plan kept, each list's alone, in the plan's
    /// pass: their names are asked in it, as the kept items' are (asked after the pass, one
    /// would count twice in the next, whose end would then go through every name and make
    /// each kept list's names be asked one by one in the refresh after). False when one needs
    /// the whole menu planned without keeping lists.
    mutating func planKeptListChanges() -> Bool {
        for index in keptListChanges.indices {
            guard let planned = Self.planChanges(ofKept: keptListChanges[index], options: options, names: &names) else { return false }
            keptListChanges[index].planned = planned
        }
        return true
    }

    /// Plans a kept list's changed elements alone (``KeptListChange``), after the full plan
    /// kept the list: nil when they need the whole menu planned (a diagnostic, another
    /// kind of item than the level holds). Where each changed item is still kept as it was
    /// planned (a generated button naming the level's shared action, or an item with its own
    /// action under the same name), the list's notes take the new signatures, so that the
    /// next refresh keeps the list whole again; else the next one plans the whole list.
    static func planChanges(
        ofKept change: KeptListChange, options: Options, names: inout ActionNameRegistry
    ) -> PlannedElements? {
        let list = change.list
        var fresh: PlannedElements = ([], [], [])
        // Planning the elements alone forgets the notes (``planElements``): read first.
        guard var signatures = list.keptSignatures, let scope = list.scope,
              let planned = planElements(change.changes.nodes, of: list, options: options, names: &names, reusing: &fresh)
        else { return nil }
        let (sharedAction, ownActions) = (list.keptAction, list.keptOwnActions)
        for position in change.changes.changed.indices {
            let index = change.changes.changed[position].index
            let node = change.changes.nodes[position]
            guard let kind = node.keptKind, position < planned.items.count else { return planned }
            let expected = ownActions.isEmpty ? "" : ownActions[index]
            switch keptAction(node, kind: kind, scope: scope, item: planned.items[position]) {
            case .shared(let action) where expected.isEmpty && action == sharedAction:
                break
            case .own where !expected.isEmpty && names.existingName(for: node.identity) == expected:
                break
            default:
                return planned
            }
            signatures[index] = KeptItemSignature(node, kind: kind)
        }
        list.keptSignatures = signatures
        return planned
    }
}
