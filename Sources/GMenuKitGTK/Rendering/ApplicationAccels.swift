import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// The shortcuts the application set for an action (`gtk_application_set_accels_for_action`),
/// which GTK already fires in the app's windows: a borrowed action shows them, and GMenuKit
/// installs no second shortcut for it.
package enum ApplicationAccels {
    /// The shortcuts that GMenuKit's application layer runs after the focused widget (a key a
    /// text field uses, or a scope that asks for it), by application and detailed action name:
    /// not GTK accelerators, but fired in every window of the application all the same.
    @MainActor package static var afterFocusedWidget: [UnsafeMutableRawPointer: [String: String]] = [:]

    /// The accelerators of the default application (`g_application_get_default`, a
    /// `GtkApplication`) for the action with this target, in the app's order; empty without one.
    @MainActor
    package static func accels(forAction name: String, target: String?, targetValue: MenuActionTarget?) -> [String] {
        guard let application = g_application_get_default(), gmk_is_gtk_application(application) != 0 else { return [] }
        var value: OpaquePointer?
        if let target {
            value = g_variant_ref_sink(g_variant_new_string(target))
        } else if let targetValue {
            value = VariantText.parse(targetValue)
        }
        defer { if let value { g_variant_unref(value) } }
        guard let detailed = g_action_print_detailed_name(name, value) else { return [] }
        defer { g_free(detailed) }
        if let accel = afterFocusedWidget[UnsafeMutableRawPointer(application)]?[String(cString: detailed)] { return [accel] }
        return gtk_application_get_accels_for_action(gmk_gtk_application(application), detailed).map(strings(taking:)) ?? []
    }

    /// The accels as one planning pass asks for them; nil without a default `GtkApplication`.
    /// Each ask prints the action's detailed name and has GTK parse it again (a typed target
    /// through `g_variant_parse`): 21 k instructions an imported item, 40% of a 1,000-item
    /// import in an app. Past a pass's first few asks, the actions the app has accels for are
    /// listed once, and the others answered without asking.
    @MainActor
    package static func lookup() -> (@MainActor (_ action: String, _ target: String?, _ targetValue: MenuActionTarget?) -> [String])? {
        guard let application = g_application_get_default(), gmk_is_gtk_application(application) != 0 else { return nil }
        let pass = AccelLookup()
        return { pass.accels(forAction: $0, target: $1, targetValue: $2) }
    }

    /// A list's change plans with the options of the render before it: a lookup made then
    /// starts again (the app may have set accels since).
    @MainActor package static func passBegins() { passNumber &+= 1 }
    @MainActor fileprivate static var passNumber = 0
}

/// One planning pass's asks for the application's accels (``ApplicationAccels/lookup()``).
@MainActor
private final class AccelLookup {
    /// Asks answered by GTK one by one before the actions with accels are listed: a list's
    /// change asks for a few items, where listing them all would cost more.
    private static let asksBeforeListing = 8
    private var pass = ApplicationAccels.passNumber
    private var asks = 0
    private var isListed = false
    /// The actions the app has accels for, without targets; nil when one could not be read
    /// (then every ask goes to GTK).
    private var actionsWithAccels: Set<String>?

    func accels(forAction name: String, target: String?, targetValue: MenuActionTarget?) -> [String] {
        if pass != ApplicationAccels.passNumber {
            pass = ApplicationAccels.passNumber
            (asks, isListed, actionsWithAccels) = (0, false, nil)
        }
        asks += 1
        if !isListed, asks > Self.asksBeforeListing {
            isListed = true
            actionsWithAccels = listActionsWithAccels()
        }
        if let actionsWithAccels, !actionsWithAccels.contains(name) { return [] }
        return ApplicationAccels.accels(forAction: name, target: target, targetValue: targetValue)
    }

    /// The default application's accels (`gtk_application_list_action_descriptions`) and
    /// GMenuKit's own after the focused widget, by action name. The application is asked for
    /// again, not kept: a list's change may come after it went.
    private func listActionsWithAccels() -> Set<String>? {
        guard let application = g_application_get_default(), gmk_is_gtk_application(application) != 0 else { return [] }
        var names: Set<String> = []
        var detailedNames = ApplicationAccels.afterFocusedWidget[UnsafeMutableRawPointer(application)].map { Array($0.keys) } ?? []
        detailedNames += gtk_application_list_action_descriptions(gmk_gtk_application(application)).map(strings(taking:)) ?? []
        for detailed in detailedNames {
            var name: UnsafeMutablePointer<gchar>?
            var target: OpaquePointer?
            guard g_action_parse_detailed_name(detailed, &name, &target, nil) != 0, let name else { return nil }
            names.insert(String(cString: name))
            g_free(name)
            if let target { g_variant_unref(target) }
        }
        return names
    }
}
