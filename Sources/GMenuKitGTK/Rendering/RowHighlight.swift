import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Keeps one highlight in a menu that mixes GTK's model buttons with GMenuKit's rows.
///
/// GtkPopoverMenu highlights the model button it last made active (the `selected` state) and
/// gives it the focus when the pointer enters it. A row does what a model button does: the
/// pointer entering it gives it the focus, and a row with the focus takes the highlight from
/// the model button that had it, and is highlighted the way GtkPopoverMenu highlights its
/// items (the `selected` state, which the theme's `modelbutton:selected` rules draw) for as
/// long as it has the focus.
@MainActor
package enum RowHighlight {
    package static func follow(_ row: UnsafeMutablePointer<GtkWidget>) {
        let motion = gtk_event_controller_motion_new()!
        gmk_connect_pointer_enter(motion, { controller, _, _, _ in
            nonisolated(unsafe) let controller = controller
            MainActor.assumeIsolated {
                guard let row = gtk_event_controller_get_widget(gmk_event_controller(controller?.gpointer)) else { return }
                if gtk_widget_get_focusable(row) != 0 { _ = gtk_widget_grab_focus(row) }
                RowHighlight.takeHighlight(for: row)
            }
        }, nil, nil)
        gtk_widget_add_controller(row, motion)

        let focus = gtk_event_controller_focus_new()!
        gmk_connect_controller(focus, "enter", { controller, _ in
            nonisolated(unsafe) let controller = controller
            MainActor.assumeIsolated {
                guard let row = gtk_event_controller_get_widget(controller) else { return }
                RowHighlight.takeHighlight(for: row)
                gtk_widget_set_state_flags(row, GTK_STATE_FLAG_SELECTED, 0)
            }
        }, nil, nil)
        gmk_connect_controller(focus, "leave", { controller, _ in
            nonisolated(unsafe) let controller = controller
            MainActor.assumeIsolated {
                guard let row = gtk_event_controller_get_widget(controller) else { return }
                gtk_widget_unset_state_flags(row, GTK_STATE_FLAG_SELECTED)
            }
        }, nil, nil)
        gtk_widget_add_controller(row, focus)
    }

    /// Takes the `selected` state off the model buttons of the row's menu page.
    private static func takeHighlight(for row: UnsafeMutablePointer<GtkWidget>) {
        guard let page = menuPage(of: row) else { return }
        var pending = [page]
        while let widget = pending.popLast() {
            if gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0,
               String(cString: gmk_type_name_of(widget)) == "GtkModelButton" {
                gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_SELECTED)
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                pending.append(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
    }

    /// The page of the popover's stack that holds the row (a submenu's, or the main one).
    private static func menuPage(of row: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var below = row
        while let parent = gtk_widget_get_parent(below) {
            if gmk_is_stack(parent) != 0 { return below }
            below = parent
        }
        return nil
    }
}
