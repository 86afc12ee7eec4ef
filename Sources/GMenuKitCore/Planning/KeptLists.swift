/// What a later full render compares to keep a list's items as they stand: everything of an
/// element's node that its planned item follows from, for the kinds of item that can be kept
/// (an enabled button running a closure or a toggle, with nothing else the planner reads,
/// alone in its level with its list's other elements). Its closure or binding is no part of
/// it: a generated button's shared action resolves the element again when the item is
/// activated (``DeferredElements/performKept(target:)``), and an item with an action of its
/// own gets the new closure or binding in its action, so no closure of an earlier render ever
/// runs and a toggle follows the binding of the latest one.
///
/// Kept as a 64-bit hash of those fields, one word an element: a full render notes one for
/// every element of every such list, and copies of the fields made it 15% slower. Two nodes
/// that differ and hash alike (odds of about 2⁻⁶⁴ an element) would keep the old item.
package struct KeptItemSignature: Equatable {
    package let hash: Int

    package init(_ node: MenuNode, kind: MenuNode.KeptKind) {
        self = withUnsafePointer(to: node) { Self(at: $0, kind: kind) }
    }

    /// The signature of the node at `node`, read where it is: a refresh compares one for every
    /// element of a kept list, and handing the node over as a value copied it first (a retain
    /// of every field).
    package init(at node: UnsafePointer<MenuNode>, kind: MenuNode.KeptKind) {
        // The identity by its own 64-bit hash of its path: `Hasher` (seeded, SipHash) cost a
        // full render of generated lists several percent.
        var hash = FNV1aHash()
        hash.mix(Int(truncatingIfNeeded: node.pointee.identity.pathHashValue))
        hash.mix(node.pointee.title)
        hash.mix(node.pointee.icon)
        hash.mix(node.pointee.subtitle)
        hash.mix(node.pointee.mnemonic.map { String($0) })
        hash.mix(node.pointee.mnemonicPosition ?? -1)
        hash.mix(node.pointee.role.map { $0 == .destructive ? 1 : 2 } ?? 0)
        let dismissal = switch node.pointee.dismissBehavior {
        case .automatic: 0
        case .enabled: 1
        case .disabled: 2
        }
        hash.mix(dismissal)
        hash.mix(node.pointee.hiddenWhen.map { $0 == .actionMissing ? 1 : 2 } ?? 0)
        hash.mix((node.pointee.isGeneratedContent ? 1 : 0) | (node.pointee.confirmsBeforeActing ? 2 : 0))
        // A button and a toggle of the same title make different items.
        hash.mix(kind == .toggle ? 3 : 4)
        self.hash = Int(truncatingIfNeeded: hash.value)
    }
}

/// FNV-1a over words and texts: what the kept lists' signatures hash their fields with.
package struct FNV1aHash {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    private static let prime: UInt64 = 0x100_0000_01b3

    package mutating func mix(_ word: Int) {
        value = (value ^ UInt64(bitPattern: Int64(word))) &* Self.prime
    }

    /// The text's bytes, then its length, so that fields cannot run into each other; nil apart.
    /// Eight bytes a step where it can: byte by byte through `String.UTF8View`, the labels and
    /// icon names of every element of a menu cost a full render about 2%.
    /// A string of up to 15 UTF-8 bytes (most labels) is mixed as the two words it is made of:
    /// in Swift's 64-bit layout such a string holds its bytes and its count in them, and
    /// nothing else (bit 61 of the second word says so), so equal strings have equal words.
    /// Reading its bytes copied them out to the stack first (about 40 instructions a string,
    /// four strings a button at every refresh). So is an immortal string (bit 63, not foreign:
    /// bit 60), a literal such as most icon names: its words hold its count and the address of
    /// bytes that never change, so equal words are equal strings (the same text at another
    /// address hashes otherwise, and its element is then resolved as changed, which is only
    /// slower). Any other string's words hold an address of bytes that may be another string's
    /// tomorrow: its bytes are mixed.
    @inline(__always)
    package mutating func mix(_ text: String?) {
        guard let text else { return mix(-1) }
        #if arch(x86_64) || arch(arm64)
            let (low, high) = unsafeBitCast(text, to: (UInt64, UInt64).self)
            if high & (1 << 61) != 0 || high & (1 << 63 | 1 << 60) == 1 << 63 {
                value = (((value ^ low) &* Self.prime) ^ high) &* Self.prime
                return
            }
        #endif
        value = text.withUTF8Bytes { bytes in
            var hash = value
            var offset = 0
            let raw = UnsafeRawBufferPointer(bytes)
            while offset + 8 <= raw.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* Self.prime
                offset += 8
            }
            while offset < raw.count {
                hash = (hash ^ UInt64(raw[offset])) &* Self.prime
                offset += 1
            }
            return (hash ^ UInt64(raw.count)) &* Self.prime
        }
    }
}

extension MenuPlanner.Scope {
    /// Whether a list planned in this scope may keep the items it had planned in `other`: all
    /// but the path (which only names items in diagnostics, and kept items have none).
    package func keepsItems(of other: MenuPlanner.Scope) -> Bool {
        depth == other.depth && groupDepth == other.groupDepth && isDisabled == other.isDisabled
            && dismissBehavior == other.dismissBehavior && isIconic == other.isIconic
            && isGenerated == other.isGenerated && level == other.level
    }
}

extension MenuPlanner {
    /// How the item of a list's element that a later render may keep names its action.
    package enum KeptAction: Equatable {
        /// A generated button: the level's shared action (scope included), its target the
        /// item's identity.
        case shared(String)
        /// A toggle, or a button outside generated content: an action of its own.
        case own
    }

    /// How a list element's node of `kind`, planned as `item` in `scope`, names its action,
    /// when the item is one a later render can keep: not destructive, not dimmed, no
    /// submenu, named by the node's identity. Nil when it cannot be kept.
    package static func keptAction(_ node: MenuNode, kind: MenuNode.KeptKind, scope: Scope, item: PlannedItem?) -> KeptAction? {
        guard node.role != .destructive, !scope.isDisabled, item?.link == nil, item?.identity == node.identity,
              let action = item?.attributes.action
        else { return nil }
        if kind == .button, scope.isGenerated || node.isGeneratedContent {
            return item?.attributes.target == node.identity.path ? .shared(action) : nil
        }
        return item?.attributes.target == nil ? .own : nil
    }

    /// Appends to `actions` the actions of a kept list's items that have their own, named
    /// `names` ("" for an item naming the shared action), with the closures and bindings of
    /// `nodes` (the elements just resolved again, spent here: their kinds move into the
    /// actions, where matching each in place copied it with all its values). The nodes are
    /// the ones the list's signatures matched: each named item is a button running a closure
    /// or a toggle.
    package static func appendKeptOwnActions(_ nodes: inout [MenuNode], names: [String], to actions: inout [PlannedAction]) {
        guard !names.isEmpty else { return }
        for index in nodes.indices where !names[index].isEmpty {
            actions.append(PlannedAction(name: names[index], isEnabled: true, behavior: keptBehavior(takenFrom: &nodes[index])))
        }
    }

    /// The same for a list read for keeping (``KeptExpansion``), whose actions, from `start`,
    /// the reading appended (none for the standing ones): the resolved elements' made with the
    /// behaviors of their nodes.
    package static func completeKeptOwnActions(
        _ actions: inout [PlannedAction], from start: Int, read: inout KeptExpansion, names: [String]
    ) {
        guard !names.isEmpty, !read.resolved.isEmpty else { return }
        var position = start
        var next = 0
        var nextStanding = 0
        for index in names.indices {
            let resolved = next < read.resolved.count && read.resolved[next] == index
            if nextStanding < read.standing.count && read.standing[nextStanding] == index {
                nextStanding += 1
            } else if !names[index].isEmpty {
                if resolved {
                    actions[position] = PlannedAction(name: names[index], isEnabled: true, behavior: keptBehavior(takenFrom: &read.nodes[next]))
                }
                position += 1
            }
            if resolved { next += 1 }
        }
    }

    /// What a kept item's own action runs or binds, moved out of its node.
    private static func keptBehavior(takenFrom node: inout MenuNode) -> PlannedAction.Behavior {
        // One level at a time: a nested pattern copied the kind to match it.
        let kind = node.takeKind()
        switch consume kind {
        case .button(let action):
            switch consume action {
            case .perform(let perform): return .perform(perform)
            default: break
            }
        case .toggle(let isOn):
            return .toggle(isOn: isOn)
        default:
            break
        }
        // Not reached (see above): an action that does nothing rather than none.
        assertionFailure("a kept item that neither performs a closure nor toggles")
        return .nothing
    }
}

extension MenuNode {
    /// The kinds of item a later render can keep as they stand.
    package enum KeptKind {
        case button, toggle
    }

    /// An enabled button that runs a closure, or a toggle, with nothing the planner reads
    /// besides its signature's fields (no shortcut, details, state, import or list); nil for
    /// any other node.
    package var keptKind: KeptKind? { withUnsafePointer(to: self) { Self.keptKind(at: $0) } }

    /// ``keptKind`` of the node at `node`, read where it is (as ``KeptItemSignature/init(at:kind:)``).
    package static func keptKind(at node: UnsafePointer<MenuNode>) -> KeptKind? {
        guard node.pointee.deferred == nil, node.pointee.imported == nil, node.pointee.detailsBox == nil,
              node.pointee.shortcut == nil, !node.pointee.showsActionState, !node.pointee.isDisabled
        else { return nil }
        switch node.pointee.kindCase {
        case .button: return performsClosure(at: node) ? .button : nil
        case .toggle: return .toggle
        default: return nil
        }
    }
}

// MARK: Keeping lists while planning

extension MenuPlanner {
    /// Plans a node and, for a list's element, notes what a later update of the list alone
    /// needs: the scope, where the item goes, and whether planning it needed the whole menu.
    mutating func tracking(
        _ node: MenuNode, scope: Scope, sectioned: Bool, _ plan: (inout MenuPlanner) -> PlannedItem?
    ) -> PlannedItem? {
        guard let elements = node.origin?.elements else { return plan(&self) }
        let before = (diagnostics.all.count, labels.submenuLabelCount, shortcuts.count)
        var item = plan(&self)
        if item == nil || before != (diagnostics.all.count, labels.submenuLabelCount, shortcuts.count) {
            elements.isIncremental = false
        }
        if elements.scope == nil {
            elements.scope = scope
            elements.isSectioned = sectioned
        } else if elements.isSectioned != sectioned {
            // Sections and plain items mixed: the plain ones fill runs between the sections.
            elements.isIncremental = false
        }
        item?.origin = node.origin
        if options.keepsLists, elements.keptSignatures != nil {
            // What a later render compares to keep the items as they stand.
            let kind = sectioned ? nil : node.keptKind
            var kept: KeptAction?
            // Not in a closure: capturing the node would copy it.
            if let kind { kept = Self.keptAction(node, kind: kind, scope: scope, item: item) }
            // An item with an action of its own is kept under the name it has now, one of the
            // list's group of names.
            var ownName: String?
            if kept == .own {
                let group = elements.keptNames ?? KeptNameGroup()
                elements.keptNames = group
                ownName = names.existingName(for: node.identity, joining: group)
            }
            switch kept {
            case .shared(let action) where elements.keptAction == nil || elements.keptAction == action:
                elements.keptAction = action
                if !elements.keptOwnActions.isEmpty { elements.keptOwnActions.append("") }
            case .own where ownName != nil:
                if elements.keptOwnActions.isEmpty {
                    // The elements before named the shared action.
                    elements.keptOwnActions = Array(repeating: "", count: elements.keptSignatures!.count)
                }
                elements.keptOwnActions.append(ownName!)
            default:
                elements.keptSignatures = nil
                elements.keptOwnActions = []
            }
            if let kind, elements.keptSignatures != nil {
                elements.keptWithOwnRows = options.drawsOwnRows
                elements.keptSignatures!.append(KeptItemSignature(node, kind: kind))
                if elements.skipsEqualElements { noteUnreadKeeping(node, ownName: ownName, in: elements) }
            }
        }
        // Moved out: returned as it is, the item was copied (it is handed to `keptAction` above).
        return item.take()
    }

    /// The items of the last render's list that the lone list of a level goes on as, kept as
    /// they stand when its elements, resolved again (their content may capture new values),
    /// make the very nodes they were planned from, in the same scope: one placeholder item
    /// for them all, and the level's shared action asks the list for their closures. Else the
    /// elements' nodes, to plan as usual; nil when there is no such list.
    mutating func keptOrExpanded(_ new: DeferredElements, of owner: MenuIdentity, scope: Scope) -> ([PlannedItem]?, [MenuNode])? {
        // Read already, for the sections around it (``keptSections(_:of:scope:)``).
        if let read = new.readAhead {
            new.readAhead = nil
            return read
        }
        guard let list = new.keptAs ?? new.deferral.keptList(for: new) else { return nil }
        if list.isSectioned, let read = keptSections(list, of: owner, scope: scope) { return read }
        if let kept = keptUnread(list, of: owner, scope: scope) { return (kept, []) }
        if let read = keptAsRead(list, of: owner, scope: scope) { return read }
        // Asked and copied before the expansion forgets them.
        let keepable = mayKeep(list, in: scope)
        let notes = KeptNotes(of: list)
        var nodes = list.expand()
        guard keepable, let signatures = notes.signatures, list.isIncremental,
              let changed = Self.changedKeptItems(nodes, of: list, signatures: signatures, identities: notes.expandedIdentities),
              ownNamesHold(notes.ownActions, names: notes.names, item: { (nodes[$0].identity, nodes[$0].title) }),
              let kept = keep(list, notes: notes, of: owner, scope: scope)
        else { return (nil, nodes) }
        if !changed.isEmpty {
            // Kept as it stands but for these, planned and applied after this plan as a change
            // of the list alone; their nodes copied before their closures move out below.
            keptListChanges.append(KeptListChange(list: list, changed: changed, of: nodes))
            // Their items are planned from other nodes than the signed ones: resolved next time.
            for index in changed where index < list.keptContentReadings.count { list.keptContentReadings[index] = 0 }
        }
        // The items' own actions go on with the closures and bindings of the elements read now,
        // moved out of their nodes: the list is kept, the nodes are not planned.
        let start = actions.count
        Self.appendKeptOwnActions(&nodes, names: notes.ownActions, to: &actions)
        if list.skipsEqualElements { list.keptPlannedActions = Array(actions[start...]) }
        keepNames(notes.names, count: actions.count - start)
        return (kept, [])
    }

    /// The list's elements read rather than resolved, where the registry holds the items' names
    /// at once (asked one by one, each needs its node's title), and kept as the last planning
    /// noted them: the notes stay where they are, read there, and are forgotten only if the
    /// list is planned after all (copied out, forgotten and written back, they cost a refresh
    /// about 0.9 k instructions a list). Nil when the list is not read so.
    private mutating func keptAsRead(_ list: DeferredElements, of owner: MenuIdentity, scope: Scope) -> ([PlannedItem]?, [MenuNode])? {
        guard mayKeep(list, in: scope), let signatures = list.keptSignatures,
              list.keptOwnActions.isEmpty || list.keptNames.map(names.holdsNames) == true
        else { return nil }
        // As the last expansion made them: the reading notes the resolved elements' anew.
        let expandedIdentities = list.identitiesOfLastExpansion
        guard var read = list.expandKept(comparingWith: signatures, ownActions: list.keptOwnActions, appendingActionsTo: &actions,
                                         reusing: &spareContents)
        else { return nil }
        let start = read.actionsStart
        guard list.isIncremental, read.count == signatures.count,
              let changed = Self.changedKeptItems(read.nodes, at: read.resolved, of: list, signatures: signatures,
                                                  identities: expandedIdentities),
              joinsSharedAction(list, named: list.keptAction, of: owner)
        else {
            actions.removeSubrange(start...)
            // Planned after all: noted anew as they are.
            list.resetNotes()
            return (nil, list.nodes(of: &read))
        }
        if !changed.isEmpty {
            keptListChanges.append(KeptListChange(list: list, changed: changed, of: read.nodes, at: read.resolved))
        }
        Self.completeKeptOwnActions(&actions, from: start, read: &read, names: list.keptOwnActions)
        if list.skipsEqualElements { list.keptPlannedActions = Array(actions[start...]) }
        if !read.standing.isEmpty {
            keptActionRuns.append(KeptActionRun(list: list, names: list.keptOwnActions, standing: read.standing))
        }
        keepNames(list.keptNames, count: actions.count - start + read.standing.count)
        // The contents read go; their array's storage serves the next list read (one
        // allocation a refresh rather than one a list).
        read.contents.removeAll(keepingCapacity: true)
        swap(&spareContents, &read.contents)
        return (placeholder(keeping: list, of: owner, scope: scope), [])
    }

    /// Whether what the last planning noted lets `list` keep its items in `scope`, before its
    /// elements are read: items that can be kept, planned alone in a scope that keeps them.
    private func mayKeep(_ list: DeferredElements, in scope: Scope) -> Bool {
        list.keptSignatures != nil && (list.keptAction != nil || !list.keptOwnActions.isEmpty) && list.isIncremental && !list.isSectioned
            && list.keptWithOwnRows == options.drawsOwnRows && list.standsWhole && list.scope?.keepsItems(of: scope) == true
    }

    /// What the last planning noted about a list, read before expanding it again forgets it.
    struct KeptNotes {
        let signatures: [KeptItemSignature]?, action: String?, ownActions: [String], identities: [MenuIdentity]
        /// Each element's node identity as the list's last expansion made it.
        let expandedIdentities: [MenuIdentity]
        let names: KeptNameGroup?

        @MainActor init(of list: DeferredElements) {
            (signatures, action, ownActions, identities) = (list.keptSignatures, list.keptAction, list.keptOwnActions, list.keptIdentities)
            expandedIdentities = list.identitiesOfLastExpansion
            names = list.keptNames
        }
    }

    /// A list whose `ForEach` skips equal elements (`equatable()`), its elements equal to what
    /// they were, kept without running their content: its items' own actions as last planned.
    /// Not when the content read observable state (only running it observes that again) or
    /// keeps `@State` (a render that does not reach it drops it).
    mutating func keptUnread(_ list: DeferredElements, of owner: MenuIdentity, scope: Scope) -> [PlannedItem]? {
        // The notes read where the list holds them: nothing forgets them here.
        guard list.skipsEqualElements, mayKeep(list, in: scope), let signatures = list.keptSignatures,
              list.keptIdentities.count == signatures.count,
              list.keptOwnActions.isEmpty || list.keptOwnActions.count == signatures.count,
              !list.elementsReadObservableState, list.deferral.graph?.holdsState(within: list.identity) == false,
              list.isUnchangedSinceLastRead(),
              ownNamesHold(list.keptOwnActions, names: list.keptNames, item: { (list.keptIdentities[$0], "") }),
              joinsSharedAction(list, named: list.keptAction, of: owner)
        else { return nil }
        if !list.keptPlannedActions.isEmpty { keptPlannedRuns.append(KeptPlannedRun(list: list, actions: list.keptPlannedActions)) }
        keepNames(list.keptNames, count: list.keptPlannedActions.count)
        return placeholder(keeping: list, of: owner, scope: scope)
    }

    /// Plans `list`'s items as kept: one placeholder for them all, and the level's shared action
    /// asking the list (the items' own actions are the caller's). Nil when the shared action's
    /// name changed. The notes, forgotten as the list was expanded, are written back.
    mutating func keep(_ list: DeferredElements, notes: KeptNotes, of owner: MenuIdentity, scope: Scope) -> [PlannedItem]? {
        guard joinsSharedAction(list, named: notes.action, of: owner) else { return nil }
        // Optionals unwrapped first: each was copied through its type's value witness (about
        // 120 instructions, three times a list).
        if let signatures = notes.signatures { list.keptSignatures = signatures } else { list.keptSignatures = nil }
        list.keptAction = notes.action
        list.keptOwnActions = notes.ownActions
        if let names = notes.names { list.keptNames = names } else { list.keptNames = nil }
        if list.skipsEqualElements { list.keptIdentities = notes.identities }
        return placeholder(keeping: list, of: owner, scope: scope)
    }

    /// Whether the level's shared action, which a kept list's generated buttons name, still has
    /// the name they were planned with (`action`; nil: they name none); the list then joins it.
    private mutating func joinsSharedAction(_ list: DeferredElements, named action: String?, of owner: MenuIdentity) -> Bool {
        guard let action else { return true }
        let shared = generatedAction(for: owner)
        guard qualified(generated.shared[shared].name) == action else { return false }
        generated.addKept(list, at: shared)
        return true
    }

    /// The one item that stands for a kept list's items in the level `owner`.
    mutating func placeholder(keeping list: DeferredElements, of owner: MenuIdentity, scope: Scope) -> [PlannedItem] {
        list.scope = scope
        list.isKeptNow = true
        keptLists.append(list)
        // Read ahead for kept sections: made only if the sections are planned after all.
        guard makesPlaceholders else { return [] }
        return Self.placeholderItems(keeping: list, of: owner)
    }

    static func placeholderItems(keeping list: DeferredElements, of owner: MenuIdentity) -> [PlannedItem] {
        [PlannedItem(identity: list.placeholderIdentity(in: owner), attributes: PlannedAttributes(), link: nil, kept: list)]
    }

    /// Whether a kept list's items with actions of their own still have the names they were
    /// planned with (`expected`; "" for an item naming the shared action): at once while the
    /// registry holds the list's group (`group`, ``ActionNameRegistry/holdsNames(of:)``), else
    /// each asked again (`item`: its identity and title) as one of the group's.
    mutating func ownNamesHold(_ expected: [String], names group: KeptNameGroup?, item: (Int) -> (identity: MenuIdentity, title: String)) -> Bool {
        guard !expected.isEmpty else { return true }
        guard let group else { return false }
        if names.holdsNames(of: group) { return true }
        for index in expected.indices where !expected[index].isEmpty {
            // Asked again, so that the pass keeps the name.
            let (identity, title) = item(index)
            guard names.name(for: identity, title: title, joining: group) == expected[index] else { return false }
        }
        return true
    }

    /// A kept list's `count` items with actions of their own keep their names in this pass:
    /// all at once while the registry holds the group, else (each just asked and found) the
    /// group holds them from now on.
    mutating func keepNames(_ group: KeptNameGroup?, count: Int) {
        guard let group else { return }
        if names.holdsNames(of: group) {
            names.keepAsked(group, count: count)
        } else {
            names.confirm(group)
        }
    }

    /// Notes, for a list that skips equal elements, what planning its element's item again
    /// without running its content needs: the node's identity and the item's own action.
    func noteUnreadKeeping(_ node: MenuNode, ownName: String?, in elements: DeferredElements) {
        elements.keptIdentities.append(node.identity)
        guard let ownName else { return }
        if let action = actions.last, action.name == ownName {
            elements.keptPlannedActions.append(action)
        } else {
            elements.keptSignatures = nil
        }
    }
}
