import CGtk
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// A window of an ``Application``: a `GtkApplicationWindow` made here, or any `GtkWindow`
/// (one from a GtkBuilder file), added to the application. The GTK window owns this object.
///
/// ```swift
/// let ui = try InterfaceBuilder(file: "window.ui")
/// let window = ApplicationWindow(ui.object(GtkWindow.self, "window")!, application: app)
/// window.addMenuBar(to: ui.widget("menu_bar_box")!)
/// window.attachPrimaryMenu(to: ui.widget("primary_menu_button")!)
/// window.focusedSceneValue(\.document, document)
/// ```
@MainActor
public final class ApplicationWindow {
    /// The GTK window, which owns this object: it lives as long as the window does.
    public let window: UnsafeMutablePointer<GtkWindow>
    /// The application the window was added to, held weakly; nil once it is gone.
    public private(set) weak var application: Application?
    /// What the window publishes for commands while it is active.
    package private(set) var sceneValues = FocusedValues()
    private static let key = "gmenukit-application-window"

    /// A new `GtkApplicationWindow` of `application`.
    public convenience init(application: Application, title: String? = nil) {
        let window = gtk_application_window_new(application.gtkApplication)!
        self.init(gmk_window(window.gpointer), application: application)
        if let title { self.title = title }
    }

    /// Adds `window` (from a builder file, or made by the app) to `application`. The
    /// application must be registered (``Application/run()`` does it before `activate`):
    /// otherwise the window is not added, and a diagnostic says so.
    public init(_ window: UnsafeMutablePointer<GtkWindow>, application: Application) {
        self.window = window
        self.application = application
        if g_application_get_is_registered(application.gApplication) != 0 {
            if gtk_window_get_application(window) != application.gtkApplication {
                gtk_window_set_application(window, application.gtkApplication)
            }
        } else {
            RenderedMenu.diagnosticHandler(MenuDiagnostic(
                severity: .error, path: title ?? "window",
                message: "a window can join the application only once it is registered (in onActivate, makeWindow, or after register()); it is not added"))
        }
        WidgetOwnership.give(self, to: widget, key: Self.key)
        // The keyboard focus inside decides the focused values, and so what commands act on.
        onNotify(window, "focus-widget") { [weak self] in self?.application?.updateFocus() }
        onNotify(window, "is-active") { [weak self] in self?.application?.updateFocus() }
    }

    /// The GMenuKit window of a GTK window, when it has one.
    public static func of(_ window: UnsafeMutablePointer<GtkWindow>) -> ApplicationWindow? {
        guard let data = g_object_get_data(gmk_object(window.gpointer), key) else { return nil }
        return SwiftClosureData.object(data, as: ApplicationWindow.self)
    }

    /// The window as a `GtkWidget`, for GTK's widget calls (the same object as ``window``).
    public var widget: UnsafeMutablePointer<GtkWidget> { gmk_widget(window.gpointer) }

    /// The window's title (`gtk_window_get_title`, `gtk_window_set_title`); nil for none.
    public var title: String? {
        get { gtk_window_get_title(window).map { String(cString: $0) } }
        set { gtk_window_set_title(window, newValue) }
    }

    /// Shows the window and raises it above the others (`gtk_window_present`).
    public func present() { gtk_window_present(window) }

    /// Closes the window as its close button does (`close-request` first).
    public func close() { gtk_window_close(window) }

    /// Publishes `value` under `keyPath` while this window is active, for commands to read
    /// through ``Application/focusedValues`` (SwiftUI's `focusedSceneValue`). Nil takes it back.
    public func focusedSceneValue<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value?) {
        sceneValues.set(keyPath, value)
        application?.updateFocus()
    }

    /// The object that runs the window (its document, its widgets), kept alive for as long as
    /// the window lives. It should hold this window weakly.
    public var controller: AnyObject?

    // MARK: Menus

    /// Puts the application's menu bar at the start of `box`, a `GtkBox` (the window's
    /// content, under its title bar); returns it. Any other widget is a diagnostic.
    @discardableResult
    public func addMenuBar(to box: UnsafeMutablePointer<GtkWidget>) -> MenuBar? {
        guard let application else { return nil }
        guard let gtkBox = cast(box, to: GtkBox.self) else {
            RenderedMenu.diagnosticHandler(MenuDiagnostic(severity: .error, path: title ?? "window",
                message: "addMenuBar(to:) needs a GtkBox, not a \(String(cString: gmk_type_name_of(box.gpointer))); the window has no menu bar"))
            return nil
        }
        let bar = application.makeMenuBar()
        gtk_box_prepend(gtkBox, bar.widget)
        return bar
    }

    /// Shows the application's primary menu from a `GtkMenuButton` (from a builder file).
    @discardableResult
    public func attachPrimaryMenu(to menuButton: UnsafeMutablePointer<GtkWidget>) -> RenderedMenu? {
        application?.attachPrimaryMenu(to: menuButton)
    }
}
