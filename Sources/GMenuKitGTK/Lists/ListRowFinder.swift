import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Finds the item a row widget of a list view, grid view or column view shows, without
/// anything of GMenuKit's in the rows.
///
/// GTK 4.8 has no public way from a row widget (the private `GtkListItemWidget`) to its
/// position or item: `gtk_list_item_widget_get_position` is not exported, and no item-at-point
/// call exists before 4.12. What is public is the `GtkListItem` a factory is handed: its
/// `item`, `position` and `child`. So the finder listens to the factory's `setup` and
/// `teardown` (one handler each per factory, none per row) and keeps the addresses of the list
/// items that exist. GTK emits `teardown` for every list item before it lets go of it
/// (`gtk_list_item_widget_teardown_factory`, on unroot and on a factory change), so every
/// address kept is alive. A row is then the list item whose child lies inside it: a visit of the
/// few dozen rows that exist, whatever the model's length. Nothing is stored on the app's
/// widgets, and a child the app replaces while bound is still found.
///
/// Only a `GtkSignalListItemFactory` has signals; with another factory (`GtkBuilderListItemFactory`)
/// the rows cannot be told apart and the menu acts on the selection (reported once).
@MainActor
package final class ListRowFinder {
    private let kind: ListKind
    /// The finder belongs to the list's context menu, which the list owns.
    private let list: UnsafeMutablePointer<GtkWidget>
    /// The `GtkListItem`s of the watched factories that exist now.
    private var listItems: Set<UnsafeMutableRawPointer> = []
    private var watchedFactories: [WeakObjectPointer<GObject>] = []
    /// Whether a factory that cannot be watched was found (reported once).
    package private(set) var hasUnwatchableFactory = false

    package init(kind: ListKind, list: UnsafeMutablePointer<GtkWidget>) {
        self.kind = kind
        self.list = list
    }

    /// Listens to the list's factories, and to a change of factory or of columns, and has the
    /// rows that exist already made again so that they are known.
    package func start(connectingListSignals: Bool) {
        guard kind != .listBox else { return }
        watchFactories()
        if gtk_widget_get_root(list) != nil { kind.rebuildRows(of: list) }
        guard connectingListSignals else { return }
        switch kind {
        case .listView, .gridView:
            // On the list itself: the handler goes with it.
            gmk_connect_notify(list.gpointer, "notify::factory", { list, _, _ in
                nonisolated(unsafe) let list = list
                MainActor.assumeIsolated { ListMenuTarget.attached(to: gmk_widget(list))?.rows.factoryChanged() }
            }, nil, nil)
        case .columnView:
            if let columns = gtk_column_view_get_columns(gmk_column_view(list.gpointer)) {
                gmk_connect_list_items_changed_while(columns, { _, _, _, _, owner in
                    nonisolated(unsafe) let owner = owner
                    MainActor.assumeIsolated {
                        ListMenuTarget.attached(to: gmk_widget(owner))?.rows.factoryChanged()
                    }
                }, list.gpointer)
            }
        case .listBox: break
        }
    }

    /// GTK makes the rows with a new factory before it tells of it: they are made again once
    /// the new factory is watched (the nested notifications find nothing new).
    package func factoryChanged() {
        if watchFactories() { kind.rebuildRows(of: list) }
    }

    /// Connects to each factory of the list not yet watched; true when there was one.
    @discardableResult
    package func watchFactories() -> Bool {
        var watchedNew = false
        watchedFactories.removeAll { $0.object == nil }
        for factory in kind.factories(of: list) {
            guard let object = gmk_object(factory.gpointer) else { continue }
            guard !watchedFactories.contains(where: { $0.object == object }) else { continue }
            guard gmk_is_signal_list_item_factory(factory.gpointer) != 0 else {
                hasUnwatchableFactory = true
                continue
            }
            watchedFactories.append(WeakObjectPointer(object))
            watchedNew = true
            // The handlers go with the list (g_signal_connect_object), which is their data.
            gmk_connect_list_item_while(factory, "setup", { _, listItem, owner in
                nonisolated(unsafe) let (listItem, owner) = (listItem, owner)
                MainActor.assumeIsolated {
                    guard let listItem else { return }
                    ListMenuTarget.attached(to: gmk_widget(owner))?.rows.listItems.insert(UnsafeMutableRawPointer(listItem))
                }
            }, list.gpointer)
            gmk_connect_list_item_while(factory, "teardown", { _, listItem, owner in
                nonisolated(unsafe) let (listItem, owner) = (listItem, owner)
                MainActor.assumeIsolated {
                    guard let listItem else { return }
                    ListMenuTarget.attached(to: gmk_widget(owner))?.rows.listItems.remove(UnsafeMutableRawPointer(listItem))
                }
            }, list.gpointer)
        }
        return watchedNew
    }

    /// The position and item of the row that `widget` is in (or is), if it is a row of this list.
    package func item(containing widget: UnsafeMutablePointer<GtkWidget>) -> (position: guint, item: UnsafeMutablePointer<GObject>)? {
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let candidate = current, candidate != list {
            let parent = gtk_widget_get_parent(candidate)
            // A row is a child of a list view or grid view: the list itself, or a column view's
            // inner list view. A list inside a row is passed through to the row around it.
            if let parent, gmk_is_list_view(parent) != 0 || gmk_is_grid_view(parent) != 0,
               let found = listItem(inside: candidate) {
                let position = gtk_list_item_get_position(found)
                if position != guint(GTK_INVALID_LIST_POSITION), let item = gtk_list_item_get_item(found) {
                    return (position, item.assumingMemoryBound(to: GObject.self))
                }
                return nil
            }
            current = parent
        }
        return nil
    }

    /// The row widget that `widget` is in, for the bounds a keyboard-opened menu points at.
    package func row(containing widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let candidate = current, candidate != list {
            let parent = gtk_widget_get_parent(candidate)
            if let parent, gmk_is_list_view(parent) != 0 || gmk_is_grid_view(parent) != 0,
               listItem(inside: candidate) != nil {
                return candidate
            }
            current = parent
        }
        return nil
    }

    /// The list item whose child is `row` or inside it.
    private func listItem(inside row: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
        for address in listItems {
            let listItem = gmk_list_item(address)
            guard let child = gtk_list_item_get_child(listItem) else { continue }
            if child == row || gtk_widget_is_ancestor(child, row) != 0 { return listItem }
        }
        return nil
    }

    /// Whether `picked`, the widget under the pointer, is a column view's header rather than its rows.
    package func isOutsideRows(_ picked: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard kind == .columnView else { return false }
        var current: UnsafeMutablePointer<GtkWidget>? = picked
        while let candidate = current, candidate != list {
            if gtk_widget_get_parent(candidate) == list { return gmk_is_list_view(candidate) == 0 }
            current = gtk_widget_get_parent(candidate)
        }
        return false
    }
}
