/// Where a group of commands goes in the menu bar and the primary menu, as SwiftUI's
/// `CommandGroupPlacement`: the standard places every GNOME application has.
///
/// | placement | menu bar | primary menu | standard content |
/// | --- | --- | --- | --- |
/// | `.newItem` | File | first section | New Window (Ctrl+N), with a window builder |
/// | `.saveItem`, `.importExport`, `.printItem` | File | second section | none |
/// | `.closeItem` | File | – | Close Window (Ctrl+W) |
/// | `.appTermination` | File, last | – | Quit (Ctrl+Q) |
/// | `.undoRedo`, `.pasteboard`, `.textEditing` | Edit | – | none |
/// | `.appSettings` | Edit, last | last section | Preferences (Ctrl+,), with `onPreferences` |
/// | `.toolbar`, `.sidebar` | View | – | none |
/// | `.textFormatting` | Format | – | none |
/// | `.help` | Help | last section | Keyboard Shortcuts (Ctrl+?), Help (F1, with `helpURI`) |
/// | `.appInfo` | Help, last | last section, last | About *App* |
public struct CommandGroupPlacement: Hashable, Sendable, CustomStringConvertible {
    package let name: String
    package init(_ name: String) { self.name = name }
    public var description: String { name }

    /// Making something new (SwiftUI's `.newItem`): the File menu's first section and the
    /// primary menu's first. New Window (Ctrl+N) when the application has ``Application/makeWindow``.
    public static let newItem = Self("newItem")
    /// Saving (SwiftUI's `.saveItem`): the File menu's second section and the primary menu's
    /// second, before import and export and printing. Empty unless the application declares it.
    public static let saveItem = Self("saveItem")
    /// Importing and exporting (SwiftUI's `.importExport`): after saving, in the same section
    /// of the File menu and the primary menu. Empty unless the application declares it.
    public static let importExport = Self("importExport")
    /// Printing (SwiftUI's `.printItem`): after import and export, in the same section of the
    /// File menu and the primary menu. Empty unless the application declares it.
    public static let printItem = Self("printItem")
    /// Closing (SwiftUI's `.closeItem`): the File menu's last section, not in the primary
    /// menu. Close Window (Ctrl+W), which closes the active window and is disabled without one.
    public static let closeItem = Self("closeItem")
    /// Ending the application (SwiftUI's `.appTermination`): the end of the File menu, after
    /// closing, not in the primary menu. Quit (Ctrl+Q), ``Application/quit()``.
    public static let appTermination = Self("appTermination")
    /// Undo and redo (SwiftUI's `.undoRedo`): the Edit menu's first section. Empty unless the
    /// application declares it.
    public static let undoRedo = Self("undoRedo")
    /// Cut, copy and paste (SwiftUI's `.pasteboard`; the clipboard in GTK): the Edit menu's
    /// second section. Empty unless the application declares it.
    public static let pasteboard = Self("pasteboard")
    /// Editing text, such as Select All or Find (SwiftUI's `.textEditing`): the Edit menu's
    /// third section. Empty unless the application declares it.
    public static let textEditing = Self("textEditing")
    /// The application's settings (SwiftUI's `.appSettings`): the Edit menu's last section and
    /// the primary menu's last, first in it. Preferences (Ctrl+,) when ``Application/onPreferences`` is set.
    public static let appSettings = Self("appSettings")
    /// Showing and arranging toolbars (SwiftUI's `.toolbar`): the View menu's first section.
    /// Empty unless the application declares it.
    public static let toolbar = Self("toolbar")
    /// Showing the sidebar (SwiftUI's `.sidebar`): the View menu's second section. Empty
    /// unless the application declares it.
    public static let sidebar = Self("sidebar")
    /// Formatting text (SwiftUI's `.textFormatting`): the Format menu, before the
    /// application's own ``CommandMenu``s. Empty unless the application declares it.
    public static let textFormatting = Self("textFormatting")
    /// Help (SwiftUI's `.help`): the Help menu's first section and the primary menu's last.
    /// Keyboard Shortcuts (Ctrl+?), and Help (F1), which opens ``Application/helpURI`` when it is set.
    public static let help = Self("help")
    /// About the application (SwiftUI's `.appInfo`): the end of the Help menu and of the
    /// primary menu. About *App* (``Application/name``), which shows GTK's About window.
    public static let appInfo = Self("appInfo")
}

/// Commands an application declares once, for its menu bar, its primary menu and any button
/// bound to them (``Application/commands(_:)``).
///
/// A type of the app's own declares commands in its `body`, as in SwiftUI, and may read
/// focused values there (`@FocusedValue`, `@FocusedBinding`):
///
/// ```swift
/// struct FileCommands: Commands {
///     var body: any Commands {
///         CommandGroup(after: .newItem) { Button("Open Recent") {} }
///     }
/// }
/// ```
@MainActor
public protocol Commands {
    /// Appends what this declares, in the order written. GMenuKit's own commands declare
    /// themselves; a type of the app's own declares its `body`.
    func declare(into declarations: inout [CommandDeclaration])

    /// The commands this type is made of (a type of the app's own). It is `any Commands`:
    /// SwiftUI's `some Commands` does not conform, so a type ported with it fails to build
    /// rather than declare nothing.
    @CommandsBuilder var body: any Commands { get }
}

extension Commands {
    /// Declares the commands of `body`.
    public func declare(into declarations: inout [CommandDeclaration]) {
        body.declare(into: &declarations)
    }
}

/// One declaration: a menu of its own, or a group at a standard place.
public struct CommandDeclaration {
    package enum Kind {
        case menu(title: String)
        case group(CommandGroupPlacement, Position)
    }

    package enum Position: Equatable { case replacing, before, after }

    package let kind: Kind
    package let content: @MainActor () -> any MenuContent
}

/// A menu of the application's own in the menu bar, after View and before Help
/// (SwiftUI's `CommandMenu`).
///
/// ```swift
/// CommandMenu("Format") {
///     Toggle("Bold", isOn: Binding(editor, \.isBold)).keyboardShortcut("<Control>b")
/// }
/// ```
public struct CommandMenu: Commands {
    package let title: String
    package let content: @MainActor () -> any MenuContent

    /// Itself: a menu declares itself.
    public var body: any Commands { self }

    /// A menu titled `title` with the items `content` builds, placed in the menu bar after
    /// View and Format and before Help, in the order declared (not in the primary menu).
    public init(_ title: String, @MenuContentBuilder content: @escaping @MainActor () -> any MenuContent) {
        self.title = title
        self.content = content
    }

    public func declare(into declarations: inout [CommandDeclaration]) {
        declarations.append(CommandDeclaration(kind: .menu(title: title), content: content))
    }
}

/// Commands at a standard place (SwiftUI's `CommandGroup`): in place of what GMenuKit puts
/// there, or before or after it.
///
/// ```swift
/// CommandGroup(after: .newItem) { Button("Open…") { … }.keyboardShortcut("<Control>o") }
/// CommandGroup(replacing: .saveItem) { Button("Save") { … }.keyboardShortcut("<Control>s") }
/// ```
public struct CommandGroup: Commands {
    package let placement: CommandGroupPlacement
    package let position: CommandDeclaration.Position
    package let content: @MainActor () -> any MenuContent

    /// Itself: a group declares itself.
    public var body: any Commands { self }

    /// Puts `content` at `placement` in place of GMenuKit's standard commands there (as
    /// SwiftUI's `CommandGroup(replacing:)`); replacing with nothing removes them.
    public init(replacing placement: CommandGroupPlacement,
                @MenuContentBuilder content: @escaping @MainActor () -> any MenuContent) {
        self.init(placement, .replacing, content)
    }

    /// Puts `content` at `placement` before what is there: the standard commands, or what
    /// replaces them (as SwiftUI's `CommandGroup(before:)`).
    public init(before placement: CommandGroupPlacement,
                @MenuContentBuilder content: @escaping @MainActor () -> any MenuContent) {
        self.init(placement, .before, content)
    }

    /// Puts `content` at `placement` after what is there: the standard commands, or what
    /// replaces them (as SwiftUI's `CommandGroup(after:)`).
    public init(after placement: CommandGroupPlacement,
                @MenuContentBuilder content: @escaping @MainActor () -> any MenuContent) {
        self.init(placement, .after, content)
    }

    private init(_ placement: CommandGroupPlacement, _ position: CommandDeclaration.Position,
                 _ content: @escaping @MainActor () -> any MenuContent) {
        self.placement = placement
        self.position = position
        self.content = content
    }

    public func declare(into declarations: inout [CommandDeclaration]) {
        declarations.append(CommandDeclaration(kind: .group(placement, position), content: content))
    }
}

/// Several declarations written one after another, with `if` and loops.
private struct CommandList: Commands {
    let parts: [any Commands]
    var body: any Commands { self }
    func declare(into declarations: inout [CommandDeclaration]) {
        for part in parts { part.declare(into: &declarations) }
    }
}

/// Builds ``Commands`` from the statements of a closure, as SwiftUI's `@CommandsBuilder`.
@MainActor
@resultBuilder
public enum CommandsBuilder {
    /// One declaration as it stands.
    public static func buildExpression(_ commands: any Commands) -> any Commands { commands }
    /// Declarations written one after another, kept in that order.
    public static func buildBlock(_ parts: any Commands...) -> any Commands { CommandList(parts: parts) }
    /// An `if` without `else`: its declarations when the condition holds, none otherwise.
    public static func buildOptional(_ commands: (any Commands)?) -> any Commands { CommandList(parts: commands.map { [$0] } ?? []) }
    /// The declarations of an `if`'s first branch (or a `switch` case).
    public static func buildEither(first commands: any Commands) -> any Commands { commands }
    /// The declarations of an `if`'s `else` branch (or a later `switch` case).
    public static func buildEither(second commands: any Commands) -> any Commands { commands }
    /// The declarations of a `for` loop, each iteration's in turn.
    public static func buildArray(_ parts: [any Commands]) -> any Commands { CommandList(parts: parts) }
}
