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
        guard let accels = gtk_application_get_accels_for_action(gmk_gtk_application(application), detailed) else { return [] }
        defer { g_strfreev(accels) }
        var found: [String] = []
        var index = 0
        while let accel = accels[index] {
            found.append(String(cString: accel))
            index += 1
        }
        return found
    }
}
