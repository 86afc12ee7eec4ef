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
    let name: String
    init(_ name: String) { self.name = name }
    public var description: String { name }

    public static let newItem = Self("newItem")
    public static let saveItem = Self("saveItem")
    public static let importExport = Self("importExport")
    public static let printItem = Self("printItem")
    public static let closeItem = Self("closeItem")
    public static let appTermination = Self("appTermination")
    public static let undoRedo = Self("undoRedo")
    public static let pasteboard = Self("pasteboard")
    public static let textEditing = Self("textEditing")
    public static let appSettings = Self("appSettings")
    public static let toolbar = Self("toolbar")
    public static let sidebar = Self("sidebar")
    public static let textFormatting = Self("textFormatting")
    public static let help = Self("help")
    public static let appInfo = Self("appInfo")
}

/// Commands an application declares once, for its menu bar, its primary menu and any button
/// bound to them (``Application/commands(_:)``).
@MainActor
public protocol Commands {
    /// Appends what this declares, in the order written.
    func declare(into declarations: inout [CommandDeclaration])
}

/// One declaration: a menu of its own, or a group at a standard place.
public struct CommandDeclaration {
    enum Kind {
        case menu(title: String)
        case group(CommandGroupPlacement, Position)
    }

    enum Position: Equatable { case replacing, before, after }

    let kind: Kind
    let content: @MainActor () -> any MenuContent
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
    let title: String
    let content: @MainActor () -> any MenuContent

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
    let placement: CommandGroupPlacement
    let position: CommandDeclaration.Position
    let content: @MainActor () -> any MenuContent

    public init(replacing placement: CommandGroupPlacement,
                @MenuContentBuilder content: @escaping @MainActor () -> any MenuContent) {
        self.init(placement, .replacing, content)
    }

    public init(before placement: CommandGroupPlacement,
                @MenuContentBuilder content: @escaping @MainActor () -> any MenuContent) {
        self.init(placement, .before, content)
    }

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
    func declare(into declarations: inout [CommandDeclaration]) {
        for part in parts { part.declare(into: &declarations) }
    }
}

/// Builds ``Commands`` from the statements of a closure, as SwiftUI's `@CommandsBuilder`.
@MainActor
@resultBuilder
public enum CommandsBuilder {
    public static func buildExpression(_ commands: any Commands) -> any Commands { commands }
    public static func buildBlock(_ parts: any Commands...) -> any Commands { CommandList(parts: parts) }
    public static func buildOptional(_ commands: (any Commands)?) -> any Commands { CommandList(parts: commands.map { [$0] } ?? []) }
    public static func buildEither(first commands: any Commands) -> any Commands { commands }
    public static func buildEither(second commands: any Commands) -> any Commands { commands }
    public static func buildArray(_ parts: [any Commands]) -> any Commands { CommandList(parts: parts) }
}
