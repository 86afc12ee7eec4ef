/// When a generated list shows as a scrolling list without being asked to.
///
/// GTK 4.8's popover makes a widget for every item when it opens, about 1.4 ms each on top of
/// a 50-item menu's ~45 ms (`make bench`, case 10): 1,000 generated items took 1.36 s. A
/// scrolling list opens in the 50-item menu's time at any length. So, where the menu can hold
/// one (``LongListPresenting``), a `ForEach` longer than ``threshold`` whose elements are each
/// one plain button or toggle is shown scrolling; anything a row would not show keeps the
/// elements the menu's own items.
package enum LongGeneratedLists {
    /// More elements than this make a list long: past it GTK's opening grows beyond 1.5× the
    /// 50-item menu's, and its items are taller than a 1080-pixel screen anyway.
    package static let threshold = 50
    /// How many of a long list's first elements are resolved to tell whether each element is
    /// a row: those the list shows when it opens (the rest are told as they are shown).
    package static let sampled = 12
    /// How many rows an automatic scrolling list shows at once (`.scrolling()`'s default).
    package static let visibleRows = 12
}

/// Shows a long generated list as a scrolling list: the GTK layer's, for a menu shown where it
/// can fill custom slots. Set on the render graph (``RenderGraph/longLists``) for a full render.
@MainActor
package protocol LongListPresenting: AnyObject {
    /// Whether the list at `identity` may show scrolling: false once one of its elements
    /// turned out not to fit a row, until the list leaves the menu.
    func mayShowScrolling(_ identity: MenuIdentity) -> Bool

    /// Whether one element's nodes, resolved and modified, are what a row shows whole: one
    /// plain button or toggle.
    func showsAsRow(_ nodes: [MenuNode]) -> Bool

    /// The node of the scrolling list that shows `list`'s elements at `identity` (each
    /// element's nodes given `modifiers`), the same list from one render to the next.
    func scrollingList<Data, ID>(for list: ForEach<Data, ID, any MenuContent>, at identity: MenuIdentity,
                                 modifiers: [(inout MenuNode) -> Void]) -> MenuNode

    /// The node of the list at `identity` as the last render showed it scrolling, or nil: for
    /// content read again outside a render (the guideline checks), which sees what is shown.
    func shownScrollingList(at identity: MenuIdentity) -> MenuNode?
}

/// Resolves an element's content to see what it is, as a row will: outside the render (no
/// observation, no kept state), with nested lists resolved at once. Notes whether the content
/// keeps `@State`, which a row would start afresh each time it is bound.
@MainActor
package final class ElementProbe: MenuResolutionContext {
    package private(set) var keepsState = false

    package init() {}

    package func resolve(_ content: any MenuContent, at identity: MenuIdentity) -> [MenuNode] {
        MenuResolution.during(self) { content.resolveNodes(at: identity) }
    }

    package func deferredNode<Data, ID>(for list: ForEach<Data, ID, any MenuContent>, at identity: MenuIdentity) -> MenuNode? {
        nil
    }

    package func storage<Value>(for key: StateKey, initialValue: Value) -> StateStorage<Value> {
        keepsState = true
        return StateStorage(initialValue)
    }

    package var actionInterpreter: ItemActionInterpreter? { nil }
}
