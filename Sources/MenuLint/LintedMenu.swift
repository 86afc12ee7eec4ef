import GMenuKitCore
import GMenuKitBuilder

/// A menu found in a UI file, as the linter checks it: GMenuKit content, and where each of
/// its nodes was written.
public struct LintedMenu {
    /// The menu's `id` in the file.
    public var id: String
    /// The line of its `<menu>` element (1-based).
    public var line: Int
    package var nodes: [MenuNode]
    /// The line each node was written on, where known.
    public var lines: [MenuIdentity: Int]
    /// Why the menu cannot be checked, when GtkBuilder reads it but GMenuKit cannot hold it
    /// (an item with an app-defined link); the file's other menus are still checked.
    public var unreadable: String?

    package init(id: String, line: Int, nodes: [MenuNode], lines: [MenuIdentity: Int], unreadable: String? = nil) {
        self.id = id
        self.line = line
        self.nodes = nodes
        self.lines = lines
        self.unreadable = unreadable
    }
}

/// Reads the menus of a GtkBuilder file. The linter is written against this shape so that it
/// needs no more of the importer than menus, nodes and lines.
@MainActor
public protocol BuilderMenuReader {
    /// Every `<menu>` of the GtkBuilder XML, in the order written. Throws on XML GtkBuilder
    /// would not read, with a message that names the line.
    func menus(inBuilderXML xml: String) throws -> [LintedMenu]
}
