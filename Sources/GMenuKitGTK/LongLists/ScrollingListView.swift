import CGtk
import CMenuObjects
import GMenuKitCore
import GMenuKitBuilder

/// A scrolling list inside a menu: a `GtkListView` over a ``ScrollingListRows`` in a
/// `GtkScrolledWindow` of a few rows' height, in the menu's custom slot. GTK makes widgets only
/// for the rows in view, so a list of 100,000 elements opens as fast as one of fifty.
///
/// Its rows are made as GMenuKit's other rows (a `modelbutton` CSS node, the menu item role,
/// named by the label, the page's indicator column, the highlight following pointer and focus).
/// The keyboard behaves as in the rest of the menu: Up on the first row and Down on the last
/// leave the list for the items around it (GtkListView keeps the focus at its ends), typing
/// jumps to the next row whose label begins with what was typed, Return and Space choose.
@MainActor
package final class ScrollingListView {
    private static let ownerKey = "gmenukit-scrolling-list"
    private static let rowKey = "gmenukit-scrolling-list-row"
    /// A row's estimated height, until one is measured in its menu.
    private static let estimatedRowHeight = 30

    /// The scrolled window, the widget for the slot.
    package let widget: UnsafeMutablePointer<GtkWidget>
    private let listView: UnsafeMutablePointer<GtkWidget>
    package let listModel: OpaquePointer
    package let rows: ScrollingListRows
    /// The menu model's custom slot the view fills, once added (the command palette finds
    /// the list by it).
    package var slot: String?
    private var rowHeight = ScrollingListView.estimatedRowHeight
    /// The observations of each list item's current binding, by item.
    private var bindingObservations: [OpaquePointer: ObservationRetirement] = [:]
    private var measured = false
    /// What was typed for type-to-select, and when the last key came (the event's time).
    private var typed = ""
    private var lastKeyTime: UInt32 = 0

    isolated deinit {
        for observation in bindingObservations.values { observation.retire() }
        g_object_unref(UnsafeMutableRawPointer(listModel))
    }

    package init(rows: ScrollingListRows) {
        self.rows = rows
        Self.installStyle()
        listModel = gmk_menu_list_model_new(guint(rows.count))
        // Kept while the view lives: its source may still tell it of changes after GTK
        // destroyed the list view (the slot left the menu), and the model must stay valid.
        g_object_ref(UnsafeMutableRawPointer(listModel))
        let selection = gtk_no_selection_new(listModel)!  // takes the model's reference
        let factory = gtk_signal_list_item_factory_new()!
        listView = gtk_list_view_new(gmk_selection_model(UnsafeMutableRawPointer(selection)), gmk_list_item_factory(UnsafeMutableRawPointer(factory)))  // takes both
        gtk_widget_add_css_class(listView, "gmenukit-menu-list")
        widget = gtk_scrolled_window_new()
        gtk_widget_add_css_class(widget, "gmenukit-menu-list")
        gtk_scrolled_window_set_policy(gmk_scrolled_window(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_width(gmk_scrolled_window(widget), 1)
        gtk_scrolled_window_set_child(gmk_scrolled_window(widget), listView)
        setHeight()
        WidgetOwnership.give(self, to: widget, key: Self.ownerKey)
        // A menu opens at its top, as GTK's do, wherever the list was scrolled to last time.
        // (GtkListView keeps its place by an anchor row, which the scroll-to action moves.)
        connectWidgetSignal(listView, "map") { list in
            if gtk_list_view_get_model(gmk_list_view(list)).map({ g_list_model_get_n_items(gmk_list_model(UnsafeMutableRawPointer($0))) }) ?? 0 > 0 {
                gmk_menu_list_scroll_to(list, 0)
            }
        }

        followArrowsIntoTheList()

        let handlers = FactoryHandlers(self)
        // The row chooses, not the list item: GTK's list item would activate and select too.
        gmk_connect_list_item(gmk_list_item_factory(UnsafeMutableRawPointer(factory)), "setup", { _, item, _ in
            nonisolated(unsafe) let item = item!
            MainActor.assumeIsolated {
                gtk_list_item_set_activatable(item, 0)
                gtk_list_item_set_selectable(item, 0)
            }
        }, nil, nil)
        gmk_connect_list_item(gmk_list_item_factory(UnsafeMutableRawPointer(factory)), "bind", { _, item, data in
            nonisolated(unsafe) let (item, data) = (item!, data)
            MainActor.assumeIsolated {
                SwiftClosureData.object(data, as: FactoryHandlers.self).view?.bind(item)
            }
        }, SwiftClosureData.retained(handlers), SwiftClosureData.releaseOnClosureDestroy)

        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        gmk_connect_key_pressed(keys, { controller, keyval, _, state, data in
            nonisolated(unsafe) let (controller, data) = (controller, data)
            return MainActor.assumeIsolated {
                let time = gtk_event_controller_get_current_event_time(gmk_event_controller(UnsafeMutableRawPointer(controller)))
                return SwiftClosureData.object(data, as: FactoryHandlers.self).view?
                    .keyPressed(keyval, state: state, time: time) == true ? 1 : 0
            }
        }, SwiftClosureData.retained(handlers), SwiftClosureData.releaseOnClosureDestroy)
        gtk_widget_add_controller(listView, keys)
    }

    /// The row widgets that exist now (GTK makes them for the rows in view, and a few more).
    package var rowWidgets: [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(listView)
        while let item = child {
            if let row = gtk_widget_get_first_child(item), g_object_get_data(gmk_object(row), Self.rowKey) != nil {
                found.append(row)
            }
            child = gtk_widget_get_next_sibling(item)
        }
        return found
    }

    /// The view that owns `widget`, a scrolled window this type made.
    package static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> ScrollingListView? {
        g_object_get_data(gmk_object(widget), ownerKey).map { SwiftClosureData.object($0, as: ScrollingListView.self) }
    }

    // MARK: Rows

    private func bind(_ item: OpaquePointer) {
        let position = Int(gtk_list_item_get_position(item))
        let watched = WeakObjectPointer(UnsafeMutablePointer<GObject>(item))
        // The item's earlier binding stops following its element (GTK recycles a few hundred
        // items for the whole list).
        bindingObservations[item]?.retire()
        let retirement = ObservationRetirement()
        bindingObservations[item] = retirement
        let content = rows.row(at: position, observing: RowObservation(retirement: retirement) { [weak self] in
            // State the element's content read changed: its row is bound again, where it is now.
            guard let self, let item = watched.object.map(OpaquePointer.init) else { return }
            let now = gtk_list_item_get_position(item)
            if now != GTK_INVALID_LIST_POSITION { self.changed(at: Int(now)) }
        })
        let isCheck: Bool
        if case .check = content?.kind { isCheck = true } else { isCheck = false }
        var row = gtk_list_item_get_child(item)
        if let existing = row, let state = Self.rowState(existing), state.isCheck != isCheck { row = nil }
        let state: RowState
        if let row, let kept = Self.rowState(row) {
            state = kept
        } else {
            state = makeRow(isCheck: isCheck, item: item)
            gtk_list_item_set_child(item, state.row)
        }
        let title = content?.title ?? ""
        if isCheck {
            gtk_label_set_text(gmk_label(state.label!), title)
        } else {
            gmk_list_row_set_text(state.row, title)
        }
        gtk_widget_set_sensitive(state.row, content.map { $0.isDisabled ? 0 : 1 } ?? 0)
        if case .check(let isOn) = content?.kind, let indicator = state.indicator {
            gtk_widget_set_opacity(indicator, isOn ? 1 : 0)
            gmk_menu_list_row_set_checked(state.row, isOn ? 1 : 0)
        }
        if !state.isAligned, gtk_widget_get_root(state.row) != nil {
            state.isAligned = true
            if isCheck {
                RowIndicatorAlignment.align(state.row)
            } else {
                if textOffset == nil { textOffset = RowIndicatorAlignment.indicatorColumnWidth(near: state.row) }
                gmk_list_row_set_text_offset(state.row, Int32(textOffset ?? 0))
            }
        }
        if !measured, let parent = gtk_widget_get_parent(state.row) { measureRow(parent) }
    }

    /// The width of the indicator column of the page the list is in, where command rows'
    /// labels begin (found once).
    private var textOffset: Int?

    /// The text a row shows.
    package static func title(ofRow row: UnsafeMutablePointer<GtkWidget>) -> String {
        if let state = rowState(row), let label = state.label { return String(cString: gtk_label_get_text(gmk_label(label))) }
        guard gmk_is_list_row(row) != 0 else { return "" }
        return gmk_list_row_get_text(row).map { String(cString: $0) } ?? ""
    }

    private func makeRow(isCheck: Bool, item: OpaquePointer) -> RowState {
        guard isCheck else {
            // A command row is one widget: GTK 4.8 makes 200 of them at every opening.
            let row = gmk_list_row_new()!
            gtk_widget_add_css_class(row, "gmenukit-row")
            let state = RowState(row: row, label: nil, indicator: nil, item: item, isCheck: false)
            WidgetOwnership.give(state, to: row, key: Self.rowKey)
            RowHighlight.follow(row)
            gmk_connect_list_row_activate(row, { row, data in
                nonisolated(unsafe) let (row, data) = (row!, data)
                MainActor.assumeIsolated { SwiftClosureData.object(data, as: FactoryHandlers.self).view?.activate(row) }
            }, SwiftClosureData.retained(FactoryHandlers(self)), SwiftClosureData.releaseOnClosureDestroy)
            return state
        }
        let row = gmk_widget_new_with_role(gtk_button_get_type(), GTK_ACCESSIBLE_ROLE_MENU_ITEM_CHECKBOX, "modelbutton")!
        gtk_widget_add_css_class(row, "flat")
        gtk_widget_add_css_class(row, "gmenukit-row")
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        let start = RowIndicatorAlignment.startBox(for: row)
        let indicator = gtk_image_new_from_icon_name("object-select-symbolic")!
        gtk_widget_add_css_class(indicator, "gmenukit-list-check")
        gtk_box_append(gmk_box(start), indicator)
        gtk_box_append(gmk_box(box), start)
        let label = gtk_label_new(nil)!
        gtk_label_set_xalign(gmk_label(label), 0)
        gtk_label_set_ellipsize(gmk_label(label), PANGO_ELLIPSIZE_END)
        // Every row asks for the same width, so the menu does not change width as it scrolls.
        gtk_label_set_width_chars(gmk_label(label), 28)
        gtk_label_set_max_width_chars(gmk_label(label), 28)
        gtk_widget_set_hexpand(label, 1)
        gtk_box_append(gmk_box(box), label)
        gtk_button_set_child(gmk_button(row), box)
        gmk_accessible_set_labelled_by(row, label)
        let state = RowState(row: row, label: label, indicator: indicator, item: item, isCheck: true)
        WidgetOwnership.give(state, to: row, key: Self.rowKey)
        RowHighlight.follow(row)
        connectWidgetSignal(row, "clicked") { [weak self] row in self?.activate(row) }
        return state
    }

    private static func rowState(_ row: UnsafeMutablePointer<GtkWidget>) -> RowState? {
        g_object_get_data(gmk_object(row), rowKey).map { SwiftClosureData.object($0, as: RowState.self) }
    }

    private func position(of row: UnsafeMutablePointer<GtkWidget>) -> Int? {
        guard let item = Self.rowState(row)?.item.object.map(OpaquePointer.init) else { return nil }
        let position = gtk_list_item_get_position(item)
        return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }

    /// A row was chosen: its element's action runs, and the menu closes as after an item.
    private func activate(_ row: UnsafeMutablePointer<GtkWidget>) {
        guard let position = position(of: row) else { return }
        // Found now: the action may change the list and so this row.
        let popover = gtk_widget_get_ancestor(row, gtk_popover_get_type()).map { WeakObjectPointer($0) }
        if rows.activate(at: position, from: row), let popover = popover?.object {
            gtk_popover_popdown(gmk_popover(popover))
        }
    }

    // MARK: Changes

    package func splice(at position: Int, removed: Int, added: Int) {
        gmk_menu_list_model_splice(listModel, guint(position), guint(removed), guint(added))
    }

    package func changed(at position: Int) {
        gmk_menu_list_model_changed(listModel, guint(position))
    }

    // MARK: Size

    private func setHeight() {
        let height = Int32(rowHeight * rows.visibleRows)
        let scrolled = gmk_scrolled_window(widget)
        // Max first: GTK refuses a minimum above the maximum.
        gtk_scrolled_window_set_max_content_height(scrolled, height)
        gtk_scrolled_window_set_min_content_height(scrolled, height)
    }

    private func measureRow(_ rowWidget: UnsafeMutablePointer<GtkWidget>) {
        measured = true
        var natural: Int32 = 0
        gtk_widget_measure(rowWidget, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
        if natural > 0, Int(natural) != rowHeight {
            rowHeight = Int(natural)
            setHeight()
        }
    }

    // MARK: Keyboard

    private var focusedPosition: Int? {
        guard let root = gtk_widget_get_root(listView), var focus = gtk_root_get_focus(root) else { return nil }
        while Self.rowState(focus) == nil {
            guard let parent = gtk_widget_get_parent(focus), parent != listView else { return nil }
            focus = parent
        }
        return position(of: focus)
    }

    private func keyPressed(_ keyval: guint, state: GdkModifierType, time: UInt32) -> Bool {
        let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue)
        switch Int32(keyval) {
        case GDK_KEY_Up, GDK_KEY_KP_Up:
            typed = ""
            guard modifiers == 0, focusedPosition == 0 else { return false }
            return moveFocusOut(GTK_DIR_UP)
        case GDK_KEY_Down, GDK_KEY_KP_Down:
            typed = ""
            guard modifiers == 0, let position = focusedPosition, position == rows.count - 1 else { return false }
            return moveFocusOut(GTK_DIR_DOWN)
        default:
            break
        }
        let character = gdk_keyval_to_unicode(keyval)
        guard modifiers == 0, character > 32 || (character == 32 && !typed.isEmpty),
              let scalar = Unicode.Scalar(character) else { return false }
        // Letters typed within a second of each other make one prefix, as in GTK's lists.
        if time &- lastKeyTime > 1000 { typed = "" }
        lastKeyTime = time
        typed.unicodeScalars.append(scalar)
        selectRow(matching: typed)
        return true
    }

    // MARK: Entering from below

    /// Up on the item below the list enters it at its last row, as in a menu of items (the list
    /// view would give the focus to the row it had last, or its first). The popover's arrow
    /// keys are seen in its capture phase while the list is shown: the focus entering the list
    /// during an Up key press comes from below.
    private var entersFromBelow = false
    private var popoverKeys: (popover: WeakObjectPointer<GtkWidget>, controller: WeakObjectPointer<GObject>)?

    private func followArrowsIntoTheList() {
        connectWidgetSignal(listView, "map") { [weak self] list in
            guard let self, let popover = gtk_widget_get_ancestor(list, gtk_popover_get_type()) else { return }
            let keys = gtk_event_controller_key_new()!
            gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
            let handlers = FactoryHandlers(self)
            gmk_connect_key_pressed(keys, { _, keyval, _, _, data in
                nonisolated(unsafe) let data = data
                return MainActor.assumeIsolated {
                    let view = SwiftClosureData.object(data, as: FactoryHandlers.self).view
                    view?.entersFromBelow = Int32(keyval) == GDK_KEY_Up || Int32(keyval) == GDK_KEY_KP_Up
                    return 0
                }
            }, SwiftClosureData.retained(handlers), SwiftClosureData.releaseOnClosureDestroy)
            gmk_connect_key_released(keys, { _, _, _, _, data in
                nonisolated(unsafe) let data = data
                MainActor.assumeIsolated { SwiftClosureData.object(data, as: FactoryHandlers.self).view?.entersFromBelow = false }
            }, SwiftClosureData.retained(handlers), SwiftClosureData.releaseOnClosureDestroy)
            gtk_widget_add_controller(popover, keys)
            self.popoverKeys = (WeakObjectPointer(popover), WeakObjectPointer(UnsafeMutablePointer<GObject>(keys)))
        }
        connectWidgetSignal(listView, "unmap") { [weak self] _ in
            guard let self, let keys = self.popoverKeys else { return }
            self.popoverKeys = nil
            self.entersFromBelow = false
            if let popover = keys.popover.object, let controller = keys.controller.object {
                gtk_widget_remove_controller(popover, OpaquePointer(controller))
            }
        }
        let focus = gtk_event_controller_focus_new()!
        gmk_connect_controller(focus, "enter", { _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                guard let view = SwiftClosureData.object(data, as: FactoryHandlers.self).view, view.entersFromBelow else { return }
                view.entersFromBelow = false
                // After the list view's own focus move, which this enter is part of.
                scheduleOnMainLoop { [weak view] in
                    guard let view else { return }
                    let last = view.rows.count - 1
                    if last >= 0, view.focusedPosition != nil, view.focusedPosition != last { view.focusRow(at: last) }
                }
            }
        }, SwiftClosureData.retained(FactoryHandlers(self)), SwiftClosureData.releaseOnClosureDestroy)
        gtk_widget_add_controller(listView, focus)
    }

    /// Leaves the list for the item above or below it: the list view is out of the focus chain
    /// while the popover moves the focus, as it does between its items.
    private func moveFocusOut(_ direction: GtkDirectionType) -> Bool {
        guard let popover = gtk_widget_get_ancestor(listView, gtk_popover_get_type()) else { return false }
        gtk_widget_set_can_focus(listView, 0)
        _ = gtk_widget_child_focus(popover, direction)
        gtk_widget_set_can_focus(listView, 1)
        return true
    }

    /// Type-to-select: the focus goes to the first row after the focused one (from the focused
    /// one itself while a prefix grows) whose title begins with `prefix`, case aside.
    private func selectRow(matching prefix: String) {
        let count = rows.count
        guard count > 0 else { return }
        let wanted = prefix.lowercased()
        let current = focusedPosition ?? -1
        let start = wanted.count > 1 ? max(current, 0) : current + 1
        for offset in 0..<count {
            let index = (start + offset) % count
            if rows.title(at: index).lowercased().hasPrefix(wanted) {
                focusRow(at: index)
                return
            }
        }
    }

    /// Scrolls to the row at `position` and gives it the focus.
    package func focusRow(at position: Int) {
        // A row that has a widget is focused directly (the list view scrolls to its focus);
        // GTK 4.8's scroll-to-item on a row already in view moves the rows above it out of place.
        if let row = rowWidgets.first(where: { self.position(of: $0) == position }) {
            _ = gtk_widget_grab_focus(row)
            return
        }
        gmk_menu_list_scroll_to(listView, guint(position))
        if let row = rowWidgets.first(where: { self.position(of: $0) == position }) {
            _ = gtk_widget_grab_focus(row)
        }
    }

    // MARK: Style

    private static var isStyleInstalled = false

    /// The list takes the menu's background and its rows the model buttons' look: none of the
    /// theme's list view backgrounds, row padding or row highlight.
    private static func installStyle() {
        guard !isStyleInstalled, let display = gdk_display_get_default() else { return }
        isStyleInstalled = true
        let provider = gtk_css_provider_new()!
        gmk_css_provider_load(provider, """
            scrolledwindow.gmenukit-menu-list, listview.gmenukit-menu-list { background: none; }
            listview.gmenukit-menu-list > row, listview.gmenukit-menu-list > row:hover,
            listview.gmenukit-menu-list > row:selected, listview.gmenukit-menu-list > row:focus {
              padding: 0; background: none; border: none; box-shadow: none; outline: none; }
            .gmenukit-list-check { -gtk-icon-size: 16px; }
            """)
        gtk_style_context_add_provider_for_display(display, gmk_style_provider(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider.gpointer)
    }
}

/// What a row widget keeps: its parts and the list item it stands in.
@MainActor
private final class RowState {
    let row: UnsafeMutablePointer<GtkWidget>
    /// A check row's label and checkmark; a command row draws its text itself.
    let label: UnsafeMutablePointer<GtkWidget>?
    let indicator: UnsafeMutablePointer<GtkWidget>?
    let item: WeakObjectPointer<GObject>
    let isCheck: Bool
    var isAligned = false

    init(row: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>?,
         indicator: UnsafeMutablePointer<GtkWidget>?, item: OpaquePointer, isCheck: Bool) {
        self.row = row
        self.label = label
        self.indicator = indicator
        self.item = WeakObjectPointer(UnsafeMutablePointer<GObject>(item))
        self.isCheck = isCheck
    }
}

/// The factory's and key controller's handlers reach the view weakly: the view lives as long as
/// its widget, and they as long as the list view inside it.
@MainActor
private final class FactoryHandlers {
    weak var view: ScrollingListView?
    init(_ view: ScrollingListView) { self.view = view }
}
