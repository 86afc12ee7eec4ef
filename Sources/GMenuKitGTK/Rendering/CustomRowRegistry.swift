import GMenuKitCore
import GMenuKitBuilder
/// What one of GMenuKit's own rows shows: the planned attributes of its item, and a key (the
/// item's identity) that stays the same when the item is replaced, so that focus can follow it.
package struct CustomRowSpec {
    package let key: String
    package let attributes: PlannedAttributes
}

/// The rows a rendered menu draws itself, by the `custom` slot each fills.
///
/// Every new menu item gets a slot name never used before: GTK 4.8's popover remembers slot
/// names after their items go (`custom_slots` in gtkmenusectionbox.c), so a name used twice
/// would point at a freed slot. The registry also keeps what came and went since the hosts
/// last caught up, so that an update costs what changed, not the size of the menu.
@MainActor
package final class CustomRowRegistry {
    @exclusivity(unchecked) package private(set) var rows: [String: CustomRowSpec] = [:]
    @exclusivity(unchecked) private var added: [String] = []
    @exclusivity(unchecked) private var removed: [String] = []
    @exclusivity(unchecked) private var lastNumber = 0

    /// A fresh slot name for a new item's row; short enough to stay inside the string.
    package func register(_ spec: CustomRowSpec) -> String {
        lastNumber += 1
        let id = "gmk-r" + String(lastNumber)
        rows[id] = spec
        added.append(id)
        return id
    }

    /// The item of this slot left the menu.
    package func forget(_ id: String?) {
        guard let id, rows.removeValue(forKey: id) != nil else { return }
        removed.append(id)
    }

    /// Whether slots were made, or dropped, since the last call: asked first, where taking the
    /// empty list is a copy and a clearing for every change of a menu without such rows.
    package var hasAdded: Bool { !added.isEmpty }
    package var hasRemoved: Bool { !removed.isEmpty }

    /// The slots made since the last call.
    package func takeAdded() -> [String] {
        defer { added.removeAll(keepingCapacity: true) }
        return added
    }

    /// The slots dropped since the last call.
    package func takeRemoved() -> [String] {
        defer { removed.removeAll(keepingCapacity: true) }
        return removed
    }
}
