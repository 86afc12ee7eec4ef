import GMenuKitCore
import GMenuKitBuilder

/// One item of an ``InspectedMenu``, found by its path: read and acted on as a person would.
/// It reads the menu as it is now, so after a model changes it shows the change.
///
/// ```swift
/// let bold = try menu.item("Format", "Bold")
/// try bold.activate()                     // flips the toggle, as choosing it does
/// XCTAssertEqual(bold.isChecked, true)
/// ```
@MainActor
public struct InspectedItem: @MainActor CustomStringConvertible {
    /// The menu the item was found in.
    public let menu: InspectedMenu
    let identity: MenuIdentity
    /// The titles leading to the item, its own last: ["Edit", "Sort By", "Date"].
    public let path: [String]
    let location: ItemLocation?

    init(menu: InspectedMenu, identity: MenuIdentity, path: [String], location: ItemLocation? = nil) {
        self.menu = menu
        self.identity = identity
        self.path = path
        self.location = location
    }

    private func found() -> (item: PlannedItem, rendering: InspectedMenu.Rendering)? {
        menu.planned(identity, hint: location)
    }

    /// Whether the item is still in the menu (a list's element may have gone).
    public var exists: Bool { found() != nil }

    /// Everything a person sees of the item now, its section's or submenu's items included.
    public var reading: MenuItemReading {
        guard let (planned, rendering) = found() else {
            return MenuItemReading(kind: .command, title: path.last ?? "", isEnabled: false, isVisible: false)
        }
        return menu.reading(of: planned, in: rendering)
    }

    private var shallow: MenuItemReading {
        guard let (planned, rendering) = found() else {
            return MenuItemReading(kind: .command, title: path.last ?? "", isEnabled: false, isVisible: false)
        }
        return menu.reading(of: planned, in: rendering, deep: false)
    }

    /// What the item is: a command, toggle, option, submenu, stepper, slider, …
    public var kind: MenuItemReading.Kind { shallow.kind }
    /// The label as shown, without the access key's mark.
    public var title: String { shallow.title }
    /// The letter that chooses the item while its menu is open.
    public var accessKey: Character? { shallow.accessKey }
    /// The title with GTK's mark before the access key: "_Save".
    public var titleWithAccessKey: String { shallow.titleWithAccessKey }
    /// The second, smaller line.
    public var subtitle: String? { shallow.subtitle }
    /// The freedesktop icon name.
    public var icon: String? { shallow.icon }
    /// The shortcut as shown beside the item: "Ctrl+S".
    public var shortcut: String? { shallow.shortcut }
    /// False while the item is dimmed.
    public var isEnabled: Bool { shallow.isEnabled }
    /// False while GTK hides it (`hidden-when`), or when it is gone from the menu.
    public var isVisible: Bool { shallow.isVisible && exists }
    /// A toggle's checkmark or an option's radio mark; nil for items that show none.
    public var isChecked: Bool? { shallow.isChecked }
    /// An option's radio mark: the same as ``isChecked``, by the name pickers use.
    public var isSelected: Bool { shallow.isChecked ?? false }
    /// Drawn red, and asks before it acts.
    public var isDestructive: Bool { shallow.isDestructive }
    /// Choosing it leaves the menu open.
    public var keepsMenuOpen: Bool { shallow.keepsMenuOpen }
    /// The badge at the end of the row.
    public var badge: String? { shallow.badge }
    /// The tooltip (`.help`).
    public var help: String? { shallow.help }
    /// A slider's value, or a stepper's (as its binding holds it).
    public var value: Double? {
        if let value = shallow.value { return value }
        guard let (_, rendering) = found(), let node = menu.node(identity, in: rendering),
              case .item(let kind) = node.kind, let stepper = kind as? StepperValue else { return nil }
        return stepper.value()
    }
    /// Whether the item's async action still runs (under any policy).
    public var isRunning: Bool { menu.isRunning(identity) }
    /// A section's or submenu's items.
    public var children: [InspectedItem] {
        guard let (planned, _) = found(), let link = planned.link else { return [] }
        let positions = location?.positions
        return link.children.enumerated().map { index, child in
            let title = child.shownTitle
            return InspectedItem(menu: menu, identity: child.identity, path: path + [title],
                                 location: positions.map { ItemLocation($0 + [index]) })
        }
    }

    public var description: String { path.joined(separator: " › ") }

    // MARK: Acting

    /// Chooses the item, as a click or Return on it does: runs a command (an async one starts
    /// its task: see ``isRunning``, ``InspectedMenu/waitForActions()``), flips a toggle,
    /// selects an option. A destructive item asks first (``InspectedMenu/pendingConfirmation``).
    /// Fails when the item is dimmed, hidden, or opens a submenu.
    public func activate() throws(MenuTestFailure) {
        let (planned, rendering) = try current()
        let reading = menu.reading(of: planned, in: rendering, deep: false)
        switch reading.kind {
        case .submenu, .section, .stepper:
            throw MenuTestFailure("'\(self)' is \(reading.kind == .submenu ? "a submenu" : "a \(reading.kind.rawValue)"), which is not chosen: choose one of its items")
        default: break
        }
        guard reading.isVisible else { throw MenuTestFailure("'\(self)' is hidden: people cannot choose it\n\(menu.outline)") }
        guard reading.isEnabled else { throw MenuTestFailure("'\(self)' is dimmed: people cannot choose it\n\(menu.outline)") }
        try perform(planned, rendering: rendering, value: nil)
    }

    /// Chooses the item and waits until the async actions it started have finished.
    public func activateAndWait() async throws(MenuTestFailure) {
        try activate()
        await menu.waitForActions()
    }

    /// Flips a toggle, as choosing it does; fails for any other kind.
    public func toggle() throws(MenuTestFailure) { try ItemChoosing.choose(self, as: .toggle, named: "a toggle") }

    /// Selects an option of a picker, as choosing it does; fails for any other kind.
    public func select() throws(MenuTestFailure) { try ItemChoosing.choose(self, as: .option, named: "a picker's option") }

    /// Chooses the option titled `title` of this picker (a submenu or section of options).
    public func select(_ title: String) throws(MenuTestFailure) { try ItemChoosing.select(title, of: self) }

    /// Moves a stepper one step up, as its increase button does.
    public func increment() throws(MenuTestFailure) { try step("increase") }
    /// Moves a stepper one step down, as its decrease button does.
    public func decrement() throws(MenuTestFailure) { try step("decrease") }

    private func step(_ part: String) throws(MenuTestFailure) {
        guard kind == .stepper else { throw MenuTestFailure("'\(self)' is a \(kind.rawValue), not a stepper") }
        guard let button = children.first(where: { $0.identity.path.hasSuffix("/" + part) }) else {
            throw MenuTestFailure("'\(self)' has no \(part) button")
        }
        try button.activate()
    }

    /// Moves a slider to `value`, as dragging it does: the value is fitted to the slider's
    /// bounds and step. Fails for any other kind, or when the slider is dimmed.
    public func setValue(_ value: Double) throws(MenuTestFailure) {
        let (planned, rendering) = try current()
        let reading = menu.reading(of: planned, in: rendering, deep: false)
        guard reading.kind == .slider else { throw MenuTestFailure("'\(self)' is a \(reading.kind.rawValue), not a slider") }
        guard reading.isEnabled else { throw MenuTestFailure("'\(self)' is dimmed: people cannot move it") }
        try perform(planned, rendering: rendering, value: value)
    }

    private func current() throws(MenuTestFailure) -> (PlannedItem, InspectedMenu.Rendering) {
        guard let found = found() else {
            throw MenuTestFailure("'\(self)' is no longer in the menu\n\(menu.outline)")
        }
        return found
    }

    /// What GTK does when the item's action is activated: the menu's own action with the
    /// item's target, or the borrowed action, noted for the test.
    private func perform(_ planned: PlannedItem, rendering: InspectedMenu.Rendering, value: Double?) throws(MenuTestFailure) {
        let attributes = planned.attributes
        guard let name = attributes.action else { throw MenuTestFailure("'\(self)' has no action") }
        defer { menu.markChanged() }
        guard let action = menu.ownAction(name, in: rendering) else {
            menu.noteBorrowed(name, target: attributes.target.map { "'\($0)'" } ?? attributes.targetValue?.text)
            return
        }
        switch action.behavior {
        case .perform(let perform):
            perform()
        case .toggle(let isOn):
            isOn.wrappedValue.toggle()
        case .dispatch(let closures, _):
            guard let target = attributes.target, let closure = closures[target] else {
                throw MenuTestFailure("'\(self)' names no closure of its menu's action")
            }
            closure()
        case .choice(_, let select, _):
            _ = select(attributes.target ?? "")
        case .value(let control):
            guard let value else { throw MenuTestFailure("'\(self)' is a slider: set its value with setValue(_:)") }
            control.value.wrappedValue = control.fit(value)
        }
    }
}
