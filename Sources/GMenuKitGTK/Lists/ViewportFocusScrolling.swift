import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Keeps a `GtkViewport` around a list from scrolling while the list's menu is open.
///
/// GTK 4.8 (and 4.18, `focus_change_handler` in gtkviewport.c): a viewport with
/// `scroll-to-focus` scrolls to the focused widget whenever the focus moves inside it, and
/// measures it with `gtk_widget_compute_bounds (focus, viewport->child)`. A popover parented
/// inside the viewport is a descendant, but its items' bounds come out in the popover's own
/// coordinates, near (0, 0): opening a context menu on a row far down a `GtkListBox` scrolls
/// the list back to its top, leaving the menu pointing at a row that is no longer on screen (and
/// GDK, asked for the monitor of an anchor outside every monitor, criticals). The viewport stops
/// following the focus from just before the menu opens until it closes, when the focus comes back
/// to the row, which is on screen.
@MainActor
package final class ViewportFocusScrolling {
    private var held: WeakObjectPointer<GtkWidget>?

    package func hold(around widget: UnsafeMutablePointer<GtkWidget>) {
        release()
        guard let viewport = gtk_widget_get_ancestor(widget, gtk_viewport_get_type()),
              gtk_viewport_get_scroll_to_focus(OpaquePointer(viewport)) != 0
        else { return }
        gtk_viewport_set_scroll_to_focus(OpaquePointer(viewport), 0)
        held = WeakObjectPointer(viewport)
    }

    package func release() {
        guard let viewport = held?.object else { return }
        held = nil
        gtk_viewport_set_scroll_to_focus(OpaquePointer(viewport), 1)
    }
}
