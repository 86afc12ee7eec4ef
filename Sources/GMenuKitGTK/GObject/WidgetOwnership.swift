import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Lets a GTK widget own a Swift object: the object lives exactly as long as the widget, so an
/// app can put a control's widget in a box and forget the Swift side, as it does with GTK's own.
package enum WidgetOwnership {
    /// `widget` keeps one retain of `owner` under `key`, released when the widget is finalized
    /// (or when another object is stored under the same key).
    package static func give(_ owner: AnyObject, to widget: UnsafeMutablePointer<GtkWidget>, key: String) {
        g_object_set_data_full(gmk_object(widget), key, SwiftClosureData.retained(owner),
                               SwiftClosureData.releaseOnDestroy)
    }
}

/// A pointer to a GObject that turns nil when the object is finalized, without keeping it alive.
@MainActor
package final class WeakObjectPointer<Object> {
    // GLib keeps the address of the GWeakRef: it must not move, so it lives on the heap.
    private let weakRef = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)

    package init(_ object: UnsafeMutablePointer<Object>) {
        weakRef.initialize(to: GWeakRef())
        g_weak_ref_init(weakRef, object)
    }

    isolated deinit {
        g_weak_ref_clear(weakRef)
        weakRef.deallocate()
    }

    /// The object while it is alive. The pointer is valid until control returns to GTK.
    package var object: UnsafeMutablePointer<Object>? {
        guard let strong = g_weak_ref_get(weakRef) else { return nil }
        // The strong reference is dropped at once: callers use the object only synchronously,
        // and whoever else owns it keeps it alive meanwhile.
        g_object_unref(strong)
        return strong.assumingMemoryBound(to: Object.self)
    }
}
