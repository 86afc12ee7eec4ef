/// Rule G5 (GNOME HIG, Menus › Menu Size & Structure): a menu holds three to twelve items, a
/// submenu three to six.
///
/// Counted as GTK shows them: the items of every section of the menu, an inline picker's
/// options, a control group as one row. An item that GTK hides when its action is missing or
/// disabled (`hidden-when`) may not show: it counts toward the fewest items only when none is
/// hidden, and never toward the most. Generated content (history, recent files) is not
/// counted, as its length is the people's. Severity: warning.
///
/// A menu bar's bar is not a menu people count the items of. A menu that is empty or holds an
/// empty section as written is filled by the app's code (nautilus's "New Document" and
/// "Scripts" submenus, `<section id="scripts-submenu-section"/>`): it may hold any number, so
/// only the most is checked.
extension GuidelineChecker {
    package static let gnomeMenuItems = 3...12
    package static let gnomeSubmenuItems = 3...6

    package mutating func checkGnomeMenuSize(of menu: CheckedMenu) {
        guard menu.depth != Self.barDepth else { return }
        let scope = menu.scope
        let shown = Self.rows(in: menu.nodes, isGenerated: scope.isGenerated, groupDepth: scope.groupDepth)
        let mayShow = Self.rows(in: menu.nodes, isGenerated: scope.isGenerated, groupDepth: scope.groupDepth, includingItemsThatMayHide: true)
        guard mayShow.generated == 0 else { return }
        let limits = menu.depth > 0 ? Self.gnomeSubmenuItems : Self.gnomeMenuItems
        let what = menu.depth > 0 ? "submenu" : "menu"
        if shown.written > limits.upperBound {
            report("G5", .warning, path: menu.path,
                   "the \(what) holds \(shown.written) items; a \(what) should hold \(limits.lowerBound) to \(limits.upperBound): group the rest in a submenu or another menu")
        } else if mayShow.written < limits.lowerBound && !Self.isFilledByCode(menu.nodes, groupDepth: scope.groupDepth) {
            report("G5", .warning, path: menu.path,
                   "the \(what) holds \(mayShow.written) item\(mayShow.written == 1 ? "" : "s"); a \(what) should hold \(limits.lowerBound) to \(limits.upperBound): show so few as buttons instead, or add them to another menu")
        }
    }

    /// An empty menu, or one with an empty section: a place the app's code fills.
    package static func isFilledByCode(_ nodes: [MenuNode], groupDepth: Int) -> Bool {
        nodes.isEmpty || nodes.contains { node in
            guard case .section(let children) = node.kind, groupDepth < MenuNesting.maximumDepth else { return false }
            return isFilledByCode(children, groupDepth: groupDepth + 1)
        }
    }
}
