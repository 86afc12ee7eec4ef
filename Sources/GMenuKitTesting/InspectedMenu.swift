import Observation
import Synchronization
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK
import GMenuKitApp

/// A menu rendered for a test, without a display and without GTK's main loop: the same
/// resolution and planning as a control that shows it (labels, access keys, shortcuts, action
/// names, enabled states, confirmations, async runs, diagnostics), read and acted on as a
/// person would.
///
/// ```swift
/// let menu = InspectedMenu(editMenu)
/// let save = try menu.item("File", "Save")
/// XCTAssertFalse(save.isEnabled)          // nothing to save yet
/// document.text = "Hello"                 // an @Observable change: the menu follows
/// XCTAssertTrue(save.isEnabled)
/// try menu.item("Sort By", "Date").activate()
/// ```
///
/// The menu follows its models: a change that the content read (an `@Observable` property,
/// `@State`, a focused value) renders it again at the next reading, as a control would on its
/// next main-loop turn. Items (``InspectedItem``) are read through the menu, so an item found
/// once shows what the menu shows now.
@MainActor
public final class InspectedMenu {
    /// The menu's title, which starts the paths of its diagnostics ("Edit › Sort By").
    public let title: String
    /// The kind of menu, which decides which guidelines hold and whether shortcuts show.
    public let context: MenuContext
    /// How a destructive item's confirmation is answered when it asks: nil leaves it pending
    /// (``pendingConfirmation``) for the test to answer.
    public var confirmationAnswer: ConfirmationAnswer?
    /// What the app's and window's actions an item borrows (`app.quit`) are, when the test
    /// knows: by detailed name without target. An action not listed counts as present and
    /// enabled, without state.
    public var borrowedActions: [String: BorrowedActionState] = [:] { didSet { markChanged() } }
    /// The borrowed actions chosen so far, as detailed names with their target (`win.zoom(2)`):
    /// GMenuKit does not run them, the widget tree they are looked up in does.
    public private(set) var activatedBorrowedActions: [String] = []
    /// The confirmation a destructive item asked for and nobody answered yet.
    public private(set) var pendingConfirmation: PendingConfirmation?

    private let content: @MainActor () -> [MenuNode]
    private let graph = RenderGraph()
    private var names = ActionNameRegistry()
    private let options: MenuPlanner.Options
    private let runs = AsyncActionRuns()
    private let changes = ChangeFlag()
    private var stateProblems: [MenuDiagnostic] = []
    private var current: Rendering?

    /// One render: the plan, the nodes it was made from, and its actions by name.
    final class Rendering {
        let plan: MenuPlan
        let nodes: [MenuNode]
        private(set) lazy var actions: [String: PlannedAction] =
            Dictionary(plan.actions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

        init(plan: MenuPlan, nodes: [MenuNode]) {
            self.plan = plan
            self.nodes = nodes
        }
    }

    /// A menu as a control shows it: `context` says which (a pull-down button's, a pop-up
    /// button's, a context menu, a menu bar). Context menus show no shortcuts unless
    /// `showsShortcuts` says they do.
    public convenience init(_ menu: Menu, context: MenuContext = .pullDown, showsShortcuts: Bool? = nil) {
        self.init(title: menu.title, context: context, actionPrefix: "menu",
                  showsShortcuts: showsShortcuts ?? (context != .contextMenu)) { menu.resolveContent() }
    }

    /// The same for content written in place: `InspectedMenu("Edit") { Button("Undo") { … } }`.
    public convenience init(_ title: String, context: MenuContext = .pullDown, showsShortcuts: Bool? = nil,
                            @MenuContentBuilder content: @escaping @MainActor () -> any MenuContent) {
        self.init(Menu(title, content: content), context: context, showsShortcuts: showsShortcuts)
    }

    /// A list's context menu (`ContextMenu(for:item:content:)`) as it opens for `selection`:
    /// pass the same content function the list's menu is made with.
    public convenience init<Item>(contextMenuFor selection: [Item], title: String = "Context Menu", showsShortcuts: Bool = false,
                                  @MenuContentBuilder content: @escaping @MainActor ([Item]) -> any MenuContent) {
        self.init(Menu(title) { content(selection) }, context: .contextMenu, showsShortcuts: showsShortcuts)
    }

    init(title: String, context: MenuContext, actionPrefix: String, showsShortcuts: Bool,
         content: @escaping @MainActor () -> [MenuNode]) {
        self.title = title
        self.context = context
        self.content = content
        let box = MenuBox()
        let changes = changes
        options = MenuPlanner.Options(
            title: title, actionPrefix: actionPrefix, destructiveColor: nil,
            parseAccelerator: parseAccelerator, showsShortcuts: showsShortcuts, drawsOwnRows: true,
            reportStateProblem: { problem in box.menu?.stateProblems.append(problem) },
            confirm: { request, proceed in box.menu?.ask(request, proceed) },
            asyncActions: runs,
            parseDetailedName: VariantText.parseDetailedActionName,
            targetProblem: { VariantText.problem(parsing: $0.text, type: $0.type) })
        box.menu = self
        // A run that starts or ends dims or restores its item: read the menu again.
        runs.setActionEnabled = { _, _ in changes.mark() }
        graph.actionInterpreter = ItemActionInterpreter(confirm: options.confirm, asyncActions: runs)
    }

    isolated deinit {
        graph.retire()
    }

    // MARK: Rendering

    /// The menu rendered as it is now: again when what it read changed.
    var rendering: Rendering {
        if let current, !changes.isMarked { return current }
        return render()
    }

    private func render() -> Rendering {
        changes.clear()
        stateProblems = []
        let lists = ElementDeferral(dataChanged: { [changes] _ in changes.mark() }, elementsChanged: { [changes] _ in changes.mark() })
        let options = options
        var nodes: [MenuNode] = []
        let plan = withObservationTracking {
            graph.fullRender(lists: lists) {
                nodes = content()
                return MenuPlanner.plan(nodes, options: options, names: &names)
            }
        } onChange: { [changes] in
            changes.mark()
        }
        let made = Rendering(plan: plan, nodes: nodes)
        current = made
        return made
    }

    /// Marks the menu to be rendered again at its next reading: after an act, whatever it changed.
    func markChanged() { changes.mark() }

    // MARK: Reading

    /// The menu's items as a person sees them, sections and submenus with their items.
    public var items: [MenuItemReading] {
        let rendering = rendering
        return rendering.plan.items.map { reading(of: $0, in: rendering) }
    }

    /// What the menu reported while it was rendered: repaired input, problems of state
    /// (a picker's selection that is none of its options), as a control reports them.
    public var diagnostics: [MenuDiagnostic] {
        rendering.plan.diagnostics + stateProblems
    }

    /// What the menu guidelines (`menus.md`) say of the menu as it is now, in its context.
    public func guidelineFindings(style: MenuGuidelineStyle = .apple) -> [MenuDiagnostic] {
        let nodes = graph.readAgain { content() }
        return MenuGuidelines.check(nodes, title: context == .menuBar ? "" : title, context: context, style: style,
                                    showsShortcuts: options.showsShortcuts)
    }

    /// Fails (throws) when the menu breaks a guideline at error severity, or when it reported
    /// an error of its own while rendering; the message lists each one.
    public func requireNoGuidelineErrors(style: MenuGuidelineStyle = .apple) throws(MenuTestFailure) {
        let errors = (diagnostics + guidelineFindings(style: style)).filter { $0.severity == .error }
        guard errors.isEmpty else {
            throw MenuTestFailure("\(title.isEmpty ? "the menu" : "'\(title)'") has \(errors.count) error\(errors.count == 1 ? "" : "s"):\n"
                                  + errors.map { "  \($0)" }.joined(separator: "\n"))
        }
    }

    /// The item at `path` of titles ("Edit", "Sort By", "Date"): each title names an item of
    /// the level before (sections are passed through; a title may also name a section's
    /// header). Fails when the path names no item or more than one, with the menu's outline.
    public func item(_ path: String...) throws(MenuTestFailure) -> InspectedItem {
        try item(path: path)
    }

    /// The same with the path as an array.
    public func item(path: [String]) throws(MenuTestFailure) -> InspectedItem {
        let rendering = rendering
        switch ItemFinding.find(path, in: rendering.plan.items) {
        case .found(let planned, let titles, let positions):
            return InspectedItem(menu: self, identity: planned.identity, path: titles, location: ItemLocation(positions))
        case .failed(let reason):
            throw MenuTestFailure("\(reason)\n\(outline)")
        }
    }

    /// The one item, at any depth, titled `title`; fails when none or several are, with the outline.
    public func item(titled title: String) throws(MenuTestFailure) -> InspectedItem {
        try item(where: "titled '\(title)'") { ItemChoosing.isTitled($0.title, title) }
    }

    /// The one item, at any depth, that `matches` (its kind, destructive role, …); fails when
    /// none or several do. `description` names the condition in the failure.
    public func item(where description: String = "that matches", _ matches: (MenuItemReading) -> Bool) throws(MenuTestFailure) -> InspectedItem {
        try ItemChoosing.theOne(items(where: matches), description, in: title, outline: outline)
    }

    /// Every item, at any depth, that `matches`, in menu order.
    public func items(where matches: (MenuItemReading) -> Bool) -> [InspectedItem] {
        let rendering = rendering
        var found: [InspectedItem] = []
        func walk(_ items: [PlannedItem], path: [String], positions: [Int]) {
            for (index, planned) in items.enumerated() {
                let reading = reading(of: planned, in: rendering, deep: false)
                let itemPath = reading.kind == .section && reading.title.isEmpty ? path : path + [reading.title]
                if matches(reading) {
                    found.append(InspectedItem(menu: self, identity: planned.identity, path: itemPath,
                                               location: ItemLocation(positions + [index])))
                }
                if let link = planned.link {
                    walk(link.children, path: itemPath, positions: positions + [index])
                }
            }
        }
        walk(rendering.plan.items, path: [], positions: [])
        return found
    }

    /// The menu's outline as ``MenuSnapshot`` writes it: what failures show.
    public var outline: String { MenuSnapshot.text(of: items, title: title) }

    /// Waits until every async action started from the menu has finished.
    public func waitForActions() async {
        await runs.waitUntilIdle()
        markChanged()
    }

    // MARK: Items

    /// The item of `identity` in the menu as it is now. `hint` is where it stood when last
    /// found (positions from the top); it is tried first, so that reading a found item costs
    /// its depth, not the menu's size, and is updated when the item moved.
    func planned(_ identity: MenuIdentity, hint: ItemLocation? = nil) -> (item: PlannedItem, rendering: Rendering)? {
        let rendering = rendering
        if let positions = hint?.positions, let item = Self.item(at: positions, in: rendering.plan.items), item.identity == identity {
            return (item, rendering)
        }
        // Identities nest as items do, except where content was arranged (commands): walk by
        // identity, then search every item.
        var positions: [Int] = []
        var level = rendering.plan.items
        while let index = level.firstIndex(where: { identity.isWithin($0.identity) }) {
            positions.append(index)
            if level[index].identity == identity {
                hint?.positions = positions
                return (level[index], rendering)
            }
            guard let link = level[index].link else { break }
            level = link.children
        }
        guard let found = Self.search(identity, in: rendering.plan.items) else { return nil }
        hint?.positions = found.positions
        return (found.item, rendering)
    }

    private static func item(at positions: [Int], in items: [PlannedItem]) -> PlannedItem? {
        var level = items
        var item: PlannedItem?
        for position in positions {
            guard position < level.count else { return nil }
            item = level[position]
            level = item?.link?.children ?? []
        }
        return item
    }

    private static func search(_ identity: MenuIdentity, in items: [PlannedItem]) -> (item: PlannedItem, positions: [Int])? {
        for (index, item) in items.enumerated() {
            if item.identity == identity { return (item, [index]) }
            if let link = item.link, let found = search(identity, in: link.children) {
                return (found.item, [index] + found.positions)
            }
        }
        return nil
    }

    /// What a person sees of `planned`; `deep` reads its section's or submenu's items too.
    func reading(of planned: PlannedItem, in rendering: Rendering, deep: Bool = true) -> MenuItemReading {
        let attributes = planned.attributes
        // A section's heading is plain text to GTK: no access key, no markup.
        let label = planned.link?.kind == .section
            ? LabelReading.Visible(title: attributes.label ?? "") : LabelReading.visible(attributes.label, isMarkup: attributes.useMarkup)
        let action = attributes.action.flatMap { ownAction($0, in: rendering) }
        let kind = kind(of: planned, action: action)
        var reading = MenuItemReading(kind: kind, title: label.title, accessKey: label.accessKey, accessKeyOffset: label.accessKeyOffset)
        reading.subtitle = attributes.subtitle
        reading.icon = attributes.icon
        if let accel = attributes.accel, !accel.isEmpty { reading.shortcut = acceleratorLabel(accel) }
        reading.isDestructive = attributes.role == "destructive"
        reading.keepsMenuOpen = attributes.keepsMenuOpen
        reading.badge = attributes.badge
        reading.help = attributes.help
        switch kind {
        case .section, .submenu, .widget:
            // The app's widget is drawn as it is, never dimmed by the menu: GTK's custom slot
            // has no sensitivity of its own (LiveMenu reads the same).
            reading.isEnabled = true
        case .stepper:
            reading.isEnabled = planned.link?.children.contains { isEnabled($0, in: rendering) } ?? false
        default:
            reading.isEnabled = isEnabled(planned, in: rendering)
        }
        if let hiddenWhen = attributes.hiddenWhen {
            let present = attributes.action.map { borrowedPresence($0, in: rendering) } ?? false
            reading.isVisible = hiddenWhen == "action-missing" ? present : present && reading.isEnabled
        }
        switch action?.behavior {
        case .toggle(let isOn): reading.isChecked = isOn.wrappedValue
        case .choice(let selected, _, _): reading.isChecked = selected() == (attributes.target ?? "")
        case .value(let control): reading.value = control.value.wrappedValue
        default:
            if action == nil, let name = attributes.action, let borrowed = borrowedActions[Self.withoutTarget(name)] {
                reading.isChecked = borrowed.state.map { state in
                    attributes.target == nil && attributes.targetValue == nil ? state == "true" : state == (attributes.target ?? attributes.targetValue?.text)
                }
            }
        }
        if deep, let link = planned.link {
            reading.children = link.children.map { self.reading(of: $0, in: rendering) }
        }
        return reading
    }

    private func kind(of planned: PlannedItem, action: PlannedAction?) -> MenuItemReading.Kind {
        let attributes = planned.attributes
        if let link = planned.link {
            if link.kind == .submenu { return .submenu }
            if attributes.displayHint == "horizontal-buttons", link.children.count == 2,
               link.children[0].identity.path.hasSuffix("/decrease"), link.children[1].identity.path.hasSuffix("/increase") {
                return .stepper
            }
            return .section
        }
        if attributes.appWidget != nil || attributes.row == .widget { return .widget }
        switch action?.behavior {
        case .toggle: return .toggle
        case .choice: return .option
        case .value: return .slider
        default: break
        }
        if action == nil, let name = attributes.action, let state = borrowedActions[Self.withoutTarget(name)]?.state {
            return attributes.target == nil && attributes.targetValue == nil && (state == "true" || state == "false") ? .toggle : .option
        }
        return .command
    }

    private func isEnabled(_ planned: PlannedItem, in rendering: Rendering) -> Bool {
        guard let name = planned.attributes.action else { return false }
        if let action = ownAction(name, in: rendering) {
            return action.isEnabled && !runs.isDimmed(planned.identity.path)
        }
        guard !isOwn(name) else { return false }
        // GTK dims the item of a missing action as it dims a disabled one.
        guard let borrowed = borrowedActions[Self.withoutTarget(name)] else { return true }
        return borrowed.isPresent && borrowed.isEnabled
    }

    private func borrowedPresence(_ name: String, in rendering: Rendering) -> Bool {
        if isOwn(name) { return ownAction(name, in: rendering) != nil }
        return borrowedActions[Self.withoutTarget(name)]?.isPresent ?? true
    }

    func isOwn(_ detailedName: String) -> Bool { detailedName.hasPrefix(options.actionPrefix + ".") }

    func ownAction(_ detailedName: String, in rendering: Rendering) -> PlannedAction? {
        guard isOwn(detailedName) else { return nil }
        return rendering.actions[String(detailedName.dropFirst(options.actionPrefix.count + 1))]
    }

    static func withoutTarget(_ detailedName: String) -> String {
        if let range = detailedName.range(of: "::") { return String(detailedName[..<range.lowerBound]) }
        if let open = detailedName.firstIndex(of: "(") { return String(detailedName[..<open]) }
        return detailedName
    }

    func isRunning(_ identity: MenuIdentity) -> Bool { runs.isRunning(identity.path) }

    func node(_ identity: MenuIdentity, in rendering: Rendering) -> MenuNode? {
        var level = rendering.nodes
        while true {
            guard let next = level.first(where: { identity.isWithin($0.identity) }) else { return nil }
            if next.identity == identity { return next }
            level = next.children
        }
    }

    func noteBorrowed(_ detailedName: String, target: String?) {
        activatedBorrowedActions.append(target.map { "\(detailedName)(\($0))" } ?? detailedName)
    }

    // MARK: Confirmation

    private func ask(_ request: ConfirmationRequest, _ proceed: @escaping @MainActor () -> Void) {
        switch confirmationAnswer {
        case .confirm: proceed()
        case .cancel: break
        case nil:
            pendingConfirmation?.answer(false)
            pendingConfirmation = PendingConfirmation(request: request) { [weak self] goAhead in
                self?.pendingConfirmation = nil
                if goAhead { proceed() }
                self?.markChanged()
            }
        }
    }
}

/// How a test answers the confirmations destructive items ask for (rule P6).
public enum ConfirmationAnswer: Sendable {
    /// Goes ahead, as a person choosing the confirm button ("Delete Note").
    case confirm
    /// Cancels: the item does nothing.
    case cancel
}

/// A destructive item's question, waiting for the test's answer.
@MainActor
public final class PendingConfirmation {
    /// What the confirmation asks ("Delete Note?") and its buttons.
    public let request: ConfirmationRequest
    private var reply: ((Bool) -> Void)?

    init(request: ConfirmationRequest, reply: @escaping (Bool) -> Void) {
        self.request = request
        self.reply = reply
    }

    /// Goes ahead: the item acts.
    public func confirm() { answer(true) }
    /// Cancels: the item does nothing.
    public func cancel() { answer(false) }

    func answer(_ goAhead: Bool) {
        guard let reply else { return }
        self.reply = nil
        reply(goAhead)
    }
}

/// A borrowed action as the app's or window's action group has it, for a test that says so.
public struct BorrowedActionState: Sendable, Equatable {
    /// Whether the action exists where the item looks it up (`hidden-when="action-missing"`).
    public var isPresent: Bool
    /// Whether it is enabled: a disabled action's item is dimmed.
    public var isEnabled: Bool
    /// Its state in GVariant text form: "true" for a checked toggle, an option's target (a
    /// string without quotes) for a picker; nil for a stateless action.
    public var state: String?

    /// An action that is there and enabled, without state, unless the arguments say otherwise.
    public init(isPresent: Bool = true, isEnabled: Bool = true, state: String? = nil) {
        self.isPresent = isPresent
        self.isEnabled = isEnabled
        self.state = state
    }
}

/// Where an item stood when last found: its position at each level from the top.
@MainActor
final class ItemLocation {
    var positions: [Int]
    init(_ positions: [Int]) { self.positions = positions }
}

/// Set from any thread by an observation's change, read on the main actor.
final class ChangeFlag: Sendable {
    private let marked = Atomic<Bool>(true)
    var isMarked: Bool { marked.load(ordering: .acquiring) }
    func mark() { marked.store(true, ordering: .releasing) }
    func clear() { marked.store(false, ordering: .releasing) }
}

/// Lets the planner's hooks reach the menu, which is made after its options.
@MainActor
private final class MenuBox {
    weak var menu: InspectedMenu?
}

/// Why a test's query or act on a menu failed, with what the menu shows: thrown, so that
/// XCTest and Swift Testing both fail the test with the message.
public struct MenuTestFailure: Error, CustomStringConvertible, Sendable {
    /// What went wrong, with what the menu shows.
    public let description: String
    /// A failure that says `description`.
    public init(_ description: String) { self.description = description }
}
