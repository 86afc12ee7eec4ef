import CGtk

/// Fills the custom slots of one `GtkPopoverMenu` or `GtkPopoverMenuBar` that shows a rendered
/// menu with GMenuKit's rows, and keeps them filled as the menu changes.
///
/// A row closes its popover after its action runs unless its item keeps the menu open (rule D4):
/// GTK does not close a popover for a custom child. When an update replaces the row that has
/// the keyboard focus (a stepper whose label shows its value), the focus moves to its successor.
@MainActor
final class CustomRowHost {
    private let menuWidget: WeakObjectPointer<GtkWidget>
    private let isMenuBar: Bool
    /// The live rows by slot, each with its item's key.
    private var rows: [String: (row: WeakObjectPointer<GtkWidget>, key: String)] = [:]
    private var focusedKey: String?

    private let actions: OpaquePointer

    init(_ widget: UnsafeMutablePointer<GtkWidget>, actions: OpaquePointer) {
        menuWidget = WeakObjectPointer(widget)
        self.actions = actions
        isMenuBar = g_type_is_a(g_type_from_name(gmk_type_name_of(widget)), gtk_popover_menu_bar_get_type()) != 0
    }

    var isAlive: Bool { menuWidget.object != nil }

    /// Adds rows for the slots named; a slot the widget does not show yet is left alone.
    func fill(_ ids: [String], from registry: CustomRowRegistry) {
        guard let widget = menuWidget.object else { return }
        for id in ids where rows[id] == nil {
            guard let spec = registry.rows[id] else { continue }
            let row = CustomRowWidgets.make(spec, actions: actions)
            g_object_ref_sink(row.gpointer)
            let added = isMenuBar
                ? gtk_popover_menu_bar_add_child(gmk_popover_menu_bar(widget), row, id)
                : gtk_popover_menu_add_child(gmk_popover_menu(widget), row, id)
            if added != 0 {
                rows[id] = (WeakObjectPointer(row), spec.key)
                closeAfterActivation(row, keepsMenuOpen: spec.attributes.keepsMenuOpen)
                RowHighlight.follow(row)
            }
            g_object_unref(row.gpointer)
        }
    }

    /// Lets go of the rows of slots whose items left the menu. GTK 4.8 keeps a removed slot
    /// alive, and a row in it would go on following its action: when the action changes shape
    /// GTK warns that the row's target no longer fits. So the row is taken out of its slot.
    func drop(_ ids: [String]) {
        for id in ids {
            if let row = rows.removeValue(forKey: id)?.row.object, gtk_widget_get_parent(row) != nil {
                gtk_widget_unparent(row)
            }
        }
    }

    /// Notes which row has the keyboard focus before an update.
    func rememberFocus() {
        focusedKey = nil
        guard let widget = menuWidget.object, let root = gtk_widget_get_root(widget),
              var focus = gtk_root_get_focus(root) else { return }
        // The focus is a row or inside one; rows are few steps from it.
        var rowPointers: [UnsafeMutableRawPointer: String] = [:]
        for (_, entry) in rows { if let row = entry.row.object { rowPointers[row.gpointer] = entry.key } }
        while true {
            if let key = rowPointers[UnsafeMutableRawPointer(focus)] {
                focusedKey = key
                return
            }
            guard let parent = gtk_widget_get_parent(focus) else { return }
            focus = parent
        }
    }

    /// Gives the focus back to the row that replaced the focused one, if the focus was lost.
    func restoreFocus(among ids: [String]) {
        guard let key = focusedKey else { return }
        focusedKey = nil
        for id in ids {
            guard let entry = rows[id], entry.key == key, let row = entry.row.object else { continue }
            if let root = gtk_widget_get_root(row), let focus = gtk_root_get_focus(root),
               gtk_widget_is_ancestor(focus, row) != 0 || focus == row {
                return
            }
            gtk_widget_grab_focus(row)
            return
        }
    }

    private func closeAfterActivation(_ row: UnsafeMutablePointer<GtkWidget>, keepsMenuOpen: Bool) {
        guard !keepsMenuOpen, gmk_is_button(row) != 0,
              let popover = gtk_widget_get_ancestor(row, gtk_popover_get_type()) else { return }
        // Found now, while the row sits in it: the action may replace the row before "clicked"
        // reaches this handler (actionable buttons activate in the class handler, first).
        let target = PopoverToClose(popover)
        gmk_connect_widget(row, "clicked", { _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                if let popover = SwiftClosureData.object(data, as: PopoverToClose.self).popover.object {
                    gtk_popover_popdown(gmk_popover(popover))
                }
            }
        }, SwiftClosureData.retained(target), SwiftClosureData.releaseOnClosureDestroy)
    }
}

@MainActor
private final class PopoverToClose {
    let popover: WeakObjectPointer<GtkWidget>
    init(_ popover: UnsafeMutablePointer<GtkWidget>) { self.popover = WeakObjectPointer(popover) }
}
