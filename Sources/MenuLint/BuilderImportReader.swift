import GMenuKit

/// Reads menus with GMenuKit's GtkBuilder importer (`BuilderDocument`), which keeps the line
/// of every element.
@MainActor
public struct BuilderImportReader: BuilderMenuReader {
    public init() {}

    public func menus(inBuilderXML xml: String) throws -> [LintedMenu] {
        let document = try BuilderDocument(xml: xml)
        return try document.menus.enumerated().map { index, menu in
            let id = menu.id ?? "(menu \(index + 1))"
            let nodes = try BuilderMenuContent(document, id: id).resolvedNodes()
            var lines: [MenuIdentity: Int] = [:]
            Self.collectLines(nodes, into: &lines)
            return LintedMenu(id: id, line: menu.location.line, nodes: nodes, lines: lines)
        }
    }

    private static func collectLines(_ nodes: [MenuNode], into lines: inout [MenuIdentity: Int]) {
        for node in nodes {
            if let location = node.imported?.location { lines[node.identity] = location.line }
            collectLines(node.children, into: &lines)
        }
    }
}

extension MenuContent {
    @MainActor
    func resolvedNodes() -> [MenuNode] {
        var nodes: [MenuNode] = []
        resolve(at: MenuIdentity(), into: &nodes)
        return nodes
    }
}
