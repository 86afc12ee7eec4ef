import CGtk
import GMenuKit

/// The showcase's list of notes: a `GtkListView` over a `GListStore` of 10,000 notes with
/// multiple selection, and one context menu for the whole list (`ContextMenu(for:)`) that acts
/// on the notes it was opened for, says how many, and has a menu of its own for the space
/// below the notes. Double click or Return opens the selected notes (the primary action).
@MainActor
final class NoteListView {
    static let noteCount = 10_000
    static let topics = ["Groceries", "Meeting Notes", "Release Plan", "Ideas", "Reading List", "Recipes", "Travel"]

    /// The scrolled window to place in the window.
    let widget: UnsafeMutablePointer<GtkWidget>
    let list: UnsafeMutablePointer<GtkWidget>
    let menu: ContextMenu
    /// The notes, `GtkStringObject`s; the selection model holds the store.
    private let store: OpaquePointer
    private let selection: OpaquePointer

    init(commands: NoteCommands) {
        let store = g_list_store_new(gtk_string_object_get_type())!
        for index in 1...Self.noteCount {
            let note = gtk_string_object_new("\(Self.topics[index % Self.topics.count]) \(index)")!
            g_list_store_append(store, note.gpointer)
            g_object_unref(note.gpointer)
        }
        self.store = store
        selection = gtk_multi_selection_new(gmk_list_model(store.gpointer))!
        let factory = gtk_signal_list_item_factory_new()!
        gmk_connect_list_item(factory, "setup", { _, listItem, _ in
            let label = gtk_label_new(nil)!
            gtk_label_set_xalign(gmk_label(label), 0)
            gtk_widget_set_margin_start(label, 6)
            gtk_widget_set_margin_top(label, 4)
            gtk_widget_set_margin_bottom(label, 4)
            gtk_list_item_set_child(listItem, label)
        }, nil, nil)
        gmk_connect_list_item(factory, "bind", { _, listItem, _ in
            guard let label = gtk_list_item_get_child(listItem), let item = gtk_list_item_get_item(listItem) else { return }
            gtk_label_set_text(gmk_label(label), gtk_string_object_get_string(OpaquePointer(item)))
        }, nil, nil)
        list = gtk_list_view_new(gmk_selection_model(selection.gpointer), factory)
        gtk_widget_add_css_class(list, "rich-list")
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(gmk_scrolled_window(widget.gpointer), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_min_content_height(gmk_scrolled_window(widget.gpointer), 170)
        gtk_scrolled_window_set_child(gmk_scrolled_window(widget.gpointer), list)
        setAccessibilityLabel("Notes", on: list)
        setAccessibilityLabel("Notes", on: widget)

        let selection = self.selection
        menu = ContextMenu(for: list, title: "Notes") { notes in
            ShowcaseMenus.noteListContextMenu(titles: notes.map(Self.title), commands: commands,
                                              delete: { Self.remove(notes, from: store) },
                                              selectAll: { gtk_selection_model_select_all(gmk_selection_model(selection.gpointer)) })
        } primaryAction: { notes in
            commands.record(notes.count == 1 ? "Open “\(Self.title(notes[0]))”" : "Open \(notes.count) notes")
        }
    }

    static func title(_ note: ListItemObject) -> String {
        String(cString: gtk_string_object_get_string(OpaquePointer(note.object)))
    }

    private static func remove(_ notes: [ListItemObject], from store: OpaquePointer) {
        for note in notes {
            var position: guint = 0
            if g_list_store_find(store, note.object, &position) != 0 { g_list_store_remove(store, position) }
        }
    }

    /// Opens the menu as a secondary click on the second row would, with three notes selected:
    /// for `MenuShowcase --open note-list`.
    func openForScreenshot() {
        for position in guint(0)..<3 { gtk_selection_model_select_item(gmk_selection_model(selection.gpointer), position, 0) }
        var child = gtk_widget_get_first_child(list)
        var rows: [UnsafeMutablePointer<GtkWidget>] = []
        while let row = child {
            if gtk_widget_get_mapped(row) != 0, gmk_is_popover(row) == 0 { rows.append(row) }
            child = gtk_widget_get_next_sibling(row)
        }
        var bounds = graphene_rect_t()
        guard rows.count > 1, gtk_widget_compute_bounds(rows[1], list, &bounds) != 0 else { return menu.popup() }
        menu.popup(at: Double(bounds.origin.x) + 60, Double(bounds.origin.y + bounds.size.height / 2))
    }
}

private extension OpaquePointer {
    var gpointer: CGtk.gpointer { UnsafeMutableRawPointer(self) }
}

private extension UnsafeMutablePointer {
    var gpointer: CGtk.gpointer { UnsafeMutableRawPointer(self) }
}
