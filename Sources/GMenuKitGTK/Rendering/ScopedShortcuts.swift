import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// GTK shortcuts that run in the phase their scope asks for (``ShortcutPhase``), for a menu's
/// shortcuts and for the application's commands.
///
/// GTK delivers a key first to the window's capture-phase controllers (where the application's
/// accelerators sit: gtkwindow.c, `gtk-application-shortcuts`), then to the focused widget,
/// then back up through its ancestors' bubble-phase controllers. A shortcut that must let the
/// focused widget have its key first is a bubble-phase controller's: a text view that deletes
/// on Delete stops the key there, a list row that does nothing with it lets it through.
@MainActor
package enum ScopedShortcuts {
    /// A shortcut activating `action` (a detailed name, `app.trash`) with `arguments` (a
    /// floating value is taken; the caller keeps its own reference to any other). Nil for an
    /// accelerator GTK cannot read. `unlessTextIsFocused`: when a text field or text view has
    /// the focus, the shortcut does nothing and lets the key go on.
    package static func make(
        accelerator: String, action: String, arguments: OpaquePointer?, unlessTextIsFocused: Bool
    ) -> OpaquePointer? {
        guard let trigger = gtk_shortcut_trigger_parse_string(accelerator) else {
            if let arguments, g_variant_is_floating(arguments) != 0 { g_variant_unref(g_variant_ref_sink(arguments)) }
            return nil
        }
        let shortcutAction: OpaquePointer
        if unlessTextIsFocused {
            shortcutAction = gtk_callback_action_new({ widget, arguments, data in
                nonisolated(unsafe) let (widget, arguments, data) = (widget, arguments, data)
                return MainActor.assumeIsolated {
                    guard let widget, !ScopedShortcuts.textHasFocus(around: widget) else { return 0 }
                    let name = SwiftClosureData.object(data, as: ActionName.self).name
                    return gtk_widget_activate_action_variant(widget, name, arguments)
                }
            }, SwiftClosureData.retained(ActionName(action)), SwiftClosureData.releaseOnDestroy)
        } else {
            shortcutAction = gtk_named_action_new(action)
        }
        let shortcut = gtk_shortcut_new(trigger, shortcutAction)!
        if let arguments { gtk_shortcut_set_arguments(shortcut, arguments) }
        return shortcut
    }

    /// A shortcut controller reading `store` (a `GListStore` of `GtkShortcut`s) in the phase;
    /// `managed`: it works anywhere in the widget's window (GtkShortcutManager), else where the
    /// widget or what is inside it has the focus. Floating: the widget it is added to takes it.
    package static func controller(
        reading store: UnsafeMutableRawPointer, phase: ShortcutPhase, managed: Bool
    ) -> OpaquePointer {
        let controller = gtk_shortcut_controller_new_for_model(gmk_list_model(store))!
        gtk_event_controller_set_name(controller, menuControllerName)
        if managed { gtk_shortcut_controller_set_scope(gmk_shortcut_controller(controller.gpointer), GTK_SHORTCUT_SCOPE_MANAGED) }
        gtk_event_controller_set_propagation_phase(controller, phase == .beforeFocusedWidget ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE)
        return controller
    }

    /// The name of GMenuKit's shortcut controllers, and the key of a shortcut's item title.
    package static let menuControllerName = "gmenukit-menu-shortcuts"
    package static let titleKey = "gmenukit-item-title"

    /// The keys GMenuKit's menus use in `window` (GTK's spelling, as `gtk_shortcut_trigger_to_string`
    /// writes them) and the title of the item each runs: read from the shortcut controllers on
    /// the window's widgets, as GTK would deliver the keys.
    package static func menuKeys(in window: UnsafeMutablePointer<GtkWidget>) -> [(accelerator: String, title: String)] {
        var found: [(accelerator: String, title: String)] = []
        func visit(_ widget: UnsafeMutablePointer<GtkWidget>) {
            if let controllers = gtk_widget_observe_controllers(widget) {
                for index in 0..<g_list_model_get_n_items(controllers) {
                    guard let controller = g_list_model_get_item(controllers, index) else { continue }
                    defer { g_object_unref(controller) }
                    guard let name = gtk_event_controller_get_name(OpaquePointer(controller)),
                          String(cString: name) == menuControllerName else { continue }
                    let shortcuts = gmk_list_model(controller)
                    for position in 0..<g_list_model_get_n_items(shortcuts) {
                        guard let shortcut = g_list_model_get_item(shortcuts, position) else { continue }
                        defer { g_object_unref(shortcut) }
                        guard let trigger = gtk_shortcut_get_trigger(OpaquePointer(shortcut)),
                              let written = gtk_shortcut_trigger_to_string(trigger) else { continue }
                        defer { g_free(written) }
                        let title = g_object_get_data(gmk_object(shortcut), titleKey).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
                        found.append((String(cString: written), title))
                    }
                }
                g_object_unref(controllers.gpointer)
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                visit(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(window)
        return found
    }

    /// Whether a text field (anything editable, such as the text inside a `GtkEntry`) or a text
    /// view has the focus in `widget`'s window.
    package static func textHasFocus(around widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return gmk_is_editable(focus.gpointer) != 0 || gmk_is_text_view(focus.gpointer) != 0
    }
}

/// The action a conditional shortcut activates.
private final class ActionName {
    let name: String
    init(_ name: String) { self.name = name }
}
