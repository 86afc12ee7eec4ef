/// A change to an element of a list whose element is a section holding another list
/// (`ForEach(sections) { section in Section { ForEach(section.items) … } }`, sections as
/// values): the outer list sees the section's element change when one of its items does. Resolved
/// again, the element makes the same section around its inner list, which goes on through the
/// new `ForEach` (``RenderGraph``); rather than plan and apply the section's every item anew,
/// that list reads its own changes, so that one changed item is one item replaced, as it is in
/// a flat list.
extension DeferredElements {
    /// The inner list's change, when an element of this list, just resolved again, is a plain
    /// section titled `title` holding `list` alone (``MenuNode/loneListOfPlainSection``), and
    /// the list stands in a section of that title now: that list reads its changes through the
    /// new `ForEach`. Nil when the element's change is another: the section is planned again,
    /// with its list.
    func carriedOver(_ list: DeferredElements, inSectionTitled title: String) -> NestedListChange? {
        // The list the section holds is the one that stands, gone on through the new `ForEach`
        // as the element was resolved again (``RenderGraph``); one made anew has no items yet.
        guard list.wentOn,
              list.enclosingSectionTitle == title, list.isIncremental, !list.isShownScrolling,
              list.standsWhole, list.deferral === deferral
        else { return nil }
        // Changes that the inner list cannot read alone (moves, an element of other than one
        // node) leave the section to be planned again, with its list.
        guard let changes = list.readChanges() else { return nil }
        return NestedListChange(list: list, changes: changes)
    }
}

/// The changes of a list inside a section an element of another list made.
package struct NestedListChange {
    package let list: DeferredElements
    /// Variable so that the list takes its arrays back once they are applied.
    package var changes: ElementChanges
}

extension MenuNode {
    /// The list a section holds alone, where the section has nothing but its title of its own
    /// (no modifier that would change how the list's items are planned).
    package var loneListOfPlainSection: DeferredElements? {
        withUnsafePointer(to: self) { Self.loneListOfPlainSection(at: $0) }
    }

    /// The same, of the node at `node`, its stored fields read there.
    package static func loneListOfPlainSection(at node: UnsafePointer<MenuNode>) -> DeferredElements? {
        guard let list = listOfLoneSectionChild(at: node), node.pointee.deferred == nil, node.pointee.icon == nil,
              node.pointee.subtitle == nil, node.pointee.shortcut == nil, node.pointee.mnemonic == nil,
              node.pointee.mnemonicPosition == nil, !node.pointee.isDisabled, node.pointee.dismissBehavior == .automatic,
              node.pointee.role == nil, !node.pointee.isGeneratedContent, node.pointee.hiddenWhen == nil,
              node.pointee.imported == nil, node.pointee.detailsBox == nil
        else { return nil }
        return list
    }
}
