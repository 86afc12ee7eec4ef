import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Lines GMenuKit's rows up with GTK's model buttons in the same menu page.
///
/// GTK gives every model button of a popover's page a start box (where a check or radio
/// indicator goes) and puts all of them in one horizontal size group, so that in a page with
/// any checkmark every label starts after the indicators' column (gtkmenusectionbox.c, the
/// page's `indicators`; gtkmodelbutton.c, `indicator-size-group`). A custom slot is not in that
/// group. A command row gets an empty start box of its own that joins the page's group, which
/// any model button of the page names in its readable `indicator-size-group` property. (Check
/// and radio rows are GtkCheckButtons: the theme's rule for GTK's indicator class places their
/// indicator, see CustomRowWidgets.) A page with no model button gets a group of GMenuKit's
/// own; its command rows then do not make room for the check rows' indicators beside them.
///
/// A size group is quadratic in its members: measuring one member measures every member,
/// and each one added queues a resize of all of them (gtksizegroup.c, gtksizerequest.c). In
/// GTK's group that is GTK's cost for its own items. GMenuKit's own group only matters once a
/// member has something in its start box (a scrolling list's check row); until then every
/// member would be an empty box, no wider than nothing. So in a page with no model button a
/// command row has no start box and there is no group, until the first start box with an
/// indicator comes: then the page's command rows get theirs, in the group. At 1,000 rows the
/// group had been most of the menu's opening, and each widget of a row is measured and styled.
@MainActor
package enum RowIndicatorAlignment {
    private static let startBoxKey = "gmenukit-row-start-box"
    /// A command row's box, where its start box goes first when the row needs one.
    private static let rowBoxKey = "gmenukit-row-box"
    private static let pageGroupKey = "gmenukit-page-indicators"
    /// Set on a page found to hold no model button.
    private static let pageWithoutModelButtonKey = "gmenukit-page-without-model-button"
    private static let modelButtonType = g_type_from_name("GtkModelButton")

    /// A row's start box, made now: its first child, kept on the row for ``align(_:)``.
    package static func startBox(for row: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(box, "gmenukit-start")
        g_object_set_data(gmk_object(row), startBoxKey, box.gpointer)
        return box
    }

    /// Notes `box`, the command row's one box, where ``align(_:)`` puts a start box first
    /// when the row's page has an indicator column.
    package static func willAlign(_ row: UnsafeMutablePointer<GtkWidget>, inBox box: UnsafeMutablePointer<GtkWidget>) {
        g_object_set_data(gmk_object(row), rowBoxKey, box.gpointer)
    }

    /// Puts the row's start box into the indicator size group of the page the row was added to,
    /// where the group can make it wider (above).
    package static func align(_ row: UnsafeMutablePointer<GtkWidget>) {
        guard let page = page(of: row) else { return }
        if let group = indicatorGroup(of: page) {
            if let start = startBox(of: row) ?? addStartBox(to: row) { gtk_size_group_add_widget(group, start) }
        } else if let start = startBox(of: row), gtk_widget_get_first_child(start) != nil {
            let group = gtk_size_group_new(GTK_SIZE_GROUP_HORIZONTAL)!
            g_object_set_data_full(gmk_object(page), pageGroupKey, UnsafeMutableRawPointer(group)) { g_object_unref($0) }
            forEachRow(in: page) { row in
                if let start = startBox(of: row) ?? addStartBox(to: row) { gtk_size_group_add_widget(group, start) }
            }
        }
    }

    /// A new start box first in the command row's box; nil for a row without one.
    private static func addStartBox(to row: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        guard let box = g_object_get_data(gmk_object(row), rowBoxKey) else { return nil }
        let start = startBox(for: row)
        gtk_box_insert_child_after(gmk_box(box), start, nil)
        return start
    }

    /// The indicator size group of the page holding `widget`, if its rows are in one.
    package static func group(ofPageHolding widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkSizeGroup>? {
        page(of: widget).flatMap { indicatorGroup(of: $0) }
    }

    /// A row's start box (nil for a row without one: a check row draws its own indicator).
    package static func startBox(of row: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        g_object_get_data(gmk_object(row), startBoxKey).map { gmk_widget($0) }
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

    /// The page's group: a model button's, or GMenuKit's own once a member has an indicator;
    /// nil until then in a page with no model button. Looked for once per page.
    private static func indicatorGroup(of page: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkSizeGroup>? {
        if let known = g_object_get_data(gmk_object(page), pageGroupKey) { return known.assumingMemoryBound(to: GtkSizeGroup.self) }
        if g_object_get_data(gmk_object(page), pageWithoutModelButtonKey) != nil { return nil }
        guard let button = firstModelButton(in: page),
              let shared = gmk_object_dup_object(button.gpointer, "indicator-size-group")
        else {
            g_object_set_data(gmk_object(page), pageWithoutModelButtonKey, page.gpointer)
            return nil
        }
        g_object_set_data_full(gmk_object(page), pageGroupKey, shared) { g_object_unref($0) }
        return shared.assumingMemoryBound(to: GtkSizeGroup.self)
    }

    /// Calls `body` with each of the page's rows that has or may have a start box (not those of
    /// another page's popover inside it).
    private static func forEachRow(in widget: UnsafeMutablePointer<GtkWidget>, _ body: (UnsafeMutablePointer<GtkWidget>) -> Void) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if startBox(of: current) != nil || g_object_get_data(gmk_object(current), rowBoxKey) != nil {
                body(current)
            } else if gmk_is_popover(current) == 0 {
                forEachRow(in: current, body)
            }
            child = gtk_widget_get_next_sibling(current)
        }
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
