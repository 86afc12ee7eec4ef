import CGtk
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// The menus made from the application's commands, and buttons bound to them.
extension Application {
    /// A menu bar of the commands (File, Edit, View, Format, the app's own menus, Help), for
    /// one window. Its items name the application's actions: every window's bar, the primary
    /// menu and bound buttons share one action, one enabled state and one shortcut per command.
    public func makeMenuBar() -> MenuBar {
        installCommands()
        let layout = commandLayout
        return MenuBar(actionPrefix: "menubar") { StoredNodes { layout.menuBar } }
    }

    /// The primary ("hamburger") menu's button: New Window; saving and exporting; Preferences,
    /// Keyboard Shortcuts, Help, About.
    public func makePrimaryMenuButton() -> PullDownButton {
        PullDownButton(primaryMenu)
    }

    /// Shows the primary menu from a `GtkMenuButton` made elsewhere (a builder file); the
    /// button owns the menu. A screen reader hears it by the label it shows, else by its
    /// tooltip ("Main Menu" unless the app gave one), as a button that opens a menu.
    @discardableResult
    public func attachPrimaryMenu(to menuButton: UnsafeMutablePointer<GtkWidget>) -> RenderedMenu {
        let rendered = RenderedMenu(primaryMenu, actionPrefix: "menu", isPresented: true)
        rendered.guidelineContext = .pullDown
        rendered.attach(toMenuButton: menuButton)
        rendered.followThemeColors(of: menuButton)
        if gmk_is_menu_button(menuButton.gpointer) != 0 {
            let button = gmk_menu_button(menuButton.gpointer)
            if gtk_menu_button_get_icon_name(button) == nil && gtk_menu_button_get_label(button) == nil {
                gtk_menu_button_set_icon_name(button, "open-menu-symbolic")
            }
            if gtk_widget_get_tooltip_text(menuButton) == nil { gtk_widget_set_tooltip_text(menuButton, "Main Menu") }
            // Named by the label it shows, else by its tooltip: the app's, or "Main Menu" as
            // GNOME apps name it.
            let label = gtk_menu_button_get_label(button).map { MenuLabelText.normalize(String(cString: $0)).text }
            let tooltip = gtk_widget_get_tooltip_text(menuButton).map { String(cString: $0) }
            ControlAccessibility.name(menuButton: menuButton, label ?? tooltip ?? "Main Menu")
            ControlAccessibility.followsMenu(menuButton)
        }
        WidgetOwnership.give(rendered, to: menuButton, key: "gmenukit-primary-menu")
        return rendered
    }

    private var primaryMenu: Menu {
        installCommands()
        let layout = commandLayout
        return Menu("Main Menu", icon: "open-menu-symbolic") { StoredNodes { layout.primaryMenu } }
    }

    /// Binds a `GtkButton` or `GtkToggleButton` (a header-bar button) to a command: the
    /// button activates the command's action (`action-name`, so GTK dims it with the
    /// command), a toggle button shows and flips a toggle command's state, and its tooltip is
    /// the command's label with its shortcut ("Save (Ctrl+S)"), kept in step.
    ///
    /// - Parameters:
    ///   - button: the `GtkButton` or `GtkToggleButton`; any other widget is a diagnostic.
    ///   - name: the command's action name: its first label's words, lowercase, joined by '-'
    ///     ("Save" → `save`, "Export…" → `export`, "New Window" → `new-window`).
    public func bind(_ button: UnsafeMutablePointer<GtkWidget>, toCommand name: String) {
        installCommands()
        guard g_type_check_instance_is_a(button.gpointer.assumingMemoryBound(to: GTypeInstance.self),
                                         gtk_actionable_get_type()) != 0 else {
            RenderedMenu.diagnosticHandler(MenuDiagnostic(severity: .error, path: name,
                message: "a \(String(cString: gmk_type_name_of(button.gpointer))) cannot be bound to a command: it is no GtkActionable (GtkButton, GtkToggleButton)"))
            return
        }
        gtk_actionable_set_action_name(gmk_actionable(button.gpointer), "app." + name)
        let layout = commandLayout
        var reported = false
        observe(button) {
            guard let command = layout.commands[name] else {
                if !reported && !layout.commands.isEmpty {
                    reported = true
                    RenderedMenu.diagnosticHandler(MenuDiagnostic(severity: .error, path: name,
                        message: "no command has this action name; the button stays dimmed (commands: \(layout.commandOrder.joined(separator: ", ")))"))
                }
                return
            }
            let label = MenuLabelText.normalize(command.title).text
            let tooltip = command.shortcut.flatMap(acceleratorLabel).map { "\(label) (\($0))" } ?? label
            gtk_widget_set_tooltip_text(button, tooltip)
            // A screen reader hears the command's label as the button's name (GTK 4.8 would
            // name an icon button "GtkImage"), and its help, else the tooltip, as description.
            ControlAccessibility.name(button: button, label, description: command.help ?? tooltip)
        }
    }

    /// Binds a typed button (`GtkButton`, `GtkToggleButton`) to a command, as the widget form does.
    public func bind<Button: GObjectType>(_ button: UnsafeMutablePointer<Button>, toCommand name: String) {
        bind(gmk_widget(button.gpointer), toCommand: name)
    }

    /// Binds a button to the command with the identity `command` (``CommandID``), as
    /// `bind(_:toCommand:)` does by name.
    public func bind(_ button: UnsafeMutablePointer<GtkWidget>, to command: CommandID) {
        bind(button, toCommand: command.name)
    }

    /// Binds a typed button to the command with the identity `command`.
    public func bind<Button: GObjectType>(_ button: UnsafeMutablePointer<Button>, to command: CommandID) {
        bind(gmk_widget(button.gpointer), toCommand: command.name)
    }
}
