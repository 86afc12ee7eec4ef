import CGtk
import GMenuKitCore
import GMenuKitBuilder

extension ContextMenu {
    /// One context menu for a whole list: a `GtkListView`, `GtkGridView`, `GtkColumnView` or
    /// `GtkListBox`, whose content is a function of the items it acts on.
    ///
    /// ```swift
    /// ContextMenu(for: listView, item: { notes.note(for: $0) }) { selected in
    ///     if selected.isEmpty {
    ///         Button("New Note") { notes.add() }
    ///     } else {
    ///         Button(selected.count == 1 ? "Open" : "Open \(selected.count) Notes") { open(selected) }
    ///         Button("Delete \(selected.count == 1 ? "Note" : "\(selected.count) Notes")…", role: .destructive) { … }
    ///     }
    /// } primaryAction: { selected in open(selected) }
    /// ```
    ///
    /// A secondary click (or a long press) on a selected item acts on the whole selection; on an
    /// unselected item, on that item, selected first unless `unselectedItemClick` says
    /// `.actsOnItemAlone`; on the space beside the rows, on no item. The Menu key and Shift+F10
    /// do the same for the focused row, with the menu pointing at that row. GTK's `activate`
    /// (double click, Return, or a single click where the list activates on single click) runs
    /// `primaryAction` for the selection, or for the activated item when it is not selected.
    ///
    /// - Parameters:
    ///   - list: the list widget; the menu is attached to it, which owns it.
    ///   - selection: the model of the list's items: by default the view's own selection model;
    ///     for a `GtkListBox`, required, the `GListModel` bound with `gtk_list_box_bind_model`.
    ///   - title: the menu's title, which names it in diagnostics.
    ///   - unselectedItemClick: what a secondary click on an unselected item does: select it
    ///     (the default), or act on it alone and leave the selection as it was.
    ///   - item: the app's value for one of the model's items (called for the items at each
    ///     opening and activation).
    ///   - content: the menu's items for the items it acts on (an empty array beside the rows).
    ///   - primaryAction: what `activate` does with the items it acts on; nil for nothing.
    ///
    /// The menu holds the items it opened for (their objects, not their positions): recycled
    /// rows and a model changing around them do not change what it acts on, and it closes
    /// when one of them leaves the model. Nothing per row is made. The rows of a list view,
    /// grid view or column view are told apart through their factory's `setup` and `teardown`,
    /// so those need a `GtkSignalListItemFactory`; the rows a list already shows are built
    /// again once when the menu is attached.
    @discardableResult
    public convenience init<Item>(
        for list: UnsafeMutablePointer<GtkWidget>,
        selection: GListModelHandle? = nil,
        title: String = "Context Menu",
        unselectedItemClick: UnselectedItemClick = .selectsItem,
        item: @escaping @MainActor (UnsafeMutablePointer<GObject>) -> Item,
        @MenuContentBuilder content: @escaping @MainActor ([Item]) -> any MenuContent,
        primaryAction: (@MainActor ([Item]) -> Void)? = nil
    ) {
        let values = ListMenuValues<Item>()
        self.init(Menu(title) { content(values.items) }, attachedTo: list)
        let problem = ListMenuTarget.problem(attachingTo: list, selection: selection)
        guard problem == nil, let kind = ListKind(of: list) else {
            if let problem { RenderedMenu.diagnosticHandler(MenuDiagnostic(severity: .error, path: title, message: problem)) }
            return
        }
        let target = ListMenuTarget(kind: kind, list: list, model: selection?.unsafePointer, unselectedItemClick: unselectedItemClick)
        target.itemsChanged = { objects in values.items = objects.map { item($0.object) } }
        if let primaryAction {
            target.primaryAction = { objects in primaryAction(objects.map { item($0.object) }) }
        }
        target.contextMenu = self
        opening = target
        target.start()
        if target.rows.hasUnwatchableFactory {
            RenderedMenu.diagnosticHandler(MenuDiagnostic(
                severity: .warning, path: title,
                message: "the rows of this \(kind.rawValue) come from a factory without signals; the menu can tell which item was clicked only with a GtkSignalListItemFactory, and acts on the selection"))
        }
    }

    /// One context menu for a whole list, its items given as the model's own objects.
    @discardableResult
    public convenience init(
        for list: UnsafeMutablePointer<GtkWidget>,
        selection: GListModelHandle? = nil,
        title: String = "Context Menu",
        unselectedItemClick: UnselectedItemClick = .selectsItem,
        @MenuContentBuilder content: @escaping @MainActor ([ListItemObject]) -> any MenuContent,
        primaryAction: (@MainActor ([ListItemObject]) -> Void)? = nil
    ) {
        self.init(for: list, selection: selection, title: title, unselectedItemClick: unselectedItemClick,
                  item: { ListItemObject($0) }, content: content, primaryAction: primaryAction)
    }

    /// The items the menu acts on now, as the model's objects; empty for the space beside the
    /// rows (and for a menu on no list).
    public var listItems: [ListItemObject] {
        (opening as? ListMenuTarget)?.held.objects ?? []
    }
}

/// The app's values for the items a list's menu acts on, read by its content.
@MainActor
private final class ListMenuValues<Item> {
    var items: [Item] = []
}

extension ListMenuTarget {
    /// Why `list` cannot carry a list's context menu, or nil.
    package static func problem(attachingTo list: UnsafeMutablePointer<GtkWidget>, selection: GListModelHandle?) -> String? {
        let typeName = String(cString: gmk_type_name_of(list))
        if gmk_is_tree_view(list.gpointer) != 0 {
            return "a GtkTreeView's context menu is ContextMenu(for:row:content:), whose rows are TreeRows; this one acts on no items"
        }
        guard let kind = ListKind(of: list) else {
            return "a list's context menu needs a GtkListView, GtkGridView, GtkColumnView or GtkListBox, not a \(typeName); it acts on no items"
        }
        if let selection, gmk_is_list_model(selection.unsafePointer.gpointer) == 0 {
            return "the selection given for a \(typeName)'s context menu is no GListModel; it acts on no items"
        }
        if kind == .listBox, selection == nil {
            return "a GtkListBox's context menu needs the GListModel bound to the box (selection:); it acts on no items"
        }
        return nil
    }
}
