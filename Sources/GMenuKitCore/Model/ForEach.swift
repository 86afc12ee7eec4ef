/// Content made once for each element of a collection, as SwiftUI's `ForEach`; works for menu
/// items and for picker options.
///
/// Each element's id becomes part of its items' identities, so items keep their actions
/// when elements are inserted, removed or reordered around them.
///
/// The collection is read when the menu resolves, not when the `ForEach` is written, and a
/// rendered menu reads it under observation of its own: when an `@Observable` model's list
/// changes, only the elements that were inserted, removed or changed (by `==` for `Equatable`
/// elements, by identity for other objects) are resolved and rendered again, not the content
/// around the `ForEach`. When the elements are objects, each element's content is read under an
/// observation of its own, so a change inside an `@Observable` element resolves that element
/// alone, without reading the list. An element's content should therefore depend on the element
/// and on observable state only.
///
/// In a menu a GMenuKit control shows, a list of more than 50 elements that are each one plain
/// button or toggle scrolls inside the menu, with rows only for what is in view
/// (`MenuListStyle.automatic`; `.menuListStyle(.items)` keeps the menu's own items).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    package let data: @MainActor () -> Data
    /// The element's id: a closure rather than the key path, which costs far more to apply.
    /// The initializers a menu's content calls are inlinable, so that this closure and
    /// ``replaceElement`` are made in the app's code, where the element's type is known: made
    /// here, in generic code, `{ $0.id }` read the id through `Identifiable`'s witness, with
    /// the runtime's metadata lookups, at every element a list reads.
    package let elementID: (Data.Element) -> ID
    package let content: (Data.Element) -> Content
    /// Writes the new data's element at an index over the one a rendered menu kept, in the
    /// element's own type (made in the app's code, as ``elementID``). In the list's generic
    /// code a write into an array of its elements asked the runtime for the array type's
    /// metadata (about 500 instructions a list's change). A fifth closure here made Swift copy
    /// a `ForEach` in generic code through its type's witnesses, after a metadata lookup:
    /// keep the struct to four.
    package let replaceElement: (_ kept: inout [Data.Element], _ new: [Data.Element], _ index: Int) -> Void
    /// Whether a full render leaves elements equal to what they were as they stand (``equatable()``).
    package var skipsEqualElements = false
    /// Whether a rendered menu may show the elements as a scrolling list when there are many
    /// (``LongGeneratedLists``); off for `.menuListStyle(.items)`.
    package var scrollsWhenLong = true
}

extension ForEach: MenuContent where Content == any MenuContent {
    /// Content for each element of `data`, each identified by the element's `id` key path.
    @inlinable
    public init(
        _ data: @autoclosure @escaping @MainActor () -> Data, id: KeyPath<Data.Element, ID>,
        @ForEachContentBuilder content: @escaping (Data.Element) -> any MenuContent
    ) {
        self.init(data: data, elementID: { $0[keyPath: id] }, content: content, replaceElement: { $0[$2] = $1[$2] })
    }

    @usableFromInline
    package init(
        data: @escaping @MainActor () -> Data, elementID: @escaping (Data.Element) -> ID,
        content: @escaping (Data.Element) -> any MenuContent,
        replaceElement: @escaping (inout [Data.Element], [Data.Element], Int) -> Void = { $0[$2] = $1[$2] }
    ) {
        self.data = data
        self.elementID = elementID
        self.content = content
        self.replaceElement = replaceElement
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        if let deferred = MenuResolution.context?.deferredNode(for: self, at: identity) {
            // A rendered menu is resolving: the elements are resolved later, each list under
            // observation of its own, so that the content around them does not observe them.
            nodes.append(consume deferred)
        } else {
            resolveElements(of: data(), at: identity, into: &nodes)
        }
    }

    @MainActor package func resolveElements(of data: Data, at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        nodes.reserveCapacity(nodes.count + data.count)
        for element in data {
            content(element)._resolveInPlace(at: identity.appending(element: elementID(element)), into: &nodes)
        }
    }
}

/// One element's content, made by a `ForEach`'s `content`, resolved onto `nodes`. A list's code
/// is generic and unspecialized: calling the `ForEach`'s own method asked the runtime for the
/// `ForEach` type's metadata at every element (2% of a refresh), so lists take the closure out
/// once and call this.
/// `earlier`: the identity of the element's first node when it was last resolved, if known.
@MainActor package func resolveElement<Element, ID: Hashable>(
    _ element: Element, id: ID, content: (Element) -> any MenuContent, at identity: MenuIdentity,
    earlier: MenuIdentity? = nil, into nodes: inout [MenuNode]
) {
    resolveElement(element, content: content, elementIdentity: identity.appending(element: id), earlier: earlier, into: &nodes)
}

/// The same, with the element's own identity ("…/[id]") made already.
@MainActor package func resolveElement<Element>(
    _ element: Element, content: (Element) -> any MenuContent, elementIdentity: MenuIdentity,
    earlier: MenuIdentity? = nil, into nodes: inout [MenuNode]
) {
    // The array moves in and back out, written out rather than through a closure: this runs for
    // every element of every list.
    resolveContent(content(element), elementIdentity: elementIdentity, earlier: earlier, into: &nodes)
}

/// An element's content, made already, resolved onto `nodes` at the element's identity.
@MainActor package func resolveContent(
    _ content: any MenuContent, elementIdentity: MenuIdentity, earlier: MenuIdentity?, into nodes: inout [MenuNode]
) {
    var resolved = ResolvedMenuNodes()
    resolved.earlierIdentity = earlier
    swap(&resolved.nodes, &nodes)
    content._resolveInPlace(at: elementIdentity, into: &resolved)
    swap(&resolved.nodes, &nodes)
}

extension ForEach where Content == any MenuContent, Data.Element: Equatable {
    /// Leaves the items of elements equal to what they were as they stand when the whole menu
    /// renders again (`refresh()`), without running their content, as SwiftUI's `equatable()`
    /// skips a view's body when the view equals its old value: a refresh of a long list whose
    /// elements did not change then costs little more than comparing them. Use it when an
    /// element's content depends on the element alone. The items keep the closures and
    /// bindings their content made when it last ran, and content that reads observable state,
    /// keeps `@State`, or makes more than a button or toggle an element runs as usual.
    public func equatable() -> ForEach {
        var list = self
        list.skipsEqualElements = true
        return list
    }
}

extension ForEach where Content == any MenuContent, Data.Element: Identifiable, ID == Data.Element.ID {
    /// Content for each element of `data`, identified by its `id`.
    @inlinable
    public init(_ data: @autoclosure @escaping @MainActor () -> Data, @ForEachContentBuilder content: @escaping (Data.Element) -> any MenuContent) {
        self.init(data: data, elementID: { $0.id }, content: content, replaceElement: { $0[$2] = $1[$2] })
    }
}

extension ForEach where Content == any MenuContent, Data == Range<Int>, ID == Int {
    /// Content for each number of a range, identified by the number (SwiftUI's
    /// `ForEach(0..<3) { index in … }`).
    @inlinable
    public init(_ data: @autoclosure @escaping @MainActor () -> Range<Int>, @ForEachContentBuilder content: @escaping (Int) -> any MenuContent) {
        self.init(data: data, elementID: { $0 }, content: content, replaceElement: { $0[$2] = $1[$2] })
    }
}

extension ForEach {
    /// Picker options, one for each element.
    @MainActor
    public init<Value>(
        _ data: Data, id: KeyPath<Data.Element, ID>, content: @escaping (Data.Element) -> PickerOption<Value>
    ) where Content == PickerOption<Value> {
        self.data = { data }
        elementID = { $0[keyPath: id] }
        self.content = content
        replaceElement = { $0[$2] = $1[$2] }
    }

    /// Picker options for each element of `data`, identified by its `id`.
    @MainActor
    public init<Value>(
        _ data: Data, content: @escaping (Data.Element) -> PickerOption<Value>
    ) where Content == PickerOption<Value>, Data.Element: Identifiable, ID == Data.Element.ID {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Content == Text {
    /// Picker options whose text alone is written: each option's tag is its element's id, as
    /// in SwiftUI (`ForEach(Flavor.allCases) { Text($0.name) }` in a picker whose selection
    /// is a `Flavor`).
    @MainActor
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, content: @escaping (Data.Element) -> Text) {
        self.data = { data }
        elementID = { $0[keyPath: id] }
        self.content = content
        replaceElement = { $0[$2] = $1[$2] }
    }

    /// Picker options tagged by their elements' ids.
    @MainActor
    public init(_ data: Data, content: @escaping (Data.Element) -> Text) where Data.Element: Identifiable, ID == Data.Element.ID {
        self.init(data, id: \.id, content: content)
    }
}
