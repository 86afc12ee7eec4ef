import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// One item of a list's model, as a list's context menu hands it to the menu's content and
/// primary action: the model's own GObject, held with a reference for as long as the value lives,
/// so a menu keeps acting on the items it opened for when rows are recycled or the model changes.
public final class ListItemObject: Hashable, @unchecked Sendable {
    // Immutable; a GObject's reference count is atomic.
    private let pointer: gpointer

    /// Takes a reference of its own on `object`.
    package init(_ object: UnsafeMutablePointer<GObject>) {
        pointer = g_object_ref(object.gpointer)
    }

    deinit { g_object_unref(pointer) }

    /// The item, valid as long as this value lives.
    public var object: UnsafeMutablePointer<GObject> { pointer.assumingMemoryBound(to: GObject.self) }

    public static func == (lhs: ListItemObject, rhs: ListItemObject) -> Bool { lhs.pointer == rhs.pointer }
    public func hash(into hasher: inout Hasher) { hasher.combine(pointer) }
}
