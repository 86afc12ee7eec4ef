/// Rule G2 (GNOME HIG, Writing Style › Ellipses): a label ends with "…" when more input or
/// confirmation is needed before the action is carried out ("Save As…", "Find…"), and not
/// when it names a window of settings without an action ("Preferences", "Properties").
///
/// - Three dots instead of the ellipsis character: warning, as in L4.
/// - A command that always asks for more without "…": warning (the commands L4 knows).
/// - "…" after a label that names a window ("Preferences…", "Keyboard Shortcuts…", "About
///   Text Editor…"): warning; the HIG names these.
extension GuidelineChecker {
    /// Labels of windows that show settings or information, which the HIG says need no "…".
    package static let windowLabels: Set<String> = ["preferences", "properties", "settings", "keyboard shortcuts", "help"]

    package mutating func checkGnomeEllipsis(of label: CheckedLabel) {
        if label.text.contains("...") {
            report("G2", .warning, path: label.path, "write the ellipsis character “…” instead of three dots",
                   suggestion: label.normalized)
            return
        }
        guard label.use == .command else { return }
        let lowercased = label.normalized.lowercased()
        if lowercased.hasSuffix("…") {
            let bare = String(lowercased.dropLast()).trimmingTrailingSpaces()
            guard Self.windowLabels.contains(bare) || bare.hasPrefix("about ") else { return }
            report("G2", .warning, path: label.path,
                   "“\(label.normalized)” opens a window without asking anything; leave out the “…”",
                   suggestion: String(label.normalized.dropLast()).trimmingTrailingSpaces())
            return
        }
        let needsInput = Self.labelsNeedingInput.contains(lowercased)
            || Self.labelPrefixesNeedingInput.contains { lowercased.hasPrefix($0) && lowercased.count > $0.count }
            || (context == .menuBar && Self.menuBarLabelsNeedingInput.contains(lowercased))
        guard needsInput else { return }
        report("G2", .warning, path: label.path, "the command asks for more before it acts; end its label with “…”",
               suggestion: label.normalized + "…")
    }
}
