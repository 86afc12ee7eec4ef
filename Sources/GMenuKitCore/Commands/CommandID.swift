/// A command's identity, its action name without the scope (`app.`): what buttons, shortcuts
/// people change, imported menus and tests name it by, whatever its label says or is
/// translated to. Without one, a command's action is named by its label's words
/// ("Export…" → `export`), and renaming the label renames the action.
///
/// ```swift
/// extension CommandID {
///     static let exportPDF: CommandID = "export-pdf"
/// }
///
/// CommandGroup(replacing: .importExport) {
///     Button("Export as PDF…") { export() }.commandID(.exportPDF)
/// }
/// app.bind(exportButton, to: .exportPDF)
/// ```
public struct CommandID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The action name: lowercase ASCII letters, digits and '-' (another character becomes '-').
    public let name: String

    /// The identity named `name` (`"export-pdf"`).
    public init(_ name: String) {
        self.name = ActionNameRegistry.slug(name)
    }

    /// The identity written as a string literal.
    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// The action name.
    public var description: String { name }

    /// The standard commands' identities, as GNOME applications name their actions.
    public static let newWindow: CommandID = "new-window"
    /// Close Window (Ctrl+W).
    public static let closeWindow: CommandID = "close-window"
    /// Quit (Ctrl+Q).
    public static let quit: CommandID = "quit"
    /// Preferences (Ctrl+,).
    public static let preferences: CommandID = "preferences"
    /// Keyboard Shortcuts (Ctrl+?).
    public static let keyboardShortcuts: CommandID = "keyboard-shortcuts"
    /// Search… (Ctrl+Shift+P): the command palette.
    public static let commandPalette: CommandID = "command-palette"
    /// Help (F1).
    public static let help: CommandID = "help"
    /// About *App*.
    public static let about: CommandID = "about"
}

extension MenuContent {
    /// Names the item's action by `id` rather than by its label, so that a new label or a
    /// translation keeps every button, shortcut and menu that names the command. Two items of
    /// one menu with one identity share the name as two labels would ("save", "save-2").
    public func commandID(_ id: CommandID) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.details.commandName = id.name }
    }

    /// Words the command palette finds the item by beside its title, in the app's language:
    /// `Button("Print…") { … }.searchKeywords("export", "pdf")`. A person typing "pdf" finds Print.
    public func searchKeywords(_ keywords: String...) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.details.searchKeywords += keywords.filter { !$0.isEmpty } }
    }
}

/// Which of the application's menus show a command. Its action, shortcut and bound buttons
/// work wherever it is shown.
public enum CommandMenus: Sendable, Equatable {
    /// GNOME's layout: every command in the menu bar; in the primary menu, New Window, saving,
    /// exporting and printing, Preferences, Keyboard Shortcuts, Help and About.
    case automatic
    /// The menu bar alone, never the primary menu.
    case menuBarOnly
    /// The primary menu alone, never the menu bar.
    case primaryMenuOnly
    /// Both: a command the primary menu would leave out (Quit) in its last section.
    case both
}

extension MenuContent {
    /// Which of the application's menus show the command (``CommandMenus``): keeps a command
    /// out of the primary menu, or puts one there that GNOME's layout leaves out.
    public func commandMenus(_ menus: CommandMenus) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.details.commandMenus = menus }
    }
}
