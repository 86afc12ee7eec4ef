import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Hands a Swift object to C as signal or source user data. The C side holds one retain,
/// which the matching destroy notify releases when GLib drops the handler.
package enum SwiftClosureData {
    package static func retained(_ object: AnyObject) -> gpointer {
        Unmanaged.passRetained(object).toOpaque()
    }

    package static func object<T: AnyObject>(_ data: gpointer?, as: T.Type) -> T {
        Unmanaged<T>.fromOpaque(data!).takeUnretainedValue()
    }

    /// A `GClosureNotify` that releases what ``retained(_:)`` retained.
    package static let releaseOnClosureDestroy: GClosureNotify = { data, _ in
        if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
    }

    /// A `GDestroyNotify` that releases what ``retained(_:)`` retained.
    package static let releaseOnDestroy: GDestroyNotify = { data in
        if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
    }
}
