/// Rule G5 (GNOME HIG, Menus › Menu Size & Structure): a menu holds three to twelve items, a
/// submenu three to six.
///
/// Counted as GTK shows them: the items of every section of the menu, an inline picker's
/// options, a control group as one row. An item that GTK hides when its action is missing or
/// disabled (`hidden-when`) may not show: it counts toward the fewest items only when none is
/// hidden, and never toward the most. Generated content (history, recent files) is not
/// counted, as its length is the people's. Severity: warning.
///
/// A menu bar's bar is not a menu people count the items of.
extension GuidelineChecker {
    static let gnomeMenuItems = 3...12
    static let gnomeSubmenuItems = 3...6

    mutating func checkGnomeMenuSize(of menu: CheckedMenu) {
        let rows = Self.rows(in: menu.nodes, isGenerated: menu.scope.isGenerated, groupDepth: menu.scope.groupDepth)
        guard rows.generated == 0, menu.depth != Self.barDepth else { return }
        let mayHide = 0
        let limits = menu.depth > 0 ? Self.gnomeSubmenuItems : Self.gnomeMenuItems
        let what = menu.depth > 0 ? "submenu" : "menu"
        let surelyShown = rows.written - mayHide
        if surelyShown > limits.upperBound {
            report("G5", .warning, path: menu.path,
                   "the \(what) holds \(surelyShown) items; a \(what) should hold \(limits.lowerBound) to \(limits.upperBound): group the rest in a submenu or another menu")
        } else if rows.written < limits.lowerBound {
            report("G5", .warning, path: menu.path,
                   "the \(what) holds \(rows.written) item\(rows.written == 1 ? "" : "s"); a \(what) should hold \(limits.lowerBound) to \(limits.upperBound): show fewer as buttons, or merge them into the menu around")
        }
    }
}
