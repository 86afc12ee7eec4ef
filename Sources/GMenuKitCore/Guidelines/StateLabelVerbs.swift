/// Rule T2: a label that ends in "On" or "Off" without a verb ("HDR On") can be read as the
/// current state or as what choosing it does; a verb settles it ("Turn HDR On").
///
/// The check looks at commands and toggles whose label ends in a separate "On" or "Off" and
/// does not begin with a verb that takes one ("Turn", "Switch", "Log", "Sign"…). Labels with a
/// colon ("HDR: On") state a value and are left alone, as are picker options, which are states.
///
/// Severity: warning; the suggestion puts "Turn" in front.
extension GuidelineChecker {
    /// Verbs that make an "On"/"Off" label an action.
    package static let stateChangingVerbs: Set<String> = TitleStyle.phrasalVerbs.union([
        "dial", "drop", "go", "hide", "keep", "kick", "leave", "let", "pass", "pull", "push", "show",
        "tap", "click", "toggle", "tune",
    ])

    package mutating func checkStateLabelVerb(of label: CheckedLabel) {
        guard label.use == .command || label.use == .toggle, !label.normalized.contains(":") else { return }
        let words = label.words.words
        guard words.count >= 2, let last = words.last, ["on", "off"].contains(last.lowercased),
              !Self.stateChangingVerbs.contains(words[0].lowercased)
        else { return }
        report("T2", .warning, path: label.path,
               "“\(label.normalized)” reads as a state or as an action; start it with a verb",
               suggestion: TitleStyle.titleCased("Turn " + label.normalized))
    }
}
