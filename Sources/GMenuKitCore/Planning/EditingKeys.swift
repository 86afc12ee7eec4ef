/// The keys a focused text field, text view, list or tree uses itself (GTK 4's key bindings of
/// GtkText, GtkTextView, GtkListView, GtkListBox and GtkTreeView), by GTK's accelerator names
/// (`gtk_accelerator_name`: "Delete", "<Shift>Home", "<Control>a", "<Shift><Control>z").
/// A shortcut on one of them must let the focused widget have the key first.
package enum EditingKeys {
    /// Keys used without a modifier or with Shift alone: deleting, moving, choosing, Tab.
    private static let plain: Set<String> = [
        "BackSpace", "Delete", "KP_Delete", "Insert", "KP_Insert",
        "Home", "End", "KP_Home", "KP_End", "Left", "Right", "Up", "Down",
        "KP_Left", "KP_Right", "KP_Up", "KP_Down", "Page_Up", "Page_Down", "KP_Page_Up", "KP_Page_Down",
        "Prior", "Next", "KP_Prior", "KP_Next", "Return", "KP_Enter", "ISO_Enter",
        "Tab", "KP_Tab", "ISO_Left_Tab", "space", "KP_Space", "Menu",
    ]

    /// Keys used with Control (and Shift): select all, the clipboard, undo and redo, moving
    /// and deleting by word and paragraph, the emoji chooser (Ctrl+. and Ctrl+;), Tab out of a
    /// text view, Space to select a list row.
    private static let withControl: Set<String> = [
        "a", "c", "v", "x", "z", "y",
        "Home", "End", "Left", "Right", "Up", "Down", "KP_Home", "KP_End", "KP_Left", "KP_Right", "KP_Up", "KP_Down",
        "BackSpace", "Delete", "KP_Delete", "Insert", "KP_Insert", "Page_Up", "Page_Down",
        "period", "semicolon", "Tab", "ISO_Left_Tab", "space",
    ]

    /// Whether a focused text or list widget uses the shortcut `canonical` (GTK's spelling), or
    /// it types text.
    package static func isEditingKey(_ canonical: String, typesText: Bool) -> Bool {
        if typesText { return true }
        var rest = Substring(canonical)
        var modifiers: Set<Substring> = []
        while rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") {
            modifiers.insert(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
        }
        let key = String(rest)
        modifiers.remove("Shift")
        if modifiers.isEmpty { return plain.contains(key) }
        // GTK spells Control "Control" (gtk_accelerator_name); "Primary" and "Ctrl" read as it.
        guard modifiers.count == 1, let modifier = modifiers.first,
              modifier == "Control" || modifier == "Primary" || modifier == "Ctrl" else { return false }
        return withControl.contains(key.count == 1 ? key.lowercased() : key)
    }
}
