import CGtk
import Observation
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// A GTK application in a few lines: a `GtkApplication` with its windows, the commands of its
/// menu bar and primary menu declared once, the standard commands every GNOME application has
/// (New Window, Close Window, Quit, Preferences, Keyboard Shortcuts, Help, About), and the
/// values of whatever window people work in.
///
/// ```swift
/// let app = Application(id: "org.example.Notepad", flags: G_APPLICATION_NON_UNIQUE)
/// app.name = "Notepad"
/// app.makeWindow = { app in NotepadWindow(app).window }
/// app.commands {
///     CommandGroup(replacing: .saveItem) {
///         Button("Save") { app.focusedValues.document?.save() }
///             .keyboardShortcut("<Control>s")
///             .disabled(app.focusedValues.document?.isDirty != true)
///     }
///     CommandMenu("Format") { … }
/// }
/// exit(app.run())
/// ```
///
/// Quitting (``quit()``, Quit, Ctrl+Q) closes every window and ends ``run()``; dropping the
/// application then lets go of the `GtkApplication`, its actions and every Swift object the
/// commands captured.
@MainActor
public final class Application {
    /// The `GtkApplication`, for GTK calls GMenuKit has no Swift API for. This object holds
    /// its reference and releases it when it goes; the commands are its `app.` actions.
    public let gtkApplication: UnsafeMutablePointer<GtkApplication>
    /// The application id as given (reverse DNS: `org.example.Notepad`). When it is not a valid
    /// GApplication id, a diagnostic says so and the `GtkApplication` has no id.
    public let id: String
    /// The application's name, as people see it: "About *Notepad*", the About window.
    public var name: String { didSet { commandsChanged() } }
    /// The application's version, shown under its name in the About window.
    public var version: String?
    /// A sentence about the application, shown under its name in the About window.
    public var comments: String?
    /// The address of the application's website, a link in the About window.
    public var website: String?
    /// The people who made the application, listed as authors in the About window's credits.
    public var developers: [String] = []
    /// A freedesktop icon name (usually the application id) for the About window's logo.
    public var iconName: String?
    /// The application's license, as GTK names it (`GTK_LICENSE_GPL_3_0`); the About window
    /// shows it, and nothing when it is `GTK_LICENSE_UNKNOWN`.
    public var license: GtkLicense = GTK_LICENSE_UNKNOWN
    /// A `help:` URI (or any URI) the Help command opens; without one there is no Help item.
    public var helpURI: String? { didSet { commandsChanged() } }

    /// What the command palette remembers of the commands chosen in it, to rank them and to
    /// list them for an empty search: `command-usage.ini` in the user's configuration
    /// directory, in a folder named by the application id. `clear()` forgets them.
    public lazy var commandUsage = CommandUsageStore.standard(forApplication: id)

    /// Makes a window: New Window, and the default ``onActivate``. Without one there is no
    /// New Window item.
    public var makeWindow: (@MainActor (Application) -> ApplicationWindow?)? { didSet { commandsChanged() } }
    /// Runs when the application is launched without files; by default it presents the active
    /// window or makes one.
    public var onActivate: (@MainActor (Application) -> Void)?
    /// Runs for files given on the command line or by the desktop (their URIs). Setting it
    /// makes the application take files (`G_APPLICATION_HANDLES_OPEN`).
    public var onOpen: (@MainActor (Application, [String]) -> Void)? {
        didSet {
            let flags = g_application_get_flags(gApplication).rawValue | G_APPLICATION_HANDLES_OPEN.rawValue
            if g_application_get_is_registered(gApplication) == 0 {
                g_application_set_flags(gApplication, GApplicationFlags(rawValue: flags))
            }
        }
    }
    /// Runs once when the application starts (GApplication's `startup`, on registering),
    /// before the first activation or files: where an app loads what its windows need. GTK is
    /// ready and the application's commands are installed.
    public var onStartup: (@MainActor (Application) -> Void)?
    /// Runs once when the application shuts down (GApplication's `shutdown`, after the main
    /// loop ends, or when an application registered but never run goes): where an app saves
    /// what must outlive it. Its windows are gone; its commands are still installed.
    public var onShutdown: (@MainActor (Application) -> Void)?
    /// Shows the preferences; with it the Preferences item (Ctrl+,) appears.
    public var onPreferences: (@MainActor (Application) -> Void)? { didSet { commandsChanged() } }
    /// The GLib key file that keeps the shortcuts people change (``setShortcut(_:forCommand:)``).
    /// When the application installs a GSettings schema with its id and a key
    /// `keyboard-shortcuts` of type `a{ss}`, they are kept there and this is nil; else in
    /// `shortcuts.ini` in the user's configuration directory, in a folder named by the
    /// application id. Setting a file keeps them in it; nil goes back to the standard place.
    public var shortcutsFile: String? {
        get {
            if case .keyFile(let path) = userShortcuts.storage { return path }
            return nil
        }
        set {
            userShortcuts.use(newValue.map { .keyFile($0) } ?? .standard(forApplication: id))
            commandsChanged()
        }
    }
    /// The shortcuts people changed, read at the first need.
    package lazy var userShortcuts = UserShortcuts(storage: .standard(forApplication: id))

    /// Keeps the shortcuts people change in `storage` from now on (tests: settings on a
    /// backend of their own).
    package func keepShortcuts(in storage: ShortcutStorage) {
        userShortcuts.use(storage)
        commandsChanged()
    }

    package let focus = FocusState()
    package let commandLayout = CommandLayout()
    private var declarations: @MainActor () -> [CommandDeclaration] = { [] }
    private var registry: CommandRegistry?
    /// The application window active now, held weakly; ``activeWindow`` reads it.
    private weak var lastActiveWindow: ApplicationWindow?
    private static var live: [WeakApplication] = []

    /// An application with the id `id` (reverse DNS: `org.example.Notepad`) and GLib's
    /// `flags` (`G_APPLICATION_NON_UNIQUE`, …). `name` defaults to the id's last element
    /// (`Notepad`). An invalid id is a diagnostic, not a crash: the application then has no id.
    public init(id: String, flags: GApplicationFlags = GApplicationFlags(rawValue: 0), name: String? = nil) {
        // Async commands and the app's own main-actor tasks run from the GLib main loop.
        MainLoopBridge.install()
        self.id = id
        self.name = name ?? String(id.split(separator: ".").last ?? Substring(id))
        if g_application_id_is_valid(id) == 0 {
            RenderedMenu.diagnosticHandler(MenuDiagnostic(severity: .error, path: id,
                message: "is not a valid application id (reverse DNS: letters, digits, '_', '-', at least two elements); the application has none"))
            gtkApplication = gtk_application_new(nil, flags)
        } else {
            gtkApplication = gtk_application_new(id, flags)
        }
        Self.live.removeAll { $0.application == nil }
        Self.live.append(WeakApplication(self))
        let weakSelf = WeakApplication(self)
        gmk_connect_application(gApplication, "activate", { _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { SwiftClosureData.object(data, as: WeakApplication.self).application?.activated() }
        }, SwiftClosureData.retained(weakSelf), SwiftClosureData.releaseOnClosureDestroy)
        gmk_connect_open(gApplication, { _, files, count, _, data in
            nonisolated(unsafe) let (files, data) = (files, data)
            let uris: [String] = (0..<Int(count)).compactMap { index in
                guard let file = files?[index], let uri = g_file_get_uri(file) else { return nil }
                defer { g_free(uri) }
                return String(cString: uri)
            }
            MainActor.assumeIsolated {
                guard let application = SwiftClosureData.object(data, as: WeakApplication.self).application else { return }
                application.onOpen?(application, uris)
            }
        }, SwiftClosureData.retained(weakSelf), SwiftClosureData.releaseOnClosureDestroy)
        onNotify(gtkApplication, "active-window") { weakSelf.application?.updateFocus() }
        gmk_connect_application(gApplication, "startup", { _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                guard let application = SwiftClosureData.object(data, as: WeakApplication.self).application else { return }
                application.installCommands()
                application.onStartup?(application)
            }
        }, SwiftClosureData.retained(weakSelf), SwiftClosureData.releaseOnClosureDestroy)
        gmk_connect_application(gApplication, "shutdown", { _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                guard let application = SwiftClosureData.object(data, as: WeakApplication.self).application else { return }
                application.hasShutDown = true
                application.onShutdown?(application)
                application.releaseCommands()
            }
        }, SwiftClosureData.retained(weakSelf), SwiftClosureData.releaseOnClosureDestroy)
    }

    isolated deinit {
        shutDownUnlessRun()
        registry?.invalidate()
        g_object_unref(gtkApplication.gpointer)
    }

    private var isRunning = false
    private var hasShutDown = false

    /// An application registered but never run (tests, embedders) shuts down as `run()` would
    /// have: GTK's application otherwise keeps a reference to itself and is never finalized.
    private func shutDownUnlessRun() {
        guard !isRunning, !hasShutDown, g_application_get_is_registered(gApplication) != 0 else { return }
        gmk_application_emit_shutdown(gApplication)
    }

    package var gApplication: UnsafeMutablePointer<GApplication> { gmk_g_application(gtkApplication.gpointer) }

    // MARK: Running

    /// Runs the application until it quits (`g_application_run`) with the process's
    /// arguments; returns its exit status.
    public func run() -> Int32 {
        installCommands()
        isRunning = true
        defer { isRunning = false }
        return g_application_run(gApplication, CommandLine.argc, CommandLine.unsafeArgv)
    }

    /// Registers the application without running it (GLib's `startup` runs): windows can be
    /// added. ``run()`` does this itself; tests and embedders call it.
    @discardableResult
    public func register() -> Bool {
        installCommands()
        var error: UnsafeMutablePointer<GError>?
        guard g_application_register(gApplication, nil, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            RenderedMenu.diagnosticHandler(MenuDiagnostic(severity: .error, path: id, message: "could not register: \(message)"))
            return false
        }
        return true
    }

    /// Closes every window, lets go of the commands (and whatever their closures captured,
    /// the application itself included) and ends ``run()``.
    public func quit() {
        for window in gtkWindows() { gtk_window_destroy(window) }
        releaseCommands()
        g_application_quit(gApplication)
        shutDownUnlessRun()
    }

    /// Commands capture the application and the app's models: the application holds them, so
    /// they are let go of when it quits or shuts down, not when it is dropped.
    private func releaseCommands() {
        registry?.invalidate()
        registry = nil
        declarations = { [] }
        commandLayout.clear()
    }

    private func activated() {
        if let onActivate {
            onActivate(self)
        } else if let window = gtk_application_get_active_window(gtkApplication) {
            gtk_window_present(window)
        } else {
            openWindow()
        }
    }

    // MARK: Windows

    /// Makes a window with ``makeWindow`` and presents it.
    @discardableResult
    public func openWindow() -> ApplicationWindow? {
        guard let made = makeWindow?(self) else { return nil }
        made.present()
        return made
    }

    /// The application's windows that GMenuKit knows, newest activity first.
    public var windows: [ApplicationWindow] { gtkWindows().compactMap { ApplicationWindow.of($0) } }

    /// The window people work in now (or, under a dialog, the window the dialog is for).
    /// Commands that read it follow every window switch.
    public var activeWindow: ApplicationWindow? {
        _ = focus.activeWindowChanges
        return lastActiveWindow
    }

    /// The values the active window and the widgets around its focus publish
    /// (``ApplicationWindow/focusedSceneValue(_:_:)``, ``focusedValue(_:_:on:)``). Commands
    /// that read them are enabled, and act, by what is active now.
    public var focusedValues: FocusedValues { focus.values }

    package func gtkWindows() -> [UnsafeMutablePointer<GtkWindow>] {
        var windows: [UnsafeMutablePointer<GtkWindow>] = []
        var link = gtk_application_get_windows(gtkApplication)
        while let node = link {
            if let data = node.pointee.data { windows.append(data.assumingMemoryBound(to: GtkWindow.self)) }
            link = node.pointee.next
        }
        return windows
    }

    /// Reads the active window and the focus again, after any window or focus change.
    package func updateFocus() {
        var active: ApplicationWindow?
        var values = FocusedValues()
        if let window = gtk_application_get_active_window(gtkApplication) {
            var widget = gtk_root_get_focus(gmk_root(window.gpointer))
            while let current = widget {
                if let published = WidgetFocusedValues.of(current) { values.fill(from: published.values) }
                widget = gtk_widget_get_parent(current)
            }
            // A dialog stands for the window it is transient for.
            var candidate: UnsafeMutablePointer<GtkWindow>? = window
            while let current = candidate, active == nil {
                active = ApplicationWindow.of(current)
                candidate = gtk_window_get_transient_for(current)
            }
            if let active { values.fill(from: active.sceneValues) }
        }
        if !values.isSame(as: focus.values) { focus.values = values }
        if active !== lastActiveWindow {
            lastActiveWindow = active
            focus.activeWindowChanges += 1
        }
    }

    /// The application this process made last that is still alive: the one whose focused
    /// values `@FocusedValue` and `@FocusedBinding` read. Nil before one is made.
    public static var current: Application? {
        live.last { $0.application != nil }?.application
    }

    package static func focusMayHaveChanged() {
        for entry in live { entry.application?.updateFocus() }
    }

    // MARK: Commands

    /// Declares the application's commands: its menu bar, its primary menu and the buttons
    /// bound to them are made from these (see ``CommandGroupPlacement``).
    public func commands(@CommandsBuilder _ commands: @escaping @MainActor () -> any Commands) {
        declarations = {
            var declared: [CommandDeclaration] = []
            commands().declare(into: &declared)
            return declared
        }
        if registry != nil {
            registry?.invalidate()
            registry = nil
            installCommands()
        }
    }

    /// The commands' actions, on the `GtkApplication`; made at the first need.
    @discardableResult
    package func installCommands() -> CommandRegistry {
        if let registry { return registry }
        let made = CommandRegistry(application: gtkApplication, layout: commandLayout, declarations: { [weak self] in self?.declarations() ?? [] },
                                   standardContent: { [weak self] in self?.standardCommands(for: $0) },
                                   userShortcuts: { [weak self] in self?.userShortcuts.overrides ?? [:] })
        registry = made
        return made
    }

    /// The commands arranged as the menu bar and primary menu show them, with their own
    /// closures: what the registry makes the application's actions from, and what a test
    /// reads without GTK (GMenuKitTesting).
    package func arrangedCommands() -> CommandArrangement {
        CommandArrangement.arrange(declarations(), standard: { [weak self] in self?.standardCommands(for: $0) })
    }

    /// Stands for a window becoming active with `values` published, without GTK: commands
    /// follow as they follow a window switch (GMenuKitTesting's headless focus).
    package func setFocusedValues(_ values: FocusedValues) {
        focus.values = values
        focus.activeWindowChanges += 1
    }

    private func commandsChanged() {
        registry?.update()
    }
}

@MainActor
package final class WeakApplication {
    package weak var application: Application?
    package init(_ application: Application) { self.application = application }
}
