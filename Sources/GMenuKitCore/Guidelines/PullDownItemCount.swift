/// Rule P4: a pull-down button's menu holds at least three items; one or two are better as
/// plain buttons or a switch. Menus with generated content are left alone, as their length
/// changes with what people made.
///
/// Severity: warning.
extension GuidelineChecker {
    package static let minimumPullDownItems = 3

    package mutating func checkPullDownItemCount(of menu: CheckedMenu) {
        guard context == .pullDown, menu.isRoot else { return }
        let rows = Self.rows(in: menu.nodes, isGenerated: menu.scope.isGenerated, groupDepth: menu.scope.groupDepth,
                             includingItemsThatMayHide: true)
        guard rows.generated == 0, rows.written < Self.minimumPullDownItems else { return }
        report("P4", .warning, path: menu.path,
               "a pull-down button with \(rows.written) item\(rows.written == 1 ? "" : "s"); fewer than three are better as buttons or a switch")
    }
}
