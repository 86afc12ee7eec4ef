import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// The keyboard shortcuts a rendered menu shows, as live `GtkShortcut`s.
///
/// A menu that shows "Ctrl+B" beside Bold must also make Ctrl+B work. GTK only shows the `accel`
/// attribute; this keeps one `GListStore` of shortcuts (trigger → detailed action name) that a
/// shortcut controller on each widget the actions are inserted on reads. The controller uses
/// the managed scope, so the shortcuts work anywhere in the window.
@MainActor
package final class MenuShortcuts {
    package struct Binding: Equatable {
        package var accelerator: String
        package var action: String
        package var target: String?
        package var targetValue: MenuActionTarget?
    }

    private let store: ObjectReference
    private var bindings: [Binding] = []

    package init() {
        store = ObjectReference(taking: g_list_store_new(gtk_shortcut_get_type()).gpointer)
    }

    /// Adds a controller to `widget` that fires this menu's shortcuts from anywhere in its window.
    package func attach(to widget: UnsafeMutablePointer<GtkWidget>) {
        let controller = gtk_shortcut_controller_new_for_model(gmk_list_model(store.pointer))!
        gtk_shortcut_controller_set_scope(gmk_shortcut_controller(controller.gpointer), GTK_SHORTCUT_SCOPE_MANAGED)
        // The widget takes the controller's only reference.
        gtk_widget_add_controller(widget, controller)
    }

    /// Makes the shortcuts the ones the plan shows; does nothing when they are unchanged.
    package func apply(_ items: [PlannedItem]) {
        var wanted: [Binding] = []
        collect(items, into: &wanted)
        guard wanted != bindings else { return }
        bindings = wanted
        g_list_store_remove_all(gmk_list_store(store.pointer))
        for binding in wanted {
            guard let trigger = gtk_shortcut_trigger_parse_string(binding.accelerator) else { continue }
            let shortcut = gtk_shortcut_new(trigger, gtk_named_action_new(binding.action))!
            if let target = binding.target {
                gtk_shortcut_set_arguments(shortcut, g_variant_new_string(target))
            } else if let target = binding.targetValue, let value = VariantText.parse(target) {
                gtk_shortcut_set_arguments(shortcut, value)
                g_variant_unref(value)
            }
            g_list_store_append(gmk_list_store(store.pointer), shortcut.gpointer)
            g_object_unref(shortcut.gpointer)
        }
    }

    /// Stops every shortcut; controllers still attached to widgets find nothing to fire.
    package func removeAll() {
        bindings = []
        g_list_store_remove_all(gmk_list_store(store.pointer))
    }

    private func collect(_ items: [PlannedItem], into bindings: inout [Binding]) {
        // Fields read in place: a loop variable would be a copy of every (large) item.
        for index in items.indices {
            // A dimmed item's shortcut does nothing; bound to the action dimmed items share, GTK
            // would show it beside every one of them (the bound shortcut is that action's accel).
            if let accelerator = items[index].attributes.accel, !accelerator.isEmpty, !items[index].attributes.accelIsApplications,
               let action = items[index].attributes.action, !action.hasSuffix("." + MenuPlanner.unavailableActionName) {
                bindings.append(Binding(accelerator: accelerator, action: action, target: items[index].attributes.target,
                                        targetValue: items[index].attributes.targetValue))
            }
            if let children = items[index].link?.children { collect(children, into: &bindings) }
        }
    }
}
