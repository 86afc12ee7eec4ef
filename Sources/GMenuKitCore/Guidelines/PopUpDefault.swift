/// Rule U3: a pop-up button always has a useful default: its picker's selection is one of the
/// options, so the button can show it.
///
/// Severity: warning, on the picker whose selection matches none of its options.
extension GuidelineChecker {
    package mutating func checkPopUpDefault(of choice: PickerChoice, path: [String], scope: Scope) {
        guard context == .popUp, scope.depth == 0 else { return }
        let selection = choice.selection
        let hasSelection = choice.options.contains { $0.tag == selection }
        guard !hasSelection else { return }
        report("U3", .warning, path: path,
               "no option is selected; a pop-up button shows its selection, so give it a useful default")
    }
}
