import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// A declarative menu rendered to GTK: a `GMenuModel` plus the `GActionGroup` its items use.
///
/// Hand ``menuModel`` to any GTK menu widget (`gtk_menu_button_set_menu_model`,
/// `gtk_popover_menu_new_from_model`) and insert ``actionGroup`` on a widget above it with
/// ``insertActionGroup(into:)``. The rendered menu follows the state it reads: when an
/// `@Observable` model that the content or a binding read changes, the menu updates itself
/// before GTK draws the next frame; after changing anything else, call ``refresh()``. Each
/// update changes only the items that differ.
@MainActor
public final class RenderedMenu {
    /// The menu's title, for the button or menu bar that shows it.
    public let title: String
    /// The menu's icon, for the button that shows it.
    public let icon: String?
    /// What a click on the control does when the menu has a primary action (rule D1).
    public let primaryAction: (@MainActor () -> Void)?
    /// The scope the menu's actions live in on the widget they are inserted on.
    public let actionPrefix: String
    /// What the last render had to repair or found wrong, in menu order; what is found after it
    /// (a picker's selection that is no option, read as it changes; a shortcut another menu of
    /// the window has) is added at the end.
    public internal(set) var diagnostics: [MenuDiagnostic] = []

    /// A colour for destructive items (`#c01c28`, `red`); controls set it from the theme's
    /// error colour. With none, destructive items are only marked for the controls.
    @exclusivity(unchecked) public var destructiveColor: String? {
        didSet { if destructiveColor != oldValue { refresh() } }
    }

    /// Asks before a destructive item acts (rule P6) and runs the action only if the person goes
    /// ahead. By default a ``ConfirmationDialog`` window over the window the menu's actions
    /// were inserted in; replace it to ask in a way of the app's own.
    public var confirmDestructiveAction: @MainActor (ConfirmationRequest, @escaping @MainActor () -> Void) -> Void = { _, _ in }

    /// Whether the controls fill the menu's `custom` slots with GMenuKit's own rows. Off for a
    /// menu GTK shows on its own, such as a text view's extra menu: its items stay GTK's.
    /// Either way a menu gets slots only once it is shown by a control or ``present(in:)``: a
    /// model handed to GTK's widgets alone shows every item as GTK draws it.
    @exclusivity(unchecked) public var drawsOwnRows = true {
        didSet { if drawsOwnRows != oldValue { refresh() } }
    }

    /// What kind of menu this is, for the guideline checks: pull-down, pop-up, context menu, menu bar.
    public var guidelineContext: MenuContext = .pullDown

    /// Which guidelines the menu is checked against: GMenuKit's own, or the GNOME HIG's.
    public var guidelineStyle: MenuGuidelineStyle = .apple

    /// Whether items show their keyboard shortcuts. Context menus show none (rules L5, C2);
    /// a shortcut that is not shown is not installed either.
    @exclusivity(unchecked) public var showsShortcuts = true {
        didSet { if showsShortcuts != oldValue { refresh() } }
    }

    private let content: @MainActor () -> [MenuNode]
    /// What the menu shows in GTK, and the full and per-list renders that bring it to the content.
    let renderPass = MenuRenderPass()
    private var root: MenuLevel { renderPass.root }
    private var actions: MenuActionGroup { renderPass.actions }
    /// The tasks of async actions that run now, by item.
    package let asyncActions = AsyncActionRuns()
    private let scheduler = RefreshScheduler()
    /// What the menu reported, and what reading the actions' states finds during a full render.
    let reporter = MenuDiagnosticReporter()
    /// The default display's icon theme, for the planner.
    let iconTheme = IconThemeLookup()
    /// The shortcuts of the last full render, by GTK's spelling, to compare with other menus'
    /// (`WindowShortcutClashes`).
    private(set) var shortcutOwners: [String: MenuPlan.Shortcut] = [:]
    /// The app's actions the last full render's items borrow (`BorrowedActionTypes`).
    package var borrowedActions: [MenuPlan.BorrowedAction] = []
    @exclusivity(unchecked) private var isRendering = false
    @exclusivity(unchecked) private var needsAnotherPass = false
    @exclusivity(unchecked) private(set) var isInvalidated = false
    /// What is kept across renders by identity: the content's state, the lists of the last
    /// full render (each observed on its own).
    package var graph: RenderGraph { renderPass.graph }
    /// How many list changes were applied on their own, without rendering the whole menu.
    package var listUpdates: Int { renderPass.listUpdates }
    /// The row the menu model's custom slot `id` stands for, if the menu holds one there.
    package func customRow(inSlot id: String) -> CustomRowSpec? { root.customRows.rows[id] }
    /// How many lists of items the last full render kept as they stood (found unchanged, or
    /// changed in place in a few elements), for tests.
    package var keptListCount: Int { renderPass.keptListCount }
    /// Whether the last full render kept the sections of a list of sections as they stood
    /// (none planned or applied), for tests.
    package var keptSections: Bool { renderPass.keptSections }
    /// Whether it read those sections as content, none resolved into nodes, for tests.
    package var readKeptSectionsAsContent: Bool { renderPass.readKeptSectionsAsContent }
    /// How many of those had elements changed in place, replaced alone, for tests.
    package var changedKeptListCount: Int { renderPass.changedKeptListCount }
    /// How many lists kept without running their content had their actions stand as the last
    /// apply left them, only their states read again (``KeptPlannedRun``), for tests.
    package var standingPlannedRuns: Int { actions.standingPlannedRuns }
    /// Shown by a control or ``present(in:)``: from then on items get rows where needed.
    @exclusivity(unchecked) private(set) var isPresented: Bool
    /// The last widget the actions were inserted on: its window is where confirmations appear.
    package private(set) var actionsWidget: WeakObjectPointer<GtkWidget>?

    /// Renders `menu` now; its actions live under `actionPrefix` on the widget they are inserted on.
    public convenience init(_ menu: Menu, actionPrefix: String = "menu") {
        self.init(menu, actionPrefix: actionPrefix, isPresented: false, destructiveColor: nil)
    }

    /// For GMenuKit's controls. `isPresented`: the control shows it at once, so its first render
    /// already has rows. The first render also has the theme's error colour, which the control
    /// then follows (``followThemeColors(of:)``): the menu is made once, not twice.
    package convenience init(_ menu: Menu, actionPrefix: String, isPresented: Bool) {
        self.init(menu, actionPrefix: actionPrefix, isPresented: isPresented, destructiveColor: ThemeColors.errorColor())
    }

    private init(_ menu: Menu, actionPrefix: String, isPresented: Bool, destructiveColor: String?) {
        // Async actions and the app's own main-actor tasks run from the GLib main loop.
        MainLoopBridge.install()
        self.isPresented = isPresented
        self.destructiveColor = destructiveColor
        title = menu.title
        icon = menu.icon
        primaryAction = menu.primaryAction
        content = { menu.resolveContent() }
        if ActionNameRegistry.isValidActionName(actionPrefix) && !actionPrefix.contains(".") {
            self.actionPrefix = actionPrefix
        } else {
            self.actionPrefix = "menu"
            report([MenuDiagnostic(
                severity: .error, path: menu.title,
                message: "'\(actionPrefix)' cannot be an action prefix (letters, digits and '-' only); \"menu\" is used")])
        }
        scheduler.menu = self
        asyncActions.setActionEnabled = { [weak self] name, enabled in self?.actions.setEnabled(name, enabled) }
        confirmDestructiveAction = { [weak self] request, proceed in
            ConfirmationDialog.present(request, over: self?.actionsWidget?.object) { if $0 { proceed() } }
        }
        renderPass.longLists.renderAgain = { [weak self] in scheduleOnMainLoop { self?.refresh() } }
        graph.actionInterpreter = ItemActionInterpreter(
            confirm: { [weak self] request, proceed in self?.confirmDestructiveAction(request, proceed) },
            asyncActions: asyncActions)
        refresh()
    }

    /// Renders content without a title of its own, such as a context menu.
    public convenience init(
        actionPrefix: String = "menu", @MenuContentBuilder content: @escaping @MainActor () -> any MenuContent
    ) {
        self.init(Menu("", content: content), actionPrefix: actionPrefix)
    }

    isolated deinit {
        invalidate()
    }

    /// The rendered menu; it stays the same object for the life of this rendered menu.
    public var menuModel: UnsafeMutablePointer<GMenuModel> { root.model }

    /// The actions the menu's items use, to insert under ``actionPrefix``.
    public var actionGroup: GActionGroupHandle { GActionGroupHandle(unsafe: actions.actionGroup) }

    /// The name of the action an item of the last render uses in ``actionGroup`` (without the
    /// prefix), for items with an action of their own; nil for others.
    package func actionName(forItem identity: MenuIdentity) -> String? {
        renderPass.names.existingName(for: identity)
    }

    /// Makes the menu's actions reachable from `widget` and everything inside it, including
    /// popovers parented to it, and makes the shortcuts the menu shows work anywhere in
    /// `widget`'s window.
    public func insertActionGroup(into widget: UnsafeMutablePointer<GtkWidget>) {
        InsertedActionGroups.insert(actions.actionGroup, prefix: actionPrefix, on: widget)
        renderPass.shortcuts.attach(to: widget)
        actionsWidget = WeakObjectPointer(widget)
        noteActionsInstalled()
        // Mapped: in a window, where another menu's shortcuts may take the same keys.
        gmk_connect_widget(widget, "map", { _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                let menu = SwiftClosureData.object(data, as: RefreshScheduler.self).menu
                menu?.checkShortcutsInWindow()
                menu?.checkBorrowedActionTypes()
            }
        }, SwiftClosureData.retained(scheduler), SwiftClosureData.releaseOnClosureDestroy)
    }

    /// Shows the menu from a `GtkMenuButton`: sets its model, inserts the actions on it, and
    /// checks the menu against the guidelines when it first opens.
    public func attach(toMenuButton widget: UnsafeMutablePointer<GtkWidget>) {
        guard gmk_is_menu_button(widget) != 0 else {
            report([MenuDiagnostic(severity: .error, path: title,
                                   message: "attach(toMenuButton:) needs a GtkMenuButton, not a \(String(cString: gmk_type_name_of(widget)))")])
            return
        }
        insertActionGroup(into: widget)
        showMenu(in: widget)
        PopoverRetirement.closesPopover(ofMenuButton: widget) { [weak self] button in self?.showMenu(in: button) }
    }

    /// Gives a menu button a popover of this menu, with its rows, that checks the menu against
    /// the guidelines when it first opens.
    private func showMenu(in widget: UnsafeMutablePointer<GtkWidget>) {
        let menuButton = gmk_menu_button(widget)
        gtk_menu_button_set_menu_model(menuButton, menuModel)
        guard let popover = gtk_menu_button_get_popover(menuButton) else { return }
        present(in: gmk_widget(popover))
        gmk_connect_widget(gmk_widget(popover), "map", { _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                SwiftClosureData.object(data, as: RefreshScheduler.self).menu?.menuWillShow()
            }
        }, SwiftClosureData.retained(scheduler), SwiftClosureData.releaseOnClosureDestroy)
    }

    /// Shows the menu's own rows in a `GtkPopoverMenu` or `GtkPopoverMenuBar` built from
    /// ``menuModel``: icons beside labels, subtitles, items that keep the menu open and value
    /// controls, which GTK 4.8's menus do not draw. Call it once per widget; the rows follow
    /// every later update. A popover may then be popped down and unparented in one turn: the
    /// keyboard focus leaves it as it unmaps, so that GTK lets it go (GTK 4.8 to 4.18 keep a
    /// popover hidden with the focus, and their tooltip later asks it for its surface).
    public func present(in menuWidget: UnsafeMutablePointer<GtkWidget>) {
        guard gmk_is_popover_menu(menuWidget) != 0 || gmk_is_popover_menu_bar(menuWidget) != 0 else {
            report([MenuDiagnostic(severity: .error, path: title,
                                   message: "present(in:) needs a GtkPopoverMenu or GtkPopoverMenuBar, not a \(String(cString: gmk_type_name_of(menuWidget)))")])
            return
        }
        if gmk_is_popover_menu(menuWidget) != 0 {
            // GTK 4.8 would name the menu "GtkPopoverMenu" (4.18 names it after its button).
            let title = MenuLabelText.normalize(self.title).text
            let name = !title.isEmpty ? title : guidelineContext == .contextMenu ? "Context Menu" : "Menu"
            gmk_accessible_set_label(menuWidget, name)
            connectWidgetSignal(menuWidget, "map") { popover in ControlAccessibility.tidyMenu(popover, title: name) }
            // The app closes and lets go of its popover as it likes (popped down and unparented in
            // one turn): the focus leaves it as it unmaps, so that GTK keeps no reference to it and
            // its tooltip never fires into it after it is gone.
            PopoverRetirement.watch(menuWidget)
        }
        let host = CustomRowHost(menuWidget, actions: actions.actionGroup)
        renderPass.addRowHost(host)
        if isPresented {
            host.fill(Array(root.customRows.rows.keys), from: root.customRows)
        } else {
            // The items that need rows are replaced by ones with slots, which the new host fills.
            isPresented = true
            if drawsOwnRows { refresh() }
        }
    }

    /// The guidelines this menu breaks, as it is now (rule ids from the menu guidelines).
    public func guidelineDiagnostics() -> [MenuDiagnostic] {
        // Resolved again rather than kept from the last render: the checks are rare, the
        // nodes of a large menu are not small. Lists resolve at once here, whatever runs.
        MenuGuidelines.check(graph.readAgain { content() }, title: title, context: guidelineContext,
                             style: guidelineStyle, showsShortcuts: showsShortcuts)
    }

    /// Reads the content and its bindings again and applies what changed.
    public func refresh() {
        guard !isInvalidated else { return }
        // An action that refreshes its own menu while the menu renders gets one more pass.
        guard !isRendering else {
            needsAnotherPass = true
            return
        }
        rendering { render() }
    }

    /// Applies what changed in one list: only its inserted, removed and changed elements, when
    /// they can be planned alone; otherwise the whole menu. `dataChanged`: the list's data
    /// changed; else state that some of its elements' content read did.
    func listChanged(_ elements: DeferredElements, dataChanged: Bool) {
        guard !isInvalidated, elements.isOfCurrentRender else { return }
        guard !isRendering else {
            needsAnotherPass = true
            return
        }
        rendering {
            if !renderPass.renderChanges(of: elements, dataChanged: dataChanged, actionPrefix: actionPrefix) {
                render()
            }
        }
    }

    /// Runs a render, then one full render more for each refresh asked for meanwhile.
    private func rendering(_ first: () -> Void) {
        isRendering = true
        defer { isRendering = false }
        needsAnotherPass = false
        first()
        while needsAnotherPass {
            needsAnotherPass = false
            render()
        }
    }

    /// Lets go of everything now: the actions stop working and the menu stops following its
    /// state. Dropping the last reference to the rendered menu does the same.
    public func invalidate() {
        guard !isInvalidated else { return }
        isInvalidated = true
        scheduler.menu = nil
        renderPass.invalidate()
    }

    /// The full render: resolves, plans and applies the whole menu, then reports what it found.
    private func render() {
        scheduler.renderBegins()
        var plan = renderPass.plan(content, scheduler: scheduler, scrollsLongLists: drawsOwnRows && isPresented,
                                   options: { plannerOptions() })
        defer { renderPass.finish(plan) }
        reporter.stateDiagnostics = []
        defer { reporter.stateDiagnostics = nil }
        renderPass.apply(&plan, actionPrefix: actionPrefix)
        diagnostics = plan.diagnostics + (reporter.stateDiagnostics ?? [])
        report(diagnostics, missingIcons: plan.missingIcons)
        shortcutOwners = plan.shortcuts
        checkShortcutsInWindow()
        borrowedActions = plan.borrowedActions
        checkBorrowedActionTypes()
    }

    // Made once: a list's change plans with it every time, and closures cost an allocation.
    lazy var reportStateProblem: @MainActor (MenuDiagnostic) -> Void = { [weak self] in self?.stateProblem($0) }
}
