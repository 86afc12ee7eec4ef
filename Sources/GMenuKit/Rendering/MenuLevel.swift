import CGtk

/// One `GMenu` of a rendered menu (the top, a section or a submenu) and what it shows.
///
/// A refresh runs ``prune(_:)`` over the whole tree, then ``apply(_:)``: together they bring the
/// GMenus to the new plan with the fewest changes GMenu allows. Items whose attributes are
/// unchanged stay and keep their linked GMenus, so a change inside a section or submenu touches
/// only that section or submenu; a changed item is replaced where it stands (one removal and
/// one insertion at its position).
@MainActor
final class MenuLevel {
    private let menu: ObjectReference
    private let items: MenuItemFactory
    private var entries: [Entry] = []

    private struct Entry {
        let identity: MenuIdentity
        let attributes: PlannedAttributes
        let child: MenuLevel?
    }

    init(items: MenuItemFactory) {
        menu = ObjectReference(taking: g_menu_new().gpointer)
        self.items = items
    }

    var model: UnsafeMutablePointer<GMenuModel> { gmk_menu_model(menu.pointer) }

    /// Inserts, replaces and moves items; what the plan no longer has, ``prune(_:)`` took out.
    func apply(_ items: [PlannedItem]) {
        if entries.isEmpty {
            // A new level, or one that was empty: nothing to compare.
            entries.reserveCapacity(items.count)
            for (position, item) in items.enumerated() { insert(item, at: position, reusing: nil) }
            return
        }
        if items.count == entries.count && zip(items, entries).allSatisfy({ $0.identity == $1.identity }) {
            // The same items in the same order, the common case of a refresh: no sets to build.
            for (position, item) in items.enumerated() { update(at: position, to: item) }
            return
        }
        var remaining = Set(entries.lazy.map(\.identity))
        for (position, item) in items.enumerated() {
            if position < entries.count && entries[position].identity == item.identity {
                remaining.remove(item.identity)
                update(at: position, to: item)
            } else if remaining.contains(item.identity),
                      let from = entries[position...].firstIndex(where: { $0.identity == item.identity }) {
                // Moved: take it out where it was and put it here, keeping its linked level.
                remaining.remove(item.identity)
                let moved = entries.remove(at: from)
                if moved.child?.containsSubmenus == true { moved.child?.removeAll() }
                g_menu_remove(menu.opaque, gint(from))
                insert(item, at: position, reusing: moved.child)
            } else {
                insert(item, at: position, reusing: nil)
            }
        }
    }

    /// Takes out, through the whole tree, what the plan no longer has, and empties the levels of
    /// items about to be replaced, before `apply` inserts anything anywhere: a new submenu never
    /// meets the page of one that is going (GtkPopoverMenu names pages by label).
    func prune(_ items: [PlannedItem]) {
        guard !entries.isEmpty else { return }
        if items.count == entries.count && zip(items, entries).allSatisfy({ $0.identity == $1.identity }) {
            // The same items in the same order: only replaced items and linked levels matter.
            for (item, entry) in zip(items, entries) { pruneChild(of: entry, plannedAs: item) }
            return
        }
        var planned: [MenuIdentity: PlannedItem] = [:]
        for item in items where planned[item.identity] == nil { planned[item.identity] = item }
        // From the end, so that the positions still to visit do not move.
        for position in entries.indices.reversed() {
            let entry = entries[position]
            if let item = planned[entry.identity] {
                pruneChild(of: entry, plannedAs: item)
            } else {
                // Emptied first: GTK 4.8 drops the page of a submenu only when the submenu's own
                // item goes, and keeps every section model it built; it keeps an empty one then.
                entry.child?.removeAll()
                entries.remove(at: position)
                g_menu_remove(menu.opaque, gint(position))
            }
        }
    }

    /// A kept item's linked level: emptied when the item will be replaced and holds submenu
    /// pages, otherwise pruned in turn.
    private func pruneChild(of entry: Entry, plannedAs item: PlannedItem) {
        guard let child = entry.child else { return }
        if entry.attributes != item.attributes || item.link == nil {
            if child.containsSubmenus { child.removeAll() }
        } else if let link = item.link {
            child.prune(link.children)
        }
    }

    /// Whether a submenu hangs anywhere below this level (GTK gives each a page of its own).
    var containsSubmenus: Bool {
        entries.contains { $0.attributes.linkKind == .submenu || ($0.child?.containsSubmenus ?? false) }
    }

    /// Empties the GMenu and its linked levels, so that views still showing it let go of them.
    func removeAll() {
        for entry in entries { entry.child?.removeAll() }
        entries.removeAll()
        g_menu_remove_all(menu.opaque)
    }

    private func update(at position: Int, to item: PlannedItem) {
        let entry = entries[position]
        if entry.attributes != item.attributes || (entry.child == nil) != (item.link == nil) {
            // A replaced item gets a GMenu of its own: GTK 4.8 goes on tracking the old one.
            entry.child?.removeAll()
            g_menu_remove(menu.opaque, gint(position))
            entries.remove(at: position)
            insert(item, at: position, reusing: nil)
        } else if let link = item.link {
            entry.child?.apply(link.children)
        }
    }

    private func insert(_ item: PlannedItem, at position: Int, reusing reusedChild: MenuLevel?) {
        var child: MenuLevel? = nil
        if let link = item.link {
            child = reusedChild ?? MenuLevel(items: items)
            child?.apply(link.children)
        }
        let menuItem = items.makeItem(item.attributes, link: item.link.map { ($0.kind, child!.model) })
        g_menu_insert_item(menu.opaque, gint(position), menuItem)
        g_object_unref(menuItem.gpointer)
        entries.insert(Entry(identity: item.identity, attributes: item.attributes, child: child), at: position)
    }
}
