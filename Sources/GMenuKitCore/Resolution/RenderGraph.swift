/// What a rendered menu keeps from one render to the next about the content it resolves, by
/// identity: the state that content keeps itself (``State``), and the lists of the last full
/// render, each observed on its own. It is the context content resolves in
/// (``MenuResolutionContext``), and the one thing that is: a `ForEach` asks it for a deferred
/// node, a `@State` for its storage.
///
/// As SwiftUI's and swift-cross-ui's view graphs keep state on a node that outlives the view
/// structs made anew on every update, the graph keeps each state value under the identity of
/// the content that declared it; the new struct is connected to it before its body is read.
/// State that a full render did not reach went with its content; after a list updates alone,
/// state under the elements it removed or resolved again that the update did not reach went too.
@MainActor
package final class RenderGraph: MenuResolutionContext {
    /// How the lists, which may outlive the graph, reach it.
    private let link = RenderGraphLink()

    package init() {
        link.graph = self
    }

    deinit {
        link.graph = nil
    }

    private final class Slot {
        let storage: AnyObject
        /// The last resolution that used it.
        var pass: Int

        init(storage: AnyObject, pass: Int) {
            self.storage = storage
            self.pass = pass
        }
    }

    @exclusivity(unchecked) private var slots: [StateKey: Slot] = [:]
    /// Counts resolutions, to tell the state they used from the state they did not.
    @exclusivity(unchecked) private var pass = 0
    /// The lists of the last full render; they update themselves until the next one.
    @exclusivity(unchecked) package private(set) var lists: ElementDeferral?
    /// The lists `ForEach` defers into while content resolves; nil: lists resolve at once.
    @exclusivity(unchecked) private var deferringInto: ElementDeferral?
    /// Whether the resolution is a list's update, whose lists stand in the render already.
    @exclusivity(unchecked) private var isUpdatingList = false

    /// What choosing an item does in the rendered menu, for content that acts on its own.
    @exclusivity(unchecked) package var actionInterpreter: ItemActionInterpreter?
    /// Where the lists of a full render that are long show scrolling; nil where the menu
    /// cannot hold a scrolling list (not presented, or drawn without GMenuKit's rows).
    @exclusivity(unchecked) package weak var longLists: (any LongListPresenting)?

    /// How many state values are kept, for tests.
    package var stateCount: Int { slots.count }

    /// Whether any content keeps state: only then does a list that updates alone need to say
    /// which elements' scopes it resolved again (``listUpdate(of:_:)``).
    package var keepsState: Bool { !slots.isEmpty }

    /// Resolves and plans the whole menu (`body`), with `lists` as the lists it makes: the
    /// lists of the last full render stop updating themselves, and the state this one did not
    /// reach is dropped.
    package func fullRender<T>(lists: ElementDeferral, _ body: () -> T) -> T {
        // The lists the plan may keep, found unchanged, go on in this render.
        lists.graphLink = link
        lists.inherit(from: self.lists)
        if let earlier = self.lists { lists.follow(earlier) }
        self.lists?.retire()
        self.lists = lists
        pass += 1
        let result = resolving(deferringInto: lists, body)
        let current = pass
        slots = slots.filter { $0.value.pass == current }
        return result
    }

    /// Resolves the elements one list updates alone (`body`, which keeps what it found itself),
    /// which tells what elements went or were resolved again: the state under those that this
    /// update did not reach is dropped. Not generic over what the body finds: a tuple of it
    /// and the scopes had the runtime look up the tuple's type at every change.
    package func listUpdate(of lists: ElementDeferral, _ body: () -> [MenuIdentity]) {
        pass += 1
        isUpdatingList = true
        defer { isUpdatingList = false }
        let scopes = resolving(deferringInto: lists, body)
        let current = pass
        if !scopes.isEmpty && !slots.isEmpty {
            slots = slots.filter { key, slot in
                slot.pass == current || !scopes.contains { key.identity.isWithin($0) }
            }
        }
    }

    /// Resolves content once more for a reader other than the renderer (the guideline checks):
    /// lists resolve at once, and state is read as kept, nothing dropped.
    package func readAgain<T>(_ body: () -> T) -> T {
        resolving(deferringInto: nil, body)
    }

    /// Whether content inside `scope` keeps state (`@State`): a render that does not run that
    /// content would drop it.
    package func holdsState(within scope: MenuIdentity) -> Bool {
        !slots.isEmpty && slots.keys.contains { $0.identity.isWithin(scope) }
    }

    /// Forgets everything: the lists stop updating themselves, the state goes.
    package func retire() {
        lists?.retire()
        lists = nil
        slots = [:]
    }

    private func resolving<T>(deferringInto lists: ElementDeferral?, _ body: () -> T) -> T {
        let outer = deferringInto
        deferringInto = lists
        defer { deferringInto = outer }
        return MenuResolution.during(self, body)
    }

    // MARK: MenuResolutionContext

    package func deferredNode<Data, ID>(for list: ForEach<Data, ID, any MenuContent>, at identity: MenuIdentity) -> MenuNode? {
        // Read again: a list the last render showed scrolling stays one slot, as it is shown.
        guard let deferringInto else { return longLists?.shownScrollingList(at: identity) }
        // An element a list's update resolves again finds the list inside it standing, in this
        // render, and goes on with it: a new list made, registered, taken over by the standing
        // one and let go cost a change of a list of sections about 6 k instructions (a tenth).
        // Once a pass: two of the same identity (ids that clash) are two lists.
        if isUpdatingList, let standing = deferringInto.latestList(at: identity), standing.resolvedInPass != pass,
           standing.goOn(throughAny: list, inPass: pass) {
            return MenuNode(deferring: standing)
        }
        // A full render goes on with the last render's list at this identity, as the planner
        // would once it reached it (a new list made and let go for each: 6% of a refresh).
        if let previous = goOnWithPreviousList(at: identity, through: list) {
            return MenuNode(deferring: previous)
        }
        let made = ForEachElements(list, identity: identity, deferral: deferringInto)
        (made.madeInPass, made.resolvedInPass) = (pass, pass)
        return MenuNode(deferring: made)
    }

    /// The last render's list at `identity`, gone on through `list`, in a full render: what
    /// ``deferredNode(for:at:)`` stands for the `ForEach` resolved there, and what a kept list
    /// of sections finds without resolving the section around it (``_KeptSectionReading``). Nil
    /// where no list of the `ForEach`'s types stood there.
    func goOnWithPreviousList<Data, ID>(at identity: MenuIdentity, through list: ForEach<Data, ID, any MenuContent>) -> DeferredElements? {
        guard !isUpdatingList, let deferringInto, let previous = deferringInto.previousList(at: identity),
              // In this order: going on through a `ForEach` clears what `goOn(with:)` notes.
              previous.goOn(throughAny: list, inPass: pass)
        else { return nil }
        // As if made in this pass: only an update's lists have gone on (``DeferredElements/wentOn``).
        previous.madeInPass = pass
        deferringInto.goOn(with: previous)
        return previous
    }

    package func storage<Value>(for key: StateKey, initialValue: Value) -> StateStorage<Value> {
        if let slot = slots[key], let storage = slot.storage as? StateStorage<Value> {
            slot.pass = pass
            return storage
        }
        let storage = StateStorage(initialValue)
        slots[key] = Slot(storage: storage, pass: pass)
        return storage
    }
}

extension MenuIdentity {
    /// Whether this identity is `scope` or lies inside it.
    package func isWithin(_ scope: MenuIdentity) -> Bool {
        guard path.utf8.starts(with: scope.path.utf8) else { return false }
        return path.utf8.count == scope.path.utf8.count
            || path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: scope.path.utf8.count)] == UInt8(ascii: "/")
    }
}

/// A render graph as what may outlive it reaches it: nil once the graph has ended (its
/// `deinit` says so). Not a weak reference: a weakly referenced object keeps its reference
/// counts in a side table, where every retain and release of it takes the runtime's slow path,
/// and the graph is retained and released at every list a change updates.
package final class RenderGraphLink: @unchecked Sendable {
    // Set on the main actor as the graph starts and ends; read there.
    nonisolated(unsafe) unowned(unsafe) var graph: RenderGraph?
}
