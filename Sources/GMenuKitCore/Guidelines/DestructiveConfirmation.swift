/// Rule P6: a destructive item is marked and asks for confirmation, in a separate view people
/// dismiss deliberately, before it acts. A destructive button asks by default; the check finds
/// the ones opted out with ``MenuContent/confirmationDisabled(_:)``.
///
/// Severity: warning.
extension GuidelineChecker {
    package mutating func checkDestructiveConfirmation(of node: MenuNode, path: [String]) {
        guard node.role == .destructive, !node.confirmsBeforeActing else { return }
        report("P6", .warning, path: path,
               "a destructive item acts without asking first; let it ask for confirmation")
    }
}
