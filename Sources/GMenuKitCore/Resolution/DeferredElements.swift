import Synchronization

/// Which element of which list made a node or planned item.
package struct ElementOrigin {
    package let elements: DeferredElements
    package let index: Int
    // The implicit memberwise initializer (the core makes one for every element's item, and
    // an explicit one costs a copy); the GTK layer reads items back through `PlannedItem.element`.
}

/// What changed in a list since it was last read, for lists whose elements each made one node.
package struct ElementChanges {
    /// Old indices of the elements that went, ascending.
    package var removed: [Int] = []
    /// Elements that stayed but changed: their new index and their old index.
    package var changed: [ElementDifference.Change] = []
    /// New elements' indices, ascending.
    package var inserted: [Int] = []
    /// The nodes of the changed elements, then of the inserted ones, in the order of those: the
    /// planner takes the array as it is. Apart from the indices, so that reading an index
    /// copies no node (a retain for each of its fields).
    package var nodes: [MenuNode] = []
    /// The identities of the elements that went or were resolved again: the state kept under
    /// them that this update did not use went with them.
    package var resolvedScopes: [MenuIdentity] = []
    /// Changed elements that are sections around a list of their own, as they were: the
    /// changes of those lists instead (``DeferredElements/carriedOver(_:inSectionTitled:)``).
    package var nested: [NestedListChange] = []

    package var isEmpty: Bool { removed.isEmpty && changed.isEmpty && inserted.isEmpty }

    /// Empties every array, keeping its storage for the list's next change.
    mutating func empty() {
        // Most are empty already (a change's carried sections are cut off as it is read).
        if !removed.isEmpty { removed.removeAll(keepingCapacity: true) }
        if !changed.isEmpty { changed.removeAll(keepingCapacity: true) }
        if !inserted.isEmpty { inserted.removeAll(keepingCapacity: true) }
        if !nodes.isEmpty { nodes.removeAll(keepingCapacity: true) }
        if !resolvedScopes.isEmpty { resolvedScopes.removeAll(keepingCapacity: true) }
        if !nested.isEmpty { nested.removeAll(keepingCapacity: true) }
    }
}

/// The elements of one `ForEach` in a rendered menu: read under an observation of their own, and
/// remembered, so that when only the list changes, only the elements that differ are resolved
/// again. When the elements are objects, each element's content is resolved under an
/// observation of its own too, so that a change to one (a property of an `@Observable`
/// element) resolves that element alone; other elements' content is observed together, once
/// per list, which costs far less where every element reads shared state. The planner and the
/// renderer note where the elements' items went.
@MainActor
package class DeferredElements {
    package let identity: MenuIdentity
    /// The render whose lists this one is: the one that made it, or a later one that took it
    /// over (``ElementDeferral/keptList(for:)``).
    @exclusivity(unchecked) package final internal(set) var deferral: ElementDeferral
    /// The depth of the submenus and groups the list is in: its elements resolve there, later.
    @exclusivity(unchecked) package final internal(set) var nestingDepth = MenuNesting.resolvingDepth
    /// The last render's list this one goes on as, once taken over: it is expanded instead.
    @exclusivity(unchecked) package final internal(set) var keptAs: DeferredElements?
    /// Set where a full render's resolution went on with this list, the last render's, instead
    /// of making one (``ElementDeferral/goOn(with:)``), until the planner takes it as the list
    /// it may keep (``ElementDeferral/keptList(for:)``, which it is already).
    @exclusivity(unchecked) package final internal(set) var wentOnFromLastRender = false
    /// The resolution (``RenderGraph``'s pass) that made the list, and the one that last
    /// resolved the `ForEach` it stands for: later than the first where the list went on
    /// through a new `ForEach` (``ForEachElements/goOn(through:inPass:)``).
    @exclusivity(unchecked) final var madeInPass = 0
    @exclusivity(unchecked) final var resolvedInPass = 0
    /// Whether an update's resolution found the list standing and went on with it, rather than
    /// make a new one: the element around it was resolved again.
    final var wentOn: Bool { resolvedInPass != madeInPass }

    // The list's fields are final and unchecked for exclusivity: the planner (another
    // module's) and the GTK layer read and write them on the main actor, one access at a time,
    // for every element, where a dynamic check per access cost several percent of a render.

    // Noted while planning, for a later full render that finds the list unchanged: the items
    // can then be kept as they stand (``MenuPlanner``, planLevel).
    /// What each element's node was, in order, while every element so far made one item a
    /// later render can keep (an enabled button running a closure, or a toggle), planned
    /// alone; nil once one did not.
    @exclusivity(unchecked) package final var keptSignatures: [KeptItemSignature]?
    /// The shared action (scope included) the generated buttons name; nil when none does.
    @exclusivity(unchecked) package final var keptAction: String?
    /// For each element, the name of its item's own action (a toggle, a button outside
    /// generated content), or "" for one naming the shared action; empty when none has one.
    @exclusivity(unchecked) package final var keptOwnActions: [String] = []
    /// The arrays of the list's last change, emptied, for its next (``recycle(_:)``): made anew,
    /// each array of a change of one element was an allocation and its freeing (five in a
    /// change inside a section: each list's changed elements and nodes, the outer one's inner
    /// changes).
    @exclusivity(unchecked) package final internal(set) var spareChanges = ElementChanges()
    /// Each element's content reading as the expansion that made those nodes read it
    /// (``_KeptContentReading/signature``), by index; 0 for an element whose content cannot
    /// be read so, or whose item changed since (its node is not the one signed). Empty when the
    /// list was not read so (modifiers around the `ForEach`, whose closures no reading sees).
    @exclusivity(unchecked) package final var keptContentReadings: [UInt64] = []
    /// The group the action-name registry holds those names by (made as they are noted).
    @exclusivity(unchecked) package final var keptNames: KeptNameGroup?
    /// Whether the plan drew GMenuKit's own rows (`MenuPlanner.Options.drawsOwnRows`).
    @exclusivity(unchecked) package final var keptWithOwnRows = false
    /// For a list whose `ForEach` skips equal elements (``skipsEqualElements``): each element's
    /// identity, and the own actions of its items as planned, which a render that finds the
    /// elements equal plans again without running their content.
    @exclusivity(unchecked) package final var keptIdentities: [MenuIdentity] = []
    @exclusivity(unchecked) package final var keptPlannedActions: [PlannedAction] = []
    /// The elements whose buttons' own actions stood in the last refresh that read the list
    /// (``KeptActionRun/standing``).
    @exclusivity(unchecked) final var lastStanding: [Int] = []
    /// The identity of the placeholder item a render that keeps the items plans in the level
    /// `owner` (``placeholderIdentity(in:)``), made once: written anew, it was an allocation a
    /// kept list at every refresh.
    @exclusivity(unchecked) private var placeholder: (owner: MenuIdentity, identity: MenuIdentity)?
    /// Set by the planner for the render that keeps the items; a level emptied meanwhile
    /// (its section replaced) reads them back into ``keptItems`` first.
    @exclusivity(unchecked) package final var isKeptNow = false
    /// The items read back from a level emptied while this render keeps them.
    @exclusivity(unchecked) package final var keptItems: [PlannedItem]?
    /// For a list of plain sections, each a list alone, filling the menu's top level: each
    /// section as the last planning planned it, which a refresh compares to keep them all
    /// (``MenuPlanner/keptSections(_:of:scope:)``). Nil where they cannot be kept so.
    @exclusivity(unchecked) package final var keptSections: [KeptSection]?
    /// Whether the last refresh that kept the sections read them as content, none resolved
    /// (``expandSections(as:)``), for tests.
    @exclusivity(unchecked) package final var readItsSectionsAsContent = false
    /// What a refresh that read this list ahead, for the sections around it, found: taken by
    /// the planning of its section when the sections are planned after all.
    @exclusivity(unchecked) package final var readAhead: (kept: [PlannedItem]?, nodes: [MenuNode])?
    /// The modifiers written around the `ForEach`, applied to every node of its elements.
    @exclusivity(unchecked) package final var modifiers: [(inout MenuNode) -> Void] = []

    // Noted while planning: whether the list can be updated on its own, and how.
    /// Each element made one node, planned as one item of one level, with no diagnostics,
    /// submenus or shortcuts (which need the whole menu to plan).
    @exclusivity(unchecked) package final var isIncremental = true
    /// The items are sections of a level that has sections (rather than items of a flat level).
    @exclusivity(unchecked) package final var isSectioned = false
    /// For a list that is all a plain section holds (`ForEach(sections) { Section($0.title) {
    /// ForEach($0.items) … } }`): the section's title, noted as the planner plans the section.
    /// A change to the outer list's element that leaves the section as it was is then this
    /// list's change alone (``carriedOver(_:inSectionTitled:)``).
    @exclusivity(unchecked) package final var enclosingSectionTitle: String?
    /// What the planner knew around the elements (path, disabled, dismissal, iconic, generated).
    @exclusivity(unchecked) package final var scope: MenuPlanner.Scope?

    /// Noted while applying, by the level that holds the elements' items: where they stand.
    @exclusivity(unchecked) package final var placement = ListItemsPlacement()
    /// Whether the last expansion showed the elements as one scrolling list
    /// (``LongGeneratedLists``): its source follows the data itself, and the menu renders
    /// again only when the list is no longer long.
    @exclusivity(unchecked) package final internal(set) var isShownScrolling = false
    /// How many elements the list had when last read.
    @exclusivity(unchecked) package final private(set) var count = 0
    /// How the render updates the list (its fields above), read for another module here: there
    /// each read of a stored field is checked for exclusive access at run time, since the
    /// attribute holds only in the declaring module (about 80 instructions a read).
    package final var updateRoute: (isShownScrolling: Bool, isIncremental: Bool, deferral: ElementDeferral) {
        (isShownScrolling, isIncremental, deferral)
    }
    /// What the list's observations share with it, on whatever thread a model changes.
    package let observations = ListObservations()
    /// Whether each element's content has an observation of its own (elements that are
    /// objects), rather than one for all of them.
    package let observesEachElement: Bool

    package init(identity: MenuIdentity, deferral: ElementDeferral, observesEachElement: Bool) {
        self.identity = identity
        self.deferral = deferral
        self.observesEachElement = observesEachElement
        observations.list = self
        deferral.keep(self)
    }

    // Only the main actor's renders hold a list, so it ends there.
    deinit {
        observations.listEnded()
    }

    /// Reads the data and resolves every element: the nodes, each stamped with its origin.
    package func expand() -> [MenuNode] { [] }

    /// Reads the data for a refresh that may keep the list's sections as they stand
    /// (``MenuPlanner/keptSections(_:of:scope:)``, noted `sections`): an element whose content
    /// is a plain section as noted, around a list alone, makes no node; its list goes on
    /// through the section's `ForEach`. The lists, one a section, where every element read so;
    /// otherwise every element's nodes, as ``expand()`` makes them.
    package func expandSections(as sections: [KeptSection]) -> (lists: [DeferredElements]?, nodes: [MenuNode]) {
        (nil, expand())
    }

    /// The nodes the sections of ``expandSections(as:)`` would have made, around `lists`: what
    /// a planning that does not keep them takes.
    package final func nodes(ofSections sections: [KeptSection], around lists: [DeferredElements]) -> [MenuNode] {
        var nodes: [MenuNode] = []
        appendNodes(ofSections: sections, around: lists, to: &nodes)
        return nodes
    }

    /// The same, appended: each a section around its list, as ``Section`` resolves one.
    final func appendNodes(ofSections sections: [KeptSection], around lists: [DeferredElements], to nodes: inout [MenuNode]) {
        nodes.reserveCapacity(nodes.count + lists.count)
        for index in lists.indices {
            let start = nodes.count
            nodes.append(MenuNode(identity: sections[index].identity, title: sections[index].title,
                                  kind: .section(children: [MenuNode(deferring: lists[index])])))
            finish(&nodes, from: start, element: index)
        }
    }

    /// Reads the data and each element's content, for a refresh that may keep the list's items
    /// (their nodes were signed `signatures`, their own actions named `ownActions`, "" for
    /// none): an element whose content reads as noted (``keptContentReadings``) makes no node,
    /// only its action, appended to `actions` (a resolved element's does nothing yet). Nil when
    /// the list cannot be read so; it is then expanded. The elements' contents go into
    /// `contents`'s storage (taken over; the planner hands the storage of the last list kept).
    /// Unlike ``expand()``, it leaves what the last planning noted: a planner that plans the
    /// elements after all forgets it first (``resetNotes()``).
    package func expandKept(
        comparingWith signatures: [KeptItemSignature], ownActions: [String], appendingActionsTo actions: inout [PlannedAction],
        reusing contents: inout [any MenuContent]
    ) -> KeptExpansion? { nil }

    /// Every element's nodes, after ``expandKept(comparingWith:ownActions:appendingActionsTo:reusing:)``, for a plan of the list's items:
    /// the read elements' contents resolved, as ``expand()`` would have.
    package func nodes(of expansion: inout KeptExpansion) -> [MenuNode] { [] }

    /// Reads the data again and resolves only the elements that are new or changed. Nil when
    /// that cannot be done: elements that are not `Equatable`, or that made other than one node.
    package func readChanges() -> ElementChanges? { nil }

    /// Resolves again the elements whose content read state that changed, without reading the
    /// data: each is a change in place. Nil when that cannot be done (an element that makes
    /// other than one node now, or so many elements that the whole menu is planned sooner).
    package func readElementChanges() -> ElementChanges? { nil }

    /// Takes back the arrays of changes this list read, once they are applied, for its next
    /// change; the lists inside its sections take back theirs. Arrays grown past a few
    /// elements are let go, not kept for every change after.
    package final func recycle(_ changes: inout ElementChanges) {
        for index in changes.nested.indices {
            changes.nested[index].list.recycle(&changes.nested[index].changes)
        }
        let capacityKept = Self.spareCapacity
        guard changes.changed.capacity <= capacityKept, changes.nodes.capacity <= capacityKept,
              changes.nested.capacity <= capacityKept, changes.removed.capacity <= capacityKept,
              changes.inserted.capacity <= capacityKept, changes.resolvedScopes.capacity <= capacityKept
        else { return }
        changes.empty()
        swap(&spareChanges, &changes)
    }

    /// The most elements an array kept for the next change may have room for (the list's, and
    /// the render pass's plan of it): one a large change grew is let go, not held for every
    /// change after.
    package static var spareCapacity: Int { 16 }

    /// The arrays the last change left, empty, to read a change into.
    final func takeSpareChanges() -> ElementChanges {
        var taken = ElementChanges()
        swap(&taken, &spareChanges)
        return taken
    }

    /// Whether a full render may leave the items of elements equal to what they were as they
    /// stand, without running their content (`ForEach.equatable()`, elements that are values).
    package var skipsEqualElements: Bool { false }

    /// Whether the data, read again (and observed), holds elements equal to those last read,
    /// one for one; only for lists that skip equal elements.
    package func isUnchangedSinceLastRead() -> Bool { false }

    /// Whether, in this render or the one before, the elements' content read observable state:
    /// only running it again observes that state again.
    package var elementsReadObservableState: Bool { deferral.elementsWereObserved(identity) }

    /// The identity of each element's first node as the last expansion made it, by index: a
    /// kept list's elements that change in place keep theirs (``MenuPlanner/changedKeptItems``).
    package var identitiesOfLastExpansion: [MenuIdentity] { [] }

    /// Whether the list's items are all its level has, where it noted them.
    package var standsWhole: Bool { placement.level?.holdsWholly(self) ?? false }

    // Read for the GTK layer here: a field's `@exclusivity(unchecked)` holds only in the module
    // that declares it, and each read from another module is checked at run time (about 90
    // instructions; a dozen such reads were 1% of a change).

    /// Where the list's first item stands in its level, and how many items it has.
    package final var itemSpan: (first: Int, count: Int) { (placement.firstPosition, count) }
    /// The level that holds the list's items, where it noted them.
    package final var placedIn: (any ListPlacement)? { placement.level }
    /// Whether the list belongs to its menu's latest full render.
    package final var isOfCurrentRender: Bool { deferral.isCurrent }

    /// Runs the action of the element whose generated item has `target` (a kept list's items
    /// name no closure in their shared action): the element's content is resolved again,
    /// through the `ForEach` of the last render, so the closure is the one a new render makes.
    /// False when no element has that target.
    package func performKept(target: String) -> Bool { false }

    /// The target of the item of the element at `index` as the list's last expansion made it
    /// (its identity's path), which ``performKept(target:)`` finds; nil where there is none.
    package func keptItemTarget(ofElement index: Int) -> String? { nil }

    /// Takes `old` (the last render's list of the same identity) over: it reads through this
    /// list's `ForEach` from now on. False when the types differ.
    func takeOver(_ old: DeferredElements) -> Bool { false }

    /// Goes on through `forEach` where it is a `ForEach` of this list's types
    /// (``ForEachElements/goOn(through:inPass:)``); false where it is not. Asked of the list
    /// rather than found by casting it to the `ForEach`'s list type: the cast had the runtime
    /// look that type up first, for every list of a full render and at every change.
    func goOn<Data, ID>(throughAny forEach: ForEach<Data, ID, any MenuContent>, inPass pass: Int) -> Bool { false }

    /// The identity of the one item that stands for the kept items in the level `owner`.
    package final func placeholderIdentity(in owner: MenuIdentity) -> MenuIdentity {
        if let placeholder, placeholder.owner == owner { return placeholder.identity }
        let identity = owner.appending("#kept")
        placeholder = (owner, identity)
        return identity
    }

    /// Forgets what the last planning noted (the list is expanded again).
    func resetNotes() {
        isIncremental = true
        isSectioned = false
        scope = nil
        keptSignatures = deferral.notesKeptItems ? [] : nil
        keptAction = nil
        keptOwnActions = []
        keptNames = nil
        keptIdentities = []
        keptPlannedActions = []
        keptSections = nil
        forgetChangedElements()
    }

    /// Forgets the elements' changes noted so far (the elements are read again).
    func forgetChangedElements() {
        _ = Self.takeNotes(from: observations.changedElements)
    }

    /// The notes so far, leaving none: outside the main actor, so that the lock's closure is
    /// not checked for running on it.
    nonisolated static func takeNotes(from notes: borrowing Mutex<[ElementNote]>) -> [ElementNote] {
        notes.withLock { notes in
            defer { notes = [] }
            return notes
        }
    }

    /// Applies the modifiers and the origin to the nodes an element made.
    func finish(_ nodes: inout [MenuNode], from start: Int, element index: Int) {
        // One item per element; a nested list standing alone makes any number of them.
        if nodes.count - start != 1 || nodes[start].deferred != nil { isIncremental = false }
        for position in start..<nodes.count {
            if let inner = nodes[position].deferred {
                // A list standing alone in an element: its elements get these modifiers too.
                inner.modifiers.append(contentsOf: modifiers)
            } else {
                for modify in modifiers { modify(&nodes[position]) }
            }
            nodes[position].origin = ElementOrigin(elements: self, index: index)
        }
    }

    func setCount(_ count: Int) { self.count = count }
}

/// What a list's observations share with the list, and all they hold of it: a model keeps its
/// trackings, and through them this, alive (until it next changes), but not the list. Held
/// weakly, the list kept its reference counts in a side table, which made every retain and
/// release of it, a dozen in a change, the slow path (an object's label change 9% of its time).
package final class ListObservations: Sendable {
    /// Elements whose content read state that changed, noted by their observations on
    /// whatever thread changed it, until ``DeferredElements/readElementChanges()`` takes them.
    package let changedElements = Mutex<[ElementNote]>([])
    /// Counts the readings of the data (`ElementObservation.swift`).
    let dataReadings = Atomic<Int>(0)
    /// The reading whose observation saw the data change last.
    let endedDataReading = Atomic<Int>(0)
    /// Set as the list is made; the list lives and ends on the main actor (only the main
    /// actor's renders hold it), which alone reads it, through ``liveList``. Unowned, not weak
    /// (a side table again): a list that ended keeps its memory, not what it held, while a
    /// tracking still holds this.
    @exclusivity(unchecked) nonisolated(unsafe) fileprivate unowned var list: DeferredElements?
    private let isListAlive = Atomic<Bool>(true)

    /// The list, while it lives.
    @MainActor package var liveList: DeferredElements? {
        isListAlive.load(ordering: .relaxed) ? list : nil
    }

    fileprivate func listEnded() { isListAlive.store(false, ordering: .relaxed) }
}

/// Where a list's items stand once applied: the level that holds them (the GTK layer's
/// `MenuLevel`), which the list asks whether its items are all the level has.
@MainActor
package protocol ListPlacement: AnyObject {
    func holdsWholly(_ list: DeferredElements) -> Bool
}

/// Where the level that holds a list's items noted them: the level, and the position of the
/// list's first item in it. It is the level's: the list carries it so that the level finds the
/// list's items without searching its own, and nothing below the GTK layer reads the position.
package struct ListItemsPlacement {
    private var link: ListPlacementLink?
    package var firstPosition = 0

    package init() {}

    package init(link: ListPlacementLink, firstPosition: Int) {
        self.link = link
        self.firstPosition = firstPosition
    }

    package var level: (any ListPlacement)? { link?.level }
}

/// A level as the lists it placed reach it: nil once the level has ended (its `deinit` says
/// so, ``end()``). Not a weak reference: a weakly referenced object keeps its reference counts
/// in a side table, where every retain and release of it takes the runtime's slow path, and a
/// level is retained and released several times at every change it applies.
package final class ListPlacementLink: @unchecked Sendable {
    // Set on the main actor as the level starts and ends; read there.
    nonisolated(unsafe) unowned(unsafe) private(set) var level: (any ListPlacement)?

    package init(_ level: any ListPlacement) {
        self.level = level
    }

    /// The level has ended.
    package func end() {
        level = nil
    }
}
