/// Rule G6 (GNOME HIG, Menus › Menu Size & Structure): don't nest submenus; they are hard to
/// use and to navigate. A menu-style picker is a submenu too.
///
/// Severity: warning, once, on the first submenu inside a submenu.
extension GuidelineChecker {
    package mutating func checkGnomeNesting(of menu: CheckedMenu, inner: inout Scope) {
        if checkGnomeSubmenuDepth(path: menu.path, depth: menu.depth, scope: menu.scope) {
            inner.isInsideDeepSubmenu = true
        }
    }

    /// Reports a submenu inside a submenu; answers whether it did.
    @discardableResult
    package mutating func checkGnomeSubmenuDepth(path: [String], depth: Int, scope: Scope) -> Bool {
        guard depth > 1, !scope.isInsideDeepSubmenu else { return false }
        report("G6", .warning, path: path,
               "a submenu inside a submenu is hard to reach and navigate; don't nest submenus")
        return true
    }
}
