import CGtk
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// A GTK signal whose handlers take only the object that emits it (and user data): the only
/// kind ``onSignal(_:_:_:)`` connects, so a handler cannot have the wrong C signature.
public struct WidgetSignalName: Sendable, Hashable {
    package let name: String
    private init(_ name: String) { self.name = name }

    /// GtkButton, GtkToggleButton, GtkMenuButton (a click or Space).
    public static let clicked = Self("clicked")
    /// GtkToggleButton, GtkCheckButton: the active state changed.
    public static let toggled = Self("toggled")
    /// GtkEntry, GtkButton: Return pressed (GtkEntry) or the button activated from the keyboard.
    public static let activate = Self("activate")
    /// GtkEditable (GtkEntry, GtkText, GtkSearchEntry), GtkTextBuffer: the text changed.
    public static let changed = Self("changed")
    /// Any widget.
    public static let map = Self("map"), unmap = Self("unmap")
    /// Any widget: `realize` when it gets the GdkSurface it draws on (before it is first
    /// drawn), `unrealize` when it lets it go.
    public static let realize = Self("realize"), unrealize = Self("unrealize")
    /// Any widget: shown (made visible, `gtk_widget_show`) or hidden (`gtk_widget_hide`).
    public static let show = Self("show"), hide = Self("hide")
    /// Any widget: it is being destroyed, and whoever holds a reference to it should drop
    /// that reference.
    public static let destroy = Self("destroy")
}

/// Runs `handler` on every emission of `signal` by `widget`. GLib holds the closure and
/// releases it when the handler goes with the widget. Returns the handler id.
///
/// ```swift
/// onSignal(button, .clicked) { _ in document.save() }
/// ```
@MainActor
@discardableResult
public func onSignal(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ signal: WidgetSignalName,
    _ handler: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> Void
) -> gulong {
    connectWidgetSignal(widget, signal.name, handler)
}

/// Runs `handler` on every emission of `signal` by a GObject whose handlers take only the
/// object, such as a `GtkTextBuffer`'s `changed`. Released with the object.
///
/// The object is a typed pointer to a ``GObjectType`` (`UnsafeMutablePointer<GtkTextBuffer>`);
/// an object Swift sees as opaque is passed as the `GObject` it is (`gmk_object(label)`).
@MainActor
@discardableResult
public func onSignal<Object: GObjectType>(
    object: UnsafeMutablePointer<Object>, _ signal: WidgetSignalName, _ handler: @escaping @MainActor () -> Void
) -> gulong {
    gmk_connect_object(object.gpointer, signal.name, { _, data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SwiftClosureData.object(data, as: SignalClosure.self).run() }
    }, SwiftClosureData.retained(SignalClosure(handler)), SwiftClosureData.releaseOnClosureDestroy)
}

/// Runs `handler` each time `property` of `object` changes (`notify::property`), such as a
/// window's `is-active` or `focus-widget`. Released with the object, a typed pointer to a
/// ``GObjectType`` (a `GObject` for the types Swift sees as opaque).
@MainActor
@discardableResult
public func onNotify<Object: GObjectType>(
    _ object: UnsafeMutablePointer<Object>, _ property: String, _ handler: @escaping @MainActor () -> Void
) -> gulong {
    gmk_connect_notify(object.gpointer, "notify::\(property)", { _, _, data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SwiftClosureData.object(data, as: SignalClosure.self).run() }
    }, SwiftClosureData.retained(SignalClosure(handler)), SwiftClosureData.releaseOnClosureDestroy)
}

/// A parameterless Swift closure handed to GLib as signal user data.
package final class SignalClosure {
    package let run: @MainActor () -> Void
    package init(_ run: @escaping @MainActor () -> Void) { self.run = run }
}

/// Calls `body` with a NULL-terminated C array of the strings, as GTK's `const char **`
/// parameters take them (accelerators, authors).
package func withCStringArray<Result>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies = strings.map { g_strdup($0) }
    defer { copies.forEach { g_free($0) } }
    var pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
    pointers.append(nil)
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}

/// Sets the accelerators of an action for every window of the application
/// (`gtk_application_set_accels_for_action`), from a Swift array: `["<Control>s"]`; an empty
/// array removes them.
@MainActor
public func setAccelerators(_ accelerators: [String], for detailedActionName: String,
                            in application: UnsafeMutablePointer<GtkApplication>) {
    withCStringArray(accelerators) { gtk_application_set_accels_for_action(application, detailedActionName, $0) }
}


