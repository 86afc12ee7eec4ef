/// Turns resolved menu nodes into a ``MenuPlan``: lays items out in menu levels, names their
/// actions, normalizes labels, and reports every piece of bad input it had to repair.
///
/// It knows GTK's rules but calls no GTK, so it runs anywhere and is cheap to test.
@MainActor
package struct MenuPlanner {
    /// A class, not a struct: a rendered menu keeps the options of its full render for its
    /// lists' changes, and each change's planner then holds them with one retain rather than a
    /// copy of every closure and string (about 30 reference counts and 300 instructions). Fixed
    /// once made, but for `keepsLists`, which a full render sets while it plans: a class's
    /// variables are checked for exclusive access at every read, which cost a build 1%.
    package final class Options {
        /// The menu's title: diagnostics name items by their path from it ("Edit › Sort By").
        package let title: String
        /// The scope the menu's own actions live in, as inserted on a widget ("menu").
        package let actionPrefix: String
        /// "menu.": made once with the options, which a rendered menu keeps for its lists' changes.
        fileprivate let qualifiedNamePrefix: String
        /// A colour for destructive labels, drawn with Pango markup; nil draws them plainly.
        package let destructiveColor: String?
        /// GTK's accelerator parser, handed in so that planning needs no GTK: nil for a string
        /// that is no accelerator.
        package let parseAccelerator: (String) -> ParsedAccelerator?
        /// Context menus show no shortcuts (rules L5, C2): items then get an empty `accel`,
        /// which also hides the accelerators GTK would find for borrowed actions.
        package let showsShortcuts: Bool
        /// Whether the menu is shown by controls that fill `custom` slots with GMenuKit's own
        /// rows. Off for menus GTK shows alone (a text view's extra menu): their items stay
        /// plain model buttons.
        package let drawsOwnRows: Bool
        /// Whether a list found unchanged since the last render keeps its items as they stand
        /// (a rendered menu's full render); the planner notes what that needs as it plans.
        @exclusivity(unchecked) package var keepsLists = false
        /// Whether the icon theme has an icon of this name (or its symbolic or regular
        /// counterpart, which GTK falls back to); handed in, so that planning needs no GTK. Nil
        /// when there is no display to ask: icons are then not checked against a theme.
        package let iconThemeHasIcon: (@MainActor (String) -> Bool)?
        /// Where problems found when a state is read, after planning, are reported: a picker's
        /// selection that is none of its options.
        package let reportStateProblem: (@MainActor (MenuDiagnostic) -> Void)?
        /// Asks before a destructive item acts (rule P6): shows the request and runs the action
        /// only if the person goes ahead. Nil leaves destructive items unconfirmed.
        package let confirm: (@MainActor (ConfirmationRequest, @escaping @MainActor () -> Void) -> Void)?
        /// Where async actions run, by item identity, so that their policy and dimming hold
        /// across refreshes. Nil runs each activation as a task of its own.
        package let asyncActions: AsyncActionRuns?
        /// GLib's reading of a detailed action name with a GVariant target
        /// (`win.close-tab(false)`, `g_action_parse_detailed_name`), handed in so that planning
        /// needs no GLib. Nil: only `name` and `name::string` are read.
        package let parseDetailedName: ((String) -> Result<(name: String, target: MenuActionTarget?), ActionNameProblem>)?
        /// Why a target's text is not a GVariant of its type (`g_variant_parse`), nil when it is
        /// one; handed in. Nil: targets are not checked.
        package let targetProblem: ((MenuActionTarget) -> String?)?
        /// The accelerators the application set for a borrowed action and target
        /// (`gtk_application_get_accels_for_action`), handed in. Nil: none are looked up.
        package let applicationAccels: (@MainActor (_ action: String, _ target: String?, _ targetValue: MenuActionTarget?) -> [String])?

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
            qualifiedNamePrefix = actionPrefix + "."
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

        /// A focused text or list widget uses the key itself (Delete, Ctrl+A), or it types text.
        package var isEditingKey: Bool { EditingKeys.isEditingKey(canonical, typesText: typesText) }

        package init(canonical: String, typesText: Bool, readable: String? = nil) {
            self.canonical = canonical
            self.typesText = typesText
            self.readable = readable
        }
    }

    package let options: Options
    /// The action prefix and its dot ("menu."), made once: every item's action name is
    /// qualified with it.
    private let qualifiedNamePrefix: String
    var names: ActionNameRegistry
    /// What choosing an item does: the one interpreter every place an item acts uses.
    let actionInterpreter: ItemActionInterpreter
    var actions: [PlannedAction] = []
    // The collaborators, each owning what it keeps while the plan is made.
    var diagnostics = PlanDiagnostics()
    var identities = IdentityClaims()
    var generated = GeneratedActions()
    var labels = LabelPlanning()
    var shortcuts: ShortcutPlanning
    var icons: IconChecks
    var borrowed: BorrowedActions
    /// The lists whose items this plan keeps as they stand (`KeptLists.swift`).
    var keptLists: [DeferredElements] = []
    /// The lists a refresh read ahead for the sections around them, until those are planned.
    var readAhead: [DeferredElements] = []
    /// Whether a kept list's placeholder item is made (not while the lists of sections that
    /// may be kept whole are read: the item goes unused, about 800 instructions a list).
    var makesPlaceholders = true
    /// Kept lists some of whose elements changed in place (`KeptListChanges.swift`).
    var keptListChanges: [KeptListChange] = []
    /// The storage of the contents the last kept list read, for the next (``keptOrExpanded(_:of:scope:)``).
    var spareContents: [any MenuContent] = []
    /// The kept lists' buttons whose own actions stand as the action group bound them.
    var keptActionRuns: [KeptActionRun] = []
    /// The own actions of lists kept without running their content, as their lists noted them.
    var keptPlannedRuns: [KeptPlannedRun] = []

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
            for index in level.indices where level[index].kindCase == .section || level[index].kindCase == .submenu {
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
        planner.identities.reserve(countNodes(nodes, upTo: 1 << 20))
        // As many actions as the last pass named, about: the array is not grown step by step.
        planner.actions.reserveCapacity(planner.names.count)
        let items = planner.planLevel(nodes, of: MenuIdentity(), scope: scope)
        if items.isEmpty {
            planner.report(.warning, path: scope.path, "the menu has no items; it opens empty")
        }
        planner.emitGeneratedItemActions()
        let keptListChangesPlanned = planner.planKeptListChanges()
        planner.names.endPass()
        names = planner.names
        return MenuPlan(items: items, actions: planner.actions, diagnostics: planner.diagnostics.all,
                        missingIcons: planner.icons.missing, shortcuts: planner.shortcuts.owners,
                        borrowedActions: planner.borrowed.borrowed, keptLists: planner.keptLists,
                        keptListChanges: planner.keptListChanges, keptActionRuns: planner.keptActionRuns,
                        keptPlannedRuns: planner.keptPlannedRuns,
                        needsPlanWithoutKeeping: !keptListChangesPlanned || planner.identities.clash(with: planner.keptLists))
    }

    /// A list's elements planned alone: their items, the actions those need, and the levels whose
    /// generated items share an action in this plan.
    package typealias PlannedElements = (items: [PlannedItem], actions: [PlannedAction], generatedActionLevels: [MenuIdentity])

    /// Plans the nodes of a list's new and changed elements alone, as items of the level their
    /// list fills, with the scope it had. Nil when they need the whole menu planned: a node that
    /// is not one item of the kind the level holds, a diagnostic, a submenu or a shortcut.
    /// `spare`: the arrays of a list's last change, emptied, to plan into (taken over).
    package static func planElements(
        _ nodes: [MenuNode], of elements: DeferredElements, options: consuming Options, names: inout ActionNameRegistry,
        reusing spare: inout PlannedElements
    ) -> PlannedElements? {
        guard let scope = elements.scope else { return nil }
        // Its items change now: only a full render notes again what keeping them needs.
        elements.keptSignatures = nil
        // Names asked for and not used, when this gives up, the full render that follows releases.
        var planner = MenuPlanner(options: options, names: ActionNameRegistry.take(&names))
        defer { names = planner.names }
        swap(&planner.actions, &spare.actions)
        var items: [PlannedItem] = []
        swap(&items, &spare.items)
        items.reserveCapacity(nodes.count)
        for node in nodes {
            // The case alone: matching the kind copies it.
            guard node.deferred == nil, node.isSectionLike == elements.isSectioned, node.kindCase != .divider else { return nil }
            let item = planner.tracking(node, scope: scope, sectioned: elements.isSectioned) {
                elements.isSectioned ? $0.planBlock(node, scope: scope) : $0.planItem(node, scope: scope)
            }
            guard let item, elements.isIncremental else { return nil }
            items.append(item)
        }
        planner.emitGeneratedItemActions()
        return (items, planner.actions, planner.generated.levels)
    }

    /// Taking the options over, read by the collaborators first: handed on, the options (a
    /// dozen closures) would be copied for each.
    private init(options: consuming Options, names: consuming ActionNameRegistry) {
        self.names = names
        actionInterpreter = ItemActionInterpreter(confirm: options.confirm, asyncActions: options.asyncActions)
        shortcuts = ShortcutPlanning(options: options)
        icons = IconChecks(themeHasIcon: options.iconThemeHasIcon)
        borrowed = BorrowedActions(options: options)
        qualifiedNamePrefix = options.qualifiedNamePrefix
        self.options = options
    }

    // MARK: Deferred lists

    /// The nodes with every deferred list replaced by its elements' nodes, read now; an
    /// element that is a list itself is expanded in turn.
    func expandingDeferred(_ nodes: [MenuNode]) -> [MenuNode] {
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

    // MARK: Levels

    /// A GMenuModel has no separators: dividers and groups become sections. A level made only of
    /// plain items stays flat; otherwise each run of plain items forms a section of its own.
    mutating func planLevel(_ given: [MenuNode], of owner: MenuIdentity, scope outer: Scope) -> [PlannedItem] {
        var levelScope = outer
        levelScope.level = owner
        // A constant: a variable that the closures below capture is copied for every call
        // that is handed it beside them.
        let scope = levelScope
        var given = given
        // A list of sections planned here, whose sections a refresh may keep.
        var sectioned: DeferredElements?
        if options.keepsLists, given.count == 1, let deferred = given[0].deferred {
            if let (kept, nodes) = keptOrExpanded(deferred, of: owner, scope: scope) {
                if let kept { return kept }
                given = nodes
            }
            // The list `keptOrExpanded` went on with, or this new one (asked again, the
            // deferral would find none).
            if owner.path.isEmpty { sectioned = deferred.keptAs ?? deferred }
        }
        let nodes = expandingDeferred(given)
        if !nodes.isEmpty, nodes.allImported {
            // A level read from GtkBuilder keeps its structure: items and sections where the file has them.
            var items: [PlannedItem] = []
            items.reserveCapacity(nodes.count)
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
        // At most a block for each section-like node and a run before each and at the end:
        // grown step by step, a menu of 100 sections copied its level seven times.
        // Counted from the kind's case alone (dividers, and items or pickers that may be
        // blocks, count): reading the kind itself, or a closure (`count(where:)`), copied each node.
        var blocks = 0
        for index in nodes.indices where nodes[index].kindCase.isSectionLike != false { blocks += 1 }
        level.reserveCapacity(min(2 * blocks + 1, nodes.count))
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
            // The case read beside the kind: matching `kind` copies the kind with its children.
            if node.kindCase == .divider {
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
        if let sectioned {
            dropReadAhead()
            noteKeptSections(of: sectioned, nodes: nodes, level: level, owner: owner)
        }
        return level
    }

    /// Sections, control groups, steppers and inline or palette pickers.
    mutating func planBlock(_ node: MenuNode, scope: Scope) -> PlannedItem? {
        if node.imported != nil { return planImported(node, scope: scope) }
        var scope = scope
        switch node.kindCase {
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
        // Where a list is all the section holds, it knows the section it stands in (a change
        // that leaves the section so is the list's alone, `NestedListChanges.swift`).
        if let list = node.loneListOfPlainSection { list.enclosingSectionTitle = node.title }
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
        case .item(let item):
            var planning = KindPlanning(node: node, identity: identity, scope: scope, inner: inner, attributes: attributes)
            children = item.plan(&planning, planner: &self) ?? []
            attributes = planning.attributes
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
        // Moved: passed as it is, the attributes were copied (a retain of each field).
        return PlannedItem(identity: identity, attributes: PlannedAttributes.take(&attributes),
                           link: PlannedLink(kind: .section, children: children))
    }

    // MARK: Generated content

    /// Where in `generated` the action `level`'s generated items share is, made on first use.
    mutating func generatedAction(for level: MenuIdentity) -> Int {
        generated.index(for: level, names: &names, claims: &identities)
    }

    mutating func emitGeneratedItemActions() {
        actions.append(contentsOf: generated.actions)
    }

    // MARK: Shortcuts, names, identities

    package mutating func reportIgnoredShortcut(_ node: MenuNode, scope: Scope) {
        diagnostics.reportIgnoredShortcut(node, path: scope.path)
    }

    /// The action name of the item at `identity` (readable, unique in the menu), for a kind
    /// that plans its own actions.
    package mutating func actionName(for identity: MenuIdentity, title: String) -> String {
        names.name(for: identity, title: title)
    }

    /// An action the rendered menu owns, for a kind that plans its own.
    package mutating func addAction(_ action: PlannedAction) {
        actions.append(action)
    }

    package func qualified(_ name: String) -> String {
        var qualified = qualifiedNamePrefix
        qualified.append(name)
        return qualified
    }

    /// The action a dimmed item names when it has none of its own: never added to any group,
    /// since GTK 4.8 dims an item whose action is missing (and draws an item without an action
    /// as enabled). Capitalized: the names GMenuKit gives its own actions are lowercase.
    package nonisolated static let unavailableActionName = "Unavailable"

    /// An identity the planner derives (a run of items, a stepper's button, the generated
    /// items' action), made distinct from every other identity of this plan, explicit ids included.
    package mutating func claim(_ derived: MenuIdentity) -> MenuIdentity {
        identities.claim(derived)
    }

    /// A node's own identity, made distinct like a derived one; a clash is the developer's to know.
    mutating func uniqueIdentity(_ node: MenuNode, scope: Scope) -> MenuIdentity {
        let identity = claim(node.identity)
        if identity != node.identity {
            report(.warning, path: scope.path + [node.title],
                   "two items share the identity \(node.identity); give ForEach elements distinct ids")
        }
        return identity
    }

    mutating func reportLabelProblems(_ problems: [String], of part: String = "label", title: String, scope: Scope) {
        diagnostics.reportLabelProblems(problems, of: part, title: title, path: scope.path)
    }

    package mutating func report(_ severity: MenuDiagnostic.Severity, path: [String], _ message: String, suggestion: String? = nil) {
        diagnostics.report(severity, path: path, message, suggestion: suggestion)
    }
}

// Outside the main actor on purpose: a main-actor closure handed to the standard library is
// checked at run time for its actor on every call, and these run for every node of a menu.
// By index: `contains` and `allSatisfy` hand each closure a copy of the (large) node.
extension [MenuNode] {
    // A node's case is a field read in place; only pickers and value items need the node.
    package var containsSectionLike: Bool { indices.contains { self[$0].kindCase.isSectionLike ?? self[$0].isSectionLike } }
    package var allImported: Bool { indices.allSatisfy { self[$0].imported != nil } }
    package var containsDeferredList: Bool { indices.contains { self[$0].deferred != nil } }
}

extension MenuIdentity {
    /// The identity that names the action a level's generated items share.
    package var generatedItemsAction: MenuIdentity { appending("#generated") }
}

extension MenuNode {
    /// A button: an item without items of its own.
    package var isCommand: Bool { kindCase == .button }

    /// Content that a GMenuModel can only express as a section of its own.
    package var isSectionLike: Bool {
        if let answer = kindCase.isSectionLike { return answer }
        switch kind {
        case .item(let item): return item.isBlock
        case .picker(let choice): return choice.style != .menu
        default: return false
        }
    }
}

extension MenuNode.KindCase {
    /// Whether a node of this case is section-like whatever its values; nil for a value item
    /// or a picker, whose values decide.
    var isSectionLike: Bool? {
        switch self {
        case .section, .controlGroup, .divider: true
        case .item, .picker: nil
        default: false
        }
    }
}
