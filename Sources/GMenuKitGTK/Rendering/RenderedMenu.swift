import CGtk
import Observation
import Synchronization
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
    public var destructiveColor: String? {
        didSet { if destructiveColor != oldValue { refresh() } }
    }

    /// Where diagnostics go the first time they occur. Prints to standard error by default.
    public static var diagnosticHandler: @MainActor (MenuDiagnostic) -> Void = { diagnostic in
        printToStandardError("GMenuKit: \(diagnostic)")
    }

    /// Whether a menu reports its guideline errors and warnings, once, when it is first shown.
    /// On in debug builds, off in release builds.
    public static var reportsGuidelineDiagnostics: Bool = {
        #if DEBUG
            true
        #else
            false
        #endif
    }()

    /// Asks before a destructive item acts (rule P6) and runs the action only if the person goes
    /// ahead. By default a ``ConfirmationDialog`` window over the window the menu's actions
    /// were inserted in; replace it to ask in a way of the app's own.
    public var confirmDestructiveAction: @MainActor (ConfirmationRequest, @escaping @MainActor () -> Void) -> Void = { _, _ in }

    /// Whether the controls fill the menu's `custom` slots with GMenuKit's own rows. Off for a
    /// menu GTK shows on its own, such as a text view's extra menu: its items stay GTK's.
    /// Either way a menu gets slots only once it is shown by a control or ``present(in:)``: a
    /// model handed to GTK's widgets alone shows every item as GTK draws it.
    public var drawsOwnRows = true {
        didSet { if drawsOwnRows != oldValue { refresh() } }
    }

    /// What kind of menu this is, for the guideline checks: pull-down, pop-up, context menu, menu bar.
    public var guidelineContext: MenuContext = .pullDown

    /// Which guidelines the menu is checked against: GMenuKit's own, or the GNOME HIG's.
    public var guidelineStyle: MenuGuidelineStyle = .apple

    /// Whether items show their keyboard shortcuts. Context menus show none (rules L5, C2);
    /// a shortcut that is not shown is not installed either.
    public var showsShortcuts = true {
        didSet { if showsShortcuts != oldValue { refresh() } }
    }

    private let content: @MainActor () -> [MenuNode]
    private let root = MenuLevel(items: MenuItemFactory())
    /// The popovers and menu bars showing this menu, whose custom slots it fills.
    private var rowHosts: [CustomRowHost] = []
    private let actions = MenuActionGroup()
    /// The tasks of async actions that run now, by item.
    package let asyncActions = AsyncActionRuns()
    private let shortcuts = MenuShortcuts()
    private var names = ActionNameRegistry()
    private let refreshTrigger = RefreshTrigger()
    private var reportedDiagnostics: Set<MenuDiagnostic> = []
    /// The shortcuts of the last full render, by GTK's spelling, to compare with other menus'.
    private var shortcutOwners: [String: MenuPlan.Shortcut] = [:]
    /// The app's actions the last full render's items borrow (`BorrowedActionTypes`).
    package var borrowedActions: [MenuPlan.BorrowedAction] = []
    /// The menus whose actions were inserted on a widget: their shortcuts work in its window.
    private static var installedMenus: [WeakRenderedMenu] = []
    /// While a full render runs: what reading the actions' states found, for its diagnostics.
    private var stateDiagnostics: [MenuDiagnostic]?
    /// Whether the icon theme has each icon name asked about, and the names reported missing:
    /// once per name, whichever item has it first in later renders.
    private var iconPresence: [String: Bool] = [:]
    private var iconsReportedMissing: Set<String> = []
    private var hasBeenShown = false
    private var isRendering = false
    private var needsAnotherPass = false
    private var isInvalidated = false
    /// What is kept across renders by identity: the content's state, the lists of the last
    /// full render (each observed on its own).
    package let graph = RenderGraph()
    /// How many list changes were applied on their own, without rendering the whole menu.
    package private(set) var listUpdates = 0
    /// How many lists the last full render kept as they stood (found unchanged), for tests.
    package private(set) var keptListCount = 0
    /// Shown by a control or ``present(in:)``: from then on items get rows where needed.
    private var isPresented: Bool
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
        refreshTrigger.menu = self
        asyncActions.setActionEnabled = { [weak self] name, enabled in self?.actions.setEnabled(name, enabled) }
        confirmDestructiveAction = { [weak self] request, proceed in
            ConfirmationDialog.present(request, over: self?.actionsWidget?.object) { if $0 { proceed() } }
        }
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
    public var actionGroup: OpaquePointer { actions.actionGroup }

    /// The name of the action an item of the last render uses in ``actionGroup`` (without the
    /// prefix), for items with an action of their own; nil for others.
    package func actionName(forItem identity: MenuIdentity) -> String? {
        names.existingName(for: identity)
    }

    /// Makes the menu's actions reachable from `widget` and everything inside it, including
    /// popovers parented to it, and makes the shortcuts the menu shows work anywhere in
    /// `widget`'s window.
    public func insertActionGroup(into widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_insert_action_group(widget, actionPrefix, actionGroup)
        shortcuts.attach(to: widget)
        actionsWidget = WeakObjectPointer(widget)
        Self.installedMenus.removeAll { $0.menu == nil || $0.menu === self }
        Self.installedMenus.append(WeakRenderedMenu(self))
        // Mapped: in a window, where another menu's shortcuts may take the same keys.
        gmk_connect_widget(widget, "map", { _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                let menu = SwiftClosureData.object(data, as: RefreshTrigger.self).menu
                menu?.checkShortcutsInWindow()
                menu?.checkBorrowedActionTypes()
            }
        }, SwiftClosureData.retained(refreshTrigger), SwiftClosureData.releaseOnClosureDestroy)
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
                SwiftClosureData.object(data, as: RefreshTrigger.self).menu?.menuWillShow()
            }
        }, SwiftClosureData.retained(refreshTrigger), SwiftClosureData.releaseOnClosureDestroy)
    }

    /// Shows the menu's own rows in a `GtkPopoverMenu` or `GtkPopoverMenuBar` built from
    /// ``menuModel``: icons beside labels, subtitles, items that keep the menu open and value
    /// controls, which GTK 4.8's menus do not draw. Call it once per widget; the rows follow
    /// every later update.
    public func present(in menuWidget: UnsafeMutablePointer<GtkWidget>) {
        guard gmk_is_popover_menu(menuWidget) != 0 || gmk_is_popover_menu_bar(menuWidget) != 0 else {
            report([MenuDiagnostic(severity: .error, path: title,
                                   message: "present(in:) needs a GtkPopoverMenu or GtkPopoverMenuBar, not a \(String(cString: gmk_type_name_of(menuWidget)))")])
            return
        }
        rowHosts.removeAll { !$0.isAlive }
        let host = CustomRowHost(menuWidget, actions: actionGroup)
        rowHosts.append(host)
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

    /// Tells the menu it is about to be shown. The first time, when
    /// ``reportsGuidelineDiagnostics`` is on, its guideline errors and warnings go to the
    /// ``diagnosticHandler``. Controls that show the menu call this; ``attach(toMenuButton:)`` does it.
    public func menuWillShow() {
        guard !hasBeenShown else { return }
        hasBeenShown = true
        reportLengthGTKOpensSlowly()
        guard Self.reportsGuidelineDiagnostics else { return }
        report(guidelineDiagnostics().filter { $0.severity >= .warning })
    }

    /// From about this many items GTK 4.8 takes seconds to open a menu: its popover builds a
    /// widget for every item of every page when it opens, in time that grows faster than the
    /// count (in plain C about 0.3 s at 1,000 items and 18 s at 5,000; `make bench`, case 5).
    package static let itemsGTKOpensSlowly = 2_000

    /// Rule O4 as GTK makes it matter, in every build and for generated content too (which O4
    /// itself allows to be long): one warning the first time a menu that long is shown.
    private func reportLengthGTKOpensSlowly() {
        let count = root.itemCount
        guard count >= Self.itemsGTKOpensSlowly else { return }
        report([MenuDiagnostic(
            rule: "O4", severity: .warning, path: title,
            message: "the menu holds \(count) items; GTK builds a widget for each when it opens, which takes seconds at this length",
            suggestion: "show a long ForEach with .menuListStyle(.scrolling(visibleRows:)), which makes rows only for what is in view; or move items into submenus, or show fewer generated items (the most recent ones)")])
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
    fileprivate func listChanged(_ elements: DeferredElements, dataChanged: Bool) {
        guard !isInvalidated, elements.deferral.isCurrent else { return }
        guard !isRendering else {
            needsAnotherPass = true
            return
        }
        rendering {
            if renderChanges(of: elements, dataChanged: dataChanged) { listUpdates += 1 } else { render() }
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
        refreshTrigger.menu = nil
        graph.retire()
        actions.removeAll()
        shortcuts.removeAll()
        // GTK 4.8 keeps the section models a popover built: leave it nothing but empty menu models.
        root.removeAll()
        rowHosts.removeAll()
    }

    private func render() {
        let trigger = refreshTrigger
        trigger.renderBegins()
        // The lists of the last render stop updating themselves; this render makes new ones.
        let lists = ElementDeferral(
            dataChanged: { trigger.scheduleUpdate(of: $0, dataChanged: true) },
            elementsChanged: { trigger.scheduleUpdate(of: $0, dataChanged: false) })
        // Lists resolve as they are planned, each under an observation of its own.
        let plan = graph.fullRender(lists: lists) {
            let retirement = lists.retirement
            let nodes = withObservationTracking {
                retirement.enroll()
                return content()
            } onChange: {
                ObservationRetirement.noteChange()
                if !retirement.isRetired { trigger.schedule() }
            }
            var options = plannerOptions()
            // Lists found as they were keep their items; their content is resolved again.
            options.keepsLists = true
            let plan = MenuPlanner.plan(nodes, options: options, names: &names)
            guard plan.needsPlanWithoutKeeping else { return plan }
            for list in plan.keptLists { list.isKeptNow = false }
            options.keepsLists = false
            return MenuPlanner.plan(nodes, options: options, names: &names)
        }
        defer {
            for list in plan.keptLists {
                list.isKeptNow = false
                list.keptItems = nil
            }
        }
        keptListCount = plan.keptLists.count
        stateDiagnostics = []
        defer { stateDiagnostics = nil }
        for host in rowHosts { host.rememberFocus() }
        // What goes and what changes leaves first, then the actions change, then items come:
        // no item ever points at an action that is not there yet or no longer fits it.
        root.prune(plan.items)
        dropRemovedRows()
        actions.apply(plan.actions)
        root.apply(plan.items)
        dropRemovedRows()
        fillNewRows()
        shortcuts.apply(plan.items)
        diagnostics = plan.diagnostics + (stateDiagnostics ?? [])
        report(diagnostics, missingIcons: plan.missingIcons)
        shortcutOwners = plan.shortcuts
        checkShortcutsInWindow()
        borrowedActions = plan.borrowedActions
        checkBorrowedActionTypes()
    }

    /// The incremental render of one list: false when the whole menu must be rendered instead.
    private func renderChanges(of elements: DeferredElements, dataChanged: Bool) -> Bool {
        guard elements.isIncremental, let level = MenuLevel.holding(elements), level.holds(elements) else { return false }
        let found: (ElementChanges, MenuPlanner.PlannedElements?)? = graph.listUpdate(of: elements.deferral) {
            guard let changes = dataChanged ? elements.readChanges() : elements.readElementChanges() else { return (nil, []) }
            // An emptied list may leave a section or menu empty: the whole menu says so.
            guard !changes.isEmpty, elements.count > 0 else { return ((changes, nil), changes.resolvedScopes) }
            return ((changes, MenuPlanner.planElements(
                changes.changed.map(\.node) + changes.inserted.map(\.node), of: elements,
                options: plannerOptions(), names: &names)), changes.resolvedScopes)
        }
        guard let (changes, planned) = found else { return false }
        if changes.isEmpty { return true }
        guard let planned else { return false }
        let changedItems = planned.items.prefix(changes.changed.count)
        let insertedItems = planned.items.suffix(changes.inserted.count)
        let base = elements.placement.firstPosition

        // What the items of the removed and changed elements were, and what the new ones are.
        var oldIdentities: [MenuIdentity] = []
        var oldTargets: [ActionTarget] = []
        for index in changes.removed { level.collect(at: base + index, identities: &oldIdentities, targets: &oldTargets) }
        for change in changes.changed { level.collect(at: base + change.oldIndex, identities: &oldIdentities, targets: &oldTargets) }
        // About as many as went: reserved, so that the sets are not rehashed as they fill.
        var newIdentities = Set<MenuIdentity>(minimumCapacity: oldIdentities.count + planned.items.count)
        var newTargets = Set<ActionTarget>(minimumCapacity: oldTargets.count + planned.items.count)
        for item in planned.items { item.collect(identities: &newIdentities, targets: &newTargets) }
        for level in planned.generatedActionLevels { newIdentities.insert(level.generatedItemsAction) }

        for host in rowHosts { host.rememberFocus() }
        // As in a full render: what goes and what changes leaves, then the actions change, then
        // what comes arrives.
        level.pruneElements(from: base, removing: changes.removed,
                            changing: zip(changes.changed, changedItems).map { ($0.oldIndex, $1) })
        dropRemovedRows()

        var goneActions: [String] = []
        for identity in oldIdentities where !newIdentities.contains(identity) {
            if let name = names.release(identity) { goneActions.append(name) }
        }
        var goneTargets: [String: [String]] = [:]
        let ownScope = actionPrefix + "."
        for target in oldTargets where !newTargets.contains(target) && target.action.hasPrefix(ownScope) {
            goneTargets[String(target.action.dropFirst(ownScope.count)), default: []].append(target.target)
        }
        actions.apply(some: planned.actions, removing: goneActions, removingTargets: goneTargets)

        level.applyElements(from: base, zip(changes.changed, changedItems).map { ($0.index, $1) }
                                + zip(changes.inserted, insertedItems).map { ($0.index, $1) })
        dropRemovedRows()
        fillNewRows()
        return true
    }

    private func plannerOptions() -> MenuPlanner.Options {
        MenuPlanner.Options(
            title: title,
            actionPrefix: actionPrefix,
            destructiveColor: destructiveColor.flatMap(validatedColor),
            parseAccelerator: parseAccelerator,
            showsShortcuts: showsShortcuts,
            drawsOwnRows: drawsOwnRows && isPresented,
            // Without a display there is no icon theme to ask.
            iconThemeHasIcon: hasDisplay ? hasIconInTheme : nil,
            reportStateProblem: reportStateProblem,
            confirm: graph.actionInterpreter?.confirm,
            asyncActions: asyncActions,
            parseDetailedName: VariantText.parseDetailedActionName,
            targetProblem: { VariantText.problem(parsing: $0.text, type: $0.type) },
            applicationAccels: ApplicationAccels.accels)
    }

    /// Whether there is a display, whose icon theme to ask; once there is one, it stays.
    private var hasDisplay: Bool {
        if !displayFound { displayFound = gdk_display_get_default() != nil }
        return displayFound
    }
    private var displayFound = false
    // Made once: a list's change plans with these every time, and closures cost an allocation.
    private lazy var hasIconInTheme: @MainActor (String) -> Bool = { [weak self] in self?.iconThemeHasIcon($0) ?? true }
    private lazy var reportStateProblem: @MainActor (MenuDiagnostic) -> Void = { [weak self] in self?.stateProblem($0) }

    /// Reports the shortcuts this menu shares with another menu whose actions are in the same
    /// window (a menu bar and a pull-down button): both controllers would claim the keys, and
    /// GTK runs only one. Each menu reports its own items, once.
    private func checkShortcutsInWindow() {
        guard showsShortcuts, !shortcutOwners.isEmpty, let widget = actionsWidget?.object,
              let root = gtk_widget_get_root(widget) else { return }
        var found: [MenuDiagnostic] = []
        for other in Self.installedMenus.compactMap(\.menu) where other !== self && !other.isInvalidated && other.showsShortcuts {
            guard let otherWidget = other.actionsWidget?.object, gtk_widget_get_root(otherWidget) == root else { continue }
            for (keys, owner) in shortcutOwners.sorted(by: { $0.value.path < $1.value.path }) {
                guard let otherOwner = other.shortcutOwners[keys] else { continue }
                found.append(MenuDiagnostic(
                    severity: .error, path: owner.path,
                    message: "the shortcut \(owner.written) is \(otherOwner.path)'s too, in another menu of this window; GTK runs only one of them"))
            }
        }
        for diagnostic in found where !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
        report(found)
    }

    /// A problem found as an action's state was read: part of a full render's diagnostics, or,
    /// when the state changed alone (or a list updated on its own), added to the last one's.
    /// Reported once, as every diagnostic is.
    private func stateProblem(_ diagnostic: MenuDiagnostic) {
        if stateDiagnostics != nil {
            if !stateDiagnostics!.contains(diagnostic) { stateDiagnostics!.append(diagnostic) }
            return
        }
        if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
        report([diagnostic])
    }

    /// Asks the default display's icon theme, once per name. A themed icon names its symbolic
    /// or regular counterpart too ("x-symbolic" and "x"), and GTK falls back to it.
    private func iconThemeHasIcon(_ name: String) -> Bool {
        if let known = iconPresence[name] { return known }
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else { return true }
        let suffix = "-symbolic"
        let counterpart = name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name + suffix
        let found = gtk_icon_theme_has_icon(theme, name) != 0
            || (!counterpart.isEmpty && gtk_icon_theme_has_icon(theme, counterpart) != 0)
        iconPresence[name] = found
        return found
    }

    private func dropRemovedRows() {
        let removed = root.customRows.takeRemoved()
        guard !removed.isEmpty else { return }
        for host in rowHosts { host.drop(removed) }
    }

    private func fillNewRows() {
        let added = root.customRows.takeAdded()
        rowHosts.removeAll { !$0.isAlive }
        for host in rowHosts {
            host.fill(added, from: root.customRows)
            host.restoreFocus(among: added)
        }
    }

    package func reportDiagnostics(_ found: [MenuDiagnostic]) { report(found) }

    private func report(_ found: [MenuDiagnostic], missingIcons: [String: MenuDiagnostic] = [:]) {
        var alreadyReported: Set<MenuDiagnostic> = []
        for (name, diagnostic) in missingIcons where !iconsReportedMissing.insert(name).inserted {
            alreadyReported.insert(diagnostic)
        }
        for diagnostic in found where !alreadyReported.contains(diagnostic) && reportedDiagnostics.insert(diagnostic).inserted {
            Self.diagnosticHandler(diagnostic)
        }
    }

    /// Only colours that cannot break the markup they are put into: `#rgb` forms and names.
    private func validatedColor(_ color: String) -> String? {
        let isHex = color.first == "#" && [4, 7, 9, 13].contains(color.count)
            && color.dropFirst().allSatisfy(\.isHexDigit)
        let isName = !color.isEmpty && color.allSatisfy { $0.isASCII && $0.isLetter }
        if isHex || isName { return color }
        report([MenuDiagnostic(severity: .error, path: title,
                               message: "'\(color)' is not a colour (#rrggbb or a name); destructive items are not coloured")])
        return nil
    }
}

private func parseAccelerator(_ written: String) -> MenuPlanner.ParsedAccelerator? {
    var key: guint = 0
    var modifiers = GdkModifierType(rawValue: 0)
    var accelerator = written
    if gtk_accelerator_parse(accelerator, &key, &modifiers) == 0 || key == 0, let spelled = keyNamed(in: written) {
        // A key written as its character (`.keyboardShortcut("é")`): GTK's accelerators name it.
        accelerator = spelled
    }
    guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0, key != 0,
          let name = gtk_accelerator_name(key, modifiers) else { return nil }
    defer { g_free(name) }
    let commandModifiers = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue
        | GDK_HYPER_MASK.rawValue | GDK_META_MASK.rawValue
    let character = gdk_keyval_to_unicode(key)
    // Printable: not a control character (Return, Tab, Escape and Delete map to those).
    let typesText = modifiers.rawValue & commandModifiers == 0 && character >= 0x20 && character != 0x7F
        && !(0x80..<0xA0).contains(character)
    return MenuPlanner.ParsedAccelerator(canonical: String(cString: name), typesText: typesText,
                                         readable: accelerator == written ? nil : accelerator)
}

/// The accelerator with its last character, a key GTK names (`é` is `eacute`), spelled by
/// its GDK name; nil when it ends in no such character.
private func keyNamed(in accelerator: String) -> String? {
    guard let character = accelerator.last, character.unicodeScalars.count == 1,
          let scalar = character.unicodeScalars.first, !scalar.isASCII else { return nil }
    let keyval = gdk_unicode_to_keyval(scalar.value)
    guard let name = gdk_keyval_name(keyval) else { return nil }
    return String(accelerator.dropLast()) + String(cString: name)
}

@MainActor
private final class WeakRenderedMenu {
    weak var menu: RenderedMenu?
    init(_ menu: RenderedMenu) { self.menu = menu }
}

/// Reaches a rendered menu from C callbacks without keeping it alive. Schedules a refresh on the
/// GLib main loop when observed state changes: the change may be reported on any thread; the
/// refresh always runs on the main thread, before GTK's next frame.
private final class RefreshTrigger: @unchecked Sendable {
    // Read and written only on the main thread: by the rendered menu and the idle callback.
    weak var menu: RenderedMenu?
    /// Whether a change since the last render still waits for one. A render that runs first
    /// (an explicit `refresh()`) takes it in, and the scheduled refresh then has nothing to do.
    private let isOwed = Atomic<Bool>(false)

    func schedule() {
        isOwed.store(true, ordering: .releasing)
        g_idle_add_full(G_PRIORITY_HIGH_IDLE, refreshCallback, SwiftClosureData.retained(self),
                        SwiftClosureData.releaseOnDestroy)
    }

    /// Called as a full render begins: the changes so far are taken in.
    func renderBegins() {
        isOwed.store(false, ordering: .releasing)
    }

    /// Whether a scheduled refresh still has something to take in.
    var owesRefresh: Bool { isOwed.load(ordering: .acquiring) }

    /// Schedules the update of one list whose data, or some of whose elements, changed.
    func scheduleUpdate(of elements: DeferredElements, dataChanged: Bool) {
        g_idle_add_full(G_PRIORITY_HIGH_IDLE, listChangedCallback,
                        SwiftClosureData.retained(ListChange(trigger: self, elements: elements, dataChanged: dataChanged)),
                        SwiftClosureData.releaseOnDestroy)
    }
}

/// A list whose data, or some of whose elements, changed, on its way to the main loop.
private final class ListChange: Sendable {
    let trigger: RefreshTrigger
    let elements: DeferredElements
    let dataChanged: Bool

    init(trigger: RefreshTrigger, elements: DeferredElements, dataChanged: Bool) {
        self.trigger = trigger
        self.elements = elements
        self.dataChanged = dataChanged
    }
}

private let listChangedCallback: GSourceFunc = { data in
    nonisolated(unsafe) let data = data
    MainActor.assumeIsolated {
        let change = SwiftClosureData.object(data, as: ListChange.self)
        change.trigger.menu?.listChanged(change.elements, dataChanged: change.dataChanged)
    }
    return 0  // G_SOURCE_REMOVE
}

private let refreshCallback: GSourceFunc = { data in
    // Idle sources attached to the default context run on the main thread.
    nonisolated(unsafe) let data = data
    MainActor.assumeIsolated {
        let trigger = SwiftClosureData.object(data, as: RefreshTrigger.self)
        if trigger.owesRefresh { trigger.menu?.refresh() }
    }
    return 0  // G_SOURCE_REMOVE
}
