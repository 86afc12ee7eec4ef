/// What stands in the way of giving a command new keys, as the shortcuts editor shows it
/// before the change happens.
package enum ShortcutConflict: Equatable, Sendable {
    /// The desktop takes the keys before any application: refused, whatever the person says.
    case keptByDesktop(reason: String)
    /// Another command has them: swap the two commands' keys, take them from it, or cancel.
    case command(name: String, title: String)
    /// A menu of the window uses them (the menu bar's F10, a bar menu's Alt and access key, an
    /// item of a control's menu): the command would take them from it.
    case windowMenu(what: String)
    /// A focused text field, text view or list uses them (or they type text): the command
    /// gets them only where the focused widget lets them through.
    case editingKey

    /// Whether the person may go on and use the keys anyway (only the desktop's refuse).
    package var canBeOverridden: Bool {
        if case .keptByDesktop = self { return false }
        return true
    }
}

/// Finds every conflict of a proposed shortcut, worst first.
package enum ShortcutConflicts {
    /// One command's shortcut, in GTK's spelling (`gtk_accelerator_name`).
    package struct Holder: Equatable, Sendable {
        package var name: String
        package var title: String
        package var canonical: String?

        package init(name: String, title: String, canonical: String?) {
            self.name = name
            self.title = title
            self.canonical = canonical
        }
    }

    /// The conflicts of giving `command` the keys `canonical`. `others`: every command and the
    /// keys it has now; `windowKeys`: what a menu of the window does with keys (canonical →
    /// "opens the File menu").
    package static func find(
        _ canonical: String, typesText: Bool, for command: String,
        commands others: [Holder], windowKeys: [String: String]
    ) -> [ShortcutConflict] {
        var found: [ShortcutConflict] = []
        if let reason = ReservedShortcuts.reason(forCanonical: canonical) { found.append(.keptByDesktop(reason: reason)) }
        for other in others where other.name != command && other.canonical == canonical {
            found.append(.command(name: other.name, title: other.title))
        }
        if let what = windowKeys[canonical] { found.append(.windowMenu(what: what)) }
        if EditingKeys.isEditingKey(canonical, typesText: typesText) { found.append(.editingKey) }
        return found
    }

    /// The keys a window's menu bar uses: F10 opens it, Alt and each menu's access key opens
    /// that menu (`barTitles` as GTK shows them, `_` before the access key). Shift+F10 and the
    /// Menu key open the focused widget's context menu in any window.
    package static func windowMenuKeys(barTitles: [String]?) -> [String: String] {
        var keys = ["<Shift>F10": "opens the focused widget's context menu", "Menu": "opens the focused widget's context menu"]
        guard let barTitles else { return keys }
        keys["F10"] = "opens the menu bar"
        for title in barTitles {
            guard let key = accessKey(of: title) else { continue }
            keys["<Alt>" + String(key)] = keys["<Alt>" + String(key)] ?? "opens the \(withoutAccessKeys(title)) menu"
        }
        return keys
    }

    /// A GTK label as people read it: `_` marks gone, `__` a plain `_`.
    package static func withoutAccessKeys(_ label: String) -> String {
        var shown = "", characters = label.makeIterator()
        while let character = characters.next() {
            if character == "_" {
                if let next = characters.next() { shown.append(next) }
            } else {
                shown.append(character)
            }
        }
        return shown
    }

    /// The lowercase letter after the first single `_` of a GTK label ("_File" → f).
    package static func accessKey(of label: String) -> Character? {
        var characters = label.makeIterator()
        while let character = characters.next() {
            guard character == "_" else { continue }
            guard let next = characters.next() else { return nil }
            if next == "_" { continue }
            return Character(next.lowercased())
        }
        return nil
    }
}
