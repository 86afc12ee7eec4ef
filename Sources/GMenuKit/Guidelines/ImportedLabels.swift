/// Items read from GtkBuilder keep their labels as written, with GTK's `_` mnemonic marks
/// ("Op_en in Console"), as GTK shows them. The label rules read the label people see
/// ("Open in Console") and its access key instead.
extension GuidelineChecker {
    /// Declared menus, the common case, are handed back as they are, not copied. Nothing
    /// below the checks' cut is read (submenus and groups nested deeper than
    /// `MenuNesting.maximumDepth` each): a value may nest thousands of levels.
    static func readingImportedLabels(_ nodes: [MenuNode], depth: Int = 0) -> [MenuNode] {
        guard depth <= deepestLevel, containsImported(nodes, depth: depth) else { return nodes }
        return nodes.map { node in
            var node = node
            if node.imported != nil {
                let parsed = MenuLabelText.parsingUnderline(node.title)
                node.title = parsed.text
                node.mnemonicPosition = parsed.mnemonicPosition
                node.mnemonic = nil
            }
            switch node.kind {
            case .section(let children): node.kind = .section(children: readingImportedLabels(children, depth: depth + 1))
            case .submenu(let children, let action):
                node.kind = .submenu(children: readingImportedLabels(children, depth: depth + 1), primaryAction: action)
            case .controlGroup(let children): node.kind = .controlGroup(children: readingImportedLabels(children, depth: depth + 1))
            default: break
            }
            return node
        }
    }

    /// Submenus and groups count toward separate cuts; together they reach at most this deep.
    private static let deepestLevel = 2 * MenuNesting.maximumDepth + 2

    private static func containsImported(_ nodes: [MenuNode], depth: Int) -> Bool {
        guard depth <= deepestLevel else { return false }
        return nodes.contains { $0.imported != nil || containsImported($0.children, depth: depth + 1) }
    }
}
