/// Turns resolved menu nodes into a ``MenuPlan``: lays items out in menu levels, names their
/// actions, normalizes labels, and reports every piece of bad input it had to repair.
///
/// It knows GTK's rules but calls no GTK, so it runs anywhere and is cheap to test.
@MainActor
package struct MenuPlanner {
    package struct Options {
        /// The menu's title: diagnostics name items by their path from it ("Edit › Sort By").
        package var title: String
        /// The scope the menu's own actions live in, as inserted on a widget ("menu").
        package var actionPrefix: String
        /// A colour for destructive labels, drawn with Pango markup; nil draws them plainly.
        package var destructiveColor: String?
        /// GTK's accelerator parser, handed in so that planning needs no GTK: nil for a string
        /// that is no accelerator.
        package var parseAccelerator: (String) -> ParsedAccelerator?
        /// Context menus show no shortcuts (rules L5, C2): items then get an empty `accel`,
        /// which also hides the accelerators GTK would find for borrowed actions.
        package var showsShortcuts = true
        /// Whether the menu is shown by controls that fill `custom` slots with GMenuKit's own
        /// rows. Off for menus GTK shows alone (a text view's extra menu): their items stay
        /// plain model buttons.
        package var drawsOwnRows = true
        /// Whether a list found unchanged since the last render keeps its items as they stand
        /// (a rendered menu's full render); the planner notes what that needs as it plans.
        package var keepsLists = false
        /// Whether the icon theme has an icon of this name (or its symbolic or regular
        /// counterpart, which GTK falls back to); handed in, so that planning needs no GTK. Nil
        /// when there is no display to ask: icons are then not checked against a theme.
        package var iconThemeHasIcon: (@MainActor (String) -> Bool)?
        /// Where problems found when a state is read, after planning, are reported: a picker's
        /// selection that is none of its options.
        package var reportStateProblem: (@MainActor (MenuDiagnostic) -> Void)?
        /// Asks before a destructive item acts (rule P6): shows the request and runs the action
        /// only if the person goes ahead. Nil leaves destructive items unconfirmed.
        package var confirm: (@MainActor (ConfirmationRequest, @escaping @MainActor () -> Void) -> Void)?
        /// Where async actions run, by item identity, so that their policy and dimming hold
        /// across refreshes. Nil runs each activation as a task of its own.
        package var asyncActions: AsyncActionRuns?
        /// GLib's reading of a detailed action name with a GVariant target
        /// (`win.close-tab(false)`, `g_action_parse_detailed_name`), handed in so that planning
        /// needs no GLib. Nil: only `name` and `name::string` are read.
        package var parseDetailedName: ((String) -> Result<(name: String, target: MenuActionTarget?), ActionNameProblem>)?
        /// Why a target's text is not a GVariant of its type (`g_variant_parse`), nil when it is
        /// one; handed in. Nil: targets are not checked.
        package var targetProblem: ((MenuActionTarget) -> String?)?
        /// The accelerators the application set for a borrowed action and target
        /// (`gtk_application_get_accels_for_action`), handed in. Nil: none are looked up.
        package var applicationAccels: (@MainActor (_ action: String, _ target: String?, _ targetValue: MenuActionTarget?) -> [String])?

        package init(
            title: String, actionPrefix: String, destructiveColor: String?,
            parseAccelerator: @escaping (String) -> ParsedAccelerator?,
            showsShortcuts: Bool = true, drawsOwnRows: Bool = true, keepsLists: Bool = false,
            iconThemeHasIcon: (@MainActor (String) -> Bool)? = nil,
            reportStateProblem: (@MainActor (MenuDiagnostic) -> Void)? = nil,
            confirm: (@MainActor (ConfirmationRequest, @escaping @MainActor () -> Void) -> Void)? = nil,
            asyncActions: AsyncActionRuns? = nil,
            parseDetailedName: ((String) -> Result<(name: String, target: MenuActionTarget?), ActionNameProblem>)? = nil,
            targetProblem: ((MenuActionTarget) -> String?)? = nil,
            applicationAccels: (@MainActor (_ action: String, _ target: String?, _ targetValue: MenuActionTarget?) -> [String])? = nil
        ) {
            self.title = title
            self.actionPrefix = actionPrefix
            self.destructiveColor = destructiveColor
            self.parseAccelerator = parseAccelerator
            self.showsShortcuts = showsShortcuts
            self.drawsOwnRows = drawsOwnRows
            self.keepsLists = keepsLists
            self.iconThemeHasIcon = iconThemeHasIcon
            self.reportStateProblem = reportStateProblem
            self.confirm = confirm
            self.asyncActions = asyncActions
            self.parseDetailedName = parseDetailedName
            self.targetProblem = targetProblem
            self.applicationAccels = applicationAccels
        }
    }

    /// Submenus nested deeper than this are cut (content below it is not even resolved).
    package static let maximumDepth = MenuNesting.maximumDepth
    /// More items than this in a control group no longer fit in one row.
    package static let maximumControlGroupItems = 4

    /// An accelerator as GTK reads it.
    package struct ParsedAccelerator: Equatable {
        /// GTK's own spelling (`gtk_accelerator_name`): "<Control>s" and "<Ctrl>S" are one shortcut.
        package var canonical: String
        /// The key types a character and no Control, Alt or Super is held: as a shortcut of the
        /// window it would take that key from whatever people type.
        package var typesText: Bool
        /// How GTK must be given it, when that differs from how it was written (a key written
        /// as its character, `<Control>é`, is `<Control>eacute`).
        package var readable: String? = nil

        package init(canonical: String, typesText: Bool, readable: String? = nil) {
            self.canonical = canonical
            self.typesText = typesText
            self.readable = readable
        }
    }

    private let options: Options
    private var names: ActionNameRegistry
    /// What choosing an item does: the one interpreter every place an item acts uses.
    private let actionInterpreter: ItemActionInterpreter
    private var actions: [PlannedAction] = []
    private var diagnostics: [MenuDiagnostic] = []
    private var seenIdentities: Set<MenuIdentity> = []
    /// The action the generated items of each level share, dispatching on the item's target,
    /// in the order the levels were planned. One per level, not one for the whole menu: a
    /// history of thousands of sections then edits small tables as sections come and go.
    /// A kept list's items name no closure in it: the action asks the list (`kept`).
    private var generatedActions: [(level: MenuIdentity, name: String, handlers: [String: @MainActor () -> Void],
                                    kept: [DeferredElements])] = []
    /// The lists whose items this plan keeps as they stand.
    private var keptLists: [DeferredElements] = []
    private var generatedActionIndices: [MenuIdentity: Int] = [:]
    /// GtkPopoverMenu names each submenu page by its label; "main" is the root page.
    private var submenuLabels: Set<String> = ["main"]
    /// Items given a shortcut so far: shortcuts are collected over the whole menu.
    private var shortcutCount = 0
    /// The item that has each shortcut (by GTK's spelling), as written and by its path.
    private var shortcutOwners: [String: MenuPlan.Shortcut] = [:]
    /// The last icon name that passed its checks: items of a long list often share one.
    private var lastCheckedIcon: String?
    /// The icon names missing from the theme, each with the diagnostic of its first item.
    private var missingIcons: [String: MenuDiagnostic] = [:]
    /// The app's actions borrowed so far, for the type check against the app's actions.
    private var borrowedActions: [MenuPlan.BorrowedAction] = []
    /// The last borrowed action name of an imported item that passed its check.
    private var lastCheckedActionName: String?

    /// What an item inherits from the sections and submenus around it.
    package struct Scope {
        package var path: [String] = []
        package var depth = 0
        /// Sections and control groups around the item, in whatever submenus.
        package var groupDepth = 0
        package var isDisabled = false
        package var dismissBehavior = MenuActionDismissBehavior.automatic
        package var isIconic = false
        /// Inside content marked as generated (history, bookmarks, recent files).
        package var isGenerated = false
        /// The level whose items are planned: its generated items share one action.
        package var level = MenuIdentity()

        package func entering(_ node: MenuNode, title: String? = nil) -> Scope {
            var scope = self
            if let title, !title.isEmpty { scope.path.append(title) }
            scope.isDisabled = isDisabled || node.isDisabled
            scope.isGenerated = isGenerated || node.isGeneratedContent
            if node.dismissBehavior != .automatic { scope.dismissBehavior = node.dismissBehavior }
            return scope
        }
    }

    /// How many nodes the tree holds (as far as `limit`), without copying them.
    private static func countNodes(_ nodes: [MenuNode], upTo limit: Int) -> Int {
        var count = 0
        var pending: [[MenuNode]] = [nodes]
        while let level = pending.popLast(), count < limit {
            count += level.count
            for index in level.indices {
                switch level[index].kind {
                case .section(let children), .submenu(let children, _): if !children.isEmpty { pending.append(children) }
                default: break
                }
            }
        }
        return min(count, limit)
    }

    package static func plan(_ nodes: [MenuNode], options: Options, names: inout ActionNameRegistry) -> MenuPlan {
        var planner = MenuPlanner(options: options, names: ActionNameRegistry.take(&names))
        var scope = Scope()
        if !options.title.isEmpty { scope.path = [options.title] }
        // Every item's identity goes into the set: sized once, not grown step by step.
        planner.seenIdentities.reserveCapacity(countNodes(nodes, upTo: 1 << 20))
        let items = planner.planLevel(nodes, of: MenuIdentity(), scope: scope)
        if items.isEmpty {
            planner.report(.warning, path: scope.path, "the menu has no items; it opens empty")
        }
        planner.emitGeneratedItemActions()
        planner.names.endPass()
        names = planner.names
        return MenuPlan(items: items, actions: planner.actions, diagnostics: planner.diagnostics,
                        missingIcons: planner.missingIcons, shortcuts: planner.shortcutOwners,
                        borrowedActions: planner.borrowedActions, keptLists: planner.keptLists,
                        needsPlanWithoutKeeping: planner.keptIdentitiesClash)
    }

    /// Whether an item planned anew has the identity of a kept list's element (an explicit id
    /// of that form): kept items claim none, so the menu is planned again without keeping.
    private var keptIdentitiesClash: Bool {
        guard !keptLists.isEmpty else { return false }
        let lists = Dictionary(grouping: keptLists.lazy.map(\.identity), by: \.pathHashValue)
        return seenIdentities.contains { $0.isInsideElement(of: lists) }
    }

    /// A list's elements planned alone: their items, the actions those need, and the levels whose
    /// generated items share an action in this plan.
    package typealias PlannedElements = (items: [PlannedItem], actions: [PlannedAction], generatedActionLevels: [MenuIdentity])

    /// Plans the nodes of a list's new and changed elements alone, as items of the level their
    /// list fills, with the scope it had. Nil when they need the whole menu planned: a node that
    /// is not one item of the kind the level holds, a diagnostic, a submenu or a shortcut.
    package static func planElements(
        _ nodes: [MenuNode], of elements: DeferredElements, options: Options, names: inout ActionNameRegistry
    ) -> PlannedElements? {
        guard let scope = elements.scope else { return nil }
        // Its items change now: only a full render notes again what keeping them needs.
        elements.keptSignatures = nil
        // Names asked for and not used, when this gives up, the full render that follows releases.
        var planner = MenuPlanner(options: options, names: ActionNameRegistry.take(&names))
        defer { names = planner.names }
        var items: [PlannedItem] = []
        items.reserveCapacity(nodes.count)
        for node in nodes {
            guard node.deferred == nil, node.isSectionLike == elements.isSectioned else { return nil }
            if case .divider = node.kind { return nil }
            let item = planner.tracking(node, scope: scope, sectioned: elements.isSectioned) {
                elements.isSectioned ? $0.planBlock(node, scope: scope) : $0.planItem(node, scope: scope)
            }
            guard let item, elements.isIncremental else { return nil }
            items.append(item)
        }
        planner.emitGeneratedItemActions()
        return (items, planner.actions, planner.generatedActions.map(\.level))
    }

    private init(options: Options, names: ActionNameRegistry) {
        self.options = options
        self.names = names
        actionInterpreter = ItemActionInterpreter(confirm: options.confirm, asyncActions: options.asyncActions)
    }

    // MARK: Deferred lists

    /// The nodes with every deferred list replaced by its elements' nodes, read now; an
    /// element that is a list itself is expanded in turn.
    private func expandingDeferred(_ nodes: [MenuNode]) -> [MenuNode] {
        if nodes.count == 1, let deferred = nodes[0].deferred { return expandingDeferred((deferred.keptAs ?? deferred).expand()) }
        guard nodes.containsDeferredList else { return nodes }
        var expanded: [MenuNode] = []
        expanded.reserveCapacity(nodes.count)
        for node in nodes {
            if let deferred = node.deferred {
                expanded.append(contentsOf: expandingDeferred((deferred.keptAs ?? deferred).expand()))
            } else {
                expanded.append(node)
            }
        }
        return expanded
    }

    /// Plans a node and, for a list's element, notes what a later update of the list alone
    /// needs: the scope, where the item goes, and whether planning it needed the whole menu.
    private mutating func tracking(
        _ node: MenuNode, scope: Scope, sectioned: Bool, _ plan: (inout MenuPlanner) -> PlannedItem?
    ) -> PlannedItem? {
        guard let elements = node.origin?.elements else { return plan(&self) }
        let before = (diagnostics.count, submenuLabels.count, shortcutCount)
        var item = plan(&self)
        if item == nil || before != (diagnostics.count, submenuLabels.count, shortcutCount) {
            elements.isIncremental = false
        }
        if elements.scope == nil {
            elements.scope = scope
            elements.isSectioned = sectioned
        } else if elements.isSectioned != sectioned {
            // Sections and plain items mixed: the plain ones fill runs between the sections.
            elements.isIncremental = false
        }
        item?.origin = node.origin
        if options.keepsLists, elements.keptSignatures != nil {
            // What a later render compares to keep the items as they stand.
            let kind = sectioned ? nil : node.keptKind
            var kept: KeptAction?
            // Not in a closure: capturing the node would copy it.
            if let kind { kept = Self.keptAction(node, kind: kind, scope: scope, item: item) }
            // An item with an action of its own is kept under the name it has now.
            let ownName = kept == .own ? names.existingName(for: node.identity) : nil
            switch kept {
            case .shared(let action) where elements.keptAction == nil || elements.keptAction == action:
                elements.keptAction = action
                if !elements.keptOwnActions.isEmpty { elements.keptOwnActions.append("") }
            case .own where ownName != nil:
                if elements.keptOwnActions.isEmpty {
                    // The elements before named the shared action.
                    elements.keptOwnActions = Array(repeating: "", count: elements.keptSignatures!.count)
                }
                elements.keptOwnActions.append(ownName!)
            default:
                elements.keptSignatures = nil
                elements.keptOwnActions = []
            }
            if let kind, elements.keptSignatures != nil {
                elements.keptWithOwnRows = options.drawsOwnRows
                elements.keptSignatures!.append(KeptItemSignature(node, kind: kind))
                if elements.skipsEqualElements { noteUnreadKeeping(node, ownName: ownName, in: elements) }
            }
        }
        return item
    }

    /// The items of the last render's list that the lone list of a level goes on as, kept as
    /// they stand when its elements, resolved again (their content may capture new values),
    /// make the very nodes they were planned from, in the same scope: one placeholder item
    /// for them all, and the level's shared action asks the list for their closures. Else the
    /// elements' nodes, to plan as usual; nil when there is no such list.
    private mutating func keptOrExpanded(_ new: DeferredElements, of owner: MenuIdentity, scope: Scope) -> ([PlannedItem]?, [MenuNode])? {
        guard let list = new.keptAs ?? new.deferral.keptList(for: new) else { return nil }
        if let kept = keptUnread(list, of: owner, scope: scope) { return (kept, []) }
        let notes = KeptNotes(of: list)
        let nodes = list.expand()
        guard let signatures = notes.signatures, notes.action != nil || !notes.ownActions.isEmpty, let oldScope = notes.scope,
              notes.isIncremental, !notes.isSectioned, list.isIncremental, notes.withOwnRows == options.drawsOwnRows,
              notes.standsWhole, oldScope.keepsItems(of: scope), Self.matchKeptItems(nodes, of: list, signatures: signatures),
              let keptActions = Self.keptOwnActions(nodes, names: notes.ownActions, registry: &names)
        else { return (nil, nodes) }
        // The items' own actions go on with the closures and bindings of the elements read now.
        guard let kept = keep(list, notes: notes, actions: keptActions, of: owner, scope: scope) else { return (nil, nodes) }
        return (kept, nodes)
    }

    /// What the last planning noted about a list, read before expanding it again forgets it.
    private struct KeptNotes {
        let signatures: [KeptItemSignature]?, action: String?, ownActions: [String], identities: [MenuIdentity]
        let scope: Scope?, isIncremental: Bool, isSectioned: Bool, withOwnRows: Bool, standsWhole: Bool

        @MainActor init(of list: DeferredElements) {
            (signatures, action, ownActions, identities) = (list.keptSignatures, list.keptAction, list.keptOwnActions, list.keptIdentities)
            (scope, isIncremental, isSectioned) = (list.scope, list.isIncremental, list.isSectioned)
            (withOwnRows, standsWhole) = (list.keptWithOwnRows, list.standsWhole)
        }
    }

    /// A list whose `ForEach` skips equal elements (`equatable()`), its elements equal to what
    /// they were, kept without running their content: its items' own actions as last planned.
    /// Not when the content read observable state (only running it observes that again) or
    /// keeps `@State` (a render that does not reach it drops it).
    private mutating func keptUnread(_ list: DeferredElements, of owner: MenuIdentity, scope: Scope) -> [PlannedItem]? {
        guard list.skipsEqualElements else { return nil }
        let notes = KeptNotes(of: list)
        guard let signatures = notes.signatures, notes.action != nil || !notes.ownActions.isEmpty, let oldScope = notes.scope,
              notes.isIncremental, !notes.isSectioned, notes.withOwnRows == options.drawsOwnRows, notes.standsWhole,
              oldScope.keepsItems(of: scope), notes.identities.count == signatures.count,
              notes.ownActions.isEmpty || notes.ownActions.count == signatures.count,
              !list.elementsReadObservableState, list.deferral.graph?.holdsState(within: list.identity) == false,
              list.isUnchangedSinceLastRead()
        else { return nil }
        for index in notes.ownActions.indices where !notes.ownActions[index].isEmpty {
            // Asked again, so that the pass keeps the name.
            guard names.name(for: notes.identities[index], title: "") == notes.ownActions[index] else { return nil }
        }
        return keep(list, notes: notes, actions: list.keptPlannedActions, of: owner, scope: scope)
    }

    /// Plans `list`'s items as kept: one placeholder for them all, the level's shared action
    /// asking the list, and the items' own `actions`. Nil when the shared action's name changed.
    private mutating func keep(
        _ list: DeferredElements, notes: KeptNotes, actions kept: [PlannedAction], of owner: MenuIdentity, scope: Scope
    ) -> [PlannedItem]? {
        if let action = notes.action {
            let shared = generatedAction(for: owner)
            guard qualified(generatedActions[shared].name) == action else { return nil }
            generatedActions[shared].kept.append(list)
        }
        actions.append(contentsOf: kept)
        list.keptSignatures = notes.signatures
        list.keptAction = notes.action
        list.keptOwnActions = notes.ownActions
        list.keptWithOwnRows = notes.withOwnRows
        if list.skipsEqualElements {
            list.keptIdentities = notes.identities
            list.keptPlannedActions = kept
        }
        list.scope = scope
        list.isKeptNow = true
        keptLists.append(list)
        return [PlannedItem(identity: owner.appending("#kept"), attributes: PlannedAttributes(), link: nil, kept: list)]
    }

    /// Notes, for a list that skips equal elements, what planning its element's item again
    /// without running its content needs: the node's identity and the item's own action.
    private func noteUnreadKeeping(_ node: MenuNode, ownName: String?, in elements: DeferredElements) {
        elements.keptIdentities.append(node.identity)
        guard let ownName else { return }
        if let action = actions.last, action.name == ownName {
            elements.keptPlannedActions.append(action)
        } else {
            elements.keptSignatures = nil
        }
    }

    // MARK: Levels

    /// A GMenuModel has no separators: dividers and groups become sections. A level made only of
    /// plain items stays flat; otherwise each run of plain items forms a section of its own.
    private mutating func planLevel(_ given: [MenuNode], of owner: MenuIdentity, scope outer: Scope) -> [PlannedItem] {
        var scope = outer
        scope.level = owner
        var given = given
        if options.keepsLists, given.count == 1, let deferred = given[0].deferred,
           let (kept, nodes) = keptOrExpanded(deferred, of: owner, scope: scope) {
            if let kept { return kept }
            given = nodes
        }
        let nodes = expandingDeferred(given)
        if !nodes.isEmpty, nodes.allImported {
            // A level read from GtkBuilder keeps its structure: items and sections where the file has them.
            var items: [PlannedItem] = []
            items.reserveCapacity(nodes.count)
            // By index: a copy of each node would retain all its fields.
            for index in nodes.indices {
                if let item = planImported(nodes[index], scope: scope) { items.append(item) }
            }
            return items
        }
        guard nodes.containsSectionLike else {
            var items: [PlannedItem] = []
            items.reserveCapacity(nodes.count)
            for node in nodes {
                if let item = tracking(node, scope: scope, sectioned: false, { $0.planItem(node, scope: scope) }) {
                    items.append(item)
                }
            }
            return items
        }

        var level: [PlannedItem] = []
        var run: [PlannedItem] = []
        // A run is named after what precedes it, so it keeps its menu model when items inside change.
        var runAnchor = owner.path + "/start"
        func closeRun() {
            if !run.isEmpty {
                level.append(PlannedItem(
                    identity: claim(MenuIdentity(runAnchor + "+run")),
                    attributes: PlannedAttributes(linkKind: .section),
                    link: PlannedLink(kind: .section, children: run)))
            }
            run = []
        }
        for node in nodes {
            if case .divider = node.kind {
                closeRun()
                runAnchor = node.identity.path
                node.origin?.elements.isIncremental = false
            } else if node.isSectionLike {
                closeRun()
                if let block = tracking(node, scope: scope, sectioned: true, { $0.planBlock(node, scope: scope) }) {
                    level.append(block)
                }
                runAnchor = node.identity.path
            } else if let item = tracking(node, scope: scope, sectioned: false, { $0.planItem(node, scope: scope) }) {
                // A run is named after what precedes it, not after its items: a list's items in
                // it are one block of the run's level, which the list can change on its own.
                run.append(item)
            }
        }
        closeRun()
        return level
    }

    /// Sections, control groups, steppers and inline or palette pickers.
    private mutating func planBlock(_ node: MenuNode, scope: Scope) -> PlannedItem? {
        if node.imported != nil { return planImported(node, scope: scope) }
        var scope = scope
        switch node.kind {
        case .section, .controlGroup:
            scope.groupDepth += 1
            guard scope.groupDepth <= Self.maximumDepth else {
                report(.error, path: scope.path + [node.title.isEmpty ? "(section)" : node.title],
                       "sections are nested more than \(Self.maximumDepth) deep; the deeper ones are left out")
                return nil
            }
        default:
            break
        }
        let identity = uniqueIdentity(node, scope: scope)
        let header = MenuLabelText.normalize(node.title)
        reportLabelProblems(header.problems, title: node.title, scope: scope)
        if header.wasOnlyCombiningMarks {
            report(.warning, path: scope.path + ["(untitled)"],
                   "the header has only combining marks, which show nothing on their own; it is left out")
        }
        let inner = scope.entering(node, title: header.text)
        reportIgnoredShortcut(node, scope: scope)
        if let details = node.detailsBox?.details {
            reportDetailsOfBlock(details, of: node, scope: scope)
        }

        var attributes = PlannedAttributes(linkKind: .section)
        attributes.label = header.text.isEmpty ? nil : header.text
        var children: [PlannedItem]

        switch node.kind {
        case .section(let nodes):
            children = planLevel(nodes, of: identity, scope: inner)
        case .controlGroup(let nodes):
            attributes.displayHint = node.controlGroupStyle == .inline ? "inline-buttons" : "horizontal-buttons"
            var iconic = inner
            iconic.isIconic = true
            children = []
            for child in expandingDeferred(nodes) {
                // A control group's row is small; a list in it is planned with the whole menu.
                child.origin?.elements.isIncremental = false
                switch child.kind {
                case .button, .toggle:
                    if let item = planItem(child, scope: iconic) { children.append(item) }
                case .divider:
                    continue
                default:
                    report(.warning, path: iconic.path + [child.title],
                           "only buttons and toggles fit in a control group; this item is not shown")
                }
            }
            if children.count > Self.maximumControlGroupItems {
                report(.warning, path: inner.path,
                       "a control group of \(children.count) items does not fit in one row; keep it to \(Self.maximumControlGroupItems)")
            }
        case .stepper(let value):
            attributes.displayHint = "horizontal-buttons"
            let disabled = inner.isDisabled
            children = [
                stepperButton(node, identity: identity, part: "decrease", title: "Decrease",
                              icon: "list-remove-symbolic", enabled: value.canDecrement && !disabled,
                              perform: value.decrement, scope: inner),
                stepperButton(node, identity: identity, part: "increase", title: "Increase",
                              icon: "list-add-symbolic", enabled: value.canIncrement && !disabled,
                              perform: value.increment, scope: inner),
            ]
        case .picker(let choice):
            if choice.style == .palette { attributes.displayHint = "horizontal-buttons" }
            var optionScope = inner
            optionScope.isIconic = choice.style == .palette
            children = planPickerOptions(node, choice: choice, identity: identity, scope: optionScope)
        default:
            return nil
        }
        if children.isEmpty, case .section = node.kind {
            report(.hint, path: inner.path, "the section has no items; GTK does not show it")
        }
        return PlannedItem(identity: identity, attributes: attributes,
                           link: PlannedLink(kind: .section, children: children))
    }

    private mutating func stepperButton(
        _ node: MenuNode, identity: MenuIdentity, part: String, title: String, icon: String,
        enabled: Bool, perform: @escaping @MainActor () -> Void, scope: Scope
    ) -> PlannedItem {
        let partIdentity = claim(identity.appending(part))
        // "Font Size: 12" names "font-size-increase": the value is no part of the name.
        let subject = node.title.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        let name = names.name(for: partIdentity, title: subject + " " + part)
        actions.append(PlannedAction(name: name, isEnabled: enabled, behavior: .perform(perform)))
        var attributes = PlannedAttributes(label: title, action: qualified(name), icon: icon, verbIcon: icon)
        attributes.keepsMenuOpen = scope.dismissBehavior != .enabled
        attributes.row = customRow(.icon, for: attributes, scope: scope)
        return PlannedItem(identity: partIdentity, attributes: attributes, link: nil)
    }

    // MARK: Items

    /// Buttons, toggles, submenus and pickers shown as submenus.
    private mutating func planItem(_ node: MenuNode, scope: Scope) -> PlannedItem? {
        if node.imported != nil { return planImported(node, scope: scope) }
        if case .widget(let factory) = node.kind { return planWidget(node, factory: factory, scope: scope) }
        let identity = uniqueIdentity(node, scope: scope)
        let inner = scope.entering(node)
        var attributes = PlannedAttributes()
        attributes.hiddenWhen = node.hiddenWhen?.rawValue
        let icon = checkedIcon(node.icon, path: scope.path + [node.title])
        attributes.label = itemLabel(node.title, hasIcon: icon != nil, mnemonic: node.mnemonic, mnemonicPosition: node.mnemonicPosition, scope: scope)
        attributes.icon = icon
        attributes.verbIcon = scope.isIconic ? icon : nil
        attributes.keepsMenuOpen = inner.dismissBehavior == .disabled
        if let subtitle = node.subtitle {
            let normalized = MenuLabelText.normalize(subtitle)
            reportLabelProblems(normalized.problems, of: "subtitle", title: node.title, scope: scope)
            if normalized.wasOnlyCombiningMarks {
                report(.warning, path: scope.path + [node.title],
                       "the subtitle has only combining marks, which show nothing on their own; it is left out")
            }
            attributes.subtitle = normalized.text.isEmpty ? nil : normalized.text
        }
        // Tooltip, badge, label style, tint and what the declaration held that GTK cannot show.
        var isTintedRed = false
        if let details = node.detailsBox?.details {
            isTintedRed = planDetails(details, of: node, into: &attributes, scope: scope)
        }

        switch node.kind {
        case .button(var action):
            if node.role == .destructive { attributes.role = "destructive" }
            attributes.accel = accelerator(node, scope: scope)
            // An async action becomes one that starts its task, and is confirmed as any other.
            var asyncKey: String?
            var ownName: String?
            if case .performAsync = action {
                asyncKey = identity.path
                // The item's own action (generated items share theirs): named as below.
                ownName = inner.isGenerated ? nil : names.name(for: identity, title: node.title)
            }
            let interpreted = actionInterpreter.action(action, of: node, key: identity.path, actionName: ownName)
            action = interpreted.action
            if let problem = interpreted.problem { report(.warning, path: scope.path + [node.title], problem) }
            switch action {
            case .perform(let perform) where inner.isGenerated:
                if !inner.isDisabled {
                    let shared = generatedAction(for: inner.level)
                    attributes.action = qualified(generatedActions[shared].name)
                    attributes.target = identity.path
                    generatedActions[shared].handlers[identity.path] = perform
                }
            case .perform(let perform):
                let name = names.name(for: identity, title: node.title)
                var isEnabled = !inner.isDisabled
                if let asyncKey, let runs = options.asyncActions {
                    runs.plan(asyncKey, actionName: name, enabled: isEnabled)
                    isEnabled = isEnabled && !runs.isDimmed(asyncKey)
                }
                actions.append(PlannedAction(name: name, isEnabled: isEnabled, behavior: .perform(perform)))
                attributes.action = qualified(name)
            case .performAsync:
                preconditionFailure("async actions are planned as .perform")
            case .named(let detailedName, let target):
                switch parseBorrowedName(detailedName) {
                case .success(let parsed) where parsed.name.hasPrefix(options.actionPrefix + "."):
                    report(.error, path: scope.path + [node.title],
                           "'\(detailedName)' names an action in the menu's own group ('\(options.actionPrefix)'), whose actions GMenuKit names after its items; borrow an action of the app or window (app., win.) or give the item a closure; the item is dimmed")
                case .success(let parsed):
                    if !inner.isDisabled {
                        // An item without an action is dimmed; that is how a borrowed action is disabled.
                        borrow(parsed.name, target: target ?? parsed.target, into: &attributes, scopePath: scope.path,
                               title: node.title, showsState: node.showsActionState)
                    }
                case .failure(let problem):
                    report(.error, path: scope.path + [node.title],
                           "'\(detailedName)' is not a valid GAction name (scope.name, with letters, digits and '-'): \(problem.reason); the item is dimmed")
                }
            }
            applyDestructiveColor(to: &attributes, scope: scope, tintedRed: isTintedRed)
            attributes.row = customRow(.command, for: attributes, scope: scope)

        case .toggle(let isOn):
            attributes.accel = accelerator(node, scope: scope)
            let name = names.name(for: identity, title: node.title)
            actions.append(PlannedAction(name: name, isEnabled: !inner.isDisabled, behavior: .toggle(isOn: isOn)))
            attributes.action = qualified(name)
            attributes.row = customRow(.check, for: attributes, scope: scope)

        case .widget:
            preconditionFailure("widgets are planned by planWidget")
        case .submenu(let children, let primaryAction):
            reportIgnoredShortcut(node, scope: scope)
            if primaryAction != nil {
                report(.warning, path: scope.path + [node.title],
                       "a submenu has no primary action; it only opens its items")
            }
            let title = attributes.label ?? ""
            attributes.label = uniqueSubmenuLabel(title, path: scope.path)
            attributes.linkKind = .submenu
            var submenuScope = inner
            submenuScope.path.append(node.title)
            submenuScope.depth += 1
            submenuScope.isIconic = false
            guard submenuScope.depth <= Self.maximumDepth else {
                report(.error, path: submenuScope.path,
                       "submenus are nested more than \(Self.maximumDepth) deep; the deeper ones are left out")
                attributes.linkKind = nil
                return PlannedItem(identity: identity, attributes: attributes, link: nil)
            }
            let items = planLevel(children, of: identity, scope: submenuScope)
            if items.isEmpty {
                report(.warning, path: submenuScope.path, "the submenu has no items; it opens empty")
            }
            return PlannedItem(identity: identity, attributes: attributes,
                               link: PlannedLink(kind: .submenu, children: items))

        case .picker(let choice):
            // Only the submenu style reaches here; the others are blocks.
            reportIgnoredShortcut(node, scope: scope)
            attributes.label = uniqueSubmenuLabel(attributes.label ?? "", path: scope.path)
            attributes.linkKind = .submenu
            var optionScope = inner
            optionScope.path.append(node.title)
            optionScope.isIconic = false
            let options = planPickerOptions(node, choice: choice, identity: identity, scope: optionScope)
            return PlannedItem(identity: identity, attributes: attributes,
                               link: PlannedLink(kind: .submenu, children: options))

        case .slider(let slider):
            reportIgnoredShortcut(node, scope: scope)
            let name = names.name(for: identity, title: node.title)
            let isEmpty = !(slider.lowerBound < slider.upperBound)
            if isEmpty {
                report(.warning, path: scope.path + [node.title],
                       "the slider's range \(slider.lowerBound)…\(slider.upperBound) holds one value; it is dimmed")
            }
            actions.append(PlannedAction(name: name, isEnabled: !inner.isDisabled && !isEmpty, behavior: .value(slider)))
            attributes.action = qualified(name)
            attributes.range = [slider.lowerBound, slider.upperBound, slider.step ?? 0].map { String($0) }.joined(separator: " ")
            // A value control: moving it never closes the menu.
            attributes.keepsMenuOpen = true
            if options.drawsOwnRows {
                attributes.row = .slider
            } else {
                report(.warning, path: scope.path + [node.title],
                       "a slider is drawn only by GMenuKit's controls; in a menu GTK shows alone it is dimmed")
            }

        case .section, .controlGroup, .stepper, .divider:
            return nil
        }
        return PlannedItem(identity: identity, attributes: attributes, link: nil)
    }

    /// One string-state action for the whole picker and one item per option, each with its
    /// own target: GTK draws them as radio items.
    private mutating func planPickerOptions(
        _ node: MenuNode, choice: PickerChoice, identity: MenuIdentity, scope: Scope
    ) -> [PlannedItem] {
        var targetByTag: [AnyHashable: String] = [:]
        var tagByTarget: [String: AnyHashable] = [:]
        var items: [PlannedItem] = []
        let name = names.name(for: identity, title: node.title)
        if choice.options.isEmpty {
            report(.warning, path: scope.path, "the picker has no options")
        }
        for (index, option) in choice.options.enumerated() {
            guard targetByTag[option.tag] == nil else {
                report(.error, path: scope.path + [option.title],
                       "another option of this picker has the same tag (\(option.tag.base)); this one is left out")
                continue
            }
            // A tag of any Hashable type becomes its description: readable where GTK shows
            // targets (GtkBuilder, exported menus), and the same whatever options come, go or
            // move around it, where an option's index would change every later target.
            var target = String(describing: option.tag.base)
            if tagByTarget[target] != nil {
                target += "#" + String(index)
                report(.warning, path: scope.path + [option.title],
                       "the tag \(option.tag.base) prints as another option's tag does; its GTK target is \"\(target)\", which changes when options move",
                       suggestion: "give the tag type a CustomStringConvertible description that tells its values apart")
            }
            targetByTag[option.tag] = target
            tagByTarget[target] = option.tag

            var attributes = PlannedAttributes()
            let icon = checkedIcon(option.icon, path: scope.path + [option.title])
            attributes.label = itemLabel(option.title, hasIcon: icon != nil, scope: scope)
            attributes.icon = icon
            attributes.verbIcon = scope.isIconic ? icon : nil
            attributes.keepsMenuOpen = scope.dismissBehavior == .disabled
            if !option.isDisabled {
                attributes.action = qualified(name)
                attributes.target = target
            }
            attributes.row = customRow(.radio, for: attributes, scope: scope)
            items.append(PlannedItem(identity: identity.appending("option:" + target), attributes: attributes, link: nil))
        }
        let currentSelection = choice.currentSelection
        let select = choice.select
        // The binding is read when the action's state is, not now: that is where a selection
        // that is no option shows, each time it is read so.
        let reportStateProblem = options.reportStateProblem
        let path = scope.path
        let choices = choice.options
        actions.append(PlannedAction(
            name: name, isEnabled: !scope.isDisabled,
            behavior: .choice(selected: {
                let selection = currentSelection()
                if let target = targetByTag[selection] { return target }
                if let reportStateProblem {
                    let list = choices.map { "\($0.title): \($0.tag.base)" }.joined(separator: ", ")
                    reportStateProblem(MenuDiagnostic(
                        severity: .warning, path: MenuLabelText.path(path),
                        message: "the selection \(selection.base) is none of the picker's options (\(list.isEmpty ? "it has none" : list)); no option is checked"))
                }
                return ""
            }, select: { target in
                guard let tag = tagByTarget[target] else { return false }
                select(tag)
                return true
            }, source: choice.selectionSource)))
        return items
    }

    // MARK: Imported items

    /// An item, section or submenu read from GtkBuilder XML, planned as GtkBuilder makes it:
    /// the label as written (its `_` marks the mnemonic, as GTK reads labels), the app's action
    /// and target, `hidden-when`, and every other attribute as read. Its problems are reported
    /// as for declared items; what GtkBuilder would keep is kept.
    private mutating func planImported(_ node: MenuNode, scope: Scope) -> PlannedItem? {
        guard let imported = node.imported else { return planItem(node, scope: scope) }
        let identity = uniqueIdentity(node, scope: scope)
        // The kind looked at once for both: every match on it copies the enum and its payload.
        let isCommand: Bool, isSection: Bool
        switch node.kind {
        case .button: (isCommand, isSection) = (true, false)
        case .section: (isCommand, isSection) = (false, true)
        default: (isCommand, isSection) = (false, false)
        }
        // Only sections and submenus name what is inside them; an item's path is made when reported.
        let inner = isCommand ? scope.entering(node) : scope.entering(node, title: node.title)
        var attributes = PlannedAttributes()
        attributes.hiddenWhen = node.hiddenWhen?.rawValue
        attributes.keptAttributes = imported.attributes
        attributes.keptLinks = imported.links
        if isSection, imported.links.contains(where: { $0.name == "submenu" }) {
            report(.warning, path: scope.path + [node.title.isEmpty ? "(section)" : node.title],
                   "the item has a section link and a submenu link; GTK shows the section and not the submenu, which stays in the menu model for other readers",
                   suggestion: "make the submenu an item of the section, or an item of its own")
        }
        if let label = imported.label {
            reportLabelProblems(MenuLabelText.normalize(node.title).problems, title: node.title, scope: scope)
            attributes.label = label
        }
        switch node.kind {
        case .section(let children):
            var sectionScope = inner
            sectionScope.groupDepth += 1
            guard sectionScope.groupDepth <= Self.maximumDepth else {
                report(.error, path: inner.path, "sections are nested more than \(Self.maximumDepth) deep; the deeper ones are left out")
                return nil
            }
            attributes.linkKind = .section
            let items = planLevel(children, of: identity, scope: sectionScope)
            return PlannedItem(identity: identity, attributes: attributes, link: PlannedLink(kind: .section, children: items))
        case .submenu(let children, _):
            if let label = imported.label { attributes.label = uniqueSubmenuLabel(label, path: scope.path) }
            attributes.linkKind = .submenu
            var submenuScope = inner
            submenuScope.depth += 1
            guard submenuScope.depth <= Self.maximumDepth else {
                report(.error, path: submenuScope.path, "submenus are nested more than \(Self.maximumDepth) deep; the deeper ones are left out")
                attributes.linkKind = nil
                return PlannedItem(identity: identity, attributes: attributes, link: nil)
            }
            let items = planLevel(children, of: identity, scope: submenuScope)
            return PlannedItem(identity: identity, attributes: attributes, link: PlannedLink(kind: .submenu, children: items))
        case .button(.named(let name, let target)):
            if let shortcut = node.shortcut {
                // Checked as any shortcut, and kept as written, as GtkBuilder keeps it.
                let checked = accelerator(node, scope: scope)
                attributes.accel = checked == "" ? "" : shortcut
            }
            if !name.isEmpty && !inner.isDisabled {
                // Items of a menu often share an action (radio items): its name is checked once.
                if name != lastCheckedActionName {
                    if case .failure(let problem) = Self.parseDetailedName(name) {
                        report(.warning, path: scope.path + [node.title], "'\(name)' is not an action name GTK can find (scope.name, with letters, digits and '-'): \(problem.reason); the item is dimmed")
                    } else {
                        lastCheckedActionName = name
                    }
                }
                // Typed values were checked when the file was read.
                borrow(name, target: target, into: &attributes, scopePath: scope.path, title: node.title, isChecked: true)
            }
        default:
            return planItem(node, scope: scope)
        }
        return PlannedItem(identity: identity, attributes: attributes, link: nil)
    }

    /// An app's widget: an item with a slot the rendered menu's hosts fill with it. It keeps
    /// the menu open (GTK closes no popover for a custom child) and its label for other readers.
    private mutating func planWidget(_ node: MenuNode, factory: MenuWidgetFactory, scope: Scope) -> PlannedItem? {
        let path = scope.path + [node.title.isEmpty ? factory.id : node.title]
        reportIgnoredShortcut(node, scope: scope)
        guard options.drawsOwnRows else {
            report(.warning, path: path,
                   "the widget '\(factory.id)' needs a GMenuKit control (or present(in:)) to show it; GTK shows this menu alone, so it is left out")
            return nil
        }
        var attributes = PlannedAttributes()
        let label = MenuLabelText.normalize(node.title)
        reportLabelProblems(label.problems, title: node.title, scope: scope)
        attributes.label = label.text.isEmpty ? nil : MenuLabelText.escapingMnemonics(label.text)
        attributes.keepsMenuOpen = true
        attributes.hiddenWhen = node.hiddenWhen?.rawValue
        attributes.appWidget = factory
        attributes.row = .widget
        return PlannedItem(identity: uniqueIdentity(node, scope: scope), attributes: attributes, link: nil)
    }

    /// Sets a borrowed action and its target on an item, and notes them for the type check
    /// against the app's actions. A target whose text is not of its type is reported.
    private mutating func borrow(_ name: String, target: MenuActionTarget?, into attributes: inout PlannedAttributes,
                                 scopePath: [String], title: String, showsState: Bool = false, isChecked: Bool = false) {
        if !isChecked, let target, !target.isStringTarget, let problem = options.targetProblem?(target) {
            report(.error, path: scopePath + [title], "the target \(target.text) is not a GVariant of type '\(target.type)': \(problem); the item is dimmed")
            return
        }
        attributes.action = name
        if let target {
            if let string = target.stringValue { attributes.target = string } else { attributes.targetValue = target }
        }
        borrowedActions.append(MenuPlan.BorrowedAction(name: name, targetType: target?.type, expectsState: showsState,
                                                       scopePath: scopePath, title: title))
        takeApplicationAccel(into: &attributes, scopePath: scopePath, title: title)
    }

    /// A borrowed action's shortcut is the application's, when it set one: GTK fires it in the
    /// app's windows already, so the item shows it (GMenuKit's own rows too) and no second
    /// shortcut is installed. A different shortcut written on the item would not work: reported.
    private mutating func takeApplicationAccel(into attributes: inout PlannedAttributes, scopePath: [String], title: String) {
        guard options.showsShortcuts, attributes.accel != "", let action = attributes.action,
              let accels = options.applicationAccels?(action, attributes.target, attributes.targetValue),
              let first = accels.first
        else { return }
        if let written = attributes.accel, !accels.contains(where: { sameAccelerator($0, written) }) {
            report(.warning, path: scopePath + [title],
                   "the application's shortcut for \(action) is \(first), not \(written); the item shows \(first)")
        }
        attributes.accel = first
        attributes.accelIsApplications = true
    }

    private func sameAccelerator(_ one: String, _ other: String) -> Bool {
        guard let first = options.parseAccelerator(one), let second = options.parseAccelerator(other) else { return one == other }
        return first.canonical == second.canonical
    }

    /// A borrowed action's detailed name, read by GLib when it was handed in (a GVariant
    /// target in parentheses needs GLib's parser).
    private func parseBorrowedName(_ detailedName: String) -> Result<(name: String, target: MenuActionTarget?), ActionNameProblem> {
        switch Self.parseDetailedName(detailedName) {
        case .success(let parsed):
            return .success((parsed.name, parsed.target.map(MenuActionTarget.string)))
        case .failure(let problem):
            guard detailedName.contains("("), let parse = options.parseDetailedName else { return .failure(problem) }
            let parsed = parse(detailedName)
            if case .success(let result) = parsed, case .failure(let nameProblem) = Self.parseDetailedName(result.name) {
                return .failure(nameProblem)
            }
            return parsed
        }
    }

    // MARK: Generated content

    /// Generated lists (history, bookmarks) can hold thousands of items that come and go. The
    /// items of a level share one parameterized action, with the item's identity (unique in the
    /// menu) as target, instead of one GAction each: cheaper to make, and nothing to add or
    /// remove as a list changes. Returns where in `generatedActions` the level's action is,
    /// made on first use.
    private mutating func generatedAction(for level: MenuIdentity) -> Int {
        if let index = generatedActionIndices[level] { return index }
        let name = names.name(for: claim(level.generatedItemsAction), title: "generated items")
        generatedActions.append((level, name, [:], []))
        generatedActionIndices[level] = generatedActions.count - 1
        return generatedActions.count - 1
    }

    private mutating func emitGeneratedItemActions() {
        for shared in generatedActions {
            actions.append(PlannedAction(name: shared.name, isEnabled: true, behavior: .dispatch(shared.handlers, kept: shared.kept)))
        }
    }

    // MARK: Labels

    private mutating func itemLabel(
        _ title: String, hasIcon: Bool, mnemonic: Character? = nil, mnemonicPosition: Int? = nil, scope: Scope
    ) -> String? {
        if let mnemonicPosition {
            return positionedMnemonicLabel(title, hasIcon: hasIcon, position: mnemonicPosition, scope: scope)
        }
        let normalized = MenuLabelText.normalize(title)
        reportLabelProblems(normalized.problems, title: title, scope: scope)
        var text = normalized.text
        if text.isEmpty {
            // An iconic item may be an icon alone; anywhere else an empty row is a puzzle.
            if scope.isIconic && hasIcon {
                if normalized.wasOnlyCombiningMarks {
                    report(.warning, path: scope.path + ["(untitled)"],
                           "the label has only combining marks, which show nothing on their own; the item shows its icon alone")
                }
                return nil
            }
            report(.warning, path: scope.path + ["(untitled)"], normalized.wasOnlyCombiningMarks
                ? "the label has only combining marks, which show nothing on their own; it is shown as \"Untitled\""
                : "the item has no label; it is shown as \"Untitled\"")
            text = "Untitled"
        }
        if let mnemonic {
            if let marked = MenuLabelText.escapingMnemonics(text, marking: mnemonic) { return marked }
            report(.warning, path: scope.path + [title],
                   "the mnemonic '\(mnemonic)' is not a letter of the label; the item has none")
        }
        return MenuLabelText.escapingMnemonics(text)
    }

    /// A label whose mnemonic is chosen by position. Normalizing may move characters ("..."
    /// becomes "…", doubled spaces one): a private-use mark before the chosen character
    /// travels through it and shows where the mnemonic went.
    private mutating func positionedMnemonicLabel(_ title: String, hasIcon: Bool, position: Int, scope: Scope) -> String? {
        let mark: Character = "\u{E000}"
        guard position >= 0, position < title.count, !title.contains(mark) else {
            report(.warning, path: scope.path + [title],
                   "the mnemonic position \(position) is not a character of the label; the item has none")
            return itemLabel(title, hasIcon: hasIcon, scope: scope)
        }
        var marked = title
        marked.insert(mark, at: marked.index(marked.startIndex, offsetBy: position))
        let normalized = MenuLabelText.normalize(marked).text
        if let markIndex = normalized.firstIndex(of: mark) {
            let before = String(normalized[..<markIndex])
            let after = String(normalized[normalized.index(after: markIndex)...])
            if let letter = after.first, !letter.isWhitespace, letter != "…" {
                reportLabelProblems(MenuLabelText.normalize(title).problems, title: title, scope: scope)
                return MenuLabelText.escapingMnemonics(before) + "_" + MenuLabelText.escapingMnemonics(after)
            }
        }
        report(.warning, path: scope.path + [title],
               "the mnemonic position \(position) is no letter of the label as shown; the item has none")
        return itemLabel(title, hasIcon: hasIcon, scope: scope)
    }

    /// Destructive items are drawn in the given colour through Pango markup, with the label
    /// escaped so that `&` and `<` stay literal. Not in an iconic section (a control group):
    /// GTK draws an icon there and shows the label as the tooltip, and newer GTK (gtkmodelbutton.c,
    /// `update_tooltip`, 4.18) parses the label's text, markup already taken out, as markup
    /// again: a literal `<` or `&` warns.
    private func applyDestructiveColor(to attributes: inout PlannedAttributes, scope: Scope, tintedRed: Bool = false) {
        guard attributes.role == "destructive" || tintedRed, let color = options.destructiveColor, let label = attributes.label,
              !scope.isIconic
        else { return }
        attributes.label = "<span foreground=\"\(color)\">" + MenuLabelText.escapingMarkup(label) + "</span>"
        attributes.useMarkup = true
    }

    private mutating func uniqueSubmenuLabel(_ label: String, path: [String]) -> String {
        var unique = label
        while submenuLabels.contains(unique) { unique += "\u{200B}" }
        if unique != label {
            report(.warning, path: path + [label],
                   "another submenu in this menu has the same label; GTK needs them distinct, so this one gets an invisible mark")
        }
        submenuLabels.insert(unique)
        return unique
    }

    /// GMenuKit's own row where GTK 4.8 cannot draw the item as asked: an icon beside a label,
    /// a subtitle, or an item that keeps the menu open (rules I1, L6, D4).
    private func customRow(_ kind: CustomRowKind, for attributes: PlannedAttributes, scope: Scope) -> CustomRowKind? {
        guard options.drawsOwnRows else { return nil }
        if scope.isIconic { return attributes.keepsMenuOpen || attributes.help != nil ? .icon : nil }
        // A tooltip or a badge only GMenuKit's rows show (GTK 4.8's items have neither).
        let hasExtras = attributes.help != nil || attributes.badge != nil
        // A checkmark or radio row exists to stay open when chosen; otherwise GTK's own item,
        // which closes the menu, serves better.
        let iconBesideLabel = attributes.icon != nil && !(attributes.label ?? "").isEmpty
        if kind == .check || kind == .radio {
            // A subtitle or icon only GMenuKit's row shows, too (`Toggle(isOn:) { Label(…); Text(…) }`).
            return attributes.keepsMenuOpen || hasExtras || attributes.subtitle != nil || iconBesideLabel ? kind : nil
        }
        if attributes.showsIconOnly && attributes.icon != nil { return .icon }
        return iconBesideLabel || attributes.subtitle != nil || attributes.keepsMenuOpen || hasExtras ? kind : nil
    }

    // MARK: Details

    /// The tooltip, badge and label style an item's row shows, the tint GTK can draw (red, in
    /// the theme's error colour: returns true), and a report of what the item's declaration held
    /// that GTK cannot show.
    private mutating func planDetails(
        _ details: MenuItemDetails, of node: MenuNode, into attributes: inout PlannedAttributes, scope: Scope
    ) -> Bool {
        let path = scope.path + [node.title]
        for problem in details.problems { report(.warning, path: path, problem) }
        let help = details.help.map { MenuLabelText.normalize($0).text }.flatMap { $0.isEmpty ? nil : $0 }
        let badge = details.badge.map { MenuLabelText.normalize($0).text }.flatMap { $0.isEmpty ? nil : $0 }
        let showsIconOnly = details.labelStyle == .iconOnly
        if help != nil || badge != nil || showsIconOnly {
            attributes.rowExtras = RowExtras(help: help, badge: badge, showsIconOnly: showsIconOnly)
        }
        let isRow: Bool
        switch node.kind {
        case .button, .toggle: isRow = true
        default: isRow = false
        }
        if !isRow && (attributes.help != nil || attributes.badge != nil) {
            report(.hint, path: path,
                   "GTK draws submenu and picker items itself, without a tooltip or badge; .help and .badge show on buttons and toggles")
        }
        if !options.drawsOwnRows && (attributes.help != nil || attributes.badge != nil) {
            report(.hint, path: path,
                   "a menu GTK shows alone draws GTK's items, which show no tooltip or badge; GMenuKit's controls show them")
        }
        guard let tint = details.tint else { return false }
        guard tint == .red, case .button = node.kind else {
            report(.hint, path: path,
                   "GTK draws menu items in the theme's colours; the tint \(tint.name) is not drawn (a button's .red is, in the theme's error colour)")
            return false
        }
        return true
    }

    /// What a section, control group, stepper or picker was declared with that GTK cannot show.
    private mutating func reportDetailsOfBlock(_ details: MenuItemDetails, of node: MenuNode, scope: Scope) {
        let path = scope.path + [node.title.isEmpty ? "(section)" : node.title]
        for problem in details.problems { report(.warning, path: path, problem) }
        if details.help != nil || details.badge != nil || details.tint != nil {
            report(.hint, path: path,
                   "a section, stepper or inline picker shows no tooltip, badge or tint; give them to its items")
        }
    }

    // MARK: Icons

    /// The icon an item shows. A name that is no icon name (a file path, a URI, spaces) is
    /// refused: GTK would read an icon given as a string (`verb-icon`) with
    /// `g_icon_new_for_string`, and load a path as a file. A name the icon theme lacks is
    /// kept (GTK draws its missing-image icon) and reported on its first item (the renderer
    /// passes it on once per name for the life of the menu).
    private mutating func checkedIcon(_ name: String?, path: @autoclosure () -> [String]) -> String? {
        guard let name else { return nil }
        if name == lastCheckedIcon { return name }
        guard Self.isIconName(name) else {
            report(.error, path: path(),
                   "'\(name)' is not an icon name (letters, digits, '-', '_' and '.', such as \"edit-copy-symbolic\"); the item shows no icon")
            return nil
        }
        if let hasIcon = options.iconThemeHasIcon, missingIcons[name] == nil, !hasIcon(name) {
            report(.warning, path: path(),
                   "the icon theme has no icon '\(name)'; GTK shows its missing-image icon for it")
            missingIcons[name] = diagnostics.last
        }
        lastCheckedIcon = name
        return name
    }

    /// A freedesktop icon name: ASCII letters, digits, '-', '_' and '.'; no path, no URI.
    package nonisolated static func isIconName(_ name: String) -> Bool {
        var name = name
        // One pass over contiguous bytes: every item with an icon of a list's change is checked.
        return name.withUTF8 { bytes in
            guard !bytes.isEmpty else { return false }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                    continue
                default:
                    return false
                }
            }
            return true
        }
    }

    // MARK: Shortcuts, names, identities

    private mutating func accelerator(_ node: MenuNode, scope: Scope) -> String? {
        guard options.showsShortcuts else { return "" }
        guard let shortcut = node.shortcut else { return nil }
        let path = scope.path + [node.title]
        guard let parsed = options.parseAccelerator(shortcut) else {
            report(.error, path: path,
                   "'\(shortcut)' is not a GTK accelerator (write it like \"<Control>s\" or \"<Shift><Control>z\"); it is not shown")
            return nil
        }
        if let reason = ReservedShortcuts.reason(forCanonical: parsed.canonical) {
            report(.warning, path: path,
                   "the shortcut \(shortcut) never reaches the app: \(reason); it is not shown")
            return nil
        }
        let joinedPath = MenuLabelText.path(path)
        if let owner = shortcutOwners[parsed.canonical] {
            // Two items that hide by their action's state (Fullscreen, Leave Fullscreen) show one at a time.
            if owner.mayHide && node.hiddenWhen != nil { return shortcut }
            report(.error, path: path,
                   "the shortcut \(shortcut) is \(owner.path)'s too; one key runs one command, so only \(owner.path) keeps it")
            return nil
        }
        shortcutOwners[parsed.canonical] = MenuPlan.Shortcut(written: shortcut, path: joinedPath, mayHide: node.hiddenWhen != nil)
        if parsed.typesText {
            report(.warning, path: path,
                   "the shortcut \(shortcut) has no Control, Alt or Super: it works anywhere in the window and takes the key from typing; use a modifier (or .mnemonic(_:), which works only while the menu is open)")
        }
        shortcutCount += 1
        return parsed.readable ?? shortcut
    }

    private mutating func reportIgnoredShortcut(_ node: MenuNode, scope: Scope) {
        if let shortcut = node.shortcut {
            report(.warning, path: scope.path + [node.title],
                   "a keyboard shortcut (\(shortcut)) belongs on a command, not on a submenu or group; it is not shown")
        }
    }

    private func qualified(_ name: String) -> String { options.actionPrefix + "." + name }

    /// Why a borrowed action's name cannot reach an action.
    package struct ActionNameProblem: Error {
        package var reason: String

        package init(reason: String) { self.reason = reason }
    }

    /// `scope.name`, optionally followed by `::target`, split in two: the GMenu `action`
    /// attribute takes the plain name. A failure for a name GTK cannot resolve: one that
    /// `g_action_name_is_valid` refuses, one without a scope or without a name after it
    /// (`app.`, `.quit`), one with more than one dot (GTK's muxer reads `a.b.c` as action `b.c`
    /// of group `a`, which no GActionMap of GTK's has), or a `::` with no target after it.
    package static func parseDetailedName(_ detailedName: String) -> Result<(name: String, target: String?), ActionNameProblem> {
        let parts = detailedName.split(separator: "::", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let target = parts.count > 1 ? String(parts[1]) : nil
        let dots = name.utf8.count { $0 == UInt8(ascii: ".") }
        let problem: String? =
            if !ActionNameRegistry.isValidActionName(name) { "it has characters other than those" }
            else if dots == 0 { "it has no scope (app., win. or the prefix its group was inserted under)" }
            else if dots > 1 { "it has more than one dot, so GTK looks for an action named '\(name.drop { $0 != "." }.dropFirst())' in the group '\(name.prefix { $0 != "." })'" }
            else if name.hasPrefix(".") { "it has no scope before its dot" }
            else if name.hasSuffix(".") { "it names no action after its scope" }
            else if target?.isEmpty == true { "'::' is followed by no target" }
            else { nil }
        if let problem { return .failure(ActionNameProblem(reason: problem)) }
        return .success((name, target))
    }

    /// An identity the planner derives (a run of items, a stepper's button, the generated
    /// items' action), made distinct from every other identity of this plan, explicit ids included.
    private mutating func claim(_ derived: MenuIdentity) -> MenuIdentity {
        // One hash for the usual identity that nothing claimed yet.
        var identity = derived
        var counter = 2
        while !seenIdentities.insert(identity).inserted {
            identity = MenuIdentity(derived.path + "~" + String(counter))
            counter += 1
        }
        return identity
    }

    /// A node's own identity, made distinct like a derived one; a clash is the developer's to know.
    private mutating func uniqueIdentity(_ node: MenuNode, scope: Scope) -> MenuIdentity {
        let identity = claim(node.identity)
        if identity != node.identity {
            report(.warning, path: scope.path + [node.title],
                   "two items share the identity \(node.identity); give ForEach elements distinct ids")
        }
        return identity
    }

    private mutating func reportLabelProblems(
        _ problems: [String], of part: String = "label", title: String, scope: Scope
    ) {
        for problem in problems {
            report(.warning, path: scope.path + [title], "the \(part) " + problem)
        }
    }

    private mutating func report(_ severity: MenuDiagnostic.Severity, path: [String], _ message: String, suggestion: String? = nil) {
        diagnostics.append(MenuDiagnostic(severity: severity, path: MenuLabelText.path(path), message: message, suggestion: suggestion))
    }
}

// Outside the main actor on purpose: a main-actor closure handed to the standard library is
// checked at run time for its actor on every call, and these run for every node of a menu.
// By index: `contains` and `allSatisfy` hand each closure a copy of the (large) node.
extension [MenuNode] {
    package var containsSectionLike: Bool { indices.contains { self[$0].isSectionLike } }
    package var allImported: Bool { indices.allSatisfy { self[$0].imported != nil } }
    package var containsDeferredList: Bool { indices.contains { self[$0].deferred != nil } }
}

extension MenuIdentity {
    /// The identity that names the action a level's generated items share.
    package var generatedItemsAction: MenuIdentity { appending("#generated") }
}

extension MenuNode {
    /// A button: an item without items of its own.
    package var isCommand: Bool {
        if case .button = kind { true } else { false }
    }

    /// Content that a GMenuModel can only express as a section of its own.
    package var isSectionLike: Bool {
        switch kind {
        case .section, .controlGroup, .stepper, .divider: true
        case .picker(let choice): choice.style != .menu
        default: false
        }
    }
}
