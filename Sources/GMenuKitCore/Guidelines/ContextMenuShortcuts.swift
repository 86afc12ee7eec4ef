/// Rules L5 and C2: a context menu never shows keyboard shortcuts. People who know the shortcut
/// do not open a context menu for it, and the menu should stay short.
///
/// Severity: warning, on each item of a context menu (submenus included) that has one, unless
/// the app asked the context menu to show its shortcuts (``ContextMenu/showsShortcuts``), as
/// GNOME apps do: then it is deliberate.
extension GuidelineChecker {
    package mutating func checkContextMenuShortcut(of node: MenuNode, path: [String]) {
        guard context == .contextMenu, !showsShortcuts, let shortcut = node.shortcut else { return }
        report("L5", .warning, path: path,
               "a context menu shows no keyboard shortcuts (C2); leave out the shortcut \(shortcut) here")
    }
}
