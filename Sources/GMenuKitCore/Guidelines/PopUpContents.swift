/// Rule U1: a pop-up button lists mutually exclusive options, flat. Actions, toggles (several
/// choices at once), steppers, control groups and submenus belong in a pull-down button.
///
/// A "Custom…" or "Other…" button that asks for a value not in the list is allowed (U5).
///
/// Severity: error, on each such item of the pop-up's own level.
extension GuidelineChecker {
    package mutating func checkPopUpContents(_ node: MenuNode, path: [String], scope: Scope) {
        guard context == .popUp, scope.depth == 0 else { return }
        if case .button = node.kind, Self.asksForCustomValue(node) { return }
        guard let what = node.traits.popUpMisfit else { return }
        report("U1", .error, path: path,
               "a pop-up button lists mutually exclusive options; \(what) belongs in a pull-down button")
    }

    /// "Custom…", "Other Size…": a command that offers values the list leaves out (U5).
    private static func asksForCustomValue(_ node: MenuNode) -> Bool {
        let label = MenuLabelText.normalize(node.title).text.lowercased()
        return label.hasSuffix("…") && (label.hasPrefix("custom") || label.hasPrefix("other"))
    }
}
