import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Fills the custom slots of one `GtkPopoverMenu` or `GtkPopoverMenuBar` that shows a rendered
/// menu with GMenuKit's rows, and keeps them filled as the menu changes.
///
/// A row closes its popover after its action runs unless its item keeps the menu open (rule D4):
/// GTK does not close a popover for a custom child. When an update replaces the row that has
/// the keyboard focus (a stepper whose label shows its value), the focus moves to its successor.
@MainActor
package final class CustomRowHost {
    private let menuWidget: WeakObjectPointer<GtkWidget>
    private let isMenuBar: Bool
    /// The live rows by slot, each with its item's key.
    private var rows: [String: (row: WeakObjectPointer<GtkWidget>, key: String)] = [:]
    private var focusedKey: String?
    private static let keyData = "gmenukit-row-key"

    private let actions: OpaquePointer

    package init(_ widget: UnsafeMutablePointer<GtkWidget>, actions: OpaquePointer) {
        menuWidget = WeakObjectPointer(widget)
        self.actions = actions
        isMenuBar = gmk_is_popover_menu_bar(widget) != 0
        CustomRowWidgets.installStyle()
        gtk_widget_add_css_class(widget, "gmenukit-menu")
    }

    package var isAlive: Bool { menuWidget.object != nil }

    /// Adds rows for the slots named; a slot the widget does not show yet is left alone.
    package func fill(_ ids: [String], from registry: CustomRowRegistry) {
        guard let widget = menuWidget.object else { return }
        for id in ids where rows[id] == nil {
            guard let spec = registry.rows[id] else { continue }
            let appWidget = spec.attributes.appWidget
            let row = appWidget?.makeWidget() ?? CustomRowWidgets.make(spec, actions: actions)
            g_object_ref_sink(row.gpointer)
            let added = isMenuBar
                ? gtk_popover_menu_bar_add_child(gmk_popover_menu_bar(widget), row, id)
                : gtk_popover_menu_add_child(gmk_popover_menu(widget), row, id)
            if added != 0 {
                rows[id] = (WeakObjectPointer(row), spec.key)
                ScrollingListView.of(row)?.slot = id
                // The row carries its key, so that finding the focused row is a walk up from the focus.
                g_object_set_data_full(gmk_object(row), Self.keyData, SwiftClosureData.retained(RowKey(spec.key)),
                                       SwiftClosureData.releaseOnDestroy)
                // An app's widget behaves as the app made it.
                if appWidget == nil {
                    RowIndicatorAlignment.align(row)
                    closeAfterActivation(row, keepsMenuOpen: spec.attributes.keepsMenuOpen)
                    RowHighlight.follow(row)
                }
            }
            g_object_unref(row.gpointer)
        }
    }

    /// Lets go of the rows of slots whose items left the menu. GTK 4.8 keeps a removed slot
    /// alive, and a row in it would go on following its action: when the action changes shape
    /// GTK warns that the row's target no longer fits. So the row is taken out of its slot.
    package func drop(_ ids: [String]) {
        for id in ids {
            if let row = rows.removeValue(forKey: id)?.row.object, gtk_widget_get_parent(row) != nil {
                gtk_widget_unparent(row)
            }
        }
    }

    /// Notes which row has the keyboard focus before an update.
    package func rememberFocus() {
        focusedKey = nil
        guard let widget = menuWidget.object, let root = gtk_widget_get_root(widget) else { return }
        var candidate = gtk_root_get_focus(root)
        while let current = candidate {
            if let data = g_object_get_data(gmk_object(current), Self.keyData) {
                // A row of this popover, not of another menu in the same window.
                if gtk_widget_is_ancestor(current, widget) != 0 {
                    focusedKey = SwiftClosureData.object(data, as: RowKey.self).key
                }
                return
            }
            candidate = gtk_widget_get_parent(current)
        }
    }

    /// Gives the focus back to the row that replaced the focused one, if the focus was lost.
    package func restoreFocus(among ids: [String]) {
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
        let target = WeakObjectPointer(popover)
        connectWidgetSignal(row, "clicked") { _ in
            if let popover = target.object { gtk_popover_popdown(gmk_popover(popover)) }
        }
    }
}

/// An item's key, held by its row.
private final class RowKey {
    let key: String
    init(_ key: String) { self.key = key }
}
