import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// The separate, deliberately answered window in which a destructive item asks before it acts
/// (rule P6): the question ("Delete Note?"), an optional message, Cancel and a red button named
/// after the command. Cancel is the default and has the focus, so Return, Escape and closing the
/// window all keep things as they are.
@MainActor
public enum ConfirmationDialog {
    /// Shows the confirmation over `parent` (modal to it) and answers once: true only when the
    /// person chose the command.
    @discardableResult
    public static func present(
        _ request: ConfirmationRequest, over parent: UnsafeMutablePointer<GtkWidget>?,
        answer: @escaping @MainActor (_ proceed: Bool) -> Void
    ) -> UnsafeMutablePointer<GtkWidget> {
        let dialog = gtk_window_new()!
        let window = gmk_window(dialog)
        if let parent, let root = gtk_widget_get_root(parent) {
            gtk_window_set_transient_for(window, gmk_window(root.gpointer))
            // A window that goes takes its question with it, answered with Cancel.
            gtk_window_set_destroy_with_parent(window, 1)
        }
        gtk_window_set_modal(window, 1)
        gtk_window_set_resizable(window, 0)
        gtk_window_set_title(window, request.question)
        gtk_widget_add_css_class(dialog, "gmenukit-confirmation")

        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            side(content, 24)
        }
        let question = gtk_label_new(request.question)!
        gtk_widget_add_css_class(question, "title-4")
        gtk_label_set_wrap(gmk_label(question), 1)
        gtk_box_append(gmk_box(content), question)
        if let message = request.message {
            let body = gtk_label_new(message)!
            gtk_label_set_wrap(gmk_label(body), 1)
            gtk_label_set_max_width_chars(gmk_label(body), 50)
            gtk_box_append(gmk_box(content), body)
        }

        let cancelButton = gtk_button_new_with_mnemonic("_Cancel")!
        let confirmButton = gtk_button_new_with_label(request.confirmLabel)!
        gtk_widget_add_css_class(confirmButton, "destructive-action")
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        gtk_widget_set_margin_top(buttons, 12)
        gtk_box_append(gmk_box(buttons), cancelButton)
        gtk_box_append(gmk_box(buttons), confirmButton)
        gtk_box_append(gmk_box(content), buttons)
        gtk_window_set_child(window, content)

        // Only the first answer counts: a button click destroys the window, which answers too.
        let once = Answer(answer)
        connectWidgetSignal(cancelButton, "clicked") { _ in
            once.give(false)
            gtk_window_destroy(window)
        }
        connectWidgetSignal(confirmButton, "clicked") { _ in
            once.give(true)
            gtk_window_destroy(window)
        }
        connectWidgetSignal(dialog, "destroy") { _ in once.give(false) }

        // Escape closes the window through its built-in "window.close" action.
        let escape = gtk_shortcut_new(
            gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(rawValue: 0)),
            gtk_named_action_new("window.close"))
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(gmk_shortcut_controller(shortcuts.gpointer), escape)
        gtk_widget_add_controller(dialog, gmk_event_controller(shortcuts.gpointer))

        gtk_window_set_default_widget(window, cancelButton)
        gtk_window_present(window)
        gtk_widget_grab_focus(cancelButton)
        return dialog
    }
}

@MainActor
private final class Answer {
    private var answer: (@MainActor (Bool) -> Void)?
    init(_ answer: @escaping @MainActor (Bool) -> Void) { self.answer = answer }

    func give(_ proceed: Bool) {
        let answer = self.answer
        self.answer = nil
        answer?(proceed)
    }
}
