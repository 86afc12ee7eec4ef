import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Lines GMenuKit's rows up with GTK's model buttons in the same menu page.
///
/// GTK gives every model button of a popover's page a start box (where a check or radio
/// indicator goes) and puts all of them in one horizontal size group, so that in a page with
/// any checkmark every label starts after the indicators' column (gtkmenusectionbox.c, the
/// page's `indicators`; gtkmodelbutton.c, `indicator-size-group`). A custom slot is not in that
/// group. A command row has an empty start box of its own and joins the page's group, which
/// any model button of the page names in its readable `indicator-size-group` property. (Check
/// and radio rows are GtkCheckButtons: the theme's rule for GTK's indicator class places their
/// indicator, see CustomRowWidgets.) A page with no model button gets a group of GMenuKit's
/// own; its command rows then do not make room for the check rows' indicators beside them.
@MainActor
package enum RowIndicatorAlignment {
    private static let startBoxKey = "gmenukit-row-start-box"
    private static let pageGroupKey = "gmenukit-page-indicators"
    private static let modelButtonType = g_type_from_name("GtkModelButton")

    /// A row's start box: its first child, kept on the row for ``align(_:)``.
    package static func startBox(for row: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(box, "gmenukit-start")
        g_object_set_data(gmk_object(row), startBoxKey, box.gpointer)
        return box
    }

    /// Puts the row's start box into the indicator size group of the page the row was added to.
    package static func align(_ row: UnsafeMutablePointer<GtkWidget>) {
        guard let start = g_object_get_data(gmk_object(row), startBoxKey),
              let page = page(of: row), let group = indicatorGroup(of: page) else { return }
        gtk_size_group_add_widget(group, gmk_widget(start))
    }

    /// The width of the indicator column of the page holding `widget`: where a row that has no
    /// start box of its own (a scrolling list's command row) begins its label.
    package static func indicatorColumnWidth(near widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        guard let page = page(of: widget), let group = indicatorGroup(of: page),
              let first = gtk_size_group_get_widgets(group)?.pointee.data else { return 0 }
        var natural: Int32 = 0
        gtk_widget_measure(gmk_widget(first), GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
        return Int(natural)
    }

    /// The top widget of the menu page holding `widget`: the child of the popover's stack.
    private static func page(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var current = widget
        while let parent = gtk_widget_get_parent(current) {
            if gmk_is_stack(parent) != 0 { return current }
            current = parent
        }
        return nil
    }

    /// The page's group: a model button's, or GMenuKit's own; found once per page.
    private static func indicatorGroup(of page: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkSizeGroup>? {
        if let known = g_object_get_data(gmk_object(page), pageGroupKey) { return known.assumingMemoryBound(to: GtkSizeGroup.self) }
        let group: UnsafeMutablePointer<GtkSizeGroup>
        if let button = firstModelButton(in: page),
           let shared = gmk_object_dup_object(button.gpointer, "indicator-size-group") {
            group = shared.assumingMemoryBound(to: GtkSizeGroup.self)
        } else {
            group = gtk_size_group_new(GTK_SIZE_GROUP_HORIZONTAL)!
        }
        g_object_set_data_full(gmk_object(page), pageGroupKey, UnsafeMutableRawPointer(group)) { g_object_unref($0) }
        return group
    }

    private static func firstModelButton(in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        guard modelButtonType != 0 else { return nil }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self),
                                          modelButtonType) != 0 {
                return current
            }
            // Not into another page's popover (a nested submenu's).
            if gmk_is_popover(current) == 0, let found = firstModelButton(in: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}
