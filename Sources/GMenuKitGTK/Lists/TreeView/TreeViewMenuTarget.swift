import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Decides, at each opening of a `GtkTreeView`'s context menu, which rows the menu acts on, by
/// the rules of ``ListMenuTarget``: a secondary click on a selected row acts on the whole
/// selection; on an unselected row, on that row (selected first unless the app chose
/// otherwise); on the space below the rows, on none; the Menu key and Shift+F10 at the cursor's
/// row, pointing there. Rows are held as `GtkTreeRowReference`s (``TreeRow``), which follow the
/// model; the menu closes when one of them leaves it.
///
/// GtkTreeView is deprecated from GTK 4.10: everything it is asked goes through
/// `tree_view_shim.h`, where the deprecation warnings are silenced.
@MainActor
package final class TreeViewMenuTarget: ContextMenuOpening {
    /// The tree view owns the context menu, which owns this.
    package let view: UnsafeMutablePointer<GtkWidget>
    package let unselectedItemClick: UnselectedItemClick
    package private(set) var held: [TreeRow] = []
    /// Told the rows whenever they change, before the menu reads its content.
    package var rowsChanged: @MainActor ([TreeRow]) -> Void = { _ in }
    package var primaryAction: (@MainActor ([TreeRow]) -> Void)?
    package weak var contextMenu: ContextMenu?
    private var modelWatch: (model: WeakObjectPointer<GObject>, handler: gulong)?
    private var watchedPopover: WeakObjectPointer<GtkWidget>?

    package init(view: UnsafeMutablePointer<GtkWidget>, unselectedItemClick: UnselectedItemClick) {
        self.view = view
        self.unselectedItemClick = unselectedItemClick
    }

    package static func attached(to view: UnsafeMutablePointer<GtkWidget>) -> TreeViewMenuTarget? {
        ContextMenu.attached(to: view)?.opening as? TreeViewMenuTarget
    }

    /// Connects `row-activated` once per view, as ``ListMenuTarget`` does its list's signals.
    package func start() {
        guard g_object_get_data(gmk_object(view.gpointer), ListMenuTarget.listSignalsKey) == nil else { return }
        g_object_set_data(gmk_object(view.gpointer), ListMenuTarget.listSignalsKey, view.gpointer)
        gmk_connect_tree_row_activated(view, { view, path, _, _ in
            nonisolated(unsafe) let (view, path) = (view, path)
            MainActor.assumeIsolated {
                guard let view, let path, let target = TreeViewMenuTarget.attached(to: view) else { return }
                target.activated(path)
            }
        }, nil, nil)
    }

    private var model: OpaquePointer? { gmk_tree_view_model(view) }

    private func selectedRows() -> [TreeRow] {
        guard let model, let paths = gmk_tree_view_selected_paths(view) else { return [] }
        defer { gmk_tree_paths_free(paths) }
        var rows: [TreeRow] = []
        var link: UnsafeMutablePointer<GList>? = paths
        while let current = link {
            if let path = current.pointee.data, let row = TreeRow(model: model, path: OpaquePointer(path)) { rows.append(row) }
            link = current.pointee.next
        }
        return rows
    }

    /// What an opening on the row at `path` acts on.
    private func rows(openedOn path: OpaquePointer) -> [TreeRow] {
        if gmk_tree_view_path_is_selected(view, path) != 0 { return selectedRows() }
        if unselectedItemClick == .selectsItem {
            gmk_tree_view_select_only(view, path)
            if gmk_tree_view_path_is_selected(view, path) != 0 { return selectedRows() }
        }
        guard let model else { return [] }
        return [TreeRow(model: model, path: path)].compactMap { $0 }
    }

    private func hold(_ rows: [TreeRow]) {
        held = rows
        rowsChanged(rows)
    }

    // MARK: ContextMenuOpening

    /// The selection when a press that may become a long press went down: GtkTreeView selects
    /// the row under it as it goes down (`gtk_tree_view_click_gesture_pressed`), so press and
    /// hold on a selected row would find the selection cut to that row. The long press runs in
    /// the capture phase, before the view's gesture, and puts it back when it opens the menu.
    private var selectionAtPress: [TreeRow]?

    package func longPressBegan() { selectionAtPress = selectedRows() }
    package func longPressEnded() { selectionAtPress = nil }

    private func restoreSelectionAtPress() {
        guard let rows = selectionAtPress else { return }
        selectionAtPress = nil
        let paths = rows.compactMap(\.indices)
        gmk_tree_view_unselect_all(view)
        for indices in paths {
            let path = indices.map { Int32($0) }.withUnsafeBufferPointer { gmk_tree_path_new_from_indices($0.baseAddress, Int32($0.count)) }
            if let path {
                gmk_tree_view_select_path(view, path)
                gmk_tree_path_free(path)
            }
        }
    }

    package func prepareToOpen(at x: Double, _ y: Double) -> Bool {
        stopWatchingModel()
        var onRows: gboolean = 0
        let path = gmk_tree_view_path_at(view, x, y, &onRows)
        guard onRows != 0 else { return false }
        restoreSelectionAtPress()
        if let path {
            defer { gmk_tree_path_free(path) }
            hold(rows(openedOn: path))
        } else {
            if unselectedItemClick == .selectsItem { gmk_tree_view_unselect_all(view) }
            hold([])
        }
        return true
    }

    package func prepareToRead() {
        hold(selectedRows())
    }

    package func prepareToOpenFromKeyboard() -> GdkRectangle? {
        stopWatchingModel()
        var area = GdkRectangle()
        guard let path = gmk_tree_view_cursor_row(view, &area) else {
            hold(selectedRows())
            return nil
        }
        defer { gmk_tree_path_free(path) }
        hold(rows(openedOn: path))
        // A cursor row scrolled out of sight: the menu points at the whole view.
        guard area.y + area.height > 0, area.y < gtk_widget_get_height(view) else { return nil }
        return area
    }

    package func menuDidOpen(in popover: UnsafeMutablePointer<GtkWidget>) {
        if watchedPopover?.object != popover {
            watchedPopover = WeakObjectPointer(popover)
            let view = self.view
            connectWidgetSignal(popover, "closed") { _ in TreeViewMenuTarget.attached(to: view)?.stopWatchingModel() }
        }
        guard !held.isEmpty, let model else { return }
        // A removal is what makes a row reference invalid (reordering and insertions move it).
        let handler = gmk_connect_tree_row_deleted_while(model, { _, _, owner in
            nonisolated(unsafe) let owner = owner
            MainActor.assumeIsolated {
                guard let target = TreeViewMenuTarget.attached(to: gmk_widget(owner)) else { return }
                if target.held.contains(where: { !$0.isValid }) {
                    target.stopWatchingModel()
                    target.contextMenu?.popdown()
                }
            }
        }, view.gpointer)
        modelWatch = (WeakObjectPointer(gmk_object(model.gpointer)), handler)
    }

    private func stopWatchingModel() {
        guard let watch = modelWatch else { return }
        modelWatch = nil
        if let model = watch.model.object, g_signal_handler_is_connected(model.gpointer, watch.handler) != 0 {
            g_signal_handler_disconnect(model.gpointer, watch.handler)
        }
    }

    // MARK: Primary action

    /// `row-activated` (a double click, Return, or a single click where the view activates on
    /// single click): the selection when the row is part of it, else that row alone.
    private func activated(_ path: OpaquePointer) {
        guard let primaryAction, let model else { return }
        let rows = gmk_tree_view_path_is_selected(view, path) != 0 ? selectedRows() : [TreeRow(model: model, path: path)].compactMap { $0 }
        primaryAction(rows)
    }
}
