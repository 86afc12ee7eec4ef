/// Items that show the state of an action the application already has: GTK draws the check
/// mark or radio marks from the action's state (gtkmenutrackeritem.c), whatever its type.
///
/// ```swift
/// Toggle("Show Hidden Files", actionName: "win.show-hidden")          // a Boolean state
/// Picker("Sort By", actionName: "win.sort") {                          // a "(sb)" state
///     Text("A-Z").target(("name", false))
///     Text("Z-A").target(("name", true))
/// }
/// ```
///
/// A state of another type than the item shows, or a target of another type than the
/// action's parameter, is reported when the menu is shown in the app's window.
extension Toggle {
    /// A check item of an app's stateful action with a Boolean state and no parameter.
    public init(_ title: String, icon: String? = nil, subtitle: String? = nil, actionName: String) {
        self.init(title, icon: icon, subtitle: subtitle, isOn: .constant(false))
        borrowedActionName = actionName
    }
}

extension Picker where SelectionValue == MenuActionTarget {
    /// Radio items of an app's stateful action: each option's target is a value the state
    /// takes, of the action's parameter type.
    public init(
        _ title: String, icon: String? = nil, actionName: String,
        @PickerContentBuilder<MenuActionTarget> content: () -> [PickerOption<MenuActionTarget>]
    ) {
        self.init(title, icon: icon, selection: .constant(MenuActionTarget.string("")), content: content)
        borrowedActionName = actionName
    }
}

extension Text {
    /// An option of a picker bound to an app's action (`Picker(_, actionName:)`): the target
    /// the action's state takes when it is chosen.
    public func target<Value: MenuActionTargetRepresentable>(_ value: Value) -> PickerOption<MenuActionTarget> {
        tag(MenuActionTarget(value))
    }

    /// The option selects when the action's state is this pair (a radio item of a `(sb)` state).
    public func target<A: MenuActionTargetRepresentable, B: MenuActionTargetRepresentable>(_ value: (A, B)) -> PickerOption<MenuActionTarget> {
        tag(MenuActionTarget(value))
    }

    /// The option selects when the action's state is this triple.
    public func target<A: MenuActionTargetRepresentable, B: MenuActionTargetRepresentable, C: MenuActionTargetRepresentable>(
        _ value: (A, B, C)
    ) -> PickerOption<MenuActionTarget> {
        tag(MenuActionTarget(value))
    }
}

extension Picker {
    /// The options as items of the borrowed action, each with its target, in a section
    /// headed by the title (or a submenu, `.pickerStyle(.menu)`).
    package func resolveBorrowed(_ actionName: String, at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        var children: [MenuNode] = []
        for (index, option) in options.enumerated() {
            let target = option.tag as? MenuActionTarget
            var node = MenuNode(identity: identity.appending("option", index), title: option.title,
                                kind: .button(.named(actionName, target: target)))
            node.icon = option.icon
            node.isDisabled = option.isDisabled
            node.showsActionState = true
            children.append(node)
        }
        var node = MenuNode(identity: identity, title: title,
                            kind: style == .menu ? .submenu(children: children, primaryAction: nil) : .section(children: children))
        node.icon = icon
        nodes.append(node)
    }
}
