/// A command in a menu.
///
/// ```swift
/// Button("Copy", icon: "edit-copy-symbolic") { copy() }
///     .keyboardShortcut("<Control>c")
/// Button("Delete…", role: .destructive) { delete() }
/// Button("Quit", actionName: "app.quit")
/// Button("Export…") { await document.export() }   // a main-actor task; dimmed while it runs
/// ```
public struct Button: MenuContent {
    package let title: String
    package let icon: String?
    package let subtitle: String?
    package let role: ButtonRole?
    package let action: ButtonAction
    /// What a SwiftUI-style label held that a menu cannot show.
    package var labelProblems: [String] = []
    /// A `Label`'s `.labelStyle(_:)` inside a SwiftUI-style label.
    package var builtLabelStyle: LabelStyle = .automatic

    /// A button that runs `action` when chosen, with an optional icon (a freedesktop icon name),
    /// subtitle (rule L6) and role.
    public init(
        _ title: String, icon: String? = nil, subtitle: String? = nil, role: ButtonRole? = nil,
        action: @escaping @MainActor () -> Void
    ) {
        self.title = title
        self.icon = icon
        self.subtitle = subtitle
        self.role = role
        self.action = .perform(action)
    }

    /// A button whose action is async: each activation runs it as a main-actor task (GMenuKit
    /// drains Swift's main queue from the GLib main loop, see ``MainLoopBridge``). While it
    /// runs, the item is dimmed and further activations do nothing, unless
    /// `.asyncActionPolicy(_:)` says otherwise. A closure without `await` picks the
    /// synchronous initializer.
    @_disfavoredOverload
    public init(
        _ title: String, icon: String? = nil, subtitle: String? = nil, role: ButtonRole? = nil,
        action: @escaping @MainActor () async -> Void
    ) {
        self.title = title
        self.icon = icon
        self.subtitle = subtitle
        self.role = role
        self.action = .performAsync(action)
    }

    /// A button for an action the application already has, by its detailed GTK name
    /// (`app.quit`, `win.zoom-in`, `win.close-tab(false)`, `win.open::recent`), with an
    /// optional string target.
    public init(
        _ title: String, icon: String? = nil, subtitle: String? = nil, role: ButtonRole? = nil,
        actionName: String, target: String? = nil
    ) {
        self.init(title, icon: icon, subtitle: subtitle, role: role, actionName: actionName,
                  variantTarget: target.map(MenuActionTarget.string))
    }

    /// A button for an action the application already has, with a target of any
    /// GVariant-representable value: `true`, `Int32(2)`, `1.5`, `("name", false)`. GTK checks
    /// an item whose target is the action's state (radio items); a target whose type is not
    /// the action's parameter type is reported when the menu is shown in the app's window.
    public init<Target: MenuActionTargetRepresentable>(
        _ title: String, icon: String? = nil, subtitle: String? = nil, role: ButtonRole? = nil,
        actionName: String, target: Target
    ) {
        self.init(title, icon: icon, subtitle: subtitle, role: role, actionName: actionName,
                  variantTarget: MenuActionTarget(target))
    }

    /// A tuple target: `("name", false)` is a `(sb)`.
    public init<A: MenuActionTargetRepresentable, B: MenuActionTargetRepresentable>(
        _ title: String, icon: String? = nil, subtitle: String? = nil, role: ButtonRole? = nil,
        actionName: String, target: (A, B)
    ) {
        self.init(title, icon: icon, subtitle: subtitle, role: role, actionName: actionName,
                  variantTarget: MenuActionTarget(target))
    }

    /// A button of an app's action with a target of three values (GVariant type `(…)`).
    public init<A: MenuActionTargetRepresentable, B: MenuActionTargetRepresentable, C: MenuActionTargetRepresentable>(
        _ title: String, icon: String? = nil, subtitle: String? = nil, role: ButtonRole? = nil,
        actionName: String, target: (A, B, C)
    ) {
        self.init(title, icon: icon, subtitle: subtitle, role: role, actionName: actionName,
                  variantTarget: MenuActionTarget(target))
    }

    /// A target given as a GVariant (`MenuActionTarget(type: "(sb)", text: "('name', false)")`).
    public init(
        _ title: String, icon: String? = nil, subtitle: String? = nil, role: ButtonRole? = nil,
        actionName: String, variantTarget: MenuActionTarget?
    ) {
        self.title = title
        self.icon = icon
        self.subtitle = subtitle
        self.role = role
        self.action = .named(actionName, target: variantTarget)
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        // Filled in place: a node is large, and a finished local would be copied into the array.
        nodes.append(MenuNode(identity: identity, title: copied(title), kind: .button(action.copy()), icon: copied(icon), subtitle: copied(subtitle)))
        let last = nodes.count - 1
        if let role { nodes[last].role = role }
        if !labelProblems.isEmpty { nodes[last].noteProblems(labelProblems) }
        if builtLabelStyle != .automatic { nodes[last].details.labelStyle = builtLabelStyle }
    }

    /// What ``resolve(at:into:)`` makes the node of a button running a closure from, with
    /// nothing else to note.
    public func _readForKeeping(into reading: inout _KeptContentReading) -> Bool {
        guard labelProblems.isEmpty, builtLabelStyle == .automatic else { return false }
        switch action {
        case .perform(let perform):
            reading.runsClosure = true
            if reading.keepsClosure { reading.perform = perform }
        default: return false
        }
        reading.hash.mix(4)
        reading.hash.mix(title)
        reading.hash.mix(icon)
        reading.hash.mix(subtitle)
        reading.hash.mix(role.map { $0 == .destructive ? 1 : 2 } ?? 0)
        return true
    }
}
