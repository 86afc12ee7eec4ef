import CGtk

/// The separate, deliberately answered window a destructive command asks in before it acts
/// (rule P6). Cancel is the default; Escape and closing the window also cancel.
@MainActor
enum DeletionConfirmation {
    static func present(over parent: UnsafeMutablePointer<GtkWidget>, answer: @escaping @MainActor (_ delete: Bool) -> Void) {
        let dialog = gtk_window_new()!
        let window = gmk_window(dialog)
        gtk_window_set_transient_for(window, gmk_window(parent))
        gtk_window_set_modal(window, 1)
        gtk_window_set_resizable(window, 0)
        gtk_window_set_title(window, "Delete Note?")

        let heading = gtk_label_new("Delete this note?")!
        gtk_widget_add_css_class(heading, "title-4")
        let body = gtk_label_new("It is removed for good. This cannot be undone.")!

        let cancelButton = gtk_button_new_with_label("Cancel")!
        let deleteButton = gtk_button_new_with_label("Delete")!
        gtk_widget_add_css_class(deleteButton, "destructive-action")
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        gtk_widget_set_margin_top(buttons, 12)
        gtk_box_append(gmk_box(buttons), cancelButton)
        gtk_box_append(gmk_box(buttons), deleteButton)

        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        setMargins(of: content, to: 24)
        gtk_box_append(gmk_box(content), heading)
        gtk_box_append(gmk_box(content), body)
        gtk_box_append(gmk_box(content), buttons)
        gtk_window_set_child(window, content)

        // Only the first answer counts: a button click destroys the window, which answers too.
        var isAnswered = false
        func give(_ delete: Bool) {
            guard !isAnswered else { return }
            isAnswered = true
            answer(delete)
        }
        connect(cancelButton, "clicked") { _ in
            give(false)
            gtk_window_destroy(window)
        }
        connect(deleteButton, "clicked") { _ in
            give(true)
            gtk_window_destroy(window)
        }
        connect(dialog, "destroy") { _ in give(false) }

        // Escape closes the window through its built-in "window.close" action.
        let escape = gtk_shortcut_new(
            gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(rawValue: 0)),
            gtk_named_action_new("window.close"))
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(shortcuts, escape)
        gtk_widget_add_controller(dialog, shortcuts)

        gtk_window_set_default_widget(window, cancelButton)
        gtk_window_present(window)
        gtk_widget_grab_focus(cancelButton)
    }
}
