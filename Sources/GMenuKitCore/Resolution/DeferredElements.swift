import Observation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The lists of one full render of a rendered menu. While it resolves, a `ForEach` stands as
/// one ``DeferredElements`` node (made by the ``RenderGraph``), which the planner expands
/// later, outside the observation of the content around it. Swift's observation merges what an
/// inner tracking reads into the outer one, so a list resolved inside its menu's tracking would
/// make every change to the list a change to the whole menu.
@MainActor
package final class ElementDeferral {
    /// False once a later full render has replaced the lists this one made.
    package private(set) var isCurrent = true
    /// The lists this render made. The observations hold their lists weakly (an observed model
    /// would otherwise keep its lists, and through their data closures itself, alive), so the
    /// render keeps them, until it is replaced.
    private var lists: [DeferredElements] = []
    /// Ends this render's observations, of the content and of the lists, once it is replaced.
    package let retirement = ObservationRetirement()
    /// The lists whose data, or whose elements observed together, read observable state in this
    /// render, and in the one before: only their trackings join the retirement. Joining makes a
    /// tracking of a reading that touched nothing observable (a section's own array) a real
    /// one, which costs an installation per list; such a list that starts to read observables
    /// leaves one tracking unretired, which goes at the next change.
    private var dataReaders: Set<MenuIdentity> = []
    private var elementReaders: Set<MenuIdentity> = []
    private var earlierDataReaders: Set<MenuIdentity> = []
    private var earlierElementReaders: Set<MenuIdentity> = []
    /// Called, on whatever thread changed it, when the data a list read changes.
    package let dataChanged: @Sendable (DeferredElements) -> Void
    /// Called, on whatever thread changed it, when state that elements' content read changes
    /// (once until the list reads its noted elements again).
    package let elementsChanged: @Sendable (DeferredElements) -> Void

    package init(dataChanged: @escaping @Sendable (DeferredElements) -> Void,
         elementsChanged: @escaping @Sendable (DeferredElements) -> Void) {
        self.dataChanged = dataChanged
        self.elementsChanged = elementsChanged
    }

    /// The rendered menu's graph: an element a kept list runs the action of is resolved in it,
    /// with the state its content keeps.
    package weak var graph: RenderGraph?
    /// The lists of the render before that a list of this one may keep (``keptList(for:)``),
    /// by identity: those whose every element made one item that can be kept, planned alone.
    private var previousLists: [MenuIdentity: DeferredElements] = [:]

    fileprivate func keep(_ list: DeferredElements) { lists.append(list) }

    /// Takes over what the render before knew about which lists read observable state.
    package func follow(_ earlier: ElementDeferral) {
        // A list that joined is noted again (its reading touched the retirement): no union.
        earlierDataReaders = earlier.dataReaders
        earlierElementReaders = earlier.elementReaders
    }

    fileprivate func dataWasObserved(_ list: MenuIdentity) -> Bool {
        earlierDataReaders.contains(list) || dataReaders.contains(list)
    }

    fileprivate func elementsWereObserved(_ list: MenuIdentity) -> Bool {
        earlierElementReaders.contains(list) || elementReaders.contains(list)
    }

    fileprivate func noteDataObserved(_ list: MenuIdentity) { dataReaders.insert(list) }
    fileprivate func noteElementsObserved(_ list: MenuIdentity) { elementReaders.insert(list) }

    /// Whether this render's lists note what a later render compares to keep their items: not
    /// in a menu's first render, which most menus never follow with another (noting costs
    /// about 5% of a render of a menu of lists). A menu refreshed again and again keeps its
    /// lists from its third render on.
    package private(set) var notesKeptItems = false

    /// Takes over, from the render this one replaces, the lists a later plan may keep.
    package func inherit(from previous: ElementDeferral?) {
        guard let previous else { return }
        notesKeptItems = true
        for list in previous.lists where list.keptSignatures != nil && list.isIncremental && list.deferral === previous {
            previousLists[list.identity] = list
        }
    }

    /// The last render's list that `list` (made by this render, not yet expanded) goes on as:
    /// same identity and types. It reads through `list`'s `ForEach` from now on, belongs to
    /// this render, and is noted as what `list` stands for (``DeferredElements/keptAs``).
    /// Whether its items can be kept, its elements resolved again tell (``MenuPlanner``).
    package func keptList(for list: DeferredElements) -> DeferredElements? {
        guard let old = previousLists.removeValue(forKey: list.identity), list.takeOver(old) else { return nil }
        old.deferral = self
        old.nestingDepth = list.nestingDepth
        list.keptAs = old
        keep(old)
        return old
    }

    /// Stops this render's lists from updating themselves, and lets go of them.
    package func retire() {
        isCurrent = false
        lists = []
        previousLists = [:]
        retirement.retire()
    }
}

/// Which element of which list made a node or planned item.
package struct ElementOrigin {
    package let elements: DeferredElements
    package let index: Int

    package init(elements: DeferredElements, index: Int) {
        self.elements = elements
        self.index = index
    }
}

/// An element whose content read state that changed: where it stood then, and its id; no id
/// for state that the content of elements observed together read.
/// Made on the main thread, read there; only carried across by the observation.
package struct ElementNote: @unchecked Sendable {
    package let hint: Int
    package let id: AnyHashable?
    /// The element itself, where elements are objects: tells one whose id changed with it from
    /// one that went.
    package var object: ObjectIdentifier? = nil
}

/// What changed in a list since it was last read, for lists whose elements each made one node.
package struct ElementChanges {
    /// Old indices of the elements that went, ascending.
    package var removed: [Int] = []
    /// Elements that stayed but changed: their new index, their old index, and their node.
    package var changed: [(index: Int, oldIndex: Int, node: MenuNode)] = []
    /// New elements: their index and node, ascending.
    package var inserted: [(index: Int, node: MenuNode)] = []
    /// New indices of elements equal to what they were, but no longer byte for byte the same
    /// (a value rebuilt with the same contents): nothing to render, the list just takes them over.
    package var rebuilt: [Int] = []
    /// The identities of the elements that went or were resolved again: the state kept under
    /// them that this update did not use went with them.
    package var resolvedScopes: [MenuIdentity] = []

    package var isEmpty: Bool { removed.isEmpty && changed.isEmpty && inserted.isEmpty }
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
    package fileprivate(set) var deferral: ElementDeferral
    /// The depth of the submenus and groups the list is in: its elements resolve there, later.
    package fileprivate(set) var nestingDepth = MenuNesting.resolvingDepth
    /// The last render's list this one goes on as, once taken over: it is expanded instead.
    package fileprivate(set) var keptAs: DeferredElements?

    // Noted while planning, for a later full render that finds the list unchanged: the items
    // can then be kept as they stand (``MenuPlanner``, planLevel).
    /// What each element's node was, in order, while every element so far made one item a
    /// later render can keep (an enabled button running a closure, or a toggle), planned
    /// alone; nil once one did not.
    package var keptSignatures: [KeptItemSignature]?
    /// The shared action (scope included) the generated buttons name; nil when none does.
    package var keptAction: String?
    /// For each element, the name of its item's own action (a toggle, a button outside
    /// generated content), or "" for one naming the shared action; empty when none has one.
    package var keptOwnActions: [String] = []
    /// Whether the plan drew GMenuKit's own rows (`MenuPlanner.Options.drawsOwnRows`).
    package var keptWithOwnRows = false
    /// For a list whose `ForEach` skips equal elements (``skipsEqualElements``): each element's
    /// identity, and the own actions of its items as planned, which a render that finds the
    /// elements equal plans again without running their content.
    package var keptIdentities: [MenuIdentity] = []
    package var keptPlannedActions: [PlannedAction] = []
    /// Set by the planner for the render that keeps the items; a level emptied meanwhile
    /// (its section replaced) reads them back into ``keptItems`` first.
    package var isKeptNow = false
    /// The items read back from a level emptied while this render keeps them.
    package var keptItems: [PlannedItem]?
    /// The modifiers written around the `ForEach`, applied to every node of its elements.
    package var modifiers: [(inout MenuNode) -> Void] = []

    // Noted while planning: whether the list can be updated on its own, and how.
    /// Each element made one node, planned as one item of one level, with no diagnostics,
    /// submenus or shortcuts (which need the whole menu to plan).
    package var isIncremental = true
    /// The items are sections of a level that has sections (rather than items of a flat level).
    package var isSectioned = false
    /// What the planner knew around the elements (path, disabled, dismissal, iconic, generated).
    package var scope: MenuPlanner.Scope?

    // Noted while applying: where the elements' items stand.
    package weak var level: (any ListPlacement)?
    package var firstPosition = 0
    /// How many elements the list had when last read.
    package private(set) var count = 0
    /// Elements whose content read state that changed, noted by their observations on
    /// whatever thread changed it, until ``readElementChanges()`` takes them.
    package let changedElements = Mutex<[ElementNote]>([])
    /// Whether each element's content has an observation of its own (elements that are
    /// objects), rather than one for all of them.
    package let observesEachElement: Bool

    package init(identity: MenuIdentity, deferral: ElementDeferral, observesEachElement: Bool) {
        self.identity = identity
        self.deferral = deferral
        self.observesEachElement = observesEachElement
        deferral.keep(self)
    }

    /// Reads the data and resolves every element: the nodes, each stamped with its origin.
    package func expand() -> [MenuNode] { [] }

    /// Reads the data again and resolves only the elements that are new or changed. Nil when
    /// that cannot be done: elements that are not `Equatable`, or that made other than one node.
    package func readChanges() -> ElementChanges? { nil }

    /// Resolves again the elements whose content read state that changed, without reading the
    /// data: each is a change in place. Nil when that cannot be done (an element that makes
    /// other than one node now, or so many elements that the whole menu is planned sooner).
    package func readElementChanges() -> ElementChanges? { nil }

    /// Whether a full render may leave the items of elements equal to what they were as they
    /// stand, without running their content (`ForEach.equatable()`, elements that are values).
    package var skipsEqualElements: Bool { false }

    /// Whether the data, read again (and observed), holds elements equal to those last read,
    /// one for one; only for lists that skip equal elements.
    package func isUnchangedSinceLastRead() -> Bool { false }

    /// Whether, in this render or the one before, the elements' content read observable state:
    /// only running it again observes that state again.
    package var elementsReadObservableState: Bool { deferral.elementsWereObserved(identity) }

    /// Whether the list's items are all its level has, where it noted them.
    package var standsWhole: Bool { level?.holdsWholly(self) ?? false }

    /// Runs the action of the element whose generated item has `target` (a kept list's items
    /// name no closure in their shared action): the element's content is resolved again,
    /// through the `ForEach` of the last render, so the closure is the one a new render makes.
    /// False when no element has that target.
    package func performKept(target: String) -> Bool { false }

    /// Takes `old` (the last render's list of the same identity) over: it reads through this
    /// list's `ForEach` from now on. False when the types differ.
    fileprivate func takeOver(_ old: DeferredElements) -> Bool { false }

    /// Forgets what the last planning noted (the list is expanded again).
    fileprivate func resetNotes() {
        isIncremental = true
        isSectioned = false
        scope = nil
        keptSignatures = deferral.notesKeptItems ? [] : nil
        keptAction = nil
        keptOwnActions = []
        keptIdentities = []
        keptPlannedActions = []
        changedElements.withLock { $0 = [] }
    }

    /// Applies the modifiers and the origin to the nodes an element made.
    fileprivate func finish(_ nodes: inout [MenuNode], from start: Int, element index: Int) {
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

    fileprivate func setCount(_ count: Int) { self.count = count }

    /// Arms the observation of the list's data, and reads it.
    fileprivate func observingData<T>(_ read: @MainActor () -> T) -> T {
        let retirement = deferral.retirement
        let joins = deferral.dataWasObserved(identity)
        // Only the latest reading's observation updates the list: a kept list reads its data
        // again at every full render (the earlier readings' observations are retired with
        // their render; this also covers one not retired, see ``ElementDeferral/follow(_:)``).
        let reading = dataReadings.add(1, ordering: .relaxed).newValue
        return withObservationTracking({
            if joins { retirement.enroll() }
            return read()
        }, onChange: dataChangeHandler(reading: reading))
    }

    /// Counts the readings of the data, on whatever thread an observation asks.
    private let dataReadings = Atomic<Int>(0)

    /// Resolves elements' content, observed together unless each element is observed alone.
    fileprivate func observingElements<T>(_ resolve: @MainActor () -> T) -> T {
        guard !observesEachElement else { return resolve() }
        let retirement = deferral.retirement
        let joins = deferral.elementsWereObserved(identity)
        return withObservationTracking({
            if joins { retirement.enroll() }
            return resolve()
        }, onChange: noteChange(ElementNote(hint: 0, id: nil), observedTogether: true))
    }

    /// Resolves one element's content, under an observation of its own if elements are observed
    /// alone. The note is made only when the content read observable state, so an element that
    /// reads none costs nothing more.
    fileprivate func observingElement<T>(
        at index: Int, id: @autoclosure () -> AnyHashable, object: @autoclosure () -> AnyObject,
        _ resolve: @MainActor () -> T
    ) -> T {
        guard observesEachElement else { return resolve() }
        let retirement = deferral.retirement
        return withObservationTracking({
            retirement.enroll()
            return resolve()
        }, onChange: noteChange(ElementNote(hint: index, id: id(), object: ObjectIdentifier(object()))))
    }

    /// The change handler of the list's data; made only when the reading touched observable
    /// state (Observation asks for it only then), which is noted for the next render.
    private func dataChangeHandler(reading: Int) -> @Sendable () -> Void {
        let deferral = deferral
        let retirement = deferral.retirement
        deferral.noteDataObserved(identity)
        return { [weak self] in
            ObservationRetirement.noteChange()
            guard let self, !retirement.isRetired, self.dataReadings.load(ordering: .relaxed) == reading else { return }
            deferral.dataChanged(self)
        }
    }

    private func noteChange(_ note: ElementNote, observedTogether: Bool = false) -> @Sendable () -> Void {
        let deferral = deferral
        if observedTogether { deferral.noteElementsObserved(identity) }
        let retirement = deferral.retirement
        return { [weak self] in
            ObservationRetirement.noteChange()
            guard let self, !retirement.isRetired else { return }
            let isFirst = changedElements.withLock { notes in
                notes.append(note)
                return notes.count == 1
            }
            if isFirst { deferral.elementsChanged(self) }
        }
    }
}

/// A `ForEach`'s deferred elements, with their types.
@MainActor
package final class ForEachElements<Data: RandomAccessCollection, ID: Hashable>: DeferredElements {
    /// The `ForEach` of the render that made the list, or of the last render that took it over.
    private var forEach: ForEach<Data, ID, any MenuContent>
    /// The elements as last read. Once the list has changed, an array of the list's own (see
    /// ``keep(_:after:)``); until then it may share the model's storage.
    private var elements: [Data.Element]? {
        didSet { elementsByTarget = nil }
    }
    /// Where each element stands, by its identity; made at the first activation of a kept
    /// item after the elements changed.
    private var elementsByTarget: [String: Int]?
    /// Their ids, gathered when elements are first inserted and kept from then on: an inserted
    /// id already in the list is a clash that only the whole menu plans and reports.
    private var ids: Set<ID>?
    private let areEqual: ((Data.Element, Data.Element) -> Bool)?

    package init(_ forEach: ForEach<Data, ID, any MenuContent>, identity: MenuIdentity, deferral: ElementDeferral) {
        self.forEach = forEach
        areEqual = equality(of: Data.Element.self)
        // An observation per element costs an installation with every observable it read,
        // per element; it pays where the elements are the observables.
        super.init(identity: identity, deferral: deferral, observesEachElement: Data.Element.self is AnyClass)
    }

    package override var skipsEqualElements: Bool { forEach.skipsEqualElements && areEqual != nil && !observesEachElement }

    package override func isUnchangedSinceLastRead() -> Bool {
        guard skipsEqualElements, let old = elements, let areEqual else { return false }
        let data = observingData { Array(forEach.data()) }
        guard data.count == old.count else { return false }
        for index in data.indices where !areEqual(data[index], old[index]) { return false }
        return true
    }

    override fileprivate func takeOver(_ old: DeferredElements) -> Bool {
        guard let old = old as? ForEachElements<Data, ID> else { return false }
        old.forEach = forEach
        old.modifiers = modifiers
        return true
    }

    package override func performKept(target: String) -> Bool {
        guard let kept = elements, let graph = deferral.graph else { return false }
        if elementsByTarget == nil {
            var byIdentity: [String: Int] = [:]
            byIdentity.reserveCapacity(kept.count)
            for (index, element) in kept.enumerated() {
                byIdentity[identity.appending(element: forEach.elementID(element)).path] = index
            }
            elementsByTarget = byIdentity
        }
        // The item's identity is its element's, or lies inside it (a position in the content).
        let utf8 = target.utf8
        var found: Int?
        for position in utf8.indices where utf8[position] == UInt8(ascii: "/") {
            if let index = elementsByTarget?[String(target[..<position])] {
                found = index
                break
            }
        }
        guard let index = found ?? elementsByTarget?[target] else { return false }
        let element = kept[index]
        var nodes: [MenuNode] = []
        // In the graph, so content with state of its own finds its state; no observation.
        graph.readAgain {
            MenuNesting.resolving(atDepth: nestingDepth) {
                forEach.resolve(element, id: forEach.elementID(element), at: identity, into: &nodes)
            }
        }
        guard nodes.count == 1 else { return false }
        for modify in modifiers { modify(&nodes[0]) }
        guard nodes[0].identity.path == target, case .button(.perform(let perform)) = nodes[0].kind else { return false }
        perform()
        return true
    }

    package override func expand() -> [MenuNode] {
        resetNotes()
        ids = nil
        let data = observingData { Array(forEach.data()) }
        elements = data
        setCount(data.count)
        keptSignatures?.reserveCapacity(data.count)
        var nodes: [MenuNode] = []
        nodes.reserveCapacity(data.count)
        observingElements {
            var index = 0
            for element in data {
                let start = nodes.count
                let id = forEach.elementID(element)
                observingElement(at: index, id: AnyHashable(id), object: element as AnyObject) {
                    MenuNesting.resolving(atDepth: nestingDepth) {
                        forEach.resolve(element, id: id, at: identity, into: &nodes)
                    }
                }
                finish(&nodes, from: start, element: index)
                index += 1
            }
        }
        return nodes
    }

    package override func readChanges() -> ElementChanges? {
        let newData = observingData { Array(forEach.data()) }
        guard isIncremental, let areEqual, let oldData = elements else { return nil }
        guard var changes = difference(from: oldData, to: newData, areEqual: areEqual),
              takeIDs(of: changes, from: oldData, to: newData)
        else { return nil }
        changes.resolvedScopes = changes.removed.map { identity.appending(element: forEach.elementID(oldData[$0])) }
            + changes.changed.map { identity.appending(element: forEach.elementID(newData[$0.index])) }
        keep(newData, after: changes)
        setCount(newData.count)
        let resolved: Bool = observingElements {
            for position in changes.changed.indices {
                guard let made = node(at: changes.changed[position].index, of: newData) else { return false }
                changes.changed[position].node = made
            }
            for position in changes.inserted.indices {
                guard let made = node(at: changes.inserted[position].index, of: newData) else { return false }
                changes.inserted[position].node = made
            }
            return true
        }
        return resolved ? changes : nil
    }

    package override func readElementChanges() -> ElementChanges? {
        let notes = changedElements.withLock { notes in
            defer { notes = [] }
            return notes
        }
        guard isIncremental, let kept = elements else { return nil }
        // State that elements observed together read, or that most elements read (a setting
        // beside the list): one plan of the whole menu.
        guard notes.count <= max(16, kept.count / 4), !notes.contains(where: { $0.id == nil }) else { return nil }
        var indices = Set<Int>()
        for note in notes {
            if let index = index(of: note, in: kept) {
                indices.insert(index)
            } else if let object = note.object, kept.contains(where: { ObjectIdentifier($0 as AnyObject) == object }) {
                // Still there under another id: one read from the object that changed. The
                // whole menu is planned, as for a list whose ids changed.
                return nil
            }  // else the element went: nothing to show.
        }
        var changes = ElementChanges()
        for index in indices.sorted() {
            guard let made = node(at: index, of: kept) else { return nil }
            changes.changed.append((index, index, made))
            changes.resolvedScopes.append(identity.appending(element: forEach.elementID(kept[index])))
        }
        return changes
    }

    /// Where the noted element stands now: where it stood, unless the list changed since;
    /// nil if it went.
    private func index(of note: ElementNote, in kept: [Data.Element]) -> Int? {
        guard let id = note.id?.base as? ID else { return nil }
        if note.hint < kept.count && forEach.elementID(kept[note.hint]) == id { return note.hint }
        return kept.firstIndex { forEach.elementID($0) == id }
    }

    /// Brings the set of ids up to the new list; false when an inserted id is already in it.
    private func takeIDs(of changes: ElementChanges, from old: [Data.Element], to new: [Data.Element]) -> Bool {
        guard ids != nil || !changes.inserted.isEmpty else { return true }
        let id = forEach.elementID
        var known = ids ?? Set(old.lazy.map(id))
        ids = nil
        for index in changes.removed { known.remove(id(old[index])) }
        for (index, _) in changes.inserted {
            guard known.insert(id(new[index])).inserted else { return false }
        }
        ids = known
        return true
    }

    /// Makes the kept elements byte for byte those of `new` by editing the kept array, not by
    /// taking `new`'s: an array that shared the model's storage would make the model's next
    /// write copy the whole list (with a retain for every element), so every change would cost
    /// in proportion to the list. Once the model has copied away from the array kept at first,
    /// that array is the list's own and is edited in place: the removed elements go, the
    /// inserted ones come (neighbours at once), and the changed and rebuilt ones are taken
    /// over; the others are the same bytes already. Each element's own storage stays shared
    /// with the model, so that a change inside one (a title in a section's items) still makes
    /// its bytes differ.
    private func keep(_ new: [Data.Element], after changes: ElementChanges) {
        guard var kept = elements, !(changes.isEmpty && changes.rebuilt.isEmpty) else {
            elements = elements ?? new
            return
        }
        elements = nil
        var next = changes.removed.count - 1
        while next >= 0 {
            let last = changes.removed[next]
            var first = last
            next -= 1
            while next >= 0 && changes.removed[next] == first - 1 {
                first -= 1
                next -= 1
            }
            kept.removeSubrange(first...last)
        }
        next = 0
        while next < changes.inserted.count {
            let first = changes.inserted[next].index
            var end = first + 1
            next += 1
            while next < changes.inserted.count && changes.inserted[next].index == end {
                end += 1
                next += 1
            }
            kept.insert(contentsOf: new[first..<end], at: first)
        }
        guard kept.count == new.count else {
            // Not reached: the changes turn the old list into the new one.
            elements = new
            return
        }
        for change in changes.changed { kept[change.index] = new[change.index] }
        for index in changes.rebuilt { kept[index] = new[index] }
        elements = kept
    }

    /// The one node the element at `index` makes, or nil if it makes another number.
    private func node(at index: Int, of data: [Data.Element]) -> MenuNode? {
        var nodes: [MenuNode] = []
        let id = forEach.elementID(data[index])
        observingElement(at: index, id: AnyHashable(id), object: data[index] as AnyObject) {
            MenuNesting.resolving(atDepth: nestingDepth) {
                forEach.resolve(data[index], id: id, at: identity, into: &nodes)
            }
        }
        finish(&nodes, from: 0, element: index)
        return nodes.count == 1 ? nodes[0] : nil
    }

    /// Removals, insertions and changes that turn the old list into the new one, walking both
    /// in order. Elements that moved, or lists too different to walk cheaply, give nil.
    ///
    /// Runs of elements whose bytes did not change (the same array storage, the same string,
    /// the same object) are skipped with `memcmp`: such an element is equal to what it was and
    /// has the same id. Only the elements around a difference have their ids read and `==`
    /// called, so a change in a list of thousands costs little more than in a list of ten.
    private func difference(
        from old: [Data.Element], to new: [Data.Element], areEqual: (Data.Element, Data.Element) -> Bool
    ) -> ElementChanges? {
        var changes = ElementChanges()
        let placeholder = MenuNode(identity: MenuIdentity(), title: "", kind: .divider)
        let id = forEach.elementID
        var oldOffset = 0, newOffset = 0
        // Looking ahead for an element costs at most this many comparisons in all.
        var budget = 4 * (old.count + new.count) + 1_000
        while oldOffset < old.count || newOffset < new.count {
            if oldOffset == old.count {
                changes.inserted.append((newOffset, placeholder))
                newOffset += 1
                continue
            }
            if newOffset == new.count {
                changes.removed.append(oldOffset)
                oldOffset += 1
                continue
            }
            let unchanged = identicalRun(old, from: oldOffset, new, from: newOffset)
            if unchanged > 0 {
                oldOffset += unchanged
                newOffset += unchanged
                continue
            }
            let newID = id(new[newOffset])
            if id(old[oldOffset]) == newID {
                if areEqual(old[oldOffset], new[newOffset]) {
                    changes.rebuilt.append(newOffset)
                } else {
                    changes.changed.append((newOffset, oldOffset, placeholder))
                }
                oldOffset += 1
                newOffset += 1
                continue
            }
            // Does the new element come later in the old list? Then the ones before it went.
            var ahead = oldOffset + 1
            while ahead < old.count && id(old[ahead]) != newID { ahead += 1 }
            budget -= ahead - oldOffset
            guard budget > 0 else { return nil }
            if ahead < old.count {
                changes.removed.append(contentsOf: oldOffset..<ahead)
                oldOffset = ahead
            } else {
                changes.inserted.append((newOffset, placeholder))
                newOffset += 1
            }
        }
        // An id both removed and inserted moved: its items would need the whole menu planned.
        if !changes.removed.isEmpty && !changes.inserted.isEmpty {
            let insertedIDs = Set(changes.inserted.map { id(new[$0.index]) })
            if changes.removed.contains(where: { insertedIDs.contains(id(old[$0])) }) { return nil }
        }
        return changes
    }

    /// How many elements from the given offsets on are byte for byte the same in both lists.
    private func identicalRun(_ old: [Data.Element], from oldOffset: Int, _ new: [Data.Element], from newOffset: Int) -> Int {
        let stride = MemoryLayout<Data.Element>.stride
        let available = min(old.count - oldOffset, new.count - newOffset)
        guard stride > 0 else { return available }
        return old.withUnsafeBytes { oldBytes in
            new.withUnsafeBytes { newBytes in
                let oldStart = oldBytes.baseAddress! + oldOffset * stride
                let newStart = newBytes.baseAddress! + newOffset * stride
                // Whole blocks first, then element by element inside the block that differs.
                let block = 64
                var run = 0
                while run + block <= available && memcmp(oldStart + run * stride, newStart + run * stride, block * stride) == 0 {
                    run += block
                }
                while run < available && memcmp(oldStart + run * stride, newStart + run * stride, stride) == 0 {
                    run += 1
                }
                return run
            }
        }
    }
}

/// `==` for a type that turns out to be `Equatable`, found once per list rather than per element;
/// for other classes, identity: what an object's content reads, its element's observation follows.
package func equality<Element>(of type: Element.Type) -> ((Element, Element) -> Bool)? {
    if let equatable = type as? any Equatable.Type {
        func make<E: Equatable>(_: E.Type) -> Any { { (a: E, b: E) in a == b } }
        return make(equatable) as? (Element, Element) -> Bool
    }
    guard type is AnyClass else { return nil }
    return { $0 as AnyObject === $1 as AnyObject }
}

/// Where a list's items stand once applied: the level that holds them (the GTK layer's
/// `MenuLevel`), which the list asks whether its items are all the level has.
@MainActor
package protocol ListPlacement: AnyObject {
    func holdsWholly(_ list: DeferredElements) -> Bool
}
