/// An item that shows a checkmark while its bound value is on (rule T4).
///
/// ```swift
/// Toggle("Bold", isOn: Binding(document, \.isBold))
/// ```
public struct Toggle: MenuContent {
    package let title: String
    package let icon: String?
    package let subtitle: String?
    package let isOn: Binding<Bool>
    /// What a SwiftUI-style label held that a menu cannot show.
    package var labelProblems: [String] = []
    /// A `Label`'s `.labelStyle(_:)` inside a SwiftUI-style label.
    package var builtLabelStyle: LabelStyle = .automatic
    /// Set for a toggle of an app's action (`Toggle(_, actionName:)`).
    package var borrowedActionName: String?

    /// A toggle titled `title` showing a checkmark while `isOn` is true, with an optional icon and subtitle.
    public init(_ title: String, icon: String? = nil, subtitle: String? = nil, isOn: Binding<Bool>) {
        self.title = title
        self.icon = icon
        self.subtitle = subtitle
        self.isOn = isOn
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        // Filled in place, as `Button` does.
        if let borrowedActionName {
            nodes.append(MenuNode(identity: identity, title: title, kind: .button(.named(borrowedActionName, target: nil)),
                                  icon: copied(icon), subtitle: copied(subtitle)))
            nodes[nodes.count - 1].showsActionState = true
        } else {
            nodes.append(MenuNode(identity: identity, title: copied(title), kind: .toggle(isOn: isOn), icon: copied(icon), subtitle: copied(subtitle)))
        }
        let last = nodes.count - 1
        if !labelProblems.isEmpty { nodes[last].noteProblems(labelProblems) }
        if builtLabelStyle != .automatic { nodes[last].details.labelStyle = builtLabelStyle }
    }

    /// What ``resolve(at:into:)`` makes the node of a toggle of its own binding from, with
    /// nothing else to note.
    public func _readForKeeping(into reading: inout _KeptContentReading) -> Bool {
        guard borrowedActionName == nil, labelProblems.isEmpty, builtLabelStyle == .automatic else { return false }
        reading.hash.mix(3)
        reading.hash.mix(title)
        reading.hash.mix(icon)
        reading.hash.mix(subtitle)
        reading.isOn = isOn
        return true
    }
}
