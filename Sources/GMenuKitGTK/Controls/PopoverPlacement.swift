import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Where GTK puts a popover parented to a widget it did not make for it.
@MainActor
package enum PopoverPlacement {
    /// What to add to a point in `widget`'s coordinates before handing it to
    /// `gtk_popover_set_pointing_to`.
    ///
    /// A widget's coordinates start at its content box. GTK 4.0–4.11 add `pointing_to` to the
    /// parent's border box (`create_popup_layout` in gtkpopover.c starts from
    /// `gtk_widget_get_surface_allocation`), so the menu lands off by the parent's padding and
    /// border; 4.12 transforms it from the content box (`compute_surface_pointing_to`).
    package static func pointingToOffset(of widget: UnsafeMutablePointer<GtkWidget>) -> (x: gint, y: gint) {
        guard gtk_get_major_version() == 4, gtk_get_minor_version() < 12 else { return (0, 0) }
        var padding = GtkBorder()
        var border = GtkBorder()
        gmk_widget_padding_and_border(widget, &padding, &border)
        return (gint(padding.left) + gint(border.left), gint(padding.top) + gint(border.top))
    }
}
