import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// The items an open menu acts on: the model's objects, with references, and where they stand
/// in the model now. Positions are followed through the model's `items-changed` only to tell
/// whether an item is still there; the menu acts on the objects, so recycled rows and
/// insertions around the items change nothing.
@MainActor
package struct HeldListItems {
    package struct Held {
        package let item: ListItemObject
        package var position: guint
    }

    package private(set) var items: [Held] = []

    package init(_ items: [Held] = []) { self.items = items }

    package var objects: [ListItemObject] { items.map(\.item) }

    /// Follows one `items-changed` of `model`; false when an item held went from the model.
    package mutating func follow(position: guint, removed: guint, added: guint, in model: OpaquePointer) -> Bool {
        var allThere = true
        // Where the added run's objects stand, read once and only if an item held was replaced.
        var addedPositions: [UnsafeMutableRawPointer: guint]?
        for index in items.indices {
            let old = items[index].position
            if old < position { continue }
            if old >= position + removed {
                items[index].position = old - removed + added
                continue
            }
            // In the replaced run: there still if it came back within the added run.
            if addedPositions == nil {
                var positions: [UnsafeMutableRawPointer: guint] = [:]
                for candidate in position..<(position + added) {
                    guard let item = g_list_model_get_item(model, candidate) else { continue }
                    g_object_unref(item)
                    positions[item] = positions[item] ?? candidate
                }
                addedPositions = positions
            }
            if let found = addedPositions?[UnsafeMutableRawPointer(items[index].item.object)] {
                items[index].position = found
            } else {
                allThere = false
            }
        }
        return allThere
    }
}
