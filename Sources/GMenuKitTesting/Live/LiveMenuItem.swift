import CGtk
import GMenuKitGTK

/// One item of a ``LiveMenu``, found by its path: read and acted on through GIO, as GTK's
/// popover does when the item is chosen. It reads the menu as it is now.
///
/// ```swift
/// let bold = try live.item("Format", "Bold")
/// try bold.activate()                     // g_action_group_activate_action, as GTK does
/// XCTAssertEqual(bold.isChecked, true)
/// ```
@MainActor
public struct LiveMenuItem: @MainActor CustomStringConvertible {
    /// The menu the item was found in.
    public let menu: LiveMenu
    /// The titles leading to the item, its own last: ["Edit", "Sort By", "Date"].
    public let path: [String]
    /// Where it stood when found: its position at each level from the top.
    let positions: [Int]
    /// Its own title when found (an untitled section's path ends with its parent's).
    let ownTitle: String?

    init(menu: LiveMenu, path: [String], positions: [Int], title: String? = nil) {
        self.menu = menu
        self.path = path
        self.positions = positions
        self.ownTitle = title
    }

    private func entry() -> LiveEntry? {
        guard let entry = menu.entry(at: positions, titled: ownTitle ?? path.last, path: path) else { return nil }
        return entry
    }

    /// Whether the item is still in the menu.
    public var exists: Bool { entry() != nil }

    /// Everything GTK shows of the item now, its section's or submenu's items included.
    public var reading: MenuItemReading {
        entry()?.reading ?? MenuItemReading(kind: .command, title: path.last ?? "", isEnabled: false, isVisible: false)
    }

    /// What the item is: a command, a toggle, an option, …
    public var kind: MenuItemReading.Kind { reading.kind }
    /// The label as shown, without the access key's mark.
    public var title: String { reading.title }
    /// The letter that chooses the item while its menu is open.
    public var accessKey: Character? { reading.accessKey }
    /// The second, smaller line (`gmenukit-subtitle`).
    public var subtitle: String? { reading.subtitle }
    /// The icon's name.
    public var icon: String? { reading.icon }
    /// The shortcut as shown beside the item: "Ctrl+S".
    public var shortcut: String? { reading.shortcut }
    /// False while the item is dimmed.
    public var isEnabled: Bool { reading.isEnabled }
    /// False while GTK hides it (`hidden-when`), or when it is gone from the menu.
    public var isVisible: Bool { reading.isVisible && exists }
    /// A toggle's checkmark or an option's radio mark; nil for items that show none.
    public var isChecked: Bool? { reading.isChecked }
    /// Whether it is drawn red and asks before it acts (`gmenukit-role`).
    public var isDestructive: Bool { reading.isDestructive }
    /// Whether choosing it leaves the menu open (`gmenukit-keeps-open`).
    public var keepsMenuOpen: Bool { reading.keepsMenuOpen }
    /// The badge at the end of the row (`gmenukit-badge`).
    public var badge: String? { reading.badge }
    /// The tooltip (`gmenukit-help`).
    public var help: String? { reading.help }
    /// A slider's value (its action's `double` state).
    public var value: Double? { reading.value }
    /// A section's or submenu's items.
    public var children: [LiveMenuItem] {
        guard let entry = entry() else { return [] }
        return entry.children.enumerated().map { index, child in
            LiveMenuItem(menu: menu, path: path + [child.reading.title], positions: positions + [index],
                         title: child.reading.title)
        }
    }

    /// The path, as "Edit › Sort By › Date".
    public var description: String { path.joined(separator: " › ") }

    // MARK: Acting

    /// Chooses the item, as a click on GTK's button does: activates its action with its target
    /// (of any type) as the parameter. Fails when the item is dimmed, hidden, opens a submenu,
    /// or its action is found nowhere.
    public func activate() throws(MenuTestFailure) {
        let entry = try current()
        switch entry.reading.kind {
        case .submenu, .section, .stepper:
            throw MenuTestFailure("'\(self)' is a \(entry.reading.kind.rawValue), which is not chosen: choose one of its items")
        default: break
        }
        try requireChoosable(entry)
        let target = entry.value("target")
        try perform(entry, parameter: target?.variant)
    }

    /// Flips a toggle, as choosing it does; fails for any other kind.
    public func toggle() throws(MenuTestFailure) { try ItemChoosing.choose(self, as: .toggle, named: "a toggle") }

    /// Selects an option of a picker, as choosing it does; fails for any other kind.
    public func select() throws(MenuTestFailure) { try ItemChoosing.choose(self, as: .option, named: "a picker's option") }

    /// Chooses the option titled `title` of this picker (a submenu or section of options,
    /// its sections' options included: an app's submenu often groups them).
    public func select(_ title: String) throws(MenuTestFailure) { try ItemChoosing.select(title, of: self) }

    /// Moves a stepper one step up, as its increase button does.
    public func increment() throws(MenuTestFailure) { try step(1) }
    /// Moves a stepper one step down, as its decrease button does.
    public func decrement() throws(MenuTestFailure) { try step(0) }

    private func step(_ button: Int) throws(MenuTestFailure) {
        guard kind == .stepper else { throw MenuTestFailure("'\(self)' is a \(kind.rawValue), not a stepper") }
        let buttons = children
        guard buttons.count == 2 else { throw MenuTestFailure("'\(self)' has no \(button == 1 ? "increase" : "decrease") button") }
        try buttons[button].activate()
    }

    /// Moves a slider to `value`: activates its action with the value as a `double`, as
    /// GMenuKit's slider row does (the action fits it to the bounds and step). Fails for any
    /// other kind, or when the slider is dimmed.
    public func setValue(_ value: Double) throws(MenuTestFailure) {
        let entry = try current()
        guard entry.reading.kind == .slider else { throw MenuTestFailure("'\(self)' is a \(entry.reading.kind.rawValue), not a slider") }
        try requireChoosable(entry)
        try perform(entry, parameter: g_variant_new_double(value))
    }

    private func current() throws(MenuTestFailure) -> LiveEntry {
        guard let entry = entry() else { throw MenuTestFailure("'\(self)' is no longer in the menu\n\(menu.outline)") }
        return entry
    }

    private func requireChoosable(_ entry: LiveEntry) throws(MenuTestFailure) {
        guard entry.reading.isVisible else { throw MenuTestFailure("'\(self)' is hidden: people cannot choose it\n\(menu.outline)") }
        guard entry.reading.isEnabled else { throw MenuTestFailure("'\(self)' is dimmed: people cannot choose it\n\(menu.outline)") }
    }

    /// `parameter` may be floating (a new value): it is held here until the action ran.
    private func perform(_ entry: LiveEntry, parameter: OpaquePointer?) throws(MenuTestFailure) {
        let parameter = parameter.map { g_variant_ref_sink($0)! }
        defer { if let parameter { g_variant_unref(parameter) } }
        if let perform = entry.perform {
            guard perform() else { throw MenuTestFailure("'\(self)' is no longer in its list\n\(menu.outline)") }
            return
        }
        guard let action = entry.string("action") else {
            throw MenuTestFailure("'\(self)' has no action: choosing it does nothing")
        }
        guard menu.activate(action, parameter: parameter) else {
            throw MenuTestFailure("'\(self)' names '\(action)', which is found nowhere the menu looks\n\(menu.outline)")
        }
    }
}
