/// What the rest of GMenuKit needs to know of an item kind, so that the guideline checks, the
/// command arrangement, pop-up and menu-bar checks and the availability count read it
/// instead of each switching over every kind there is.
package struct ItemKindTraits: Sendable {
    /// What the item is to people, as the guideline checks read its label.
    package enum Role: Sendable {
        case command, toggle, choice, submenu, group, valueControl, divider, widget
    }

    package var role: Role
    /// How a diagnostic names the kind: "a stepper".
    package var name: String
    /// What the pop-up button check (rule U1) calls it when it does not belong in a pop-up
    /// button's menu; nil: it belongs there (options, sections, dividers).
    package var popUpMisfit: String?
    /// Whether the keyboard chooses it by an access key while its menu is open (G3, G4).
    package var takesAccessKey: Bool

    package init(role: Role, name: String, popUpMisfit: String?, takesAccessKey: Bool) {
        self.role = role
        self.name = name
        self.popUpMisfit = popUpMisfit
        self.takesAccessKey = takesAccessKey
    }
}

/// An item kind that describes itself in its own file: its content and SwiftUI initializers,
/// how it plans (its actions and attributes, through the planner's services), what the checks
/// need to know of it (`traits`), and, where it draws a row of its own, the row's id, whose
/// widget the GTK layer registers once (`ItemKindRows`). A node of such a kind is
/// `MenuNode.Kind.item`: adding a kind adds its files and one registration, and no switch over
/// kinds anywhere else.
@MainActor
package protocol MenuItemKind {
    nonisolated var traits: ItemKindTraits { get }
    /// Whether the item is a block of its level (a section of its own, as a stepper's row of
    /// buttons is) rather than one item among the level's items.
    nonisolated var isBlock: Bool { get }
    /// How many of the item's parts can be used now, and how many are dimmed (rule A3), when
    /// its menu is enabled.
    nonisolated var availability: (available: Int, unavailable: Int) { get }
    /// Plans the item: its action and attributes (`planning.attributes`); a block returns the
    /// items of its section, an item nil.
    func plan(_ planning: inout KindPlanning, planner: inout MenuPlanner) -> [PlannedItem]?
}

/// One item of a self-describing kind while it is planned: the node, where it stands, and the
/// attributes of its menu item so far (label, icon, hidden-when, dismissal).
package struct KindPlanning {
    package let node: MenuNode
    package let identity: MenuIdentity
    /// The scope the item stands in, and its own (its path, dimming and dismissal).
    package let scope: MenuPlanner.Scope
    package let inner: MenuPlanner.Scope
    package var attributes: PlannedAttributes
}

extension MenuNode {
    /// What the rest of GMenuKit needs to know of the node's kind.
    package var traits: ItemKindTraits {
        switch kind {
        case .button: ItemKindTraits(role: .command, name: "a button", popUpMisfit: "an action", takesAccessKey: true)
        case .toggle:
            ItemKindTraits(role: .toggle, name: "a toggle",
                           popUpMisfit: "a toggle, which lets people choose several things,", takesAccessKey: true)
        case .picker(let choice) where choice.style == .menu:
            ItemKindTraits(role: .submenu, name: "a picker", popUpMisfit: "a submenu of options", takesAccessKey: true)
        case .picker: ItemKindTraits(role: .choice, name: "a picker", popUpMisfit: nil, takesAccessKey: false)
        case .submenu: ItemKindTraits(role: .submenu, name: "a submenu", popUpMisfit: "a submenu", takesAccessKey: true)
        case .section: ItemKindTraits(role: .group, name: "a section", popUpMisfit: nil, takesAccessKey: false)
        case .controlGroup:
            ItemKindTraits(role: .group, name: "a control group", popUpMisfit: "a row of actions", takesAccessKey: false)
        case .divider: ItemKindTraits(role: .divider, name: "a divider", popUpMisfit: nil, takesAccessKey: false)
        case .widget: ItemKindTraits(role: .widget, name: "a widget", popUpMisfit: "an app's widget", takesAccessKey: false)
        case .item(let item): item.traits
        }
    }
}
