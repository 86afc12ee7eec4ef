/// Generated lists (history, bookmarks) can hold thousands of items that come and go. The
/// items of a level share one parameterized action, with the item's identity (unique in the
/// menu) as target, instead of one GAction each: cheaper to make, and nothing to add or remove
/// as a list changes. One per level, not one for the whole menu: a history of thousands of
/// sections then edits small tables as sections come and go.
package struct GeneratedActions {
    /// Each level's shared action, in the order the levels were planned. A kept list's items
    /// name no closure in it: the action asks the list (`kept`).
    package private(set) var shared: [(level: MenuIdentity, name: String, handlers: [String: @MainActor () -> Void],
                                       kept: [DeferredElements])] = []
    private var indices: [MenuIdentity: Int] = [:]

    package init() {}

    /// Where the action of `level`'s generated items is, made on first use.
    package mutating func index(for level: MenuIdentity, names: inout ActionNameRegistry, claims: inout IdentityClaims) -> Int {
        if let index = indices[level] { return index }
        let name = names.name(for: claims.claim(level.generatedItemsAction), title: "generated items")
        shared.append((level, name, [:], []))
        indices[level] = shared.count - 1
        return shared.count - 1
    }

    /// The generated item `target` of the action at `index` runs `perform`.
    package mutating func add(_ perform: @escaping @MainActor () -> Void, target: String, at index: Int) {
        shared[index].handlers[target] = perform
    }

    /// The items of `list`, kept as they stand, name the action at `index`.
    package mutating func addKept(_ list: DeferredElements, at index: Int) {
        shared[index].kept.append(list)
    }

    /// The planned actions, one per level.
    package var actions: [PlannedAction] {
        shared.map { PlannedAction(name: $0.name, isEnabled: true, behavior: .dispatch($0.handlers, kept: $0.kept)) }
    }

    /// The levels whose generated items share an action in this plan.
    package var levels: [MenuIdentity] { shared.map(\.level) }
}
