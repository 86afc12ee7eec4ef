/// Items' labels as GTK shows them: normalized (`MenuLabelText`), "Untitled" where a row would
/// be empty, the mnemonic marked by letter or by position, submenu labels kept distinct
/// (GtkPopoverMenu names each submenu page by its label), destructive items tinted.
package struct LabelPlanning {
    /// The submenu labels of the plan so far, besides "main", GtkPopoverMenu's root page, which
    /// is always taken: no set is made for a plan without submenus (one list's change).
    private var submenuLabels: Set<String> = []

    package init() {}

    /// How many submenu labels the plan holds: a list element that adds one needs the menu
    /// planned whole.
    package var submenuLabelCount: Int { submenuLabels.count }

    /// The label of an item titled `title`, escaped for GTK's mnemonics, with its mnemonic
    /// marked; nil for an iconic item that shows its icon alone. Mutating although it changes
    /// nothing: called beside the planner's diagnostics, a non-mutating call would copy the
    /// labels first.
    package mutating func itemLabel(
        _ title: String, hasIcon: Bool, mnemonic: Character? = nil, mnemonicPosition: Int? = nil,
        scope: MenuPlanner.Scope, diagnostics: inout PlanDiagnostics
    ) -> String? {
        if let mnemonicPosition {
            return positionedMnemonicLabel(title, hasIcon: hasIcon, position: mnemonicPosition, scope: scope, diagnostics: &diagnostics)
        }
        let normalized = MenuLabelText.normalize(title)
        diagnostics.reportLabelProblems(normalized.problems, title: title, path: scope.path)
        var text = normalized.text
        if text.isEmpty {
            // An iconic item may be an icon alone; anywhere else an empty row is a puzzle.
            if scope.isIconic && hasIcon {
                if normalized.wasOnlyCombiningMarks {
                    diagnostics.report(.warning, path: scope.path + ["(untitled)"],
                                       "the label has only combining marks, which show nothing on their own; the item shows its icon alone")
                }
                return nil
            }
            diagnostics.report(.warning, path: scope.path + ["(untitled)"], normalized.wasOnlyCombiningMarks
                ? "the label has only combining marks, which show nothing on their own; it is shown as \"Untitled\""
                : "the item has no label; it is shown as \"Untitled\"")
            text = "Untitled"
        }
        if let mnemonic {
            if let marked = MenuLabelText.escapingMnemonics(text, marking: mnemonic) { return marked }
            diagnostics.report(.warning, path: scope.path + [title],
                               "the mnemonic '\(mnemonic)' is not a letter of the label; the item has none")
        }
        return MenuLabelText.escapingMnemonics(text)
    }

    /// A label whose mnemonic is chosen by position. Normalizing may move characters ("..."
    /// becomes "…", doubled spaces one): a private-use mark before the chosen character
    /// travels through it and shows where the mnemonic went.
    private mutating func positionedMnemonicLabel(
        _ title: String, hasIcon: Bool, position: Int, scope: MenuPlanner.Scope, diagnostics: inout PlanDiagnostics
    ) -> String? {
        let mark: Character = "\u{E000}"
        guard position >= 0, position < title.count, !title.contains(mark) else {
            diagnostics.report(.warning, path: scope.path + [title],
                               "the mnemonic position \(position) is not a character of the label; the item has none")
            return itemLabel(title, hasIcon: hasIcon, scope: scope, diagnostics: &diagnostics)
        }
        var marked = title
        marked.insert(mark, at: marked.index(marked.startIndex, offsetBy: position))
        let normalized = MenuLabelText.normalize(marked).text
        if let markIndex = normalized.firstIndex(of: mark) {
            let before = String(normalized[..<markIndex])
            let after = String(normalized[normalized.index(after: markIndex)...])
            if let letter = after.first, !letter.isWhitespace, letter != "…" {
                diagnostics.reportLabelProblems(MenuLabelText.normalize(title).problems, title: title, path: scope.path)
                return MenuLabelText.escapingMnemonics(before) + "_" + MenuLabelText.escapingMnemonics(after)
            }
        }
        diagnostics.report(.warning, path: scope.path + [title],
                           "the mnemonic position \(position) is no letter of the label as shown; the item has none")
        return itemLabel(title, hasIcon: hasIcon, scope: scope, diagnostics: &diagnostics)
    }

    /// `label`, made distinct from every other submenu's of the plan with an invisible mark.
    package mutating func uniqueSubmenuLabel(_ label: String, path: [String], diagnostics: inout PlanDiagnostics) -> String {
        var unique = label
        while unique == "main" || submenuLabels.contains(unique) { unique += "\u{200B}" }
        if unique != label {
            diagnostics.report(.warning, path: path + [label],
                               "another submenu in this menu has the same label; GTK needs them distinct, so this one gets an invisible mark")
        }
        submenuLabels.insert(unique)
        return unique
    }

    /// Destructive items are drawn in the given colour through Pango markup, with the label
    /// escaped so that `&` and `<` stay literal. Not in an iconic section (a control group):
    /// GTK draws an icon there and shows the label as the tooltip, and newer GTK (gtkmodelbutton.c,
    /// `update_tooltip`, 4.18) parses the label's text, markup already taken out, as markup
    /// again: a literal `<` or `&` warns.
    package static func applyDestructiveColor(
        _ color: String?, to attributes: inout PlannedAttributes, scope: MenuPlanner.Scope, tintedRed: Bool = false
    ) {
        guard attributes.role == "destructive" || tintedRed, let color, let label = attributes.label, !scope.isIconic else { return }
        attributes.label = "<span foreground=\"\(color)\">" + MenuLabelText.escapingMarkup(label) + "</span>"
        attributes.useMarkup = true
    }
}
