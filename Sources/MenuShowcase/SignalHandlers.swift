import CGtk

/// A Swift closure handed to GLib as signal user data. GLib holds one retain on it, released by
/// the destroy notify when the handler goes away with its object.
private final class SignalHandler<Sender> {
    let run: @MainActor (Sender) -> Void

    init(_ run: @escaping @MainActor (Sender) -> Void) {
        self.run = run
    }

    var retainedPointer: gpointer { Unmanaged.passRetained(self).toOpaque() }

    static func handler(from data: gpointer?) -> SignalHandler {
        Unmanaged<SignalHandler>.fromOpaque(data!).takeUnretainedValue()
    }
}

private let releaseHandler: GClosureNotify = { data, _ in
    if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
}

// GTK emits these signals on the main thread, where the main actor runs the GLib main loop.

private let widgetSignalCallback: GMKWidgetCallback = { widget, data in
    nonisolated(unsafe) let (widget, data) = (widget!, data)
    MainActor.assumeIsolated { SignalHandler<UnsafeMutablePointer<GtkWidget>>.handler(from: data).run(widget) }
}

private let applicationSignalCallback: GMKApplicationCallback = { application, data in
    nonisolated(unsafe) let (application, data) = (application!, data)
    MainActor.assumeIsolated { SignalHandler<UnsafeMutablePointer<GApplication>>.handler(from: data).run(application) }
}

private let actionActivateCallback: GMKActionCallback = { _, _, data in
    nonisolated(unsafe) let data = data
    MainActor.assumeIsolated { SignalHandler<Void>.handler(from: data).run(()) }
}

/// Runs `handler` on every emission of a widget signal whose handlers take only the widget
/// (`clicked`, `map`, `destroy`). Returns the handler id.
@MainActor
@discardableResult
func connect(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ signal: String,
    _ handler: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> Void
) -> gulong {
    gmk_connect_widget(widget, signal, widgetSignalCallback, SignalHandler(handler).retainedPointer, releaseHandler)
}

/// Runs `handler` on every emission of an application signal (`activate`, `startup`).
@MainActor
@discardableResult
func connect(
    _ application: UnsafeMutablePointer<GApplication>, _ signal: String,
    _ handler: @escaping @MainActor (UnsafeMutablePointer<GApplication>) -> Void
) -> gulong {
    gmk_connect_application(application, signal, applicationSignalCallback,
                            SignalHandler(handler).retainedPointer, releaseHandler)
}

/// Runs `handler` each time the parameterless action is activated.
@MainActor
@discardableResult
func onActivate(_ action: OpaquePointer, _ handler: @escaping @MainActor () -> Void) -> gulong {
    gmk_connect_action(action, "activate", actionActivateCallback,
                       SignalHandler<Void>({ _ in handler() }).retainedPointer, releaseHandler)
}
