import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Decides, at each opening of a list's context menu, which of the list's items the menu acts
/// on, as GNOME Files does: a secondary click on a selected item acts on the whole selection;
/// on an unselected item, on that item (selected first, unless the app chose otherwise); on the
/// space beside the rows, on no item (and the selection is cleared when clicks select). The
/// Menu key and Shift+F10 do the same for the focused row and point the menu at that row.
///
/// It holds the items' objects, not their positions: while the menu is open, rows may be
/// recycled and the model may change around them and the menu still acts on what it opened
/// for; when one of those items leaves the model, the menu closes.
@MainActor
package final class ListMenuTarget: ContextMenuOpening {
    package let kind: ListKind
    /// The list owns the context menu, which owns this.
    package let list: UnsafeMutablePointer<GtkWidget>
    package let rows: ListRowFinder
    package let unselectedItemClick: UnselectedItemClick
    private let explicitModel: ObjectReference?
    /// The items the menu acts on now.
    package private(set) var held = HeldListItems()
    /// Told the items whenever they change, before the menu reads its content.
    package var itemsChanged: @MainActor ([ListItemObject]) -> Void = { _ in }
    package var primaryAction: (@MainActor ([ListItemObject]) -> Void)?
    package weak var contextMenu: ContextMenu?
    private var modelWatch: (model: WeakObjectPointer<GObject>, handler: gulong)?
    private var watchedPopover: WeakObjectPointer<GtkWidget>?
    private let viewportScrolling = ViewportFocusScrolling()

    package init(kind: ListKind, list: UnsafeMutablePointer<GtkWidget>, model: OpaquePointer?, unselectedItemClick: UnselectedItemClick) {
        self.kind = kind
        self.list = list
        self.unselectedItemClick = unselectedItemClick
        explicitModel = model.map { ObjectReference(taking: g_object_ref($0.gpointer)) }
        rows = ListRowFinder(kind: kind, list: list)
    }

    /// The target of the list context menu attached to `list`, if there is one.
    package static func attached(to list: UnsafeMutablePointer<GtkWidget>) -> ListMenuTarget? {
        ContextMenu.attached(to: list)?.opening as? ListMenuTarget
    }

    /// The key under which a list notes that its own signals (activation, a new factory, new
    /// columns) are connected: their handlers reach whichever list menu is attached now, so a
    /// menu that replaces another connects none again (the primary action would run twice).
    package static let listSignalsKey = "gmenukit-list-menu-signals"

    package func start() {
        let connectsListSignals = g_object_get_data(gmk_object(list.gpointer), Self.listSignalsKey) == nil
        if connectsListSignals { g_object_set_data(gmk_object(list.gpointer), Self.listSignalsKey, list.gpointer) }
        rows.start(connectingListSignals: connectsListSignals)
        if connectsListSignals { connectActivation() }
    }

    // MARK: The model and its selection

    /// The model of the list's items: the one the app gave, or the view's own.
    package var model: OpaquePointer? { explicitModel?.opaque ?? kind.viewModel(of: list) }

    private var selectionModel: OpaquePointer? {
        guard kind != .listBox, let model, gmk_is_selection_model(model.gpointer) != 0 else { return nil }
        return model
    }

    private func listBoxRow(at position: guint) -> UnsafeMutablePointer<GtkListBoxRow>? {
        gtk_list_box_get_row_at_index(gmk_list_box(list.gpointer), gint(position))
    }

    package func isSelected(_ position: guint) -> Bool {
        if kind == .listBox { return listBoxRow(at: position).map { gtk_list_box_row_is_selected($0) != 0 } ?? false }
        guard let selection = selectionModel else { return false }
        return gtk_selection_model_is_selected(gmk_selection_model(selection.gpointer), position) != 0
    }

    /// The selected items, in the model's order.
    package func selectedItems() -> [HeldListItems.Held] {
        guard let model else { return [] }
        var positions: [guint] = []
        if kind == .listBox {
            let rows = gtk_list_box_get_selected_rows(gmk_list_box(list.gpointer))
            var link = rows
            while let current = link {
                positions.append(guint(max(0, gtk_list_box_row_get_index(gmk_list_box_row(current.pointee.data)))))
                link = current.pointee.next
            }
            g_list_free(rows)
            positions.sort()
        } else if let selection = selectionModel, let bitset = gtk_selection_model_get_selection(gmk_selection_model(selection.gpointer)) {
            defer { gtk_bitset_unref(bitset) }
            var iterator = GtkBitsetIter()
            var position: guint = 0
            if gtk_bitset_iter_init_first(&iterator, bitset, &position) != 0 {
                repeat { positions.append(position) } while gtk_bitset_iter_next(&iterator, &position) != 0
            }
        }
        return positions.compactMap { held(at: $0, in: model) }
    }

    private func held(at position: guint, in model: OpaquePointer) -> HeldListItems.Held? {
        guard let object = g_list_model_get_item(model, position) else { return nil }
        defer { g_object_unref(object) }
        return HeldListItems.Held(item: ListItemObject(gmk_object(object)), position: position)
    }

    private func selectOnly(_ position: guint) {
        if kind == .listBox {
            guard let row = listBoxRow(at: position) else { return }
            gtk_list_box_unselect_all(gmk_list_box(list.gpointer))
            gtk_list_box_select_row(gmk_list_box(list.gpointer), row)
        } else if let selection = selectionModel {
            gtk_selection_model_select_item(gmk_selection_model(selection.gpointer), position, 1)
        }
    }

    private func unselectAll() {
        if kind == .listBox { gtk_list_box_unselect_all(gmk_list_box(list.gpointer)) }
        else if let selection = selectionModel { gtk_selection_model_unselect_all(gmk_selection_model(selection.gpointer)) }
    }

    /// What an opening on the item at `position` acts on.
    private func items(openedOn position: guint, item: UnsafeMutablePointer<GObject>, selecting: Bool) -> [HeldListItems.Held] {
        if isSelected(position) { return selectedItems() }
        if selecting, unselectedItemClick == .selectsItem {
            selectOnly(position)
            if isSelected(position) { return selectedItems() }
        }
        return [HeldListItems.Held(item: ListItemObject(item), position: position)]
    }

    private func hold(_ items: [HeldListItems.Held]) {
        held = HeldListItems(items)
        itemsChanged(held.objects)
    }

    // MARK: Which row

    /// The item of the row at `(x, y)` of the list.
    private func item(at x: Double, _ y: Double) -> (position: guint, item: UnsafeMutablePointer<GObject>)? {
        if kind == .listBox {
            guard let row = gtk_list_box_get_row_at_y(gmk_list_box(list.gpointer), gint(y.rounded(.down))) else { return nil }
            return item(ofListBoxRow: row)
        }
        guard let picked = gtk_widget_pick(list, x, y, GTK_PICK_DEFAULT) else { return nil }
        return rows.item(containing: picked)
    }

    private func item(ofListBoxRow row: UnsafeMutablePointer<GtkListBoxRow>) -> (position: guint, item: UnsafeMutablePointer<GObject>)? {
        let index = gtk_list_box_row_get_index(row)
        guard index >= 0, let model, let object = g_list_model_get_item(model, guint(index)) else { return nil }
        // The model holds it; ListItemObject takes a reference of its own.
        g_object_unref(object)
        return (guint(index), gmk_object(object))
    }

    /// The row widget holding the keyboard focus in the list, and its item.
    private func focusedRow() -> (row: UnsafeMutablePointer<GtkWidget>, position: guint, item: UnsafeMutablePointer<GObject>)? {
        guard let root = gtk_widget_get_root(list), let focus = gtk_root_get_focus(root),
              focus == list || gtk_widget_is_ancestor(focus, list) != 0
        else { return nil }
        if kind == .listBox {
            var current: UnsafeMutablePointer<GtkWidget>? = focus
            while let candidate = current, candidate != list {
                if gmk_is_list_box_row(candidate) != 0, gtk_widget_get_parent(candidate) == list,
                   let found = item(ofListBoxRow: gmk_list_box_row(candidate)) {
                    return (candidate, found.position, found.item)
                }
                current = gtk_widget_get_parent(candidate)
            }
            return nil
        }
        guard let row = rows.row(containing: focus), let found = rows.item(containing: focus) else { return nil }
        return (row, found.position, found.item)
    }

    // MARK: ContextMenuOpening

    package func prepareToOpen(at x: Double, _ y: Double) -> Bool {
        stopWatchingModel()
        viewportScrolling.hold(around: list)
        if kind != .listBox {
            guard let picked = gtk_widget_pick(list, x, y, GTK_PICK_DEFAULT), !rows.isOutsideRows(picked) else { return false }
            if rows.hasUnwatchableFactory {
                hold(selectedItems())
                return true
            }
        }
        if let found = item(at: x, y) {
            hold(items(openedOn: found.position, item: found.item, selecting: true))
        } else {
            if unselectedItemClick == .selectsItem { unselectAll() }
            hold([])
        }
        return true
    }

    package func prepareToRead() {
        hold(selectedItems())
    }

    package func prepareToOpenFromKeyboard() -> GdkRectangle? {
        stopWatchingModel()
        viewportScrolling.hold(around: list)
        guard let focused = focusedRow() else {
            // The focus is on the list itself (a list box takes it so): the selection, at the
            // part of the list the window shows.
            hold(selectedItems())
            return visibleBounds(of: list)
        }
        hold(items(openedOn: focused.position, item: focused.item, selecting: true))
        // A focused row scrolled out of view (the wheel moves the view, not the focus): the part
        // of the list shown, rather than the whole list, which a list box is as tall as.
        return visibleBounds(of: focused.row) ?? visibleBounds(of: list)
    }

    /// `row`'s bounds (or the list's) in the list's coordinates, cut to the part the window
    /// shows, inside the scrolled window around the list: a list box in a scrolled window is
    /// as tall as all its rows, and a menu pointing beyond every monitor makes GDK look up a
    /// monitor that is not there (a critical).
    private func visibleBounds(of row: UnsafeMutablePointer<GtkWidget>) -> GdkRectangle? {
        guard let native = gtk_widget_get_native(row) else { return nil }
        let window = UnsafeMutablePointer<GtkWidget>(native)
        var inWindow = graphene_rect_t()
        var listOrigin = graphene_point_t()
        var zero = graphene_point_t()
        guard gtk_widget_compute_bounds(row, window, &inWindow) != 0,
              gtk_widget_compute_point(list, window, &zero, &listOrigin) != 0 else { return nil }
        var shown = graphene_rect_t()
        var windowBounds = graphene_rect_t()
        graphene_rect_init(&windowBounds, 0, 0, Float(gtk_widget_get_width(window)), Float(gtk_widget_get_height(window)))
        if let scroller = gtk_widget_get_ancestor(list, gtk_scrolled_window_get_type()) {
            var scrollerBounds = graphene_rect_t()
            var cut = graphene_rect_t()
            if gtk_widget_compute_bounds(scroller, window, &scrollerBounds) != 0,
               graphene_rect_intersection(&scrollerBounds, &windowBounds, &cut) {
                windowBounds = cut
            }
        }
        guard graphene_rect_intersection(&inWindow, &windowBounds, &shown) else { return nil }
        return GdkRectangle(x: gint((shown.origin.x - listOrigin.x).rounded(.down)), y: gint((shown.origin.y - listOrigin.y).rounded(.down)),
                            width: gint(shown.size.width.rounded(.up)), height: gint(shown.size.height.rounded(.up)))
    }

    package func menuDidOpen(in popover: UnsafeMutablePointer<GtkWidget>) {
        if watchedPopover?.object != popover {
            watchedPopover = WeakObjectPointer(popover)
            let list = self.list
            connectWidgetSignal(popover, "closed") { _ in
                guard let target = ListMenuTarget.attached(to: list) else { return }
                target.stopWatchingModel()
                // Not yet: GTK 4.18 gives the list the focus after this, which would scroll a
                // list box to its top (PopdownFocusKeeping gives it back to the row).
                let closedList = WeakObjectPointer(list)
                runAfterThisEvent {
                    guard let list = closedList.object else { return }
                    ListMenuTarget.attached(to: list)?.viewportScrolling.release()
                }
            }
        }
        guard !held.items.isEmpty, let model else { return }
        let handler = gmk_connect_list_items_changed_while(model, { model, position, removed, added, owner in
            nonisolated(unsafe) let (model, owner) = (model, owner)
            MainActor.assumeIsolated {
                guard let model else { return }
                ListMenuTarget.attached(to: gmk_widget(owner))?.modelChanged(model, position, removed, added)
            }
        }, list.gpointer)
        modelWatch = (WeakObjectPointer(gmk_object(model.gpointer)), handler)
    }

    private func modelChanged(_ model: OpaquePointer, _ position: guint, _ removed: guint, _ added: guint) {
        guard held.follow(position: position, removed: removed, added: added, in: model) else {
            // An item the menu acts on went: the menu would act on nothing, or on the wrong count.
            stopWatchingModel()
            contextMenu?.popdown()
            return
        }
    }

    private func stopWatchingModel() {
        guard let watch = modelWatch else { return }
        modelWatch = nil
        if let model = watch.model.object, g_signal_handler_is_connected(model.gpointer, watch.handler) != 0 {
            g_signal_handler_disconnect(model.gpointer, watch.handler)
        }
    }

    // MARK: Primary action

    /// GTK's own `activate` (a double click, Return, or a single click in lists that activate
    /// on single click) runs the primary action for the items: the selection when the
    /// activated item is part of it, else that item alone.
    private func connectActivation() {
        switch kind {
        case .listView, .gridView, .columnView:
            gmk_connect_position(list.gpointer, "activate", { list, position, _ in
                nonisolated(unsafe) let list = list
                MainActor.assumeIsolated { ListMenuTarget.attached(to: gmk_widget(list))?.activated(at: position) }
            }, nil, nil)
        case .listBox:
            gmk_connect_row_activated(gmk_list_box(list.gpointer), { box, row, _ in
                nonisolated(unsafe) let (box, row) = (box, row)
                MainActor.assumeIsolated {
                    guard let box, let row, let target = ListMenuTarget.attached(to: gmk_widget(box.gpointer)) else { return }
                    let index = gtk_list_box_row_get_index(row)
                    if index >= 0 { target.activated(at: guint(index)) }
                }
            }, nil, nil)
        }
    }

    private func activated(at position: guint) {
        guard let primaryAction, let model else { return }
        let items = isSelected(position) ? selectedItems() : [held(at: position, in: model)].compactMap { $0 }
        primaryAction(items.map(\.item))
    }
}

/// What a secondary click on an item that is not selected does.
public enum UnselectedItemClick: Sendable {
    /// Selects the item, alone, and the menu acts on it: as GNOME Files does.
    case selectsItem
    /// The menu acts on the item alone and the selection stays as it was.
    case actsOnItemAlone
}
