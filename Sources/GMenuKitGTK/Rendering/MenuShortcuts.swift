import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// The keyboard shortcuts a rendered menu shows, as live `GtkShortcut`s.
///
/// A menu that shows "Ctrl+B" beside Bold must also make Ctrl+B work. GTK only shows the `accel`
/// attribute; this keeps a `GListStore` of shortcuts (trigger → detailed action name) that a
/// shortcut controller on each widget the actions are inserted on reads. The controller uses
/// the managed scope, so the shortcuts work anywhere in the window, in the bubble phase: the
/// focused widget has the key first (Delete deletes in a text view). A shortcut whose scope is
/// `.application` sits in a second store, read in the capture phase, before any widget; one
/// `.whenNoTextIsFocused` does nothing while text has the focus (``ScopedShortcuts``).
@MainActor
package final class MenuShortcuts {
    package struct Binding: Equatable {
        package var accelerator: String
        package var action: String
        package var target: String?
        package var targetValue: MenuActionTarget?
        package var phase: ShortcutPhase = .afterFocusedWidget
        /// The item's label, for the shortcuts editor to say which item has the keys.
        package var title: String = ""
    }

    /// The shortcuts that run after the focused widget.
    private let store: ObjectReference
    /// Those that run before it (`.application`), made when one first does.
    private var captureStore: ObjectReference?
    /// The widgets with a controller, for the capture controller added later.
    private var attached: [WeakObjectPointer<GtkWidget>] = []
    private var bindings: [Binding] = []

    package init() {
        store = ObjectReference(taking: g_list_store_new(gtk_shortcut_get_type()).gpointer)
    }

    /// Adds a controller to `widget` that fires this menu's shortcuts from anywhere in its window.
    package func attach(to widget: UnsafeMutablePointer<GtkWidget>) {
        // The widget takes the controller's only reference.
        gtk_widget_add_controller(widget, ScopedShortcuts.controller(reading: store.pointer, phase: .afterFocusedWidget, managed: true))
        if let captureStore {
            gtk_widget_add_controller(widget, ScopedShortcuts.controller(reading: captureStore.pointer, phase: .beforeFocusedWidget, managed: true))
        }
        attached.removeAll { $0.object == nil }
        attached.append(WeakObjectPointer(widget))
    }

    /// The store of shortcuts that run before the focused widget, with a controller on every
    /// widget attached so far.
    private func makeCaptureStore() -> ObjectReference {
        if let captureStore { return captureStore }
        let made = ObjectReference(taking: g_list_store_new(gtk_shortcut_get_type()).gpointer)
        captureStore = made
        for widget in attached.compactMap(\.object) {
            gtk_widget_add_controller(widget, ScopedShortcuts.controller(reading: made.pointer, phase: .beforeFocusedWidget, managed: true))
        }
        return made
    }

    /// Makes the shortcuts the ones the plan shows; does nothing when they are unchanged.
    package func apply(_ items: [PlannedItem]) {
        var wanted: [Binding] = []
        collect(items, into: &wanted)
        guard wanted != bindings else { return }
        bindings = wanted
        g_list_store_remove_all(gmk_list_store(store.pointer))
        if let captureStore { g_list_store_remove_all(gmk_list_store(captureStore.pointer)) }
        for binding in wanted {
            var arguments: OpaquePointer?
            if let target = binding.target {
                arguments = g_variant_new_string(target)
            } else if let target = binding.targetValue {
                arguments = VariantText.parse(target)
            }
            // A parsed target is a reference of this loop's own; a new string is floating.
            let ownedArguments = arguments.flatMap { g_variant_is_floating($0) == 0 ? $0 : nil }
            defer { if let ownedArguments { g_variant_unref(ownedArguments) } }
            guard let shortcut = ScopedShortcuts.make(accelerator: binding.accelerator, action: binding.action, arguments: arguments,
                                                      unlessTextIsFocused: binding.phase == .afterFocusedWidgetUnlessText)
            else { continue }
            g_object_set_data_full(gmk_object(shortcut.gpointer), ScopedShortcuts.titleKey, g_strdup(binding.title), g_free)
            let target = binding.phase == .beforeFocusedWidget ? makeCaptureStore() : store
            g_list_store_append(gmk_list_store(target.pointer), shortcut.gpointer)
            g_object_unref(shortcut.gpointer)
        }
    }

    /// Stops every shortcut; controllers still attached to widgets find nothing to fire.
    package func removeAll() {
        bindings = []
        g_list_store_remove_all(gmk_list_store(store.pointer))
        if let captureStore { g_list_store_remove_all(gmk_list_store(captureStore.pointer)) }
    }

    private func collect(_ items: [PlannedItem], into bindings: inout [Binding]) {
        // Fields read in place: a loop variable would be a copy of every (large) item.
        for index in items.indices {
            // A dimmed item's shortcut does nothing; bound to the action dimmed items share, GTK
            // would show it beside every one of them (the bound shortcut is that action's accel).
            if let accelerator = items[index].attributes.accel, !accelerator.isEmpty, !items[index].attributes.accelIsApplications,
               let action = items[index].attributes.action, !action.hasSuffix("." + MenuPlanner.unavailableActionName) {
                bindings.append(Binding(accelerator: accelerator, action: action, target: items[index].attributes.target,
                                        targetValue: items[index].attributes.targetValue, phase: items[index].attributes.accelPhase,
                                        title: items[index].attributes.label ?? ""))
            }
            if let children = items[index].link?.children { collect(children, into: &bindings) }
        }
    }
}
