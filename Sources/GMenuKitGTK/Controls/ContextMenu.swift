import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// A context menu on any widget, also one GMenuKit did not create (rule C1).
///
/// ```swift
/// ContextMenu(Menu("Note") {
///     Button("Copy") { copy() }
///     Button("Delete…", role: .destructive) { confirmDeletion() }
/// }, attachedTo: noteView)
/// ```
///
/// It opens at the pointer on a secondary click, on press and hold on a touch screen, and at
/// the focused widget with the Menu key or Shift+F10. It shows no keyboard shortcuts (rules
/// L5, C2) unless asked to (``showsShortcuts``), as GNOME apps' context menus do. The widget owns the context menu: keep no reference unless you call ``popup(at:_:)``.
/// A text view, entry or text field shows the items below its own (Cut, Copy, Paste…).
@MainActor
public final class ContextMenu: MenuControl {
    /// The widget the menu is attached to. Valid while that widget lives.
    public let widget: UnsafeMutablePointer<GtkWidget>
    public let menu: RenderedMenu

    /// Where the menu's actions live on the widget. Not "menu": GtkLabel and GtkText have
    /// class actions of their own under that prefix (`menu.popup`).
    package static let actionPrefix = "context"
    /// The key under which the widget holds its context menu.
    package static let ownershipKey = "gmenukit-context-menu"

    private enum Host {
        /// GMenuKit's own popover, parented to the widget.
        case popover
        /// The extra menu of a text widget, which parents and shows its menu itself.
        case textView, entry, text
        /// Nothing: the widget cannot show a context menu.
        case none
    }

    private let host: Host
    private let attached: WeakObjectPointer<GtkWidget>
    private let relay = ContextMenuRelay()
    /// Created on first use, parented to the widget and kept for later openings.
    private var popover: WeakObjectPointer<GtkWidget>?
    private var controllers: [WeakObjectPointer<GObject>] = []
    /// The press-and-hold gesture, touch only unless ``opensOnHeldPrimaryButton``.
    private var longPress: WeakObjectPointer<GObject>?
    /// The secondary click gesture.
    private var secondaryClick: WeakObjectPointer<GObject>?
    private var widgetHandlers: [gulong] = []
    private var layoutFollower: PopoverLayoutFollower?
    /// The focus when the menu opened, given back when it closes.
    private var focusBeforeOpening: WeakObjectPointer<GtkWidget>?
    /// On a list: decides at each opening which items the menu acts on and where it points
    /// (`Lists/`). Nil for a menu about the widget itself.
    package var opening: (any ContextMenuOpening)?

    /// Attaches `menu` to `widget` as its context menu: secondary click, press and hold, the Menu key
    /// and Shift+F10 open it. The widget need not be one GMenuKit made.
    /// The widget it is attached to owns it: keeping the returned control is optional.
    @discardableResult
    public init(_ menu: Menu, attachedTo widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        // A text widget shows its menu in GTK's own popover: no rows there, so none planned.
        let isTextWidget = gmk_is_text_view(widget) != 0 || gmk_is_entry(widget) != 0 || gmk_is_text(widget) != 0
        self.menu = RenderedMenu(menu, actionPrefix: Self.actionPrefix, isPresented: !isTextWidget)
        attached = WeakObjectPointer(widget)
        let problem = Self.problem(attachingTo: widget)
        host = problem != nil ? .none : Self.host(for: widget)
        self.menu.guidelineContext = .contextMenu
        self.menu.showsShortcuts = false
        // A text widget's menu is GTK's own popover, out of GMenuKit's reach: its items stay
        // GTK's model buttons.
        if host == .textView || host == .entry || host == .text { self.menu.drawsOwnRows = false }
        relay.contextMenu = self
        if let problem {
            RenderedMenu.diagnosticHandler(MenuDiagnostic(severity: .error, path: menu.title, message: problem))
            return
        }
        Self.attached(to: widget)?.detach()
        attach()
        WidgetOwnership.give(self, to: widget, key: Self.ownershipKey)
    }

    /// Whether the items show their keyboard shortcuts (off by default, rules L5 and C2). GNOME
    /// apps show them in context menus, where people learn them: on, the menu shows the
    /// shortcuts written on its items and those the application set for borrowed actions, and
    /// the guideline check no longer reports them.
    public var showsShortcuts: Bool {
        get { menu.showsShortcuts }
        set { menu.showsShortcuts = newValue }
    }

    /// Whether pressing and holding the primary button of a mouse or touchpad opens the menu,
    /// as press and hold on a touch screen does. Off by default, as in GNOME Files: a click
    /// held a little long (a slow hand) should stay a click. A press held this long opens the
    /// menu instead of clicking: it neither selects nor activates what is under it.
    public var opensOnHeldPrimaryButton: Bool = false {
        didSet {
            guard let gesture = longPress?.object else { return }
            gtk_gesture_single_set_touch_only(gmk_gesture_single(gesture.gpointer), opensOnHeldPrimaryButton ? 0 : 1)
        }
    }

    /// Has the secondary click and the long press seen before the widget's own gestures (the
    /// capture phase), for a widget that acts on every button's press itself: a `GtkTreeView`
    /// selects the row under any button as it is pressed, which would undo the selection the
    /// menu is to act on. The menu's gestures claim the press, so the widget's never see it.
    package func opensBeforeTheWidgetsOwnGestures() {
        for gesture in [secondaryClick, longPress].compactMap({ $0?.object }) {
            gtk_event_controller_set_propagation_phase(gmk_event_controller(gesture.gpointer), GTK_PHASE_CAPTURE)
        }
    }

    /// The context menu attached to `widget`, if there is one.
    package static func attached(to widget: UnsafeMutablePointer<GtkWidget>) -> ContextMenu? {
        guard let data = g_object_get_data(gmk_object(widget), ownershipKey) else { return nil }
        return Unmanaged<ContextMenu>.fromOpaque(data).takeUnretainedValue()
    }

    /// Opens the menu pointing at `(x, y)` in the widget's coordinates, as a secondary click
    /// there would, before GTK draws its next frame.
    public func popup(at x: Double, _ y: Double) {
        if let opening, !opening.prepareToOpen(at: x, y) { return }
        open(pointingTo: GdkRectangle(x: gint(x.rounded(.down)), y: gint(y.rounded(.down)), width: 1, height: 1))
    }

    /// Opens the menu at the focused widget inside the attached one, or at the attached widget,
    /// as the Menu key does, before GTK draws its next frame.
    public func popup() {
        guard let widget = attached.object else { return }
        open(pointingTo: opening.map { $0.prepareToOpenFromKeyboard() } ?? focusedArea(in: widget))
    }

    /// The menu's model for what is selected now (a list's menu for its selection), without
    /// opening it or changing the selection: what the command palette lists. Nil for a text
    /// widget's own menu (GTK's) and a menu on nothing.
    package func modelForCurrentSelection() -> UnsafeMutablePointer<GMenuModel>? {
        guard case .popover = host, let widget = attached.object, gtk_widget_get_mapped(widget) != 0 else { return nil }
        opening?.prepareToRead()
        menu.refresh()
        return menu.menuModel
    }

    /// Where the menu's actions are found from.
    package var actionWidget: UnsafeMutablePointer<GtkWidget>? { menu.actionsWidget?.object ?? attached.object }

    /// Closes the menu if it is open.
    public func popdown() {
        if let popover = popover?.object { gtk_popover_popdown(gmk_popover(popover)) }
    }

    /// The popover GMenuKit shows the menu in, once it has been opened; nil on text widgets,
    /// which show the menu in their own.
    package var popoverWidget: UnsafeMutablePointer<GtkWidget>? { popover?.object }

    // MARK: Attaching

    /// Why `widget` cannot carry a context menu, or nil when it can.
    private static func problem(attachingTo widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        let typeName = String(cString: gmk_type_name_of(widget))
        if gtk_widget_in_destruction(widget) != 0 {
            return "a context menu cannot be attached to a \(typeName) that is being destroyed"
        }
        // A window or popover has a surface of its own and never places popover children:
        // the menu would not open, or open somewhere else.
        if gmk_is_native(widget) != 0 {
            return "a context menu cannot be attached to a \(typeName) itself; attach it to a widget inside it"
        }
        return nil
    }

    private static func host(for widget: UnsafeMutablePointer<GtkWidget>) -> Host {
        if gmk_is_text_view(widget) != 0 { return .textView }
        if gmk_is_entry(widget) != 0 { return .entry }
        if gmk_is_text(widget) != 0 { return .text }
        return .popover
    }

    private func attach() {
        let controllerCount = Self.controllers(of: widget).count
        menu.insertActionGroup(into: widget)
        // It added a controller for the shortcuts the menu shows: taken off again by detach().
        controllers += Self.controllers(of: widget).dropFirst(controllerCount).map { WeakObjectPointer($0) }
        menu.followThemeColors(of: widget)
        switch host {
        case .textView:
            gtk_text_view_set_extra_menu(gmk_text_view(widget), menu.menuModel)
        case .entry:
            gtk_entry_set_extra_menu(gmk_entry(widget), menu.menuModel)
        case .text:
            gtk_text_set_extra_menu(gmk_text(widget), menu.menuModel)
        case .popover:
            addOpeningControllers()
            connectWidget("destroy") { $0.widgetDestroyed() }
        case .none:
            break
        }
        connectWidget("unrealize") { $0.widgetUnrealized() }
        // A text widget shows its menu itself, unseen by GMenuKit: check the menu now.
        if host != .popover { menu.menuWillShow() }
    }

    /// Takes everything this context menu put on the widget off it again, for the one replacing it.
    private func detach() {
        guard attached.object != nil else { return }
        for handler in widgetHandlers { g_signal_handler_disconnect(widget.gpointer, handler) }
        widgetHandlers.removeAll()
        for controller in controllers {
            if let controller = controller.object { gtk_widget_remove_controller(widget, OpaquePointer(controller)) }
        }
        controllers.removeAll()
        switch host {
        case .textView: gtk_text_view_set_extra_menu(gmk_text_view(widget), nil)
        case .entry: gtk_entry_set_extra_menu(gmk_entry(widget), nil)
        case .text: gtk_text_set_extra_menu(gmk_text(widget), nil)
        case .popover: removePopover()
        case .none: break
        }
        InsertedActionGroups.insert(nil as OpaquePointer?, prefix: Self.actionPrefix, on: widget)
        relay.contextMenu = nil
    }

    /// A secondary click, a long touch, and the Menu key or Shift+F10 open the menu.
    private func addOpeningControllers() {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(gmk_gesture_single(click.gpointer), guint(GDK_BUTTON_SECONDARY))
        gmk_connect_click(click, "pressed", { gesture, _, x, y, data in
            openContextMenu(pressedBy: gesture?.gpointer, at: x, y, relay: data)
        }, SwiftClosureData.retained(relay), SwiftClosureData.releaseOnClosureDestroy)
        secondaryClick = WeakObjectPointer(gmk_object(click.gpointer))
        add(controller: click)

        let longPress = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(gmk_gesture_single(longPress.gpointer), opensOnHeldPrimaryButton ? 0 : 1)
        self.longPress = WeakObjectPointer(gmk_object(longPress.gpointer))
        gmk_connect_gesture_sequence(gmk_gesture(longPress.gpointer), "begin", { _, _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { ContextMenuRelay.contextMenu(data)?.opening?.longPressBegan() }
        }, SwiftClosureData.retained(relay), SwiftClosureData.releaseOnClosureDestroy)
        gmk_connect_gesture_sequence(gmk_gesture(longPress.gpointer), "end", { _, _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { ContextMenuRelay.contextMenu(data)?.opening?.longPressEnded() }
        }, SwiftClosureData.retained(relay), SwiftClosureData.releaseOnClosureDestroy)
        gmk_connect_long_press(longPress, { gesture, x, y, data in
            openContextMenu(pressedBy: gesture?.gpointer, at: x, y, relay: data)
            // The menu took the pointer: the release goes to it, and the gesture, never told,
            // would still hold the press and ignore the next one (a second press and hold
            // opened nothing and was taken as a click). It lets go of this press now.
            if let gesture { gtk_event_controller_reset(gmk_event_controller(gesture.gpointer)) }
        }, SwiftClosureData.retained(relay), SwiftClosureData.releaseOnClosureDestroy)
        add(controller: longPress)

        // As gtkplacesview.c does: one shortcut, two keys, on the widget (local scope, so it
        // fires when the widget or something inside it has the focus).
        let keys = gtk_alternative_trigger_new(
            gtk_keyval_trigger_new(guint(GDK_KEY_F10), GDK_SHIFT_MASK),
            gtk_keyval_trigger_new(guint(GDK_KEY_Menu), GdkModifierType(rawValue: 0)))
        let openAction = gtk_callback_action_new({ _, _, data in
            nonisolated(unsafe) let data = data
            return MainActor.assumeIsolated {
                guard let contextMenu = ContextMenuRelay.contextMenu(data) else { return 0 }
                return contextMenu.openFromKeyboard() ? 1 : 0
            }
        }, SwiftClosureData.retained(relay), SwiftClosureData.releaseOnDestroy)
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(gmk_shortcut_controller(shortcuts.gpointer), gtk_shortcut_new(keys, openAction))
        add(controller: shortcuts)
    }

    private static func controllers(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GObject>] {
        let list = gtk_widget_observe_controllers(widget)!
        defer { g_object_unref(list.gpointer) }
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            guard let controller = g_list_model_get_item(list, index) else { return nil }
            // The widget keeps the controller alive.
            g_object_unref(controller)
            return gmk_object(controller)
        }
    }

    /// The widget takes the controller's only reference; a weak pointer lets ``detach()`` find it.
    private func add(controller: OpaquePointer) {
        controllers.append(WeakObjectPointer(gmk_object(controller.gpointer)))
        gtk_widget_add_controller(widget, controller)
    }

    private func connectWidget(_ signal: String, _ body: @escaping @MainActor (ContextMenu) -> Void) {
        let relay = self.relay
        widgetHandlers.append(connectWidgetSignal(widget, signal) { _ in
            if let contextMenu = relay.contextMenu { body(contextMenu) }
        })
    }

    // MARK: Opening

    private func openFromKeyboard() -> Bool {
        guard let widget = attached.object, gtk_widget_get_mapped(widget) != 0 else { return false }
        return open(pointingTo: opening.map { $0.prepareToOpenFromKeyboard() } ?? focusedArea(in: widget))
    }

    /// Shows the menu pointing at `area` (in the widget's coordinates), or at the whole widget.
    /// A text widget opens its own menu at its cursor.
    @discardableResult
    private func open(pointingTo area: GdkRectangle?) -> Bool {
        guard let widget = attached.object, gtk_widget_get_mapped(widget) != 0, gtk_widget_is_sensitive(widget) != 0
        else { return false }
        switch host {
        case .popover: break
        case .textView, .text: return gtk_widget_activate_action_variant(widget, "menu.popup", nil) != 0
        case .entry:
            // The menu is the text field's, inside the entry.
            guard let text = gtk_editable_get_delegate(OpaquePointer(widget)) else { return false }
            return gtk_widget_activate_action_variant(gmk_widget(text.gpointer), "menu.popup", nil) != 0
        case .none: return false
        }
        // Content that reads plain state (the selection) is read again for each opening.
        menu.refresh()
        menu.menuWillShow()
        let popover = popover?.object ?? makePopover(on: widget)
        if var area {
            let offset = PopoverPlacement.pointingToOffset(of: widget)
            area.x += offset.x
            area.y += offset.y
            gtk_popover_set_pointing_to(gmk_popover(popover), &area)
        } else {
            gtk_popover_set_pointing_to(gmk_popover(popover), nil)
        }
        if let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root),
           gtk_widget_is_ancestor(focus, popover) == 0 {
            focusBeforeOpening = WeakObjectPointer(focus)
        } else {
            focusBeforeOpening = nil
        }
        // Shown after GTK's idles of the same turn and before its next frame: GtkPopoverMenu
        // shows a section's separator in an idle (gtkmenusectionbox.c), and GTK 4.8 keeps a
        // reused popover at the size it was presented with, clipping the new separator's height
        // when an opening on a row follows one beside the rows.
        scheduleOnMainLoop(priority: G_PRIORITY_HIGH_IDLE + 1) { [weak self] in
            guard let self, self.popover?.object == popover, gtk_widget_get_mapped(popover) == 0,
                  let widget = self.attached.object, gtk_widget_get_mapped(widget) != 0 else { return }
            gtk_popover_popup(gmk_popover(popover))
            self.opening?.menuDidOpen(in: popover)
        }
        return true
    }

    /// The focused widget inside `widget`, in `widget`'s coordinates; nil for the whole widget.
    private func focusedArea(in widget: UnsafeMutablePointer<GtkWidget>) -> GdkRectangle? {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root), focus != widget,
              gtk_widget_is_ancestor(focus, widget) != 0
        else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(focus, widget, &bounds) != 0 else { return nil }
        return GdkRectangle(x: gint(bounds.origin.x.rounded(.down)), y: gint(bounds.origin.y.rounded(.down)),
                            width: gint(bounds.size.width.rounded(.up)), height: gint(bounds.size.height.rounded(.up)))
    }

    private func makePopover(on widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let created = gtk_popover_menu_new_from_model(menu.menuModel)!
        // As GTK's demos place context menus: below the point, starting at it, without an arrow.
        gtk_popover_set_position(gmk_popover(created), GTK_POS_BOTTOM)
        gtk_popover_set_has_arrow(gmk_popover(created), 0)
        gtk_widget_set_halign(created, GTK_ALIGN_START)
        // The widget takes the floating reference; its destroy handler takes the popover off.
        if gmk_is_tree_view(widget.gpointer) != 0 {
            // A GtkTreeView's column header buttons are its children, their CSS nodes under its
            // header node: a popover added after them (gtk_widget_set_parent) is a GTK critical
            // (gtk_css_node_insert_after). Before them, its node's neighbour is none.
            gtk_widget_insert_after(created, widget, nil)
        } else {
            gtk_widget_set_parent(created, widget)
        }
        menu.present(in: created)
        let relay = self.relay
        PopoverRetirement.watch(created) { relay.contextMenu?.focusReturnTarget() }
        layoutFollower = PopoverLayoutFollower.isNeeded(for: widget) ? PopoverLayoutFollower(popover: created) : nil
        popover = WeakObjectPointer(created)
        return created
    }

    /// Where the keyboard focus goes when the menu closes: back to the widget that had it when
    /// the menu opened, as nautilus does, or to the attached widget. GTK 4.8 hands it to the
    /// widget the popover hangs off, not to the row inside it that had it.
    private func focusReturnTarget() -> UnsafeMutablePointer<GtkWidget>? {
        guard let widget = attached.object, let root = gtk_widget_get_root(widget) else { return nil }
        let previous = focusBeforeOpening?.object
        focusBeforeOpening = nil
        if let previous, gtk_widget_get_mapped(previous) != 0, gtk_widget_get_root(previous) == root {
            // GTK 4.18 then gives the focus to the widget itself: taken back (PopdownFocusKeeping).
            PopdownFocusKeeping.keep(previous, over: widget)
            return previous
        }
        return widget
    }

    // MARK: Going away

    /// Closes the menu before the widget or its window goes (unrealizing comes first), and
    /// takes GMenuKit's popover off the widget; the next opening makes a new one.
    ///
    /// GTK 4.8 leaves a popover open when its widget goes: alive, holding the keyboard, with its
    /// tooltip timer pointing at a dead surface; and one that still holds the window's focus
    /// leaks even when closed (see `PopoverRetirement`). A text widget's own menus are found
    /// under it (an entry's are on the text field inside it). And the popover must be off before the widget's dispose: a GtkListBox removes its children
    /// there with its own remove, which refuses a popover and loops forever, before GtkWidget
    /// emits `destroy`.
    private func widgetUnrealized() {
        let menus = host == .popover ? [popover?.object].compactMap { $0 } : PopoverRetirement.popovers(under: widget)
        // Closed or not: a popover GTK closed a moment ago may still hold the focus.
        menus.forEach(PopoverRetirement.close)
        removePopover()
    }

    /// A label, button or drawing area warns "still has children left" and leaks a popover
    /// child it did not make. Unrealizing took the popover off already; this is for a widget
    /// destroyed some other way.
    private func widgetDestroyed() {
        removePopover()
    }

    private func removePopover() {
        layoutFollower = nil
        guard let popover = popover?.object else { return }
        self.popover = nil
        PopoverRetirement.remove(popover, from: widget)
    }
}

/// Reaches a context menu from GTK's callbacks without keeping it alive: the widget owns it.
@MainActor
private final class ContextMenuRelay {
    weak var contextMenu: ContextMenu?

    static func contextMenu(_ data: gpointer?) -> ContextMenu? {
        SwiftClosureData.object(data, as: ContextMenuRelay.self).contextMenu
    }
}

/// What a secondary click and a long touch do: claim the press, so that a context menu of a
/// widget around this one stays shut, and open the menu where it happened. Their C callbacks
/// differ only in their arguments. GTK emits gesture signals on the main thread.
private func openContextMenu(pressedBy gesture: gpointer?, at x: gdouble, _ y: gdouble, relay data: gpointer?) {
    nonisolated(unsafe) let (gesture, data) = (gesture, data)
    MainActor.assumeIsolated {
        gtk_gesture_set_state(gmk_gesture(gesture), GTK_EVENT_SEQUENCE_CLAIMED)
        ContextMenuRelay.contextMenu(data)?.popup(at: x, y)
    }
}
