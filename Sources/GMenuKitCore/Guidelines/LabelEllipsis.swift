/// Rule L4: an item that needs more input before it can finish ends with "…", the ellipsis
/// character.
///
/// - Three dots ("...") instead of the ellipsis character: warning. GMenuKit shows "…" anyway,
///   so people never see the dots, but the source should say what people see.
/// - A command that clearly opens a dialog without "…": warning. Only labels that always ask
///   for more (Save As, Print, Go to Line, Export as PDF…) are recognized, since a false warning
///   on a good menu costs more than a miss. "Open" and "Find" ask only in an application's
///   menu bar (in a context menu, "Open" opens the selection), so they are checked only there.
extension GuidelineChecker {
    /// Commands that always ask for a file, a destination or settings before they act.
    package static let labelsNeedingInput: Set<String> = [
        "save as", "save a copy", "save copy as", "save all as", "export", "export as", "import",
        "print", "page setup", "go to line", "go to page", "find and replace", "connect to server",
        "customize toolbar",
    ]
    /// Beginnings of such commands; something must follow ("Export as PDF").
    package static let labelPrefixesNeedingInput = ["save as ", "export as "]
    /// Commands that open a chooser or a search field when they stand in a menu bar.
    package static let menuBarLabelsNeedingInput: Set<String> = ["open", "open file", "open folder", "open location", "find"]

    package mutating func checkEllipsis(of label: CheckedLabel) {
        if label.text.contains("...") {
            report("L4", .warning, path: label.path, "write the ellipsis character “…” instead of three dots",
                   suggestion: label.normalized)
            return
        }
        guard label.use == .command, !label.normalized.contains("…") else { return }
        let lowercased = label.normalized.lowercased()
        let needsInput = Self.labelsNeedingInput.contains(lowercased)
            || Self.labelPrefixesNeedingInput.contains { lowercased.hasPrefix($0) && lowercased.count > $0.count }
            || (context == .menuBar && Self.menuBarLabelsNeedingInput.contains(lowercased))
        guard needsInput else { return }
        report("L4", .warning, path: label.path, "the command asks for more before it acts; end its label with “…”",
               suggestion: label.normalized + "…")
    }
}
