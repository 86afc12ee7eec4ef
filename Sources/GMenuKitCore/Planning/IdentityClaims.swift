/// The identities a plan has given out: every item's, and those the planner derives (a run of
/// items, a stepper's button, the generated items' action), each distinct from all the others,
/// explicit ids included.
package struct IdentityClaims {
    private var seen: Set<MenuIdentity> = []
    /// The first identity claimed, held apart until a second one comes: a list's change plans
    /// one item, and a set made for it alone cost an allocation and a hash (1.4% of a label change).
    private var first: MenuIdentity?

    package init() {}

    /// Room for `count` identities, made once rather than grown step by step.
    package mutating func reserve(_ count: Int) {
        seen.reserveCapacity(count)
    }

    /// `derived`, or, when it was given out already, `derived~2`, `derived~3`…
    package mutating func claim(_ derived: MenuIdentity) -> MenuIdentity {
        if seen.isEmpty {
            guard let first else {
                first = derived
                return derived
            }
            seen.insert(first)
            self.first = nil
        }
        // One hash for the usual identity that nothing claimed yet.
        var identity = derived
        var counter = 2
        while !seen.insert(identity).inserted {
            identity = MenuIdentity(derived.path + "~" + String(counter))
            counter += 1
        }
        return identity
    }

    /// Whether an item planned anew has the identity of a kept list's element (an explicit id
    /// of that form): kept items claim none, so the menu is planned again without keeping.
    @MainActor
    package func clash(with keptLists: [DeferredElements]) -> Bool {
        guard !keptLists.isEmpty else { return false }
        // An identity inside a list's element is longer than the list's path by "/[" at least.
        // Where every identity claimed is shorter than that for the shortest path (the sections
        // around the lists, the items beside them), no table of the paths is made and no
        // identity walked: 1.8% of an unchanged refresh of a menu of a hundred sections.
        var shortest = Int.max
        for list in keptLists { shortest = min(shortest, list.identity.path.utf8.count) }
        let reach = shortest + 2
        guard (first.map { $0.path.utf8.count >= reach } ?? false) || Self.anyAsLong(as: reach, in: seen) else { return false }
        let lists = MenuIdentity.ListPaths(keptLists.map(\.identity))
        if let first, first.isInsideElement(of: lists) { return true }
        return Self.anyInsideElement(of: lists, in: seen)
    }

    /// Not isolated: a main-actor closure (`contains`'s, here) checks at every call that it runs
    /// on the main actor.
    private nonisolated static func anyInsideElement(of lists: MenuIdentity.ListPaths, in seen: Set<MenuIdentity>) -> Bool {
        seen.contains { $0.isInsideElement(of: lists) }
    }

    private nonisolated static func anyAsLong(as count: Int, in seen: Set<MenuIdentity>) -> Bool {
        seen.contains { $0.path.utf8.count >= count }
    }
}
