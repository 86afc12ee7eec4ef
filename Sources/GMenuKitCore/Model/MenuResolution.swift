/// What the render in progress lends content while it resolves: a place for each ``State``,
/// kept by identity across refreshes, and lists whose elements resolve later, each under an
/// observation of its own. Rendering's `RenderGraph` is the one implementation; content that
/// resolves outside a render (``MenuContent/resolveNodes(at:)`` called directly) has none, and
/// its state starts from its initial value every time.
@MainActor
package protocol MenuResolutionContext: AnyObject {
    /// A node that stands for the list's elements until the planner expands it, or nil to
    /// resolve the elements now (the guideline checks read every element at once).
    func deferredNode<Data, ID>(for list: ForEach<Data, ID, any MenuContent>, at identity: MenuIdentity) -> MenuNode?

    /// The storage kept for one state property of content standing at an identity, made from
    /// the initial value the first time.
    func storage<Value>(for key: StateKey, initialValue: Value) -> StateStorage<Value>

    /// What choosing an item does in the menu being rendered: content that acts on its own
    /// (a scrolling list's rows) runs its items' actions through it, as the menu's items do.
    var actionInterpreter: ItemActionInterpreter? { get }
}

/// The context of the resolution in progress. Content is resolved through the public
/// ``MenuContent/resolve(at:into:)``, whose signature cannot carry it; so, as SwiftUI's body
/// has no parameter either, it is set around the resolution by the renderer, and read by the
/// two things that need it: `ForEach` and `@State`. Everything past resolution (the planner,
/// the lists, the renderer) passes the render graph explicitly.
@MainActor
package enum MenuResolution {
    // Read by every `ForEach` and `@State` as content resolves, one access at a time.
    @exclusivity(unchecked) package private(set) static var context: (any MenuResolutionContext)?

    /// Runs `body` with `context` in effect, and restores what was in effect before.
    package static func during<T>(_ context: (any MenuResolutionContext)?, _ body: () throws -> T) rethrows -> T {
        let outer = self.context
        self.context = context
        defer { self.context = outer }
        return try body()
    }
}

/// Where one state property lives: the identity of the content that declares it, the
/// content's type (a body written without the builder resolves at its content's identity),
/// and the property's position among the content's stored properties.
package struct StateKey: Hashable {
    package let identity: MenuIdentity
    package let contentType: ObjectIdentifier
    package let property: Int
    // The implicit memberwise initializer within the core (made for every state property
    // resolved); other layers use `StateKey.own(_:at:)`.
}

extension StateKey {
    /// The key of a value content of type `contentType` keeps of its own at `identity`, apart
    /// from its `@State` properties (a scrolling list's source).
    package static func own(_ contentType: ObjectIdentifier, at identity: MenuIdentity) -> StateKey {
        StateKey(identity: identity, contentType: contentType, property: -1)
    }
}
