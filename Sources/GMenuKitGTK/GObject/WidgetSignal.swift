import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Runs a Swift closure on every emission of a widget signal whose handlers take only the
/// widget (`clicked`, `map`, `destroy`, `closed`). GLib holds the closure and releases it
/// when the handler goes away with the widget. Returns the handler id.
@MainActor
@discardableResult
package func connectWidgetSignal(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ signal: String,
    _ handler: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> Void
) -> gulong {
    gmk_connect_widget(widget, signal, { widget, data in
        nonisolated(unsafe) let (widget, data) = (widget!, data)
        MainActor.assumeIsolated { SwiftClosureData.object(data, as: WidgetSignalHandler.self).run(widget) }
    }, SwiftClosureData.retained(WidgetSignalHandler(handler)), SwiftClosureData.releaseOnClosureDestroy)
}

private final class WidgetSignalHandler {
    let run: @MainActor (UnsafeMutablePointer<GtkWidget>) -> Void
    init(_ run: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> Void) { self.run = run }
}
