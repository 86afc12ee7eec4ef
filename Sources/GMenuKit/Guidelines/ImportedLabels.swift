/// Items read from GtkBuilder keep their labels as written, with GTK's `_` mnemonic marks
/// ("Op_en in Console"), as GTK shows them. The label rules read the label people see
/// ("Open in Console") and its access key instead.
extension GuidelineChecker {
    /// Declared menus, the common case, are handed back as they are, not copied.
    static func readingImportedLabels(_ nodes: [MenuNode]) -> [MenuNode] {
        guard containsImported(nodes) else { return nodes }
        return nodes.map { node in
            var node = node
            if node.imported != nil {
                let parsed = MenuLabelText.parsingUnderline(node.title)
                node.title = parsed.text
                node.mnemonicPosition = parsed.mnemonicPosition
                node.mnemonic = nil
            }
            switch node.kind {
            case .section(let children): node.kind = .section(children: readingImportedLabels(children))
            case .submenu(let children, let action): node.kind = .submenu(children: readingImportedLabels(children), primaryAction: action)
            case .controlGroup(let children): node.kind = .controlGroup(children: readingImportedLabels(children))
            default: break
            }
            return node
        }
    }

    private static func containsImported(_ nodes: [MenuNode]) -> Bool {
        nodes.contains { $0.imported != nil || containsImported($0.children) }
    }
}
