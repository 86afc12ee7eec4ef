/// Rules A2 and A3: a menu (A2) or submenu (A3) whose items are all unavailable still opens,
/// so people can see what it holds. GMenuKit keeps such menus openable; the hint makes sure the
/// developer meant every item to be dimmed.
///
/// Severity: hint, once, on the outermost such menu.
extension GuidelineChecker {
    package mutating func checkAvailability(of menu: CheckedMenu, inner: inout Scope) {
        guard !menu.scope.isInsideUnavailableMenu else { return }
        let count = Self.availability(of: menu.nodes, isDisabled: menu.scope.isDisabled, depth: menu.depth, cut: cutDepth, groupDepth: menu.scope.groupDepth)
        guard count.available == 0 && count.unavailable > 0 else { return }
        let isSubmenu = menu.depth > 0
        report(isSubmenu ? "A3" : "A2", .hint, path: menu.path,
               "every item of this \(isSubmenu ? "submenu" : "menu") is unavailable; it still opens so people can see what it holds")
        inner.isInsideUnavailableMenu = true
    }

    /// How many of the items people could choose are available, submenus included, down to
    /// the depth where submenus are cut (`depth`: the depth of the menu `nodes` are in).
    package static func availability(
        of nodes: [MenuNode], isDisabled: Bool, depth: Int, cut: Int, groupDepth: Int = 0
    ) -> (available: Int, unavailable: Int) {
        var available = 0
        var unavailable = 0
        for node in nodes {
            let disabled = isDisabled || node.isDisabled
            switch node.kind {
            case .divider, .widget:
                // A widget is the app's: whether people can use it is its own business.
                continue
            case .section(let children), .controlGroup(let children):
                // Groups beyond the cut are left out.
                guard groupDepth < MenuNesting.maximumDepth else { continue }
                let inner = availability(of: children, isDisabled: disabled, depth: depth, cut: cut, groupDepth: groupDepth + 1)
                available += inner.available
                unavailable += inner.unavailable
            case .submenu(let children, _):
                // A submenu beyond the cut is an item, dimmed, with nothing in it.
                guard depth + 1 <= cut else {
                    unavailable += 1
                    continue
                }
                let inner = availability(of: children, isDisabled: disabled, depth: depth + 1, cut: cut, groupDepth: groupDepth)
                available += inner.available
                unavailable += inner.unavailable
            case .picker(let choice):
                for option in choice.options {
                    if disabled || option.isDisabled { unavailable += 1 } else { available += 1 }
                }
            case .item(let item):
                let parts = item.availability
                if disabled { unavailable += parts.available + parts.unavailable } else {
                    available += parts.available
                    unavailable += parts.unavailable
                }
            case .button, .toggle:
                if disabled { unavailable += 1 } else { available += 1 }
            }
        }
        return (available, unavailable)
    }
}
