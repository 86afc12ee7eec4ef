/// Rule U1: a pop-up button lists mutually exclusive options, flat. Actions, toggles (several
/// choices at once), steppers, control groups and submenus belong in a pull-down button.
///
/// A "Custom…" or "Other…" button that asks for a value not in the list is allowed (U5).
///
/// Severity: error, on each such item of the pop-up's own level.
extension GuidelineChecker {
    package mutating func checkPopUpContents(_ node: MenuNode, path: [String], scope: Scope) {
        guard context == .popUp, scope.depth == 0 else { return }
        let what: String
        switch node.kind {
        case .button:
            if Self.asksForCustomValue(node) { return }
            what = "an action"
        case .toggle:
            what = "a toggle, which lets people choose several things,"
        case .submenu:
            what = "a submenu"
        case .picker(let choice) where choice.style == .menu:
            what = "a submenu of options"
        case .stepper, .slider, .controlGroup:
            what = "a row of actions"
        case .widget:
            what = "an app's widget"
        case .picker, .section, .divider:
            return
        }
        report("U1", .error, path: path,
               "a pop-up button lists mutually exclusive options; \(what) belongs in a pull-down button")
    }

    /// "Custom…", "Other Size…": a command that offers values the list leaves out (U5).
    private static func asksForCustomValue(_ node: MenuNode) -> Bool {
        let label = MenuLabelText.normalize(node.title).text.lowercased()
        return label.hasSuffix("…") && (label.hasPrefix("custom") || label.hasPrefix("other"))
    }
}
