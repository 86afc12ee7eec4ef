import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// The app's actions a menu borrows, checked against the actions themselves once the menu is
/// in a window: a target whose type is not the action's parameter type, or an item that wants
/// a state the action does not have, makes GTK dim the item or drop its check mark without a
/// word (gtkmenutrackeritem.c); GMenuKit says which types differ.
///
/// Found are the application's actions (`app.`, `g_application_get_default`), the window's
/// (`win.`, a `GtkApplicationWindow`, or any root that is a `GActionGroup`), and the groups
/// inserted through ``InsertedActionGroups`` on the menu's widget or its ancestors (the nearest
/// of a prefix first, as GTK's muxer). Groups inserted with `gtk_widget_insert_action_group`
/// alone cannot be looked up through GTK 4.8's API and are not checked.
extension RenderedMenu {
    /// The problems of the borrowed actions with the actions found from `widget`.
    package func borrowedActionProblems(from widget: UnsafeMutablePointer<GtkWidget>?) -> [MenuDiagnostic] {
        // Groups inserted on the widget or its ancestors shadow the window's and the app's.
        var groups = widget.map { InsertedActionGroups.groups(from: $0) } ?? [:]
        // An application answers for its actions once registered (GIO asserts it).
        if groups["app"] == nil, let application = g_application_get_default(), g_application_get_is_registered(application) != 0 {
            groups["app"] = gmk_action_group(application.gpointer)
        }
        if groups["win"] == nil, let widget, let root = gtk_widget_get_root(widget), gmk_is_action_group(root.gpointer) != 0 {
            groups["win"] = gmk_action_group(root.gpointer)
        }
        return Self.borrowedActionProblems(borrowedActions, in: groups)
    }

    /// The problems of `borrowed` with the actions of `groups`, by scope (`app`, `win`).
    package static func borrowedActionProblems(_ borrowed: [MenuPlan.BorrowedAction], in groups: [String: OpaquePointer]) -> [MenuDiagnostic] {
        var problems: [MenuDiagnostic] = []
        for action in borrowed {
            guard let dot = action.name.firstIndex(of: "."), let group = groups[String(action.name[..<dot])] else { continue }
            let name = String(action.name[action.name.index(after: dot)...])
            var enabled: gboolean = 0
            var parameterType: OpaquePointer?
            var stateType: OpaquePointer?
            guard g_action_group_query_action(group, name, &enabled, &parameterType, &stateType, nil, nil) != 0 else {
                continue  // Missing: GTK dims the item, or hides it (hidden-when), as the app decides.
            }
            let parameter = parameterType.map { String(cString: g_variant_type_peek_string($0)).prefix(Int(g_variant_type_get_string_length($0))) }.map(String.init)
            let state = stateType.map { String(cString: g_variant_type_peek_string($0)).prefix(Int(g_variant_type_get_string_length($0))) }.map(String.init)
            if parameter != action.targetType {
                let wanted = parameter.map { "a target of type '\($0)'" } ?? "no target"
                let given = action.targetType.map { "a target of type '\($0)'" } ?? "none"
                problems.append(MenuDiagnostic(
                    severity: .error, path: action.path,
                    message: "the action \(action.name) takes \(wanted), but the item gives \(given); GTK dims the item",
                    suggestion: parameter.map { "give a target of type '\($0)', such as Button(_, actionName: \"\(action.name)\", target: …)" }
                        ?? "give no target"))
            } else if action.expectsState {
                // A checkmark wants a Boolean state and no target; a radio item a state of its target's type.
                let wantedState = action.targetType ?? "b"
                if state != wantedState {
                    problems.append(MenuDiagnostic(
                        severity: .warning, path: action.path,
                        message: "the action \(action.name) has \(state.map { "a state of type '\($0)'" } ?? "no state"), but the item shows its state as \(action.targetType == nil ? "a check mark, which needs a state of type 'b'" : "a radio mark, which needs a state of type '\(wantedState)'"); GTK shows no mark"))
                }
            }
        }
        return problems
    }

    /// Checks the borrowed actions where the menu's actions are, and reports what is new.
    package func checkBorrowedActionTypes() {
        guard !borrowedActions.isEmpty, let widget = actionsWidget?.object, gtk_widget_get_root(widget) != nil else { return }
        let found = borrowedActionProblems(from: widget).filter { !diagnostics.contains($0) }
        guard !found.isEmpty else { return }
        diagnostics += found
        reportDiagnostics(found)
    }
}
