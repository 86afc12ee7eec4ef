import CGtk
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// A GObject type Swift can name, with its GType, for checked casts (``InterfaceBuilder/object(_:_:)``,
/// ``cast(_:to:)``) and the objects ``onSignal(object:_:_:)`` and ``onNotify(_:_:_:)`` take.
/// GTK's types whose C structs are public conform; opaque ones (GtkLabel, GtkMenuButton) are
/// reached as widgets or `GObject`s and GTK's `gmk_*` casts.
public protocol GObjectType {
    /// The type's GType (`gtk_widget_get_type()`, …), which ``cast(_:to:)`` checks objects against.
    static var gType: GType { get }
}

extension GObject: GObjectType { public static var gType: GType { g_object_get_type() } }
extension GtkApplication: GObjectType { public static var gType: GType { gtk_application_get_type() } }
extension GtkTextBuffer: GObjectType { public static var gType: GType { gtk_text_buffer_get_type() } }
extension GtkWidget: GObjectType { public static var gType: GType { gtk_widget_get_type() } }
extension GtkWindow: GObjectType { public static var gType: GType { gtk_window_get_type() } }
extension GtkApplicationWindow: GObjectType { public static var gType: GType { gtk_application_window_get_type() } }
extension GtkButton: GObjectType { public static var gType: GType { gtk_button_get_type() } }
extension GtkToggleButton: GObjectType { public static var gType: GType { gtk_toggle_button_get_type() } }
extension GtkBox: GObjectType { public static var gType: GType { gtk_box_get_type() } }
extension GtkTextView: GObjectType { public static var gType: GType { gtk_text_view_get_type() } }
extension GtkEntry: GObjectType { public static var gType: GType { gtk_entry_get_type() } }
extension GtkCheckButton: GObjectType { public static var gType: GType { gtk_check_button_get_type() } }

/// `object` as a `T` when it is one (or a subclass of one), else nil: a widget as the
/// `GtkBox` it is, a `GObject` as a `GtkWindow`.
public func cast<Object: GObjectType, T: GObjectType>(
    _ object: UnsafeMutablePointer<Object>?, to type: T.Type
) -> UnsafeMutablePointer<T>? {
    guard let object else { return nil }
    let instance = UnsafeMutableRawPointer(object)
    guard g_type_check_instance_is_a(instance.assumingMemoryBound(to: GTypeInstance.self), T.gType) != 0 else { return nil }
    return instance.assumingMemoryBound(to: T.self)
}

/// The objects of a GtkBuilder interface (a `.ui` file, a resource or a string), by id, with
/// checked casts: an id that is missing or of another type is a ``MenuDiagnostic``, not a crash.
///
/// ```swift
/// let ui = try InterfaceBuilder(file: "window.ui")
/// let window = ui.object(GtkApplicationWindow.self, "window")
/// let save = ui.object(GtkButton.self, "save_button")
/// let status = ui.widget("status")          // a GtkLabel: opaque in Swift
/// ```
///
/// The builder holds a reference to every object it made until it goes; windows and the
/// widgets inside them live on in GTK as usual.
@MainActor
public final class InterfaceBuilder {
    private let builder: ObjectReference
    private let source: String

    /// Why an interface could not be loaded: GtkBuilder's error message, after the file,
    /// resource path or `(string)` it came from.
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Loads the GtkBuilder XML of the `.ui` file at `path` (`gtk_builder_add_from_file`);
    /// throws ``LoadError`` when it cannot be read or is not a valid interface.
    public init(file path: String) throws {
        builder = ObjectReference(taking: gtk_builder_new().gpointer)
        source = path
        try load { gtk_builder_add_from_file(self.builder.opaque, path, &$0) }
    }

    /// Loads the GtkBuilder XML at a GResource path such as `/org/example/App/window.ui`
    /// (`gtk_builder_add_from_resource`); throws ``LoadError`` when it is missing or not valid.
    public init(resource path: String) throws {
        builder = ObjectReference(taking: gtk_builder_new().gpointer)
        source = path
        try load { gtk_builder_add_from_resource(self.builder.opaque, path, &$0) }
    }

    /// Loads GtkBuilder XML from a string (`gtk_builder_add_from_string`); throws
    /// ``LoadError`` when it is not a valid interface.
    public init(string xml: String) throws {
        builder = ObjectReference(taking: gtk_builder_new().gpointer)
        source = "(string)"
        try load { gtk_builder_add_from_string(self.builder.opaque, xml, -1, &$0) }
    }

    /// The `GtkBuilder`, for GTK calls GMenuKit has no Swift API for; this object holds its
    /// reference and releases it when it goes.
    public var gtkBuilder: GtkBuilderHandle { GtkBuilderHandle(unsafe: builder.opaque) }

    private func load(_ add: (inout UnsafeMutablePointer<GError>?) -> gboolean) throws {
        var error: UnsafeMutablePointer<GError>?
        if add(&error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw LoadError(description: "\(source): \(message)")
        }
    }

    /// The object with this id, when it is a `T`; otherwise nil and a diagnostic.
    public func object<T: GObjectType>(_ type: T.Type, _ id: String) -> UnsafeMutablePointer<T>? {
        guard let object = gtk_builder_get_object(builder.opaque, id) else {
            report(id, "\(source) has no object with this id")
            return nil
        }
        guard let typed = cast(object, to: type) else {
            let gtkName = String(cString: g_type_name(T.gType))
            report(id, "is a \(String(cString: gmk_type_name_of(object))), not a \(gtkName)")
            return nil
        }
        return typed
    }

    /// The widget with this id, of any widget type.
    public func widget(_ id: String) -> UnsafeMutablePointer<GtkWidget>? {
        object(GtkWidget.self, id)
    }

    /// The widget with this id when it is of the GTK type named (`"GtkLabel"`, for types
    /// Swift sees as opaque), otherwise nil and a diagnostic.
    public func widget(_ id: String, ofType typeName: String) -> UnsafeMutablePointer<GtkWidget>? {
        guard let widget = widget(id) else { return nil }
        let wanted = g_type_from_name(typeName)
        guard wanted != 0, g_type_is_a(g_type_from_name(gmk_type_name_of(widget)), wanted) != 0 else {
            report(id, "is a \(String(cString: gmk_type_name_of(widget))), not a \(typeName)")
            return nil
        }
        return widget
    }

    private func report(_ id: String, _ message: String) {
        RenderedMenu.diagnosticHandler(MenuDiagnostic(severity: .error, path: "#\(id)", message: message))
    }
}
