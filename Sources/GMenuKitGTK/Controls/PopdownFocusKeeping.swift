import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Gives the focus back to the widget a closing menu chose for it (the row that had it), after
/// GTK has handed it to the popover's parent.
///
/// GTK 4.18's `gtk_popover_popdown` hides the popover, which unmaps it (GMenuKit gives the
/// focus back there, `PopoverRetirement`), and then calls `cascade_popdown`, which grabs the
/// focus for the popover's parent (`new_focus = parent; … gtk_widget_grab_focus (new_focus)`,
/// gtkpopover.c). GTK 4.8.3's `cascade_popdown` moves no focus. A list view or column view
/// hands a grab on to its focused row (`gtk_list_base_grab_focus`), but a `GtkListBox` takes
/// the focus itself (`grab_focus = gtk_widget_grab_focus_self`): after Escape its row had lost
/// the focus, and the keys that act on the focused row (Shift+F10, the arrows) did nothing
/// there. The popdown finishes before the main loop turns, so the focus is given back just
/// after it, ahead of input still queued (high priority), and only if the parent took it.
@MainActor
package enum PopdownFocusKeeping {
    /// After this popdown, gives `target` the focus if GTK gave it to `parent`, an ancestor of `target`.
    package static func keep(_ target: UnsafeMutablePointer<GtkWidget>, over parent: UnsafeMutablePointer<GtkWidget>) {
        guard target != parent, gtk_widget_is_ancestor(target, parent) != 0 else { return }
        let target = WeakObjectPointer(target), parent = WeakObjectPointer(parent)
        runAfterThisEvent {
            guard let target = target.object, let parent = parent.object, let root = gtk_widget_get_root(parent),
                  gtk_root_get_focus(root) == parent, gtk_widget_get_mapped(target) != 0,
                  gtk_widget_is_ancestor(target, parent) != 0
            else { return }
            gtk_widget_grab_focus(target)
        }
    }
}
