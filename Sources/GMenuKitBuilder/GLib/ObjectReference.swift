import CGLib
import GMenuKitCore

/// Owns one strong reference to a GObject and drops it when the owner goes away, so that
/// every reference GMenuKit takes is released exactly once.
package final class ObjectReference {
    package let pointer: gpointer

    /// Takes over a reference the caller already holds, such as the one `g_menu_new` returns.
    package init(taking pointer: gpointer) {
        self.pointer = pointer
    }

    deinit { g_object_unref(pointer) }

    package var opaque: OpaquePointer { OpaquePointer(pointer) }
}

// Package, not public: an app's pointers stay typed (GActionGroupHandle's unsafePointer is the
// escape hatch); the layers and the tests call GLib's generic functions with these.
extension OpaquePointer {
    /// The same object as the untyped pointer GLib's generic functions take.
    package var gpointer: CGLib.gpointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutablePointer {
    /// The same object as the untyped pointer GLib's generic functions take.
    package var gpointer: CGLib.gpointer { UnsafeMutableRawPointer(self) }
}
