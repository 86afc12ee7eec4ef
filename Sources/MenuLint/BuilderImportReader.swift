import GMenuKitCore
import GMenuKitBuilder

/// Reads menus with GMenuKit's GtkBuilder importer (`BuilderDocument`), which keeps the line
/// of every element.
@MainActor
public struct BuilderImportReader: BuilderMenuReader {
    public init() {}

    public func menus(inBuilderXML xml: String) throws -> [LintedMenu] {
        // The labels as written are what is checked, in whatever locale the linter runs: no
        // attribute is looked up in a translation.
        var document = try BuilderDocument(xml: xml)
        document.menus = document.menus.map { menu in
            var menu = menu
            menu.items = Self.untranslated(menu.items)
            return menu
        }
        return document.menus.enumerated().map { index, menu in
            let id = menu.id ?? "(menu \(index + 1))"
            // A document of this menu alone: a file may hold several menus of one id (GNOME
            // Builder's, merged by the app), and the content finds a menu by id.
            var alone = document
            alone.menus = [menu]
            alone.menus[0].id = id
            let nodes: [MenuNode]
            do {
                nodes = try BuilderMenuContent(alone, id: id).resolvedNodes()
            } catch {
                return LintedMenu(id: id, line: menu.location.line, nodes: [], lines: [:], unreadable: "\(error)")
            }
            var lines: [MenuIdentity: Int] = [:]
            Self.collectLines(nodes, into: &lines)
            return LintedMenu(id: id, line: menu.location.line, nodes: nodes, lines: lines)
        }
    }

    private static func untranslated(_ items: [BuilderMenuItem]) -> [BuilderMenuItem] {
        items.map { item in
            var item = item
            item.attributes = item.attributes.map { attribute in
                var attribute = attribute
                attribute.isTranslatable = false
                return attribute
            }
            item.links = item.links.map { link in
                var link = link
                link.items = untranslated(link.items)
                return link
            }
            return item
        }
    }

    /// Down to where the checks stop (submenus and sections cut at `MenuNesting.maximumDepth`
    /// each): a file may nest its elements thousands deep.
    private static func collectLines(_ nodes: [MenuNode], depth: Int = 0, into lines: inout [MenuIdentity: Int]) {
        guard depth <= 2 * MenuNesting.maximumDepth + 2 else { return }
        for node in nodes {
            if let location = node.imported?.location { lines[node.identity] = location.line }
            collectLines(node.children, depth: depth + 1, into: &lines)
        }
    }
}

extension MenuContent {
    @MainActor
    func resolvedNodes() -> [MenuNode] {
        resolveNodes(at: MenuIdentity())
    }
}
