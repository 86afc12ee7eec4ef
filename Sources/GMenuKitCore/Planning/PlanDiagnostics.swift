/// What planning found wrong and repaired, each with the item's path ("Edit › Sort By"), in
/// the order it was found.
package struct PlanDiagnostics {
    package private(set) var all: [MenuDiagnostic] = []

    package init() {}

    package mutating func report(_ severity: MenuDiagnostic.Severity, path: [String], _ message: String, suggestion: String? = nil) {
        all.append(MenuDiagnostic(severity: severity, path: MenuLabelText.path(path), message: message, suggestion: suggestion))
    }

    /// What normalizing a label (or a subtitle: `part`) changed, on the item titled `title`.
    package mutating func reportLabelProblems(_ problems: [String], of part: String = "label", title: String, path: [String]) {
        for problem in problems {
            report(.warning, path: path + [title], "the \(part) " + problem)
        }
    }

    /// A shortcut on what is no command: a submenu, a group, a value control.
    package mutating func reportIgnoredShortcut(_ node: MenuNode, path: [String]) {
        if let shortcut = node.shortcut {
            report(.warning, path: path + [node.title],
                   "a keyboard shortcut (\(shortcut)) belongs on a command, not on a submenu or group; it is not shown")
        }
    }
}
