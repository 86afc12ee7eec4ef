/// What a later full render compares to keep a list's items as they stand: everything of an
/// element's node that its planned item follows from, for the one kind of item that can be kept
/// (an enabled generated button running a closure, alone in its level with its list's other
/// elements). Its closure is no part of it: the shared action resolves the element again when
/// the item is activated (``DeferredElements/performKept(target:)``), so no closure of an
/// earlier render ever runs.
///
/// Kept as a hash of those fields, one word an element: a full render notes one for every
/// element of every such list, and copies of a dozen strings each made it 15% slower.
struct KeptItemSignature: Equatable {
    let hash: Int

    init(_ node: MenuNode) {
        var hasher = Hasher()
        hasher.combine(node.identity.path)
        hasher.combine(node.title)
        hasher.combine(node.icon)
        hasher.combine(node.subtitle)
        hasher.combine(node.mnemonic)
        hasher.combine(node.mnemonicPosition)
        hasher.combine(node.role.map { $0 == .destructive ? 1 : 2 } ?? 0)
        let dismissal = switch node.dismissBehavior {
        case .automatic: 0
        case .enabled: 1
        case .disabled: 2
        }
        hasher.combine(dismissal)
        hasher.combine(node.hiddenWhen?.rawValue)
        hasher.combine(node.isGeneratedContent)
        hasher.combine(node.confirmsBeforeActing)
        hash = hasher.finalize()
    }
}

extension MenuPlanner.Scope {
    /// Whether a list planned in this scope may keep the items it had planned in `other`: all
    /// but the path (which only names items in diagnostics, and kept items have none).
    func keepsItems(of other: MenuPlanner.Scope) -> Bool {
        depth == other.depth && groupDepth == other.groupDepth && isDisabled == other.isDisabled
            && dismissBehavior == other.dismissBehavior && isIconic == other.isIconic
            && isGenerated == other.isGenerated && level == other.level
    }
}

extension MenuPlanner {
    /// The signature of a list element's node that was planned as `item`, when such an item can
    /// be kept by a later render: an enabled generated button that runs a closure, with no
    /// shortcut, details, confirmation or state, named by its identity in its level's shared
    /// action. Nil for anything else.
    static func keptSignature(of node: MenuNode, plannedAs item: PlannedItem, scope: Scope) -> KeptItemSignature? {
        guard case .button(.perform) = node.kind, node.deferred == nil, node.imported == nil,
              node.detailsBox == nil, node.shortcut == nil, !node.showsActionState, node.role != .destructive,
              scope.isGenerated || node.isGeneratedContent, !scope.isDisabled, !node.isDisabled,
              item.link == nil, item.identity == node.identity, item.attributes.action != nil,
              item.attributes.target == node.identity.path
        else { return nil }
        return KeptItemSignature(node)
    }

    /// Whether `nodes` (a list's elements, just resolved again) are what the list's kept items
    /// were planned from, node for node.
    static func matchKeptItems(_ nodes: [MenuNode], of list: DeferredElements, signatures: [KeptItemSignature]) -> Bool {
        guard nodes.count == signatures.count else { return false }
        for index in nodes.indices {
            let node = nodes[index]
            guard node.origin?.elements === list, case .button(.perform) = node.kind, node.deferred == nil,
                  node.imported == nil, node.detailsBox == nil, node.shortcut == nil, !node.showsActionState,
                  !node.isDisabled
            else { return false }
            guard KeptItemSignature(node) == signatures[index] else { return false }
        }
        return true
    }
}
