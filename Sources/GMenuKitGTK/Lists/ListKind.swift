import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// The list widgets a context menu can act on the items of, and what each keeps where.
package enum ListKind: String {
    case listView = "GtkListView"
    case gridView = "GtkGridView"
    case columnView = "GtkColumnView"
    case listBox = "GtkListBox"

    package init?(of widget: UnsafeMutablePointer<GtkWidget>) {
        if gmk_is_column_view(widget) != 0 { self = .columnView }
        else if gmk_is_list_view(widget) != 0 { self = .listView }
        else if gmk_is_grid_view(widget) != 0 { self = .gridView }
        else if gmk_is_list_box(widget) != 0 { self = .listBox }
        else { return nil }
    }

    /// The view's own model: a `GtkSelectionModel` (a list box keeps no model it can be asked for).
    package func viewModel(of list: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
        switch self {
        case .listView: gtk_list_view_get_model(gmk_list_view(list.gpointer))
        case .gridView: gtk_grid_view_get_model(gmk_grid_view(list.gpointer))
        case .columnView: gtk_column_view_get_model(gmk_column_view(list.gpointer))
        case .listBox: nil
        }
    }

    /// The factories that make the rows' widgets: the view's, or each column's.
    package func factories(of list: UnsafeMutablePointer<GtkWidget>) -> [OpaquePointer] {
        switch self {
        case .listView: [gtk_list_view_get_factory(gmk_list_view(list.gpointer))].compactMap { $0 }
        case .gridView: [gtk_grid_view_get_factory(gmk_grid_view(list.gpointer))].compactMap { $0 }
        case .columnView:
            columns(of: list).compactMap { gtk_column_view_column_get_factory(gmk_column_view_column($0.gpointer)) }
        case .listBox: []
        }
    }

    /// A column view's columns (`GtkColumnViewColumn`).
    package func columns(of list: UnsafeMutablePointer<GtkWidget>) -> [OpaquePointer] {
        guard self == .columnView, let columns = gtk_column_view_get_columns(gmk_column_view(list.gpointer)) else { return [] }
        return (0..<g_list_model_get_n_items(columns)).compactMap { index in
            guard let column = g_list_model_get_item(columns, index) else { return nil }
            // The column view holds its columns.
            g_object_unref(column)
            return OpaquePointer(column)
        }
    }

    /// Makes the view build its rows again, so the factories' `setup` runs for every row: a
    /// context menu attached to a list that already shows rows learns of those rows so.
    package func rebuildRows(of list: UnsafeMutablePointer<GtkWidget>) {
        switch self {
        case .listView:
            let view = gmk_list_view(list.gpointer)
            guard let factory = gtk_list_view_get_factory(view) else { return }
            g_object_ref(factory.gpointer)
            gtk_list_view_set_factory(view, nil)
            gtk_list_view_set_factory(view, factory)
            g_object_unref(factory.gpointer)
        case .gridView:
            let view = gmk_grid_view(list.gpointer)
            guard let factory = gtk_grid_view_get_factory(view) else { return }
            g_object_ref(factory.gpointer)
            gtk_grid_view_set_factory(view, nil)
            gtk_grid_view_set_factory(view, factory)
            g_object_unref(factory.gpointer)
        case .columnView:
            // A column's factory set again reaches only the cells made after it: the rows are
            // made again from the model instead (the selection lives in the model and stays).
            let view = gmk_column_view(list.gpointer)
            guard let model = gtk_column_view_get_model(view) else { return }
            g_object_ref(model.gpointer)
            gtk_column_view_set_model(view, nil)
            gtk_column_view_set_model(view, model)
            g_object_unref(model.gpointer)
        case .listBox: break
        }
    }
}
