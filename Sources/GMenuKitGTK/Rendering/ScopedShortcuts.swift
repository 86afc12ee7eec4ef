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
        if managed { gtk_shortcut_controller_set_scope(gmk_shortcut_controller(controller.gpointer), GTK_SHORTCUT_SCOPE_MANAGED) }
        gtk_event_controller_set_propagation_phase(controller, phase == .beforeFocusedWidget ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE)
        return controller
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
