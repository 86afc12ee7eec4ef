/// Rule O4: a long menu should be split or move items into a submenu. Menus of generated
/// content (history, bookmarks, recent files) may be long and scroll: items marked with
/// ``MenuContent/generatedContent(_:)`` are not counted.
///
/// Applies to the menus people open directly (a control's menu, the menus of a menu bar);
/// submenus have a stricter limit (S3). Items GTK hides while their action is disabled or
/// missing (`hidden-when`) are not counted: a menu of 33 such items may show nine.
/// Severity: warning.
extension GuidelineChecker {
    /// About what fits on a small screen without scrolling.
    package static let maximumMenuItems = 20

    package mutating func checkLength(of menu: CheckedMenu) {
        guard menu.depth == 0 else { return }
        // Only what always shows: `rows` leaves out what hides by its action (hidden-when).
        let written = Self.rows(in: menu.nodes, isGenerated: menu.scope.isGenerated, groupDepth: menu.scope.groupDepth).written
        guard written > Self.maximumMenuItems else { return }
        report("O4", .warning, path: menu.path,
               "the menu holds \(written) items; split it, or move related items into a submenu (content people made, such as history, may be long: mark it as generated)")
    }
}
