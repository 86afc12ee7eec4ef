import CGtk
import GMenuKitCore

/// Shortcuts two menus of one window both claim. Each menu whose actions were inserted on a
/// widget is noted; when that widget maps, and after each full render, the menu compares its
/// shortcuts with those of the others in the same window.
extension RenderedMenu {
    /// The menus whose actions were inserted on a widget: their shortcuts work in its window.
    private static var installedMenus: [WeakRenderedMenu] = []

    /// Notes that this menu's actions were inserted on a widget.
    func noteActionsInstalled() {
        Self.installedMenus.removeAll { $0.menu == nil || $0.menu === self }
        Self.installedMenus.append(WeakRenderedMenu(self))
    }

    /// Reports the shortcuts this menu shares with another menu whose actions are in the same
    /// window (a menu bar and a pull-down button): both controllers would claim the keys, and
    /// GTK runs only one. Each menu reports its own items, once.
    func checkShortcutsInWindow() {
        guard showsShortcuts, !shortcutOwners.isEmpty, let widget = actionsWidget?.object,
              let root = gtk_widget_get_root(widget) else { return }
        var found: [MenuDiagnostic] = []
        for other in Self.installedMenus.compactMap(\.menu) where other !== self && !other.isInvalidated && other.showsShortcuts {
            guard let otherWidget = other.actionsWidget?.object, gtk_widget_get_root(otherWidget) == root else { continue }
            for (keys, owner) in shortcutOwners.sorted(by: { $0.value.path < $1.value.path }) {
                guard let otherOwner = other.shortcutOwners[keys] else { continue }
                found.append(MenuDiagnostic(
                    severity: .error, path: owner.path,
                    message: "the shortcut \(owner.written) is \(otherOwner.path)'s too, in another menu of this window; GTK runs only one of them"))
            }
        }
        for diagnostic in found where !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
        report(found)
    }
}

@MainActor
private final class WeakRenderedMenu {
    weak var menu: RenderedMenu?
    init(_ menu: RenderedMenu) { self.menu = menu }
}
