/// Rule S3: one level of submenu is best, and a submenu of more than about five items suggests
/// a menu of its own.
///
/// - A submenu inside a submenu: warning, once, on the first submenu too deep. A menu-style
///   picker is a submenu too.
/// - A submenu of more than ``maximumSubmenuItems`` items it was written with (generated items
///   such as recent files do not count): hint.
extension GuidelineChecker {
    /// "About five": six still reads at a glance.
    package static let maximumSubmenuItems = 6

    package mutating func checkNesting(of menu: CheckedMenu, inner: inout Scope) {
        if checkSubmenuDepth(path: menu.path, depth: menu.depth, scope: menu.scope) {
            inner.isInsideDeepSubmenu = true
        }
        guard menu.depth > 0 else { return }
        let written = Self.rows(in: menu.nodes, isGenerated: menu.scope.isGenerated, groupDepth: menu.scope.groupDepth).written
        guard written > Self.maximumSubmenuItems else { return }
        report("S3", .hint, path: menu.path,
               "the submenu holds \(written) items; more than about five suggests a menu of its own or fewer items")
    }

    /// Reports a submenu nested deeper than one level; answers whether it did.
    @discardableResult
    package mutating func checkSubmenuDepth(path: [String], depth: Int, scope: Scope) -> Bool {
        guard depth > 1, !scope.isInsideDeepSubmenu else { return false }
        report("S3", .warning, path: path,
               "a submenu inside a submenu is hard to reach; keep to one level of submenus")
        return true
    }
}
