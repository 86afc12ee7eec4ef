/// What a refresh reads of a kept list's element in place of resolving its content: a hash of
/// everything the element's node follows from (its id, and the content's kind, structure and
/// fields), and the closure or binding its item's action goes on with. GMenuKit's plain items
/// fill it in (``MenuContent/_readForKeeping(into:)``); equal readings of one list's element
/// make equal nodes, so a refresh that finds an element's reading as it was keeps its item
/// without making its node (about 1,900 instructions an element, a third of an unchanged
/// refresh of a list of buttons: the node, its identity, its signature, its destruction).
public struct _KeptContentReading {
    package var hash = FNV1aHash()
    /// What the item's own action runs or binds (a button's closure, a toggle's binding).
    package var perform: (@MainActor () -> Void)?
    package var isOn: Binding<Bool>?
    /// Whether a button's closure is handed over in ``perform``: not where the reading only
    /// signs, or where the button's action stands (``KeptActionRun``), which needs none (a retain
    /// and a release spared a button).
    package var keepsClosure = true
    /// The content is a button that runs a closure (handed over or not).
    package var runsClosure = false

    /// Whether the content was read (GMenuKit reads its plain items only).
    package private(set) var isRead = true

    package init() {}

    /// A content that cannot be read so.
    package init(unreadable: Void) { isRead = false }

    /// The reading as a list notes it, 0 for a content that cannot be read so (never for one
    /// that can).
    package var signature: UInt64 { !isRead ? 0 : hash.value == 0 ? 1 : hash.value }

    /// The behavior of the item's own action, moved out.
    package mutating func takeBehavior() -> PlannedAction.Behavior {
        if let perform = perform.take() { return .perform(perform) }
        if let isOn = isOn.take() { return .toggle(isOn: isOn) }
        return .nothing
    }
}

extension MenuContent {
    /// Content GMenuKit does not read this way is resolved.
    public func _readForKeeping(into reading: inout _KeptContentReading) -> Bool { false }
}

/// A kept list's elements read again for a refresh (``DeferredElements/expandKept(comparingWith:ownActions:appendingActionsTo:reusing:)``):
/// the elements whose reading was as noted are read only, the others resolved. The planner keeps
/// the list with the actions read and the resolved elements' nodes, or asks the list for every
/// element's node (``DeferredElements/nodes(of:)``) and plans them.
package struct KeptExpansion {
    /// The resolved elements' indices, ascending, and their nodes (one each, where the list
    /// can be kept), in the same order.
    package var resolved: [Int] = []
    package var nodes: [MenuNode] = []
    /// Where the elements' items' own actions start in the plan's actions (in order, under the
    /// names asked for; a resolved element's does nothing yet: the planner makes it from the
    /// element's node). The standing ones have none there.
    package var actionsStart = 0
    /// The elements read whose buttons' own actions stand (``KeptActionRun``), ascending.
    package var standing: [Int] = []
    /// By element: the content, which ``DeferredElements/nodes(of:)`` resolves where the list
    /// is planned after all.
    var contents: [any MenuContent] = []

    /// How many elements were read or resolved; 0 where the list was expanded in full
    /// (another count of elements, a scrolling list), its nodes all in `nodes`.
    package var count: Int { contents.count }
}
