import GMenuKitCore
import GMenuKitBuilder
/// How a `ForEach` shows its elements in a menu: as the menu's own items, or as a scrolling
/// list inside the menu that makes widgets only for the rows in view.
///
/// GTK's popover builds a widget for every item when it opens: a history of 5,000 entries takes
/// seconds to open, and 20,000 may not open at all. Generated content is where menus get that
/// long (guideline O4: history, bookmarks, recent files), so such a list can be shown scrolling:
///
/// ```swift
/// Menu("History") {
///     Button("Clear History") { history.clear() }
///     Divider()
///     ForEach(history.entries) { entry in
///         Button(entry.title) { open(entry) }
///     }
///     .menuListStyle(.scrolling(visibleRows: 12))
/// }
/// ```
///
/// Each element's first item becomes one row (a button, or a toggle with its checkmark); the
/// rows look and behave like the menu's items (the arrow keys move through them and on to the
/// items around the list, Return and a click choose, typing a label's first letters jumps to
/// it, each row is a menu item for screen readers). Only the elements in view are resolved.
///
/// Without a style, a long list scrolls on its own (``automatic``): a history of 1,000
/// entries opens as fast as a short menu with no modifier at all.
public struct MenuListStyle: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case automatic
        case items
        case scrolling(visibleRows: Int)
    }

    package let kind: Kind

    /// The default: the elements are the menu's own items, unless the list is long. A list of
    /// more than 50 elements, each one button or toggle with a title alone (no icon, subtitle,
    /// shortcut, role or `@State`), shows as a scrolling list of 12 rows where the menu can
    /// hold one (shown by a GMenuKit control, or after ``RenderedMenu/present(in:)``). The
    /// first elements are looked at when the menu renders, the others as they scroll into
    /// view: one that is more than a row puts the list back into the menu's items.
    public static let automatic = MenuListStyle(kind: .automatic)

    /// The elements are the menu's own items, however many there are (as GTK makes them: a
    /// widget each when the menu opens).
    public static let items = MenuListStyle(kind: .items)

    /// The elements are rows of a list that scrolls inside the menu, `visibleRows` high (at
    /// least 3), with widgets only for the rows in view: a list of any length opens as fast as a
    /// short menu. A menu that GTK shows alone (a text view's extra menu) cannot hold it: the
    /// list is left out there, with a diagnostic.
    public static func scrolling(visibleRows: Int = 12) -> MenuListStyle {
        MenuListStyle(kind: .scrolling(visibleRows: max(visibleRows, 3)))
    }
}

extension ForEach where Content == any MenuContent {
    /// Shows the elements as `style` says: ``MenuListStyle/scrolling(visibleRows:)`` for lists
    /// that may get long (thousands of entries).
    @MainActor public func menuListStyle(_ style: MenuListStyle) -> ScrollingMenuList<Data, ID> {
        ScrollingMenuList(list: self, style: style)
    }
}

/// A `ForEach` shown in a ``MenuListStyle``: see ``ForEach/menuListStyle(_:)``.
public struct ScrollingMenuList<Data: RandomAccessCollection, ID: Hashable>: MenuContent {
    package let list: ForEach<Data, ID, any MenuContent>
    package let style: MenuListStyle

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        let visibleRows: Int
        switch style.kind {
        case .automatic:
            list.resolve(at: identity, into: &nodes)
            return
        case .items:
            var list = list
            list.scrollsWhenLong = false
            list.resolve(at: identity, into: &nodes)
            return
        case .scrolling(let rows):
            visibleRows = rows
        }
        // The list's source lives as long as the content does, kept by the render like state,
        // so that a refresh hands the rows that are shown the new content rather than making
        // them anew; it is read without being observed (the menu does not show it).
        let source: ScrollingListSource<Data, ID>
        let key = StateKey.own(ObjectIdentifier(Self.self), at: identity)
        if let context = MenuResolution.context {
            let storage = context.storage(for: key, initialValue: ScrollingListSlot())
            if let kept = storage.untrackedValue.source as? ScrollingListSource<Data, ID> {
                source = kept
            } else {
                source = ScrollingListSource(list: list, identity: identity)
                storage.untrackedValue.source = source
            }
        } else {
            source = ScrollingListSource(list: list, identity: identity)
        }
        source.update(list, visibleRows: visibleRows, actions: MenuResolution.context?.actionInterpreter)
        nodes.append(source.node(at: identity))
    }
}

/// Where the render keeps a scrolling list's source.
@MainActor
package final class ScrollingListSlot {
    package var source: AnyObject?
}
