import CGtk

/// One `GMenu` of a rendered menu (the top, a section or a submenu) and what it shows.
///
/// ``apply(_:)`` brings the GMenu to a new plan with the fewest changes GMenu allows: items
/// whose attributes are unchanged stay; a changed item is replaced where it stands (one removal
/// and one insertion at its position); items keep their linked GMenus, so a change inside a
/// section or submenu touches only that section or submenu.
@MainActor
final class MenuLevel {
    private let menu: ObjectReference
    private var entries: [Entry] = []

    private struct Entry {
        let identity: MenuIdentity
        let attributes: PlannedAttributes
        let child: MenuLevel?
    }

    init() {
        menu = ObjectReference(taking: g_menu_new().gpointer)
    }

    var model: UnsafeMutablePointer<GMenuModel> { gmk_menu_model(menu.pointer) }

    func apply(_ items: [PlannedItem]) {
        removeEntries(notIn: items)
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
                g_menu_remove(menu.opaque, gint(from))
                insert(item, at: position, reusing: moved.child)
            } else {
                insert(item, at: position, reusing: nil)
            }
        }
    }

    /// Empties the GMenu and its linked levels, so that views still showing it let go of them.
    func removeAll() {
        for entry in entries { entry.child?.removeAll() }
        entries.removeAll()
        g_menu_remove_all(menu.opaque)
    }

    private func removeEntries(notIn items: [PlannedItem]) {
        let wanted = Set(items.lazy.map(\.identity))
        // From the end, so that the positions still to visit do not move.
        for position in entries.indices.reversed() where !wanted.contains(entries[position].identity) {
            entries.remove(at: position)
            g_menu_remove(menu.opaque, gint(position))
        }
    }

    private func update(at position: Int, to item: PlannedItem) {
        let entry = entries[position]
        let child = entry.child ?? (item.link == nil ? nil : MenuLevel())
        if entry.attributes != item.attributes || (entry.child == nil) != (item.link == nil) {
            g_menu_remove(menu.opaque, gint(position))
            entries.remove(at: position)
            insert(item, at: position, reusing: child)
        } else if let link = item.link {
            child?.apply(link.children)
        }
    }

    private func insert(_ item: PlannedItem, at position: Int, reusing reusedChild: MenuLevel?) {
        var child: MenuLevel? = nil
        if let link = item.link {
            child = reusedChild ?? MenuLevel()
            child?.apply(link.children)
        }
        let menuItem = makeMenuItem(item.attributes, link: item.link.map { ($0.kind, child!.model) })
        g_menu_insert_item(menu.opaque, gint(position), menuItem)
        g_object_unref(menuItem.gpointer)
        entries.insert(Entry(identity: item.identity, attributes: item.attributes, child: child), at: position)
    }
}

/// A `GMenuItem` carrying the planned attributes; the caller owns the returned reference.
@MainActor
private func makeMenuItem(
    _ attributes: PlannedAttributes, link: (kind: PlannedLink.Kind, model: UnsafeMutablePointer<GMenuModel>)?
) -> OpaquePointer {
    let item = g_menu_item_new(nil, nil)!
    func set(_ name: String, _ value: String?) {
        if let value { g_menu_item_set_attribute_value(item, name, g_variant_new_string(value)) }
    }
    set(G_MENU_ATTRIBUTE_LABEL, attributes.label)
    if attributes.useMarkup {
        // GTK 4.8 reads use-markup as a string; a Boolean would be ignored.
        set("use-markup", "true")
    }
    if let action = attributes.action {
        set(G_MENU_ATTRIBUTE_ACTION, action)
        set(G_MENU_ATTRIBUTE_TARGET, attributes.target)
    }
    if let icon = attributes.icon {
        let themed = g_themed_icon_new(icon)
        g_menu_item_set_icon(item, themed)
        g_object_unref(themed?.gpointer)
    }
    set("verb-icon", attributes.verbIcon)
    set("accel", attributes.accel)
    set("display-hint", attributes.displayHint)
    set(MenuAttributeName.role, attributes.role)
    set(MenuAttributeName.subtitle, attributes.subtitle)
    if attributes.keepsMenuOpen {
        g_menu_item_set_attribute_value(item, MenuAttributeName.keepsMenuOpen, g_variant_new_boolean(1))
    }
    if let link {
        g_menu_item_set_link(item, link.kind == .section ? G_MENU_LINK_SECTION : G_MENU_LINK_SUBMENU, link.model)
    }
    return item
}
