import CGtk
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// The commands every GNOME application has, at their standard places; a ``CommandGroup``
/// replacing the place replaces them.
extension Application {
    package func standardCommands(for placement: CommandGroupPlacement) -> (any MenuContent)? {
        switch placement {
        case .newItem where makeWindow != nil:
            return Button("New Window") { [weak self] in self?.openWindow() }.keyboardShortcut("<Control>n").commandID(.newWindow)
        case .closeItem:
            return Button("Close Window") { [weak self] in self?.activeWindow?.close() }
                .keyboardShortcut("<Control>w")
                .disabled(activeWindow == nil)
                .commandID(.closeWindow)
        case .appTermination:
            return Button("Quit") { [weak self] in self?.quit() }.keyboardShortcut("<Control>q").commandID(.quit)
        case .appSettings where onPreferences != nil:
            return Button("Preferences") { [weak self] in self?.showPreferences() }.keyboardShortcut("<Control>comma")
                .commandID(.preferences)
        case .help:
            return helpCommands(helpURI)
        case .appInfo:
            return Button("About \(name)") { [weak self] in self?.showAbout() }.commandID(.about)
        default:
            return nil
        }
    }

    @MenuContentBuilder
    private func helpCommands(_ help: String?) -> any MenuContent {
        // As macOS searches every menu from its Help menu; not in GNOME's primary menu.
        Button("Search…") { [weak self] in self?.showCommandPalette() }
            .keyboardShortcut("<Control><Shift>p")
            .commandID(.commandPalette)
            .commandMenus(.menuBarOnly)
        Button("Keyboard Shortcuts") { [weak self] in self?.showKeyboardShortcuts() }
            .keyboardShortcut("<Control>question")
            .commandID(.keyboardShortcuts)
        if let help {
            Button("Help") { [weak self] in self?.showHelp(help) }.keyboardShortcut("F1").commandID(.help)
        }
    }

    /// The window of the active application window, for dialogs to stand over.
    private var dialogParent: UnsafeMutablePointer<GtkWindow>? {
        activeWindow?.window ?? gtk_application_get_active_window(gtkApplication)
    }

    /// Opens the Keyboard Shortcuts window (what Help › Keyboard Shortcuts and Ctrl+? do):
    /// every command's shortcut by menu, each one changed by pressing new keys. Returns the
    /// window, over the active one.
    @discardableResult
    public func showKeyboardShortcuts() -> UnsafeMutablePointer<GtkWindow>? {
        installCommands()
        let editor = ShortcutsEditor(application: self, for: dialogParent)
        gtk_window_present(editor.window)
        return editor.window
    }

    /// Opens the command palette for the active window (what Help › Search… and Ctrl+Shift+P
    /// do): every command of its menus, found by typing. Returns the palette; nil without a
    /// window.
    @discardableResult
    public func showCommandPalette() -> CommandPalette? {
        installCommands()
        guard let searched = dialogParent else { return nil }
        let palette = CommandPalette(searching: searched, usage: commandUsage)
        palette.present()
        return palette
    }

    /// Shows the preferences (``onPreferences``), as Preferences (Ctrl+,) does; nothing when
    /// the application has none.
    public func showPreferences() {
        onPreferences?(self)
    }

    private func showHelp(_ uri: String) {
        gtk_show_uri(dialogParent, uri, guint32(GDK_CURRENT_TIME))
    }

    /// Opens GTK's About window with what the application says of itself (``version``,
    /// ``comments``, ``website``, ``developers``, ``license``, ``iconName``), as Help › About
    /// does. Returns the window, over the active one.
    @discardableResult
    public func showAbout() -> UnsafeMutablePointer<GtkWindow>? {
        let about = gtk_about_dialog_new()!
        let dialog = OpaquePointer(about)
        gtk_about_dialog_set_program_name(dialog, name)
        if let version { gtk_about_dialog_set_version(dialog, version) }
        if let comments { gtk_about_dialog_set_comments(dialog, comments) }
        if let website { gtk_about_dialog_set_website(dialog, website) }
        if let iconName { gtk_about_dialog_set_logo_icon_name(dialog, iconName) }
        if license != GTK_LICENSE_UNKNOWN { gtk_about_dialog_set_license_type(dialog, license) }
        if !developers.isEmpty {
            withCStringArray(developers) { gtk_about_dialog_set_authors(dialog, $0) }
        }
        let window = gmk_window(about.gpointer)!
        gtk_window_set_transient_for(window, dialogParent)
        gtk_window_set_modal(window, 1)
        gtk_window_set_application(window, gtkApplication)
        gtk_window_present(window)
        return window
    }
}
