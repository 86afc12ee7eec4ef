/// What a later full render compares to keep a list's items as they stand: everything of an
/// element's node that its planned item follows from, for the one kind of item that can be kept
/// (an enabled generated button running a closure, alone in its level with its list's other
/// elements). Its closure is no part of it: the shared action resolves the element again when
/// the item is activated (``DeferredElements/performKept(target:)``), so no closure of an
/// earlier render ever runs.
///
/// Kept as a 64-bit hash of those fields, one word an element: a full render notes one for
/// every element of every such list, and copies of the fields made it 15% slower. Two nodes
/// that differ and hash alike (odds of about 2⁻⁶⁴ an element) would keep the old item.
struct KeptItemSignature: Equatable {
    let hash: Int

    init(_ node: MenuNode) {
        // FNV-1a over the fields, the identity by its own 64-bit hash of its path: `Hasher`
        // (seeded, SipHash) cost a full render of generated lists several percent.
        var hash = Self.mix(0xcbf2_9ce4_8422_2325, node.identity.hashValue)
        hash = Self.mix(hash, node.title)
        hash = Self.mix(hash, node.icon)
        hash = Self.mix(hash, node.subtitle)
        hash = Self.mix(hash, node.mnemonic.map { String($0) })
        hash = Self.mix(hash, node.mnemonicPosition ?? -1)
        hash = Self.mix(hash, node.role.map { $0 == .destructive ? 1 : 2 } ?? 0)
        let dismissal = switch node.dismissBehavior {
        case .automatic: 0
        case .enabled: 1
        case .disabled: 2
        }
        hash = Self.mix(hash, dismissal)
        hash = Self.mix(hash, node.hiddenWhen.map { $0 == .actionMissing ? 1 : 2 } ?? 0)
        hash = Self.mix(hash, (node.isGeneratedContent ? 1 : 0) | (node.confirmsBeforeActing ? 2 : 0))
        self.hash = Int(truncatingIfNeeded: hash)
    }

    private static let prime: UInt64 = 0x100_0000_01b3

    private static func mix(_ hash: UInt64, _ value: Int) -> UInt64 {
        (hash ^ UInt64(bitPattern: Int64(value))) &* prime
    }

    /// The text's bytes, then its length, so that fields cannot run into each other; nil apart.
    private static func mix(_ hash: UInt64, _ text: String?) -> UInt64 {
        guard let text else { return mix(hash, -1) }
        var hash = hash
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* prime }
        return mix(hash, text.utf8.count)
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
    /// Whether a list element's node planned as `item` in `scope` makes an item a later render
    /// can keep: an enabled generated button that runs a closure, with no shortcut, details,
    /// confirmation or state, named by its identity in its level's shared action.
    /// (Fields rather than the item: a copy of it, or of the node, retains each of its strings.)
    static func isKeptKind(
        _ node: MenuNode, scope: Scope, linked: Bool, identity: MenuIdentity?, action: String?, target: String?
    ) -> Bool {
        node.runsClosureAlone && node.role != .destructive && (scope.isGenerated || node.isGeneratedContent)
            && !scope.isDisabled && !linked && identity == node.identity && action != nil
            && target == node.identity.path
    }

    /// Whether `nodes` (a list's elements, just resolved again) are what the list's kept items
    /// were planned from, node for node.
    static func matchKeptItems(_ nodes: [MenuNode], of list: DeferredElements, signatures: [KeptItemSignature]) -> Bool {
        guard nodes.count == signatures.count else { return false }
        for index in nodes.indices {
            let node = nodes[index]
            guard node.origin?.elements === list, node.runsClosureAlone else { return false }
            guard KeptItemSignature(node) == signatures[index] else { return false }
        }
        return true
    }
}

extension MenuNode {
    /// An enabled button that runs a closure, with nothing the planner reads besides its
    /// signature's fields (no shortcut, details, state, import or list).
    var runsClosureAlone: Bool {
        guard case .button(.perform) = kind else { return false }
        return deferred == nil && imported == nil && detailsBox == nil && shortcut == nil
            && !showsActionState && !isDisabled
    }
}
