import Synchronization

/// A `ForEach`'s deferred elements, with their types.
@MainActor
package final class ForEachElements<Data: RandomAccessCollection, ID: Hashable>: DeferredElements {
    /// The `ForEach` of the render that made the list, or of the last render that took it over.
    @exclusivity(unchecked) var forEach: ForEach<Data, ID, any MenuContent>
    /// The elements as last read. Once the list has changed, an array of the list's own (see
    /// ``keep(_:after:)``); until then it may share the model's storage.
    @exclusivity(unchecked) private var elements: [Data.Element]? {
        didSet { elementsByTarget = nil }
    }
    /// Where each element stands, by its identity; made at the first activation of a kept
    /// item after the elements changed.
    @exclusivity(unchecked) private var elementsByTarget: [String: Int]?
    /// Their ids, gathered when elements are first inserted and kept from then on: an inserted
    /// id already in the list is a clash that only the whole menu plans and reports.
    @exclusivity(unchecked) private var ids: Set<ID>?
    private let areEqual: ((Data.Element, Data.Element) -> Bool)?
    /// The class of the boxes an element's id is noted in, found once: named in generic code,
    /// it is looked up in the runtime's cache of generic types at every observation.
    let noteID = TypedElementID<ID>.self
    /// The identity of each element's first node as the last expansion made it, by index: the
    /// next expansion's element at that index, the same one in a refresh, takes it where its
    /// content makes it again (``ResolvedMenuNodes/earlierIdentity``). Incremental updates
    /// leave it as it stood: an element another one's identity is handed to makes its own.
    @exclusivity(unchecked) var nodeIdentities: [MenuIdentity] = []
    /// Where ids are integers (the usual `Identifiable` id): each element's own identity as
    /// the last expansion made it, and its id, by index. The next expansion's element of the
    /// same id at that index takes the identity instead of writing and hashing it again (about
    /// 480 instructions for a short one, and its allocation past 15 bytes: 3.5% of an unchanged
    /// refresh).
    @exclusivity(unchecked) var elementIdentities: [IdentityOfElement] = []

    package init(_ forEach: ForEach<Data, ID, any MenuContent>, identity: MenuIdentity, deferral: ElementDeferral) {
        self.forEach = forEach
        areEqual = equality(of: Data.Element.self)
        // An observation per element costs an installation with every observable it read,
        // per element; it pays where the elements are the observables.
        super.init(identity: identity, deferral: deferral, observesEachElement: Data.Element.self is AnyClass)
    }

    package override var identitiesOfLastExpansion: [MenuIdentity] { nodeIdentities }

    package override var skipsEqualElements: Bool { forEach.skipsEqualElements && areEqual != nil && !observesEachElement }

    package override func isUnchangedSinceLastRead() -> Bool {
        guard skipsEqualElements, !isShownScrolling, let old = elements, let areEqual else { return false }
        // Most often the very array last read. Asked of each element, `==` went through the
        // equality found for the type, generic, with the runtime's metadata lookups (about 200
        // instructions an element at every refresh).
        return ElementDifference.elementsEqual(readData(), old, areEqual: areEqual)
    }

    /// The list's data, read under the observation of its data. Handed out of the reading
    /// through a local: as the reading's result, a value of a generic type, it made the
    /// runtime look up the metadata of an array of the list's elements at every reading
    /// (about 330 instructions, a tenth of what a kept list costs a refresh beyond its
    /// elements).
    private func readData() -> [Data.Element] {
        var data: [Data.Element] = []
        observingData { data = Array(forEach.data()) }
        return data
    }

    /// Goes on through `forEach`, a new resolution's of the element around the list, as a new
    /// list would (its modifiers are applied to it anew, at the depth resolved now).
    func goOn(through forEach: ForEach<Data, ID, any MenuContent>, inPass pass: Int) {
        self.forEach = forEach
        wentOnFromLastRender = false
        modifiers = []
        nestingDepth = MenuNesting.resolvingDepth
        resolvedInPass = pass
    }

    override func goOn<OtherData, OtherID>(throughAny forEach: ForEach<OtherData, OtherID, any MenuContent>, inPass pass: Int) -> Bool {
        // Compared as metadata pointers; the same types, so the cast changes nothing.
        guard OtherData.self == Data.self, OtherID.self == ID.self else { return false }
        goOn(through: unsafeBitCast(forEach, to: ForEach<Data, ID, any MenuContent>.self), inPass: pass)
        return true
    }

    override func takeOver(_ old: DeferredElements) -> Bool {
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
                resolveElement(element, id: forEach.elementID(element), content: forEach.content, at: identity, into: &nodes)
            }
        }
        guard nodes.count == 1 else { return false }
        for modify in modifiers { modify(&nodes[0]) }
        guard nodes[0].identity.path == target, case .button(.perform(let perform)) = nodes[0].kind else { return false }
        perform()
        return true
    }

    package override func keptItemTarget(ofElement index: Int) -> String? {
        index < nodeIdentities.count ? nodeIdentities[index].path : nil
    }

    package override func expand() -> [MenuNode] {
        let data = readForExpansion()
        if let scrolling = shownScrolling(data) { return [scrolling] }
        var nodes: [MenuNode] = []
        expandElements(of: data, into: &nodes)
        return nodes
    }

    package override func expandSections(as sections: [KeptSection]) -> (lists: [DeferredElements]?, nodes: [MenuNode]) {
        let data = readForExpansion()
        if let scrolling = shownScrolling(data) { return (nil, [scrolling]) }
        var nodes: [MenuNode] = []
        // The elements' modifiers would change the sections' nodes: those are planned.
        let lists = expandElements(of: data, into: &nodes, asSections: data.count == sections.count && modifiers.isEmpty ? sections : nil)
        return (lists, nodes)
    }

    package override func expandKept(
        comparingWith signatures: [KeptItemSignature], ownActions: [String], appendingActionsTo actions: inout [PlannedAction],
        reusing contents: inout [any MenuContent]
    ) -> KeptExpansion? {
        // A list read so last time, with nothing around it that a reading does not see.
        let count = keptContentReadings.count
        guard modifiers.isEmpty, !isShownScrolling, count > 0, count == signatures.count, count == nodeIdentities.count,
              ownActions.isEmpty || ownActions.count == count
        else { return nil }
        // The notes stay: the planner reads them where they are, and forgets them only if it
        // plans the elements after all.
        let data = readForExpansion(forgettingNotes: false)
        var expansion = KeptExpansion()
        swap(&expansion.contents, &contents)
        expansion.actionsStart = actions.count
        if let scrolling = shownScrolling(data) {
            expansion.nodes = [scrolling]
        } else if data.count == count && (elementIdentities.count == count || !(ID.self == Int.self && deferral.notesKeptItems)) {
            // The readings compared are of the same positions.
            readElements(of: data, comparingWith: signatures, ownActions: ownActions, into: &expansion, actions: &actions)
        } else {
            expandElements(of: data, into: &expansion.nodes)
        }
        return expansion
    }

    package override func nodes(of expansion: inout KeptExpansion) -> [MenuNode] {
        // A list expanded in full (another count, a scrolling list) resolved every element.
        guard expansion.count > 0, let data = elements else { return expansion.nodes }
        var nodes: [MenuNode] = []
        nodes.reserveCapacity(expansion.count)
        var next = 0
        for index in 0..<expansion.count {
            if next < expansion.resolved.count && expansion.resolved[next] == index {
                nodes.append(expansion.nodes[next])
                next += 1
                continue
            }
            // Read, not resolved: its content now, where the reading found its identities as
            // the last expansion made them.
            let start = nodes.count
            let id = forEach.elementID(data[index])
            let elementIdentity = Self.identity(ofElement: id, at: index, in: elementIdentities) ?? identity.appending(element: id)
            resolveContent(expansion.contents[index], as: elementIdentity, earlier: nodeIdentities[index], into: &nodes)
            finish(&nodes, from: start, element: index)
        }
        expansion = KeptExpansion()
        return nodes
    }

    /// Reads the data for an expansion, forgetting what the last planning noted (the elements'
    /// changes noted since it, in any case: all are read now).
    private func readForExpansion(forgettingNotes: Bool = true) -> [Data.Element] {
        if forgettingNotes { resetNotes() } else { forgetChangedElements() }
        ids = nil
        let data = readData()
        elements = data
        setCount(data.count)
        isShownScrolling = false
        return data
    }

    /// The one node of a scrolling list, where the elements show as one (``scrollingList(showing:)``):
    /// nothing is noted of elements it does not resolve.
    private func shownScrolling(_ data: [Data.Element]) -> MenuNode? {
        guard let scrolling = scrollingList(showing: data) else { return nil }
        isShownScrolling = true
        keptSignatures = nil
        keptContentReadings = []
        nodeIdentities = []
        elementIdentities = []
        return scrolling
    }

    /// Resolves each element into `nodes`, noting each one's content reading where this render
    /// notes what keeping the items needs. With `sections` (as many as `data`), reads each
    /// element as a section kept as noted while each is one
    /// (``goOnAsKeptSection(_:as:at:identity:)``): no node made, the list inside gone on; the
    /// lists returned where all were so. From the first that is not, the nodes of the sections
    /// before it, and every element resolved.
    @discardableResult
    private func expandElements(of data: [Data.Element], into nodes: inout [MenuNode], asSections sections: [KeptSection]? = nil)
        -> [DeferredElements]? {
        keptSignatures?.reserveCapacity(data.count)
        let notesReadings = keptSignatures != nil && modifiers.isEmpty
        // The sections read so far and the lists inside them, while every one read as noted.
        // A variable: the elements' closure reaches it where it lies (a constant it captured
        // was retained and released at every element of every expansion).
        var reading: (sections: [KeptSection], lists: [DeferredElements])?
        if let sections, notesReadings {
            reading = (sections, [])
            reading!.lists.reserveCapacity(sections.count)
        }
        keptContentReadings = []
        if notesReadings { keptContentReadings.reserveCapacity(data.count) }
        nodes.reserveCapacity(data.count)
        let (elementID, content) = (forEach.elementID, forEach.content)
        let earlier = nodeIdentities
        nodeIdentities = []
        nodeIdentities.reserveCapacity(data.count)
        // Told by the type, not by a dynamic cast: a list's code is generic, unspecialized. Not
        // in a menu's first render, which most menus never follow with another: kept, the
        // identities (each a string of its own past 15 bytes) were 7% of a build's peak memory
        // at 100,000 items.
        let integerKeyed = ID.self == Int.self && deferral.notesKeptItems
        let earlierElements = elementIdentities
        elementIdentities = []
        if integerKeyed { elementIdentities.reserveCapacity(data.count) }
        observingElements {
            var index = 0
            for element in data {
                let start = nodes.count
                // How many sections were read as content before it, while they are.
                let readAsSections = reading?.lists.count
                let id = elementID(element)
                let elementIdentity: MenuIdentity
                if integerKeyed {
                    // Written out, not through ``identity(ofElement:at:in:)``: this runs for every element.
                    let integer = unsafeBitCast(id, to: Int.self)
                    elementIdentity = index < earlierElements.count && earlierElements[index].id == integer
                        ? earlierElements[index].identity : identity.appending(element: id)
                    elementIdentities.append(IdentityOfElement(id: integer, identity: elementIdentity))
                } else {
                    elementIdentity = identity.appending(element: id)
                }
                observingElement(at: index, id: noteID.init(id), object: object(element)) {
                    let earlierIdentity = index < earlier.count ? earlier[index] : nil
                    guard notesReadings else {
                        // A menu's first render, as most are: nothing read for a later one.
                        return MenuNesting.resolving(atDepth: nestingDepth) {
                            resolveElement(element, content: content, elementIdentity: elementIdentity, earlier: earlierIdentity, into: &nodes)
                        }
                    }
                    var elementContent = content(element)
                    keptContentReadings.append(Self.reading(of: &elementContent, id: id, integerKeyed: integerKeyed, keepsClosure: false).signature)
                    if reading != nil {
                        if let list = goOnAsKeptSection(elementContent, as: reading!.sections, at: index, identity: elementIdentity) {
                            reading!.lists.append(list)
                            return
                        }
                        // Not kept: the sections before it make their nodes, ahead of its own.
                        appendNodes(ofSections: reading!.sections, around: reading!.lists, to: &nodes)
                        reading = nil
                    }
                    resolveContent(elementContent, as: elementIdentity, earlier: earlierIdentity, into: &nodes)
                }
                if reading != nil {
                    // The section's, its element's (read after the closure, the element's own
                    // identity was retained for it at every element of every expansion).
                    nodeIdentities.append(reading!.sections[index].identity)
                } else {
                    // Where the sections before it stopped being read, their nodes came first.
                    let start = start + (readAsSections ?? 0)
                    nodeIdentities.append(nodes.count > start ? nodes[start].identity : identity)
                    finish(&nodes, from: start, element: index)
                }
                index += 1
            }
        }
        return reading?.lists
    }

    /// The list inside `content`, gone on, where `content` is a plain section as `sections`
    /// noted the one at `index` (the same header, at the same identity) around a `ForEach`
    /// alone of the types of the list that stood there: what resolving the section would have
    /// found, without its nodes.
    private func goOnAsKeptSection(_ content: any MenuContent, as sections: [KeptSection], at index: Int, identity: MenuIdentity)
        -> DeferredElements? {
        guard identity == sections[index].identity, let graph = deferral.graph else { return nil }
        var reading = _KeptSectionReading(sections, at: index, graph: graph)
        // In the nesting the section would resolve in (a list's depth is noted as it goes on).
        MenuNesting.resolving(atDepth: nestingDepth) { content._readAsKeptSection(&reading) }
        return reading.list
    }

    /// The content at `elementIdentity`, in the list's nesting.
    func resolveContent(_ content: any MenuContent, as elementIdentity: MenuIdentity, earlier: MenuIdentity?,
                                into nodes: inout [MenuNode]) {
        MenuNesting.resolving(atDepth: nestingDepth) {
            GMenuKitCore.resolveContent(content, elementIdentity: elementIdentity, earlier: earlier, into: &nodes)
        }
    }

    package override func readChanges() -> ElementChanges? {
        let newData = readData()
        if isShownScrolling {
            // The scrolling list's source compares the data itself; the menu renders again
            // only when the list stops being long.
            setCount(newData.count)
            return newData.count > LongGeneratedLists.threshold ? ElementChanges() : nil
        }
        // A list that grows long where it may scroll is decided again by the whole menu.
        if count <= LongGeneratedLists.threshold, newData.count > LongGeneratedLists.threshold,
           forEach.scrollsWhenLong, deferral.graph?.longLists != nil {
            return nil
        }
        guard isIncremental, let areEqual, let oldData = elements else { return nil }
        // An id both removed and inserted moved: its items would need the whole menu planned.
        guard var difference = ElementDifference(from: oldData, to: newData, id: forEach.elementID, areEqual: areEqual,
                                                 changedInto: &spareChanges.changed),
              !difference.containsMoves,
              // Nothing came or went (a change in place): the ids stand. Asked here: `takeIDs`
              // asks the runtime for `Set<ID>?`'s metadata as it starts (over 300 instructions).
              difference.inserted.isEmpty && difference.removed.isEmpty || takeIDs(of: difference, from: oldData, to: newData)
        else { return nil }
        var changes = takeSpareChanges()
        if scopesMatter {
            changes.resolvedScopes = difference.removed.map { identity.appending(element: forEach.elementID(oldData[$0])) }
        }
        keep(newData, after: difference)
        setCount(newData.count)
        changes.removed = difference.removed
        changes.inserted = difference.inserted
        // Taken over, not copied into an array of their own; the difference lets go of them, so
        // that carrying nested lists (which removes some) does not copy them either.
        changes.changed = difference.changed
        difference.changed = []
        changes.nodes.reserveCapacity(changes.changed.count + changes.inserted.count)
        let resolved: Bool = observingElements {
            for change in changes.changed {
                guard appendNode(at: change.index, of: newData, to: &changes.nodes) else { return false }
            }
            for index in difference.inserted {
                guard appendNode(at: index, of: newData, to: &changes.nodes) else { return false }
            }
            return true
        }
        guard resolved else { return nil }
        carryNestedLists(&changes, of: newData)
        return changes
    }

    /// The one node of a scrolling list instead of the elements' items, when the menu can hold
    /// one, the list is long, and its first elements are each a plain row (the rest are told
    /// as they are shown: one that is not puts the list back into the menu's items).
    private func scrollingList(showing data: [Data.Element]) -> MenuNode? {
        guard forEach.scrollsWhenLong, data.count > LongGeneratedLists.threshold,
              let presenter = deferral.graph?.longLists, presenter.mayShowScrolling(identity)
        else { return nil }
        let probe = ElementProbe()
        for element in data.prefix(LongGeneratedLists.sampled) {
            var nodes = probe.resolve(forEach.content(element), at: identity.appending(element: forEach.elementID(element)))
            for index in nodes.indices {
                for modify in modifiers { modify(&nodes[index]) }
            }
            guard !probe.keepsState, presenter.showsAsRow(nodes) else { return nil }
        }
        return presenter.scrollingList(for: forEach, at: identity, modifiers: modifiers)
    }

    /// Takes the changed elements that are sections around a list of their own, as they were,
    /// out of `changes` as those lists' changes (outside this list's observation: the inner
    /// lists observe what they read themselves), and notes the scopes resolved again: each
    /// changed element's, or the inner list's changed elements' where it went on.
    private func carryNestedLists(_ changes: inout ElementChanges, of data: [Data.Element]) {
        // The changed elements' nodes come first in `nodes`, at the same positions. Those that
        // stay move to the front in order as the loop goes (only to positions it has passed),
        // and the carried ones are cut off after it: no array of the carried positions, nodes
        // swapped, not copied.
        let changedCount = changes.changed.count
        var staying = 0
        for position in 0..<changedCount {
            // The case first: reading it copies no node.
            if changes.nodes[position].kindCase == .section,
               let (list, title) = Self.loneList(in: changes.nodes, at: position),
               let nested = carriedOver(list, inSectionTitled: title) {
                changes.nested.append(nested)
                changes.resolvedScopes.append(contentsOf: nested.changes.resolvedScopes)
                continue
            }
            if scopesMatter {
                changes.resolvedScopes.append(identity.appending(element: forEach.elementID(data[changes.changed[position].index])))
            }
            if staying != position {
                changes.changed.swapAt(staying, position)
                changes.nodes.swapAt(staying, position)
            }
            staying += 1
        }
        if staying < changedCount {
            changes.changed.removeSubrange(staying..<changedCount)
            changes.nodes.removeSubrange(staying..<changedCount)
        }
    }

    /// The list that the section at `position` holds alone, and the section's title, read where
    /// the node lies (a copied node costs its every field). Not on the main actor: a main-actor
    /// closure handed to the array checks at every call that it runs there (about 220
    /// instructions a change).
    private nonisolated static func loneList(in nodes: [MenuNode], at position: Int) -> (DeferredElements, String)? {
        nodes.withUnsafeBufferPointer { nodes in
            let node = nodes.baseAddress! + position
            return MenuNode.loneListOfPlainSection(at: node).map { ($0, node.pointee.title) }
        }
    }

    /// Whether the scopes resolved again are worth naming: state kept under them that the
    /// update did not reach goes, and with no state kept anywhere there is none to drop (an
    /// identity made for each changed element, about 2% of a change).
    private var scopesMatter: Bool { deferral.graph?.keepsState ?? true }

    package override func readElementChanges() -> ElementChanges? {
        let notes = Self.takeNotes(from: observations.changedElements)
        guard isIncremental, let kept = elements else { return nil }
        // State that elements observed together read, or that most elements read (a setting
        // beside the list): one plan of the whole menu.
        guard notes.count <= max(16, kept.count / 4) else { return nil }
        // A loop, not `contains(where:)`: a main-actor closure handed to it checks that it runs there.
        for note in notes where note.id == nil { return nil }
        // The changed elements' indices, in an array rather than a set: a change is usually one note.
        var changes = takeSpareChanges()
        changes.changed.reserveCapacity(notes.count)
        for note in notes {
            if let index = index(of: note, in: kept) {
                changes.changed.append(ElementDifference.Change(index: index, oldIndex: index))
            } else if let object = note.object, kept.contains(where: { ObjectIdentifier($0 as AnyObject) == object }) {
                // Still there under another id: one read from the object that changed. The
                // whole menu is planned, as for a list whose ids changed.
                return nil
            }  // else the element went: nothing to show.
        }
        if changes.changed.count > 1 {
            changes.changed.sort { $0.index < $1.index }
            var last = -1
            changes.changed.removeAll { change in
                defer { last = change.index }
                return change.index == last
            }
        }
        changes.nodes.reserveCapacity(changes.changed.count)
        for change in changes.changed {
            guard appendNode(at: change.index, of: kept, afterItsChange: true, to: &changes.nodes) else { return nil }
        }
        carryNestedLists(&changes, of: kept)
        return changes
    }

    /// Where the noted element stands now: where it stood, unless the list changed since;
    /// nil if it went.
    private func index(of note: ElementNote, in kept: [Data.Element]) -> Int? {
        // Only this list's observations note its elements, with ids of its type.
        guard let noted = note.id else { return nil }
        let id = unsafeDowncast(noted, to: TypedElementID<ID>.self).id
        if note.hint < kept.count && forEach.elementID(kept[note.hint]) == id { return note.hint }
        return kept.firstIndex { forEach.elementID($0) == id }
    }

    /// Brings the set of ids up to the new list; false when an inserted id is already in it.
    private func takeIDs(of changes: ElementDifference, from old: [Data.Element], to new: [Data.Element]) -> Bool {
        guard ids != nil || !changes.inserted.isEmpty else { return true }
        let id = forEach.elementID
        var known = ids ?? Set(old.lazy.map(id))
        ids = nil
        for index in changes.removed { known.remove(id(old[index])) }
        for index in changes.inserted {
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
    /// Inlined into the change: this generic code asks the runtime for `[Element]`'s metadata
    /// in each function that needs it (about 400 instructions each).
    @inline(__always)
    private func keep(_ new: [Data.Element], after changes: ElementDifference) {
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
            let first = changes.inserted[next]
            var end = first + 1
            next += 1
            while next < changes.inserted.count && changes.inserted[next] == end {
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
        let replace = forEach.replaceElement
        for change in changes.changed { replace(&kept, new, change.index) }
        for index in changes.rebuilt { replace(&kept, new, index) }
        elements = kept
    }

    /// Resolves the element at `index` into `nodes`, where the changes hold it: false if it
    /// makes other than one node. Resolved into an array of its own and moved out, a node cost
    /// that array's allocation and an optional's copy and destruction (about 600 instructions a
    /// list: 1.9% of a label change in a list of sections).
    /// `afterItsChange`: the element's own observation noted the change (``observingElement``).
    private func appendNode(at index: Int, of data: [Data.Element], afterItsChange: Bool = false,
                            to nodes: inout [MenuNode]) -> Bool {
        let start = nodes.count
        // Read once: each reading out of the array is a copy of the element.
        let element = data[index]
        let id = forEach.elementID(element)
        let elementIdentity = Self.identity(ofElement: id, at: index, in: elementIdentities) ?? identity.appending(element: id)
        observingElement(at: index, id: noteID.init(id), object: object(element), afterItsChange: afterItsChange) {
            MenuNesting.resolving(atDepth: nestingDepth) {
                resolveElement(element, content: forEach.content, elementIdentity: elementIdentity,
                               earlier: index < nodeIdentities.count ? nodeIdentities[index] : nil, into: &nodes)
            }
        }
        finish(&nodes, from: start, element: index)
        return nodes.count == start + 1
    }

    /// The identity the last expansion made for the element at `index`, where that element
    /// had the same id (integer ids only). Updates leave the notes as they stood: an element
    /// that moved to another index makes its own.
    private static func identity(ofElement id: ID, at index: Int, in noted: [IdentityOfElement]) -> MenuIdentity? {
        guard ID.self == Int.self, index < noted.count, noted[index].id == unsafeBitCast(id, to: Int.self) else { return nil }
        return noted[index].identity
    }

    /// The element as the object it is, where elements are observed each alone (they are then
    /// objects): a bit cast, where `as AnyObject` is a dynamic cast (3% of a change).
    func object(_ element: Data.Element) -> AnyObject {
        observesEachElement ? unsafeBitCast(element, to: AnyObject.self) : element as AnyObject
    }
}

/// An element's own identity, noted with its integer id (``ForEachElements``).
struct IdentityOfElement {
    let id: Int
    let identity: MenuIdentity
}
