import CGtk
import GMenuKitCore

/// What a rendered menu shows in GTK, and the passes that bring it to the content: a full
/// render (resolve, plan, apply the whole menu) and the render of one list's changes alone.
/// The rendered menu (``RenderedMenu``) decides when each runs and reports what they found.
@MainActor
final class MenuRenderPass {
    let root = MenuLevel(items: MenuItemFactory())
    let actions = MenuActionGroup()
    let shortcuts = MenuShortcuts()
    // Main-actor state read one access at a time: no dynamic exclusivity check for the fields
    // a list change reaches, here, in the levels, the action group and the rendered menu (the
    // checks were 1% of a label change; ARCHITECTURE.md).
    @exclusivity(unchecked) var names = ActionNameRegistry()
    /// What is kept across renders by identity: the content's state, the lists of the last
    /// full render (each observed on its own).
    let graph = RenderGraph()
    /// The long lists shown scrolling without being asked (``MenuListStyle/automatic``).
    let longLists = AutomaticScrollingLists()
    /// The popovers and menu bars showing this menu, whose custom slots it fills.
    @exclusivity(unchecked) var rowHosts: [CustomRowHost] = []
    /// How many list changes were applied on their own, without rendering the whole menu.
    @exclusivity(unchecked) private(set) var listUpdates = 0
    /// The planner's options of the last full render, which its lists' changes plan with: what
    /// they are made of changes only by a full render (a setting's change renders the menu
    /// again), and making them anew cost every change about 250 instructions.
    @exclusivity(unchecked) private var listOptions: MenuPlanner.Options?
    /// How many lists of items the last full render kept as they stood (found unchanged, or
    /// changed in place in some elements), for tests.
    @exclusivity(unchecked) private(set) var keptListCount = 0
    /// Whether the last full render kept a list of sections as it stood, for tests.
    @exclusivity(unchecked) private(set) var keptSections = false
    /// Whether it read those sections as content, none resolved into nodes, for tests.
    @exclusivity(unchecked) private(set) var readKeptSectionsAsContent = false
    /// How many of the last full render's kept lists had elements changed in place, for tests.
    @exclusivity(unchecked) private(set) var changedKeptListCount = 0
    /// The array of old indices a list's change used last, kept for the next (``apply(_:_:of:in:actionPrefix:)``).
    @exclusivity(unchecked) private var spareIndices: [Int] = []
    /// The planned items and actions of the last list change, emptied, for the next.
    @exclusivity(unchecked) private var spareElements: MenuPlanner.PlannedElements = ([], [], [])
    /// The inner lists' planned changes of the last list change, emptied, for the next.
    @exclusivity(unchecked) private var spareNested: [(change: NestedListChange, planned: MenuPlanner.PlannedElements)] = []

    // MARK: The whole menu

    /// Resolves and plans the whole menu. The lists of the last render stop updating
    /// themselves; this render makes new ones, whose changes `scheduler` schedules.
    /// `scrollsLongLists`: the menu can hold scrolling lists (it is presented, with its own rows).
    func plan(_ content: @MainActor () -> [MenuNode], scheduler: RefreshScheduler, scrollsLongLists: Bool,
              options plannerOptions: () -> MenuPlanner.Options) -> MenuPlan {
        let lists = scheduler.listsOfNewRender()
        graph.longLists = scrollsLongLists ? longLists : nil
        longLists.actions = graph.actionInterpreter
        longLists.renderBegins()
        defer { longLists.renderEnded() }
        // Lists resolve as they are planned, each under an observation of its own.
        let plan = graph.fullRender(lists: lists) {
            let nodes = scheduler.observing(content, lists: lists)
            let options = plannerOptions()
            // Kept for the lists' changes, which keep nothing: without `keepsLists` once planned.
            listOptions = options
            defer { options.keepsLists = false }
            // Lists found as they were keep their items; their content is resolved again.
            options.keepsLists = true
            let plan = MenuPlanner.plan(nodes, options: options, names: &names)
            guard plan.needsPlanWithoutKeeping else { return plan }
            for list in plan.keptLists { list.isKeptNow = false }
            options.keepsLists = false
            return MenuPlanner.plan(nodes, options: options, names: &names)
        }
        // A list of sections is kept after the lists inside it: the last one kept, if any.
        keptSections = plan.keptLists.last?.isSectioned == true
        readKeptSectionsAsContent = keptSections && plan.keptLists.last?.readItsSectionsAsContent == true
        keptListCount = plan.keptLists.count - (keptSections ? 1 : 0)
        changedKeptListCount = plan.keptListChanges.count
        return plan
    }

    /// Brings the menu to a full render's plan, letting go of what it holds once applied: the
    /// actions' array before the menu's items are made, and in a first render each linked
    /// level's items once made (`MenuLevel.applyReleasingLinks`); peak memory building 100,000
    /// items 205 → 173 MB.
    func apply(_ plan: inout MenuPlan, actionPrefix: String) {
        for host in rowHosts { host.rememberFocus() }
        // What goes and what changes leaves first, then the actions change, then items come:
        // no item ever points at an action that is not there yet or no longer fits it.
        root.prune(plan.items)
        dropRemovedRows()
        actions.apply(&plan.actions, standing: plan.keptActionRuns, kept: plan.keptPlannedRuns)
        plan.actions = []
        // Before the items: a first render lets go of the plan's linked items as it makes them.
        shortcuts.apply(plan.items)
        root.applyReleasingLinks(&plan.items)
        dropRemovedRows()
        fillNewRows()
        // The kept lists' changed elements: each list's items brought to them where the plan
        // left them standing, as an observed change of the list would be.
        for change in plan.keptListChanges {
            guard let level = MenuLevel.holding(change.list), level.holds(change.list) else {
                // Not reached: the plan kept the list, and its level noted where its items stand.
                assertionFailure("a kept list's items stand nowhere")
                continue
            }
            var planned = change.planned
            apply(change.changes, &planned, of: change.list, in: level, actionPrefix: actionPrefix)
        }
    }

    /// Once a full render's plan is applied: the lists it kept let go of their items.
    func finish(_ plan: MenuPlan) {
        for list in plan.keptLists {
            list.isKeptNow = false
            list.keptItems = nil
        }
    }

    // MARK: One list

    /// The incremental render of one list: false when the whole menu must be rendered instead.
    /// `dataChanged`: the list's data changed; else state that some of its elements' content
    /// read did. `actionPrefix`: the scope of the menu's own actions.
    func renderChanges(of elements: DeferredElements, dataChanged: Bool, actionPrefix: String) -> Bool {
        let route = elements.updateRoute
        if route.isShownScrolling {
            // Its source follows the data; the menu renders again when the list is short.
            var read = false
            graph.listUpdate(of: route.deferral) {
                read = elements.readChanges() != nil
                return []
            }
            return read
        }
        guard route.isIncremental, let options = listOptions, let level = MenuLevel.holding(elements), level.holds(elements) else {
            return false
        }
        ApplicationAccels.passBegins()
        var found: (changes: ElementChanges, planned: MenuPlanner.PlannedElements?,
                    nested: [(change: NestedListChange, planned: MenuPlanner.PlannedElements)])?
        graph.listUpdate(of: route.deferral) {
            guard let changes = dataChanged ? elements.readChanges() : elements.readElementChanges() else { return [] }
            // The list's own changes, then those of the lists inside its changed sections.
            var planned: MenuPlanner.PlannedElements?
            if !changes.isEmpty {
                guard let own = plan(changes, of: elements, options: options) else { return changes.resolvedScopes }
                planned = own
            }
            var nested = spareNested
            spareNested = []
            for inner in changes.nested where !inner.changes.isEmpty {
                guard let planned = plan(inner.changes, of: inner.list, options: options) else { return changes.resolvedScopes }
                nested.append((inner, planned))
            }
            // The changes moved into `found`, not copied (a retain of each of their arrays).
            let scopes = changes.resolvedScopes
            found = (consume changes, consume planned, consume nested)
            return scopes
        }
        guard var found = found.take() else { return false }
        if found.planned != nil { apply(found.changes, &found.planned!, of: elements, in: level, actionPrefix: actionPrefix) }
        // Each inner list's items stood where it noted them when it read its changes
        // (``DeferredElements/carriedOver(_:inSectionTitled:)``).
        for entry in found.nested.indices {
            let inner = found.nested[entry].change
            guard let innerLevel = MenuLevel.holding(inner.list) else { return false }
            apply(inner.changes, &found.nested[entry].planned, of: inner.list, in: innerLevel, actionPrefix: actionPrefix)
        }
        // The arrays of one list's plan are kept for the next change's.
        if var planned = found.planned.take() {
            recycle(&planned)
        } else if !found.nested.isEmpty {
            recycle(&found.nested[0].planned)
        }
        // Emptied first: the inner lists' changes are then the arrays' only holders.
        found.nested.removeAll(keepingCapacity: true)
        swap(&spareNested, &found.nested)
        elements.recycle(&found.changes)
        return applied()
    }

    /// The items of a list's changed and inserted elements; nil when the list is empty now (it
    /// may leave a section or menu empty, which the whole menu says) or they cannot be planned
    /// alone.
    private func plan(_ changes: ElementChanges, of list: DeferredElements,
                      options: MenuPlanner.Options) -> MenuPlanner.PlannedElements? {
        guard list.itemSpan.count > 0 else { return nil }
        return MenuPlanner.planElements(changes.nodes, of: list, options: options, names: &names, reusing: &spareElements)
    }

    /// Brings the items of one list's changed, removed and inserted elements to their plan.
    private func apply(_ changes: ElementChanges, _ planned: inout MenuPlanner.PlannedElements, of list: DeferredElements,
                       in level: MenuLevel, actionPrefix: String) {
        let base = list.itemSpan.first
        // The plan's items are the changed elements' then the inserted ones', in order. Into
        // the array the last change used, emptied: a change of one element allocated one.
        var oldIndices = spareIndices
        spareIndices = []
        oldIndices.removeAll(keepingCapacity: true)
        oldIndices.reserveCapacity(changes.changed.count)
        var inPlace = changes.inserted.isEmpty
        for position in changes.changed.indices {
            oldIndices.append(changes.changed[position].oldIndex)
            inPlace = inPlace && changes.changed[position].index == changes.changed[position].oldIndex
        }
        // Elements changed where they stood (a label, a checkmark): the same indices, one array.
        var newIndices = oldIndices
        if !inPlace {
            newIndices = changes.changed.map(\.index)
            newIndices.append(contentsOf: changes.inserted)
        }

        // What the items of the removed and changed elements were, and what the new ones are;
        // nothing, for plain items changed in place that keep both (a label, a checkmark).
        var oldIdentities: [MenuIdentity] = []
        var oldTargets: [ActionTarget] = []
        var newIdentities: [MenuIdentity] = [], newTargets: [ActionTarget] = []
        if !(inPlace && changes.removed.isEmpty && planned.generatedActionLevels.isEmpty
            && level.keepsIdentitiesAndTargets(from: base, indices: oldIndices, in: planned.items)) {
            for index in changes.removed { level.collect(at: base + index, identities: &oldIdentities, targets: &oldTargets) }
            for index in oldIndices { level.collect(at: base + index, identities: &oldIdentities, targets: &oldTargets) }
            newIdentities.reserveCapacity(oldIdentities.count + planned.items.count)
            PlannedItem.collect(planned.items, identities: &newIdentities, targets: &newTargets)
            for level in planned.generatedActionLevels { newIdentities.append(level.generatedItemsAction) }
        }

        for host in rowHosts { host.rememberFocus() }
        // As in a full render: what goes and what changes leaves, then the actions change, then
        // what comes arrives.
        level.pruneElements(from: base, removing: changes.removed, changing: oldIndices, to: planned.items)
        dropRemovedRows()

        // Items changed in place that keep their identities and targets, in order: then nothing
        // went, which needs no set of either.
        var goneActions: [String] = []
        if oldIdentities != newIdentities {
            let kept = Set(newIdentities)
            for identity in oldIdentities where !kept.contains(identity) {
                if let name = names.release(identity) { goneActions.append(name) }
            }
        }
        var goneTargets: [String: [String]] = [:]
        if oldTargets != newTargets {
            let kept = Set(newTargets)
            let ownScope = actionPrefix + "."
            for target in oldTargets where !kept.contains(target) && target.action.hasPrefix(ownScope) {
                goneTargets[String(target.action.dropFirst(ownScope.count)), default: []].append(target.target)
            }
        }
        actions.apply(some: planned.actions, removing: goneActions, removingTargets: goneTargets)

        level.applyElements(from: base, indices: newIndices, items: &planned.items)
        dropRemovedRows()
        fillNewRows()
        // Let go first: changed in place, the new indices share the old ones' storage, which
        // the next change's write would then copy instead of reusing.
        newIndices = []
        spareIndices = oldIndices
    }

    /// Keeps a list's planned items and actions, emptied, for the next list change to plan
    /// into; arrays grown past a few elements are let go.
    private func recycle(_ planned: inout MenuPlanner.PlannedElements) {
        let capacityKept = DeferredElements.spareCapacity
        guard planned.items.capacity <= capacityKept, planned.actions.capacity <= capacityKept else { return }
        if !planned.items.isEmpty { planned.items.removeAll(keepingCapacity: true) }
        if !planned.actions.isEmpty { planned.actions.removeAll(keepingCapacity: true) }
        swap(&spareElements.items, &planned.items)
        swap(&spareElements.actions, &planned.actions)
    }

    /// Counts a list change applied on its own.
    private func applied() -> Bool {
        listUpdates += 1
        return true
    }

    // MARK: Rows

    /// Shows the menu's rows in one more popover or menu bar.
    func addRowHost(_ host: CustomRowHost) {
        rowHosts.removeAll { !$0.isAlive }
        rowHosts.append(host)
    }

    private func dropRemovedRows() {
        guard root.customRows.hasRemoved else { return }
        let removed = root.customRows.takeRemoved()
        for host in rowHosts { host.drop(removed) }
    }

    private func fillNewRows() {
        let added = root.customRows.hasAdded ? root.customRows.takeAdded() : []
        // `removeAll(where:)` makes a new buffer even for an empty array: a menu that no
        // control shows would pay an allocation for every change.
        if !rowHosts.isEmpty { rowHosts.removeAll { !$0.isAlive } }
        for host in rowHosts {
            host.fill(added, from: root.customRows)
            host.restoreFocus(among: added)
        }
    }

    /// Lets go of everything: the actions stop working, the lists stop following their data,
    /// and the menu models are emptied.
    func invalidate() {
        listOptions = nil
        graph.retire()
        longLists.forget()
        actions.removeAll()
        shortcuts.removeAll()
        // GTK 4.8 keeps the section models a popover built: leave it nothing but empty menu models.
        root.removeAll()
        rowHosts.removeAll()
    }
}
