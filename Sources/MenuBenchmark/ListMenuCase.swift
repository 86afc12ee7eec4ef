import CGtk
import GMenuKit

#if canImport(Glibc)
    import Glibc
#endif

/// Case 9: a secondary click on a row of a `GtkListView` of N notes (a `GListStore` of
/// `GtkStringObject`s, multiple selection) opens one context menu for the list, acting on the
/// clicked note: from the click (`ContextMenu.popup(at:)`, what the gesture calls) to the end
/// of the menu's first frame. Each run clicks another unselected row, which is selected first,
/// so the menu's content is read for it. The C side does the same by hand
/// (`Benchmarks/c/list_menu_case.c`). The cost must not depend on N.
@MainActor
enum ListMenuCase {
    static func run(items: Int, runs: Int) {
        guard gtk_init_check() != 0 else {
            printError("case 9 needs a display; run it under scripts/with-display.sh")
            exit(2)
        }
        let store = g_list_store_new(gtk_string_object_get_type())!
        for index in 0..<items {
            let note = gtk_string_object_new("Note \(index)")!
            g_list_store_append(store, note.gpointer)
            g_object_unref(note.gpointer)
        }
        let factory = gtk_signal_list_item_factory_new()!
        gmk_connect_list_item(factory, "setup", { _, listItem, _ in
            gtk_list_item_set_child(listItem, gtk_label_new(nil))
        }, nil, nil)
        gmk_connect_list_item(factory, "bind", { _, listItem, _ in
            guard let label = gtk_list_item_get_child(listItem), let item = gtk_list_item_get_item(listItem) else { return }
            gtk_label_set_text(gmk_label(label.gpointer), gtk_string_object_get_string(OpaquePointer(item)))
        }, nil, nil)
        let selection = gtk_multi_selection_new(gmk_list_model(store.gpointer))!
        let list = gtk_list_view_new(gmk_selection_model(selection.gpointer), factory)!
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gmk_scrolled_window(scroller.gpointer), list)
        let window = gtk_window_new()!
        gtk_window_set_default_size(gmk_window(window), 640, 480)
        gtk_window_set_child(gmk_window(window), scroller)

        let context = ContextMenu(for: list, item: { $0 }) { notes in
            Button(notes.count == 1 ? "Open Note" : "Open \(notes.count) Notes") {}
            Button(notes.count == 1 ? "Copy Note" : "Copy \(notes.count) Notes") {}
        }
        RenderedMenu.reportsGuidelineDiagnostics = false
        FirstFrame.present(window)
        let rows = rowCenters(in: list)
        guard rows.count > 6 else {
            printError("the list shows \(rows.count) rows")
            exit(1)
        }

        var samples: [Double] = []
        for run in 0...runs {
            let row = rows[1 + run % 6]
            let start = ContinuousClock.now
            context.popup(at: row.x, row.y)
            guard let popover = popoverChild(of: list) else {
                printError("no menu opened")
                exit(1)
            }
            let seconds = FirstFrame.opened(popover, since: start, timeout: .seconds(30))
            if run > 0 { samples.append(seconds) }  // The first opening makes the popover and warms up GTK's caches.
            context.popdown()
            FirstFrame.settle()
        }
        Report.result("9", items: items, seconds: samples)
        gtk_window_destroy(gmk_window(window))
        runMainLoopUntilIdle()
    }

    /// The middles of the rows the list shows, in its coordinates.
    private static func rowCenters(in list: UnsafeMutablePointer<GtkWidget>) -> [(x: Double, y: Double)] {
        var centers: [(x: Double, y: Double)] = []
        var child = gtk_widget_get_first_child(list)
        while let row = child {
            var bounds = graphene_rect_t()
            if gmk_is_popover(row) == 0, gtk_widget_get_mapped(row) != 0, gtk_widget_compute_bounds(row, list, &bounds) != 0,
               bounds.origin.y >= 0, bounds.origin.y + bounds.size.height <= Float(gtk_widget_get_height(list)) {
                centers.append((Double(bounds.origin.x + bounds.size.width / 2), Double(bounds.origin.y + bounds.size.height / 2)))
            }
            child = gtk_widget_get_next_sibling(row)
        }
        return centers
    }

    private static func popoverChild(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if gmk_is_popover(current) != 0 { return current }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}
