import CGtk
import GMenuKitCore
import GMenuKitBuilder

extension ContextMenu {
    /// One context menu for a whole `GtkTreeView`, whose content is a function of the rows it
    /// acts on, given as the app's values for them.
    ///
    /// ```swift
    /// ContextMenu(for: treeView, row: { $0.string(column: 0) ?? "" }) { titles in
    ///     if titles.isEmpty {
    ///         Button("New Note") { notes.add() }
    ///     } else {
    ///         Button(titles.count == 1 ? "Open" : "Open \(titles.count) Notes") { open(titles) }
    ///     }
    /// } primaryAction: { titles in open(titles) }
    /// ```
    ///
    /// The rules are those of ``init(for:selection:title:unselectedItemClick:item:content:primaryAction:)``:
    /// a secondary click (or a long press) on a selected row acts on the whole selection (the
    /// view's `GtkTreeSelection`); on an unselected row, on that row, selected first unless
    /// `unselectedItemClick` says `.actsOnItemAlone`; below the rows, on no row; none on the
    /// column headers. The Menu key and Shift+F10 act at the cursor's row and point there.
    /// `row-activated` (a double click, Return) runs `primaryAction` for the selection, or for
    /// the activated row when it is not selected.
    ///
    /// GtkTreeView is deprecated from GTK 4.10 (for `GtkColumnView`); GMenuKit makes every call
    /// to it in C with the deprecation warnings silenced, so using it adds none to a build.
    ///
    /// - Parameters:
    ///   - treeView: the `GtkTreeView`; the menu is attached to it, which owns it.
    ///   - title: the menu's title, which names it in diagnostics.
    ///   - unselectedItemClick: what a secondary click on an unselected row does: select it
    ///     (the default), or act on it alone and leave the selection as it was.
    ///   - row: the app's value for one of the model's rows (called for the rows at each
    ///     opening and activation): read its `indices` or its `string(column:)`.
    ///   - content: the menu's items for the rows it acts on (an empty array below the rows).
    ///   - primaryAction: what `row-activated` does with the rows it acts on; nil for nothing.
    @discardableResult
    public convenience init<Item>(
        for treeView: UnsafeMutablePointer<GtkWidget>,
        title: String = "Context Menu",
        unselectedItemClick: UnselectedItemClick = .selectsItem,
        row: @escaping @MainActor (TreeRow) -> Item,
        @MenuContentBuilder content: @escaping @MainActor ([Item]) -> any MenuContent,
        primaryAction: (@MainActor ([Item]) -> Void)? = nil
    ) {
        let values = TreeMenuValues<Item>()
        self.init(Menu(title) { content(values.items) }, attachedTo: treeView)
        guard gmk_is_tree_view(treeView.gpointer) != 0 else {
            let typeName = String(cString: gmk_type_name_of(treeView))
            RenderedMenu.diagnosticHandler(MenuDiagnostic(
                severity: .error, path: title,
                message: "a tree view's context menu (row:) needs a GtkTreeView, not a \(typeName); it acts on no rows"))
            return
        }
        let target = TreeViewMenuTarget(view: treeView, unselectedItemClick: unselectedItemClick)
        target.rowsChanged = { rows in values.items = rows.map(row) }
        if let primaryAction {
            target.primaryAction = { rows in primaryAction(rows.map(row)) }
        }
        target.contextMenu = self
        opening = target
        // A tree view selects the row under any button as it is pressed.
        opensBeforeTheWidgetsOwnGestures()
        target.start()
    }

    /// The rows a tree view's menu acts on now; empty below the rows (and for a menu on no tree view).
    public var treeRows: [TreeRow] {
        (opening as? TreeViewMenuTarget)?.held ?? []
    }
}

/// The app's values for the rows a tree view's menu acts on, read by its content.
@MainActor
private final class TreeMenuValues<Item> {
    var items: [Item] = []
}
