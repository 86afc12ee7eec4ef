/// The lists of one full render of a rendered menu. While it resolves, a `ForEach` stands as
/// one ``DeferredElements`` node (made by the ``RenderGraph``), which the planner expands
/// later, outside the observation of the content around it. Swift's observation merges what an
/// inner tracking reads into the outer one, so a list resolved inside its menu's tracking would
/// make every change to the list a change to the whole menu.
@MainActor
package final class ElementDeferral {
    /// False once a later full render has replaced the lists this one made.
    @exclusivity(unchecked) package private(set) var isCurrent = true
    /// The lists this render made. The observations hold not their lists but what they share
    /// (an observed model would otherwise keep its lists, and through their data closures
    /// itself, alive), so the render keeps them, until it is replaced.
    @exclusivity(unchecked) private var lists: [DeferredElements] = []
    /// Ends this render's observations, of the content and of the lists, once it is replaced.
    package let retirement = ObservationRetirement()
    /// The lists whose data, or whose elements observed together, read observable state in this
    /// render, and in the one before: only their trackings join the retirement. Joining makes a
    /// tracking of a reading that touched nothing observable (a section's own array) a real
    /// one, which costs an installation per list; such a list that starts to read observables
    /// leaves one tracking unretired, which goes at the next change.
    @exclusivity(unchecked) private var dataReaders: Set<MenuIdentity> = []
    @exclusivity(unchecked) private var elementReaders: Set<MenuIdentity> = []
    @exclusivity(unchecked) private var earlierDataReaders: Set<MenuIdentity> = []
    @exclusivity(unchecked) private var earlierElementReaders: Set<MenuIdentity> = []
    /// Called, on whatever thread changed it, when the data a list read changes: with the
    /// list's observations, whose ``ListObservations/liveList`` the main actor reads.
    package let dataChanged: @Sendable (ListObservations) -> Void
    /// Called, on whatever thread changed it, when state that elements' content read changes
    /// (once until the list reads its noted elements again).
    package let elementsChanged: @Sendable (ListObservations) -> Void

    package init(dataChanged: @escaping @Sendable (ListObservations) -> Void,
         elementsChanged: @escaping @Sendable (ListObservations) -> Void) {
        self.dataChanged = dataChanged
        self.elementsChanged = elementsChanged
    }

    /// The rendered menu's graph: an element a kept list runs the action of is resolved in it,
    /// with the state its content keeps.
    package var graph: RenderGraph? { graphLink?.graph }
    /// How the render reaches its graph, which it may outlive; set by the graph as it renders.
    @exclusivity(unchecked) package var graphLink: RenderGraphLink?
    /// The lists of the render before that a list of this one may keep (``keptList(for:)``),
    /// by identity: those whose every element made one item that can be kept, planned alone.
    @exclusivity(unchecked) private var previousLists: [MenuIdentity: DeferredElements] = [:]

    /// The latest of the lists at each identity: an update that resolves an element again
    /// finds the list inside it that stands (``latestList(at:)``) without walking every list of
    /// the render, a walk that grew with the menu (10,000 sections: about 10 µs a change).
    /// Made at the render's first update, from the lists in order (the later of two at one
    /// identity is the latest), and kept up from then on: a render that no update follows (most
    /// refreshes are followed by the next refresh) makes none (0.7% of an unchanged refresh of
    /// a menu of a hundred lists).
    @exclusivity(unchecked) private var latestByIdentity: [MenuIdentity: DeferredElements]?

    func keep(_ list: DeferredElements) {
        lists.append(list)
        latestByIdentity?[list.identity] = list
    }

    /// How many lists this render holds, for tests: updates must not pile them up.
    package var listCount: Int { lists.count }
    /// The lists this render holds, for tests.
    package var heldLists: [DeferredElements] { lists }

    /// The latest list of this render at `identity`: the one whose items stand, if any does.
    func latestList(at identity: MenuIdentity) -> DeferredElements? {
        if latestByIdentity == nil {
            var latest: [MenuIdentity: DeferredElements] = [:]
            latest.reserveCapacity(lists.count)
            for list in lists { latest[list.identity] = list }
            latestByIdentity = latest
        }
        return latestByIdentity?[identity]
    }

    /// Takes over what the render before knew about which lists read observable state.
    package func follow(_ earlier: ElementDeferral) {
        // A list that joined is noted again (its reading touched the retirement): no union.
        earlierDataReaders = earlier.dataReaders
        earlierElementReaders = earlier.elementReaders
    }

    func dataWasObserved(_ list: MenuIdentity) -> Bool {
        earlierDataReaders.contains(list) || dataReaders.contains(list)
    }

    func elementsWereObserved(_ list: MenuIdentity) -> Bool {
        earlierElementReaders.contains(list) || elementReaders.contains(list)
    }

    func noteDataObserved(_ list: MenuIdentity) { dataReaders.insert(list) }
    func noteElementsObserved(_ list: MenuIdentity) { elementReaders.insert(list) }

    /// Whether this render's lists note what a later render compares to keep their items: not
    /// in a menu's first render, which most menus never follow with another (noting costs
    /// about 5% of a render of a menu of lists). A menu refreshed again and again keeps its
    /// lists from its third render on.
    @exclusivity(unchecked) package private(set) var notesKeptItems = false

    /// Takes over, from the render this one replaces, the lists a later plan may keep, and the
    /// lists of sections: their items are planned again, but a list that goes on resolves its
    /// elements under the identities it noted, where a new one made each anew (a string each,
    /// 1.2% of an unchanged refresh of a menu of sections). Other lists the planner could not
    /// keep are made anew: gone on, such a list lost its updates alone after the refresh (its
    /// data's observation left with a render that a later one retired without reading the list
    /// again, `LeakTests`).
    package func inherit(from previous: ElementDeferral?) {
        guard let previous else { return }
        notesKeptItems = true
        // As many lists as the last render made, about: the tables are not grown step by step.
        previousLists.reserveCapacity(previous.lists.count)
        lists.reserveCapacity(previous.lists.count)
        for list in previous.lists where (list.keptSignatures != nil || list.isSectioned) && list.isIncremental && list.deferral === previous {
            previousLists[list.identity] = list
        }
    }

    /// The last render's list that `list` (made by this render, not yet expanded) goes on as:
    /// same identity and types. It reads through `list`'s `ForEach` from now on, belongs to
    /// this render, and is noted as what `list` stands for (``DeferredElements/keptAs``).
    /// Whether its items can be kept, its elements resolved again tell (``MenuPlanner``).
    package func keptList(for list: DeferredElements) -> DeferredElements? {
        if list.wentOnFromLastRender {
            list.wentOnFromLastRender = false
            return list
        }
        guard let old = previousLists.removeValue(forKey: list.identity), list.takeOver(old) else { return nil }
        old.deferral = self
        old.nestingDepth = list.nestingDepth
        // The section around it as this render resolved it.
        old.enclosingSectionTitle = list.enclosingSectionTitle
        list.keptAs = old
        keep(old)
        return old
    }

    /// The last render's list at `identity` that a later plan may keep, as this render resolves.
    func previousList(at identity: MenuIdentity) -> DeferredElements? { previousLists[identity] }

    /// Goes on with `old`, the last render's list at its identity, as this render's, found as
    /// the render resolves: what ``keptList(for:)`` does for a list this render made, without
    /// the list made, registered, taken over and let go (6% of an unchanged refresh of a menu of
    /// lists). The planner then takes it as the list it may keep.
    func goOn(with old: DeferredElements) {
        previousLists.removeValue(forKey: old.identity)
        old.deferral = self
        old.keptAs = nil
        old.enclosingSectionTitle = nil
        old.wentOnFromLastRender = true
        keep(old)
    }

    /// Stops this render's lists from updating themselves, and lets go of them.
    package func retire() {
        isCurrent = false
        lists = []
        latestByIdentity = nil
        previousLists = [:]
        retirement.retire()
    }
}
