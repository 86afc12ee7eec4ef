/// An item that shows a checkmark while its bound value is on (rule T4).
///
/// ```swift
/// Toggle("Bold", isOn: Binding(document, \.isBold))
/// ```
public struct Toggle: MenuContent {
    let title: String
    let icon: String?
    let subtitle: String?
    let isOn: Binding<Bool>
    /// Set for a toggle of an app's action (`Toggle(_, actionName:)`).
    var borrowedActionName: String?

    public init(_ title: String, icon: String? = nil, subtitle: String? = nil, isOn: Binding<Bool>) {
        self.title = title
        self.icon = icon
        self.subtitle = subtitle
        self.isOn = isOn
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout [MenuNode]) {
        // Filled in place, as `Button` does.
        if let borrowedActionName {
            nodes.append(MenuNode(identity: identity, title: title, kind: .button(.named(borrowedActionName, target: nil))))
            nodes[nodes.count - 1].showsActionState = true
        } else {
            nodes.append(MenuNode(identity: identity, title: title, kind: .toggle(isOn: isOn)))
        }
        let last = nodes.count - 1
        nodes[last].icon = icon
        nodes[last].subtitle = subtitle
    }
}
