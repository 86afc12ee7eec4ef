import CGtk
import GMenuKitTesting
import XCTest

@testable import GMenuKit

/// A list of notes ("Note 0", "Note 1", …: `GtkStringObject`s in a `GListStore`) shown by one of
/// GTK's list widgets with multiple selection, for the tests of lists' context menus.
@MainActor
struct NoteList {
    let kind: ListKind
    /// The list widget the context menu attaches to.
    let list: UnsafeMutablePointer<GtkWidget>
    /// The scrolled window around it, to place in a window.
    let scroller: UnsafeMutablePointer<GtkWidget>
    /// The notes; the list holds the only reference.
    let store: OpaquePointer
    /// The view's selection model (nil for a list box, which selects its rows itself).
    let selection: OpaquePointer?

    init(_ kind: ListKind, count: Int, height: Int = 300, singleClickActivate: Bool = false) {
        self.kind = kind
        let store = g_list_store_new(gtk_string_object_get_type())!
        for index in 0..<count {
            let note = gtk_string_object_new("Note \(index)")!
            g_list_store_append(store, note.gpointer)
            g_object_unref(note.gpointer)
        }
        self.store = store
        let factory = gtk_signal_list_item_factory_new()!
        gmk_connect_list_item(factory, "setup", { _, listItem, _ in
            let label = gtk_label_new(nil)!
            gtk_label_set_xalign(gmk_label(label.gpointer), 0)
            gtk_widget_set_margin_start(label, 8)
            gtk_widget_set_margin_top(label, 6)
            gtk_widget_set_margin_bottom(label, 6)
            gtk_list_item_set_child(listItem, label)
        }, nil, nil)
        gmk_connect_list_item(factory, "bind", { _, listItem, _ in
            guard let label = gtk_list_item_get_child(listItem), let item = gtk_list_item_get_item(listItem) else { return }
            gtk_label_set_text(gmk_label(label.gpointer), gtk_string_object_get_string(OpaquePointer(item)))
        }, nil, nil)
        switch kind {
        case .listView, .gridView, .columnView:
            // The selection takes the store's reference, the view the selection's and the factory's.
            let selection = gtk_multi_selection_new(gmk_list_model(store.gpointer))!
            self.selection = selection
            switch kind {
            case .listView:
                list = gtk_list_view_new(gmk_selection_model(selection.gpointer), factory)
                gtk_list_view_set_single_click_activate(gmk_list_view(list.gpointer), singleClickActivate ? 1 : 0)
            case .gridView:
                list = gtk_grid_view_new(gmk_selection_model(selection.gpointer), factory)
                gtk_grid_view_set_max_columns(gmk_grid_view(list.gpointer), 3)
                gtk_grid_view_set_single_click_activate(gmk_grid_view(list.gpointer), singleClickActivate ? 1 : 0)
            default:
                list = gtk_column_view_new(gmk_selection_model(selection.gpointer))
                let column = gtk_column_view_column_new("Title", factory)!
                gtk_column_view_column_set_expand(column, 1)
                gtk_column_view_append_column(gmk_column_view(list.gpointer), column)
                g_object_unref(column.gpointer)
                gtk_column_view_set_single_click_activate(gmk_column_view(list.gpointer), singleClickActivate ? 1 : 0)
            }
        case .listBox:
            g_object_unref(factory.gpointer)
            selection = nil
            list = gtk_list_box_new()
            gtk_list_box_set_selection_mode(gmk_list_box(list.gpointer), GTK_SELECTION_MULTIPLE)
            gtk_list_box_set_activate_on_single_click(gmk_list_box(list.gpointer), singleClickActivate ? 1 : 0)
            gtk_list_box_bind_model(gmk_list_box(list.gpointer), gmk_list_model(store.gpointer), { item, _ in
                let label = gtk_label_new(gtk_string_object_get_string(OpaquePointer(item)))!
                gtk_label_set_xalign(gmk_label(label.gpointer), 0)
                gtk_widget_set_margin_start(label, 8)
                gtk_widget_set_margin_top(label, 6)
                gtk_widget_set_margin_bottom(label, 6)
                return label
            }, nil, nil)
            g_object_unref(store.gpointer)
        }
        scroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(gmk_scrolled_window(scroller.gpointer), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_min_content_height(gmk_scrolled_window(scroller.gpointer), gint(height))
        gtk_scrolled_window_set_max_content_height(gmk_scrolled_window(scroller.gpointer), gint(height))
        gtk_scrolled_window_set_child(gmk_scrolled_window(scroller.gpointer), list)
    }

    /// The model a list box's context menu is given: the store it is bound to.
    var menuModel: GListModelHandle? { kind == .listBox ? GListModelHandle(unsafe: store) : nil }

    /// The note's title of a model item.
    static func title(_ item: UnsafeMutablePointer<GObject>) -> String {
        String(cString: gtk_string_object_get_string(OpaquePointer(item)))
    }

    static func titles(_ items: [ListItemObject]) -> [String] { items.map { title($0.object) } }

    /// The label showing `title`, once it is mapped and laid out (a row a new factory made is
    /// mapped a frame before it has a size).
    func label(showing title: String) -> UnsafeMutablePointer<GtkWidget>? {
        WidgetTree.all(list).first { WidgetTree.isShown($0) && gmk_is_label($0) != 0
            && String(cString: gtk_label_get_text(gmk_label($0.gpointer))) == title }
    }

    /// Whether the row showing `title` lies inside the part of the list the scrolled window
    /// shows: a list box makes every row, scrolled to or not, and scrolls to a row a frame
    /// after it takes the focus.
    func isInView(_ title: String) -> Bool {
        guard let label = label(showing: title) else { return false }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(label, scroller, &bounds) != 0 else { return false }
        return bounds.origin.y >= 0 && bounds.origin.y + bounds.size.height <= Float(gtk_widget_get_height(scroller))
    }

    /// The titles the rows show now.
    var shownTitles: [String] {
        WidgetTree.all(list).filter { gmk_is_label($0) != 0 && gtk_widget_get_mapped($0) != 0 }
            .map { String(cString: gtk_label_get_text(gmk_label($0.gpointer))) }.filter { $0.hasPrefix("Note ") }
    }

    /// The middle of the row showing `title`, in the list's coordinates.
    func point(of title: String, file: StaticString = #filePath, line: UInt = #line) -> (x: Double, y: Double) {
        guard let label = label(showing: title) else {
            XCTFail("no row shows \(title)", file: file, line: line)
            return (1, 1)
        }
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(label, list, &bounds)
        return (Double(bounds.origin.x + bounds.size.width / 2), Double(bounds.origin.y + bounds.size.height / 2))
    }

    /// The titles of the selected notes, read from GTK.
    var selectedTitles: [String] {
        (0..<g_list_model_get_n_items(gmk_list_model(store.gpointer))).compactMap { position in
            let selected: Bool
            if kind == .listBox {
                selected = gtk_list_box_row_is_selected(gtk_list_box_get_row_at_index(gmk_list_box(list.gpointer), gint(position))) != 0
            } else {
                selected = gtk_selection_model_is_selected(gmk_selection_model(selection!.gpointer), position) != 0
            }
            guard selected, let item = g_list_model_get_item(gmk_list_model(store.gpointer), position) else { return nil }
            defer { g_object_unref(item) }
            return Self.title(gmk_object(item))
        }
    }

    /// Selects exactly the notes at `positions`, as the app would.
    func select(_ positions: [Int]) {
        if kind == .listBox {
            gtk_list_box_unselect_all(gmk_list_box(list.gpointer))
            for position in positions {
                gtk_list_box_select_row(gmk_list_box(list.gpointer), gtk_list_box_get_row_at_index(gmk_list_box(list.gpointer), gint(position)))
            }
        } else {
            let model = gmk_selection_model(selection!.gpointer)
            gtk_selection_model_unselect_all(model)
            for position in positions { gtk_selection_model_select_item(model, guint(position), 0) }
        }
    }
}
