/// The app's and window's actions that items borrow (`Button(_, actionName: "app.quit")`,
/// imported items): each name checked as GTK resolves it, its target checked against its
/// type, and every one noted for the type check against the app's actions after rendering.
package struct BorrowedActions {
    /// The actions borrowed so far, for the type check against the app's actions.
    package private(set) var borrowed: [MenuPlan.BorrowedAction] = []
    /// The last borrowed action name of an imported item that passed its check: items of a
    /// menu often share an action (radio items).
    private var lastCheckedName: String?
    /// Why a target's text is not a GVariant of its type (the planner's options, taken once).
    private let targetProblem: ((MenuActionTarget) -> String?)?

    package init(options: borrowing MenuPlanner.Options) {
        targetProblem = options.targetProblem
    }

    /// Whether `name` (an imported item's action) is a name GTK can find; reported when not.
    package mutating func checkImportedName(_ name: String, scopePath: [String], title: String, diagnostics: inout PlanDiagnostics) {
        guard name != lastCheckedName else { return }
        if case .failure(let problem) = MenuPlanner.parseDetailedName(name) {
            diagnostics.report(.warning, path: scopePath + [title], "'\(name)' is not an action name GTK can find (scope.name, with letters, digits and '-'): \(problem.reason); the item is dimmed")
        } else {
            lastCheckedName = name
        }
    }

    /// Sets a borrowed action and its target on an item, and notes them for the type check
    /// against the app's actions. A target whose text is not of its type is reported, and the
    /// item is left without an action: false.
    @MainActor
    package mutating func borrow(
        _ name: String, target: MenuActionTarget?, into attributes: inout PlannedAttributes, scopePath: [String], title: String,
        showsState: Bool = false, isChecked: Bool = false, diagnostics: inout PlanDiagnostics
    ) -> Bool {
        if !isChecked, let target, !target.isStringTarget, let problem = targetProblem?(target) {
            diagnostics.report(.error, path: scopePath + [title], "the target \(target.text) is not a GVariant of type '\(target.type)': \(problem); the item is dimmed")
            return false
        }
        attributes.action = name
        if let target {
            if let string = target.stringValue { attributes.target = string } else { attributes.targetValue = target }
        }
        borrowed.append(MenuPlan.BorrowedAction(name: name, targetType: target?.type, expectsState: showsState,
                                                scopePath: scopePath, title: title))
        return true
    }

    /// A borrowed action's detailed name, read by GLib when it was handed in (a GVariant
    /// target in parentheses needs GLib's parser).
    package static func parse(
        _ detailedName: String, options: MenuPlanner.Options
    ) -> Result<(name: String, target: MenuActionTarget?), MenuPlanner.ActionNameProblem> {
        switch MenuPlanner.parseDetailedName(detailedName) {
        case .success(let parsed):
            return .success((parsed.name, parsed.target.map(MenuActionTarget.string)))
        case .failure(let problem):
            guard detailedName.contains("("), let parse = options.parseDetailedName else { return .failure(problem) }
            let parsed = parse(detailedName)
            if case .success(let result) = parsed, case .failure(let nameProblem) = MenuPlanner.parseDetailedName(result.name) {
                return .failure(nameProblem)
            }
            return parsed
        }
    }
}

extension MenuPlanner {
    /// Why a borrowed action's name cannot reach an action.
    package struct ActionNameProblem: Error {
        package var reason: String

        package init(reason: String) { self.reason = reason }
    }

    /// `scope.name`, optionally followed by `::target`, split in two: the GMenu `action`
    /// attribute takes the plain name. A failure for a name GTK cannot resolve: one that
    /// `g_action_name_is_valid` refuses, one without a scope or without a name after it
    /// (`app.`, `.quit`), one with more than one dot (GTK's muxer reads `a.b.c` as action `b.c`
    /// of group `a`, which no GActionMap of GTK's has), or a `::` with no target after it.
    package nonisolated static func parseDetailedName(_ detailedName: String) -> Result<(name: String, target: String?), ActionNameProblem> {
        let parts = detailedName.split(separator: "::", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let target = parts.count > 1 ? String(parts[1]) : nil
        let dots = name.utf8.count { $0 == UInt8(ascii: ".") }
        let problem: String? =
            if !ActionNameRegistry.isValidActionName(name) { "it has characters other than those" }
            else if dots == 0 { "it has no scope (app., win. or the prefix its group was inserted under)" }
            else if dots > 1 { "it has more than one dot, so GTK looks for an action named '\(name.drop { $0 != "." }.dropFirst())' in the group '\(name.prefix { $0 != "." })'" }
            else if name.hasPrefix(".") { "it has no scope before its dot" }
            else if name.hasSuffix(".") { "it names no action after its scope" }
            else if target?.isEmpty == true { "'::' is followed by no target" }
            else { nil }
        if let problem { return .failure(ActionNameProblem(reason: problem)) }
        return .success((name, target))
    }
}
