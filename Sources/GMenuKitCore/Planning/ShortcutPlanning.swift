/// The keyboard shortcuts of one plan: each checked as GTK parses it, refused where the desktop
/// keeps it, and owned by the first item that has it (by GTK's spelling: "<Control>s" and
/// "<Ctrl>S" are one shortcut); a borrowed action shows the application's own.
package struct ShortcutPlanning {
    /// The item that has each shortcut (by GTK's spelling), as written and by its path.
    package private(set) var owners: [String: MenuPlan.Shortcut] = [:]
    /// Items given a shortcut so far: shortcuts are collected over the whole menu.
    package private(set) var count = 0
    // What it needs of the planner's options, taken once: passing the options to every call
    // beside the planner's own diagnostics copied them (a retain of each closure) per item.
    private let showsShortcuts: Bool
    private let parseAccelerator: (String) -> MenuPlanner.ParsedAccelerator?
    private let applicationAccels: (@MainActor (_ action: String, _ target: String?, _ targetValue: MenuActionTarget?) -> [String])?

    package init(options: borrowing MenuPlanner.Options) {
        showsShortcuts = options.showsShortcuts
        parseAccelerator = options.parseAccelerator
        applicationAccels = options.applicationAccels
    }

    /// The accel the item shows: nil for none, "" where shortcuts are hidden (which hides even
    /// one GTK would find for a borrowed action).
    /// `phase` is when the accel runs: after the focused widget unless its scope says otherwise.
    package mutating func accelerator(
        _ node: MenuNode, path scopePath: [String], phase: inout ShortcutPhase, diagnostics: inout PlanDiagnostics
    ) -> String? {
        guard showsShortcuts else { return "" }
        guard let shortcut = node.shortcut else { return nil }
        let path = scopePath + [node.title]
        guard let parsed = parseAccelerator(shortcut) else {
            diagnostics.report(.error, path: path,
                               "'\(shortcut)' is not a GTK accelerator (write it like \"<Control>s\" or \"<Shift><Control>z\"); it is not shown")
            return nil
        }
        if let reason = ReservedShortcuts.reason(forCanonical: parsed.canonical) {
            diagnostics.report(.warning, path: path, "the shortcut \(shortcut) never reaches the app: \(reason); it is not shown")
            return nil
        }
        let joinedPath = MenuLabelText.path(path)
        if let owner = owners[parsed.canonical] {
            // Two items that hide by their action's state (Fullscreen, Leave Fullscreen) show one at a time.
            if owner.mayHide && node.hiddenWhen != nil { return shortcut }
            diagnostics.report(.error, path: path,
                               "the shortcut \(shortcut) is \(owner.path)'s too; one key runs one command, so only \(owner.path) keeps it")
            return nil
        }
        owners[parsed.canonical] = MenuPlan.Shortcut(written: shortcut, path: joinedPath, mayHide: node.hiddenWhen != nil)
        let scope = node.detailsBox?.details.shortcutScope ?? .automatic
        phase = scope.phase(isEditingKey: parsed.isEditingKey, automaticPhase: .afterFocusedWidget)
        if parsed.typesText {
            diagnostics.report(.warning, path: path,
                               "the shortcut \(shortcut) has no Control, Alt or Super: it works anywhere in the window and takes the key from typing; use a modifier (or .mnemonic(_:), which works only while the menu is open)")
        } else if parsed.isEditingKey && phase == .beforeFocusedWidget {
            diagnostics.report(.warning, path: path, Self.takesEditingKey(shortcut))
        }
        count += 1
        return parsed.readable ?? shortcut
    }

    /// A borrowed action's shortcut is the application's, when it set one: GTK fires it in the
    /// app's windows already, so the item shows it (GMenuKit's own rows too) and no second
    /// shortcut is installed. A different shortcut written on the item would not work: reported.
    /// (Mutating, as `LabelPlanning.itemLabel` is, so that the call copies nothing.)
    @MainActor
    package mutating func takeApplicationAccel(
        into attributes: inout PlannedAttributes, scopePath: [String], title: String, diagnostics: inout PlanDiagnostics
    ) {
        guard showsShortcuts, attributes.accel != "", let action = attributes.action,
              let accels = applicationAccels?(action, attributes.target, attributes.targetValue),
              let first = accels.first
        else { return }
        if let written = attributes.accel, !accels.contains(where: { sameAccelerator($0, written) }) {
            // The path is made only to report: every borrowed item of a menu comes here.
            diagnostics.report(.warning, path: scopePath + [title],
                               "the application's shortcut for \(action) is \(first), not \(written); the item shows \(first)")
        }
        attributes.accel = first
        attributes.accelIsApplications = true
    }

    /// What is said of a shortcut that runs before a focused text or list widget that uses its key.
    package static func takesEditingKey(_ shortcut: String) -> String {
        "the shortcut \(shortcut) runs before the focused widget, and a text field, text view or list uses that key itself: it would take the key from them; leave its scope automatic, so that it runs when the focused widget lets the key through"
    }

    private func sameAccelerator(_ one: String, _ other: String) -> Bool {
        guard let first = parseAccelerator(one), let second = parseAccelerator(other) else { return one == other }
        return first.canonical == second.canonical
    }
}
