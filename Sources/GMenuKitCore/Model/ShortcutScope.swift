/// Where a keyboard shortcut runs, relative to the widget that has the keyboard focus.
///
/// GTK runs an application's accelerators before the focused widget sees the key: a command
/// with Delete would take Delete from the text being typed. By default a shortcut that a
/// focused text field, text view, list or tree uses itself (Delete, BackSpace, the arrows,
/// Home and End, Page Up and Down, Return, Tab, Space, Ctrl+A, Ctrl+C, Ctrl+V, Ctrl+X, Ctrl+Z
/// and the like) reaches that widget first, and runs the command only when the widget lets the
/// key through, as in GNOME's own apps: Delete in a text view deletes a character, Delete on a
/// list row moves the row's note to the trash.
public enum ShortcutScope: Sendable, Equatable {
    /// Keys a focused widget uses reach it first; a command's other shortcuts run before any
    /// widget, in every window of the application (GTK's application accelerators), and a
    /// menu's work anywhere in its window when no widget takes the key.
    case automatic
    /// Before any widget, whatever the key: GTK's application accelerators. A key a text field
    /// uses is then taken from it (reported).
    case application
    /// Only when the focused widget lets the key through, whatever the key.
    case afterFocusedWidget
    /// Only when no text field or text view has the focus; after the focused widget otherwise.
    case whenNoTextIsFocused
}

/// When a shortcut runs, as the renderer installs it.
package enum ShortcutPhase: Sendable, Equatable {
    /// Before the focused widget (GTK's capture phase; application accelerators).
    case beforeFocusedWidget
    /// When the focused widget lets the key through (GTK's bubble phase).
    case afterFocusedWidget
    /// In the bubble phase, and only when no text widget has the focus.
    case afterFocusedWidgetUnlessText
}

extension ShortcutScope {
    /// The phase of a shortcut in this scope. `automatic` is `automaticPhase` for a key no
    /// focused widget uses (a command's: before the focused widget; a menu's: after it), and
    /// after the focused widget for one that it uses.
    package func phase(isEditingKey: Bool, automaticPhase: ShortcutPhase) -> ShortcutPhase {
        switch self {
        case .automatic: isEditingKey ? .afterFocusedWidget : automaticPhase
        case .application: .beforeFocusedWidget
        case .afterFocusedWidget: .afterFocusedWidget
        case .whenNoTextIsFocused: .afterFocusedWidgetUnlessText
        }
    }
}

extension MenuContent {
    /// Where the item's keyboard shortcut runs, relative to the focused widget (see
    /// ``ShortcutScope``); `.automatic` unless said otherwise.
    public func shortcutScope(_ scope: ShortcutScope) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.details.shortcutScope = scope }
    }
}
