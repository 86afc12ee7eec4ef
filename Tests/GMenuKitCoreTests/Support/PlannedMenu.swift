import XCTest

@testable import GMenuKitCore

/// A menu resolved and planned as `RenderedMenu` resolves and plans it on a full render, with
/// no GTK: the same render graph (state by identity, lists planned where they stand), the same
/// name registry across refreshes, and `MenuPlanner.plan` with the options a rendered menu
/// gives, except for what only GTK answers (see `AcceleratorStandIn`), which is left out.
///
/// Differences from a rendered menu, on purpose: lists are never kept as they stood (that is
/// an optimisation of what GTK holds, tested by the GTK tests); the prefix is used as given
/// (a rendered menu replaces an invalid one); `diagnostics` are the plan's, without what GTK's
/// actions find when they read a picker's state, and without the icon theme's verdict (no
/// display: `iconThemeHasIcon` is nil, as a rendered menu without a display has it).
@MainActor
final class PlannedMenu {
    let title: String
    private let content: @MainActor () -> [MenuNode]
    private let graph = RenderGraph()
    private var names = ActionNameRegistry()
    /// What the planner is handed; a test may change it and `refresh()`.
    var options: MenuPlanner.Options
    private(set) var plan: MenuPlan

    /// `drawsOwnRows` false is a menu GTK shows alone, as `RenderedMenu(menu)` is before a
    /// control shows it; true is a menu a control shows (`isPresented`).
    /// `destructiveColor`: what a control takes from the theme's error colour; nil plain.
    init(_ menu: Menu, actionPrefix: String = "menu", drawsOwnRows: Bool = false,
         destructiveColor: String? = nil, showsShortcuts: Bool = true) {
        title = menu.title
        content = { menu.resolveContent() }
        options = MenuPlanner.Options(
            title: menu.title, actionPrefix: actionPrefix, destructiveColor: destructiveColor,
            parseAccelerator: AcceleratorStandIn.parse, showsShortcuts: showsShortcuts, drawsOwnRows: drawsOwnRows)
        plan = MenuPlan(items: [], actions: [], diagnostics: [])
        refresh()
    }

    /// Resolves the content again and plans it, as a full render does.
    func refresh() {
        // Nothing is scheduled on a change: a test refreshes when it means to.
        let lists = ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })
        let options = options
        plan = graph.fullRender(lists: lists) {
            MenuPlanner.plan(content(), options: options, names: &names)
        }
        XCTAssertTrue(plan.keptLists.isEmpty, "lists are not kept here: every item is planned")
    }

    /// The plan's items, readable as a GMenuModel read back is.
    var items: [PlanItem] { plan.items.map(PlanItem.init) }
    var diagnostics: [MenuDiagnostic] { plan.diagnostics }

    /// The action of this name (without the prefix), as planned.
    func action(_ name: String) -> PlannedAction? { plan.actions.first { $0.name == name } }

    /// Whether the action is planned enabled: what the GAction of that name is made.
    func isEnabled(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let action = action(name) else {
            XCTFail("no action \(name) in \(plan.actions.map(\.name))", file: file, line: line)
            return false
        }
        return action.isEnabled
    }
}

/// Plans a menu once: its items and diagnostics.
@MainActor
func plan(_ menu: Menu, actionPrefix: String = "menu", drawsOwnRows: Bool = false,
          destructiveColor: String? = nil) -> (items: [PlanItem], diagnostics: [MenuDiagnostic], planned: PlannedMenu) {
    let planned = PlannedMenu(menu, actionPrefix: actionPrefix, drawsOwnRows: drawsOwnRows, destructiveColor: destructiveColor)
    return (planned.items, planned.diagnostics, planned)
}

/// One planned item with its attributes under the names the GTK layer gives them in the
/// GMenuModel (`MenuItemFactory`), so that a test reads what GTK would read. Two differ:
/// `icon` is the icon's name (GTK gets it serialized as a themed icon), and the `custom` slot
/// GTK gets is the GTK layer's; the plan says which row fills it (`row`).
struct PlanItem: Equatable, CustomStringConvertible {
    var attributes: [String: String]
    var section: [PlanItem]?
    var submenu: [PlanItem]?
    /// The kind of row GMenuKit draws for the item; nil for GTK's own model button.
    var row: CustomRowKind?
    var identity: MenuIdentity
    /// When the item's shortcut runs, relative to the focused widget (not a GMenuModel attribute).
    var accelPhase: ShortcutPhase

    var label: String? { attributes["label"] }
    var action: String? { attributes["action"] }
    var target: String? { attributes["target"] }
    var icon: String? { attributes["icon"] }
    var accel: String? { attributes["accel"] }

    init(_ item: PlannedItem) {
        precondition(item.kept == nil, "a kept list's placeholder")
        let planned = item.attributes
        var attributes: [String: String] = [:]
        attributes["label"] = planned.label
        if planned.useMarkup { attributes["use-markup"] = "true" }
        if let action = planned.action {
            attributes["action"] = action
            attributes["target"] = planned.target
            // A target of another type, in GVariant text form as written (GTK parses it).
            if let value = planned.targetValue { attributes["target"] = value.text }
        }
        attributes["hidden-when"] = planned.hiddenWhen
        for kept in planned.keptAttributes {
            switch kept.value {
            case .string(let value): attributes[kept.name] = value
            case .variant(let value): attributes[kept.name] = value.text
            }
        }
        attributes["icon"] = planned.icon
        attributes["verb-icon"] = planned.verbIcon
        attributes["accel"] = planned.accel
        attributes["display-hint"] = planned.displayHint
        attributes[MenuAttributeName.role] = planned.role
        attributes[MenuAttributeName.subtitle] = planned.subtitle
        attributes[MenuAttributeName.range] = planned.range
        attributes[MenuAttributeName.help] = planned.help
        attributes[MenuAttributeName.badge] = planned.badge
        if planned.keepsMenuOpen { attributes[MenuAttributeName.keepsMenuOpen] = "true" }
        self.attributes = attributes
        row = planned.row
        identity = item.identity
        accelPhase = planned.accelPhase
        if let link = item.link {
            let children = link.children.map(PlanItem.init)
            switch link.kind {
            case .section: section = children
            case .submenu: submenu = children
            }
        }
    }

    var description: String {
        var text = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        if let row { text += " row=\(row)" }
        if let section { text += " section[\(section.map(\.description).joined(separator: "; "))]" }
        if let submenu { text += " submenu[\(submenu.map(\.description).joined(separator: "; "))]" }
        return "{" + text + "}"
    }

    static func == (lhs: PlanItem, rhs: PlanItem) -> Bool {
        lhs.attributes == rhs.attributes && lhs.section == rhs.section && lhs.submenu == rhs.submenu && lhs.row == rhs.row
    }
}

/// Every item of every level, depth first: handy for finding an item by label.
func flatten(_ items: [PlanItem]) -> [PlanItem] {
    items.flatMap { [$0] + flatten($0.section ?? []) + flatten($0.submenu ?? []) }
}

func item(labelled label: String, in items: [PlanItem], file: StaticString = #filePath, line: UInt = #line) -> PlanItem? {
    let found = flatten(items).first { $0.label == label }
    if found == nil { XCTFail("no item labelled \(label) in \(items)", file: file, line: line) }
    return found
}

/// The name an item's action has within the menu's own actions: "menu.copy" → "copy".
func localActionName(_ item: PlanItem?) -> String {
    String(item?.action?.split(separator: ".", maxSplits: 1).last ?? "")
}

extension XCTestCase {
    /// The planner and content are main-actor code; XCTest runs tests on the main thread.
    func onMain(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated(body)
    }
}
