import GMenuKitCore

/// The long generated lists of one rendered menu shown as scrolling lists without being asked
/// (``MenuListStyle/automatic``, ``LongGeneratedLists``): their sources, kept by the list's
/// identity from one full render to the next so that the views showing them stay, and the
/// lists that turned out to hold an element a row cannot show, which stay the menu's items.
@MainActor
final class AutomaticScrollingLists: LongListPresenting {
    /// Each list's source, by the list's identity.
    private var sources: [String: ScrollingListRows] = [:]
    /// The lists the render in progress reached, long or not.
    private var reached: Set<String> = []
    /// Lists with an element that is more than a row: their items are the menu's own.
    private var showingItems: Set<String> = []
    /// What choosing a row does: the menu's action interpreter.
    var actions: ItemActionInterpreter?
    /// Renders the menu again, later (a list goes back to the menu's items).
    var renderAgain: @MainActor () -> Void = {}

    /// A full render begins: the lists it does not reach go with it.
    func renderBegins() { reached = [] }

    /// A full render ended: the sources and notes of lists it did not reach are let go.
    func renderEnded() {
        if sources.count > reached.count || !showingItems.isEmpty {
            sources = sources.filter { reached.contains($0.key) }
            showingItems.formIntersection(reached)
        }
    }

    /// The menu is let go.
    func forget() {
        sources = [:]
        showingItems = []
    }

    func mayShowScrolling(_ identity: MenuIdentity) -> Bool {
        reached.insert(identity.path)
        return !showingItems.contains(identity.path)
    }

    func showsAsRow(_ nodes: [MenuNode]) -> Bool { ScrollingListRow.showsWhole(nodes) }

    func scrollingList<Data, ID>(for list: ForEach<Data, ID, any MenuContent>, at identity: MenuIdentity,
                                 modifiers: [(inout MenuNode) -> Void]) -> MenuNode {
        let path = identity.path
        reached.insert(path)
        let source: ScrollingListSource<Data, ID>
        if let kept = sources[path] as? ScrollingListSource<Data, ID> {
            source = kept
        } else {
            source = ScrollingListSource(list: list, identity: identity)
            sources[path] = source
        }
        source.modifiers = modifiers
        source.elementIsNotARow = { [weak self] in self?.showItems(of: path) }
        source.update(list, visibleRows: LongGeneratedLists.visibleRows, actions: actions)
        return source.node(at: identity)
    }

    func shownScrollingList(at identity: MenuIdentity) -> MenuNode? {
        sources[identity.path]?.node(at: identity)
    }

    /// An element of the list at `path` is more than a row: the list becomes the menu's items
    /// at the next render, which is asked for now.
    private func showItems(of path: String) {
        guard !showingItems.contains(path) else { return }
        showingItems.insert(path)
        sources[path] = nil
        renderAgain()
    }
}
