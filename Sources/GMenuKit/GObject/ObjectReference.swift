import CGtk

/// Owns one strong reference to a GObject and drops it when the owner goes away, so that
/// every reference GMenuKit takes is released exactly once.
final class ObjectReference {
    let pointer: gpointer

    /// Takes over a reference the caller already holds, such as the one `g_menu_new` returns.
    init(taking pointer: gpointer) {
        self.pointer = pointer
    }

    /// Adds a reference of its own.
    init(retaining pointer: gpointer) {
        self.pointer = g_object_ref(pointer)
    }

    deinit { g_object_unref(pointer) }

    var opaque: OpaquePointer { OpaquePointer(pointer) }

    func typed<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> { pointer.assumingMemoryBound(to: T.self) }
}

extension OpaquePointer {
    /// The same object as the untyped pointer GLib's generic functions take.
    var gpointer: CGtk.gpointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutablePointer {
    var gpointer: CGtk.gpointer { UnsafeMutableRawPointer(self) }
}
