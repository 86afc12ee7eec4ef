/// A value control that slides between two bounds, inside the menu (rule D2): choosing a value
/// keeps the menu open.
///
/// ```swift
/// Slider("Volume", value: Binding(player, \.volume), in: 0...1)
/// ```
public struct Slider: MenuContent {
    package let title: String
    package let value: SliderValue
    /// What a SwiftUI-style label held that a menu cannot show.
    package var labelProblems: [String] = []

    /// A slider titled `title` between `bounds`, in steps of `step` if given, bound to `value`.
    public init<Value: BinaryFloatingPoint & SendableMetatype>(
        _ title: String, value: Binding<Value>, in bounds: ClosedRange<Value> = 0...1, step: Value? = nil
    ) {
        self.title = title
        let lower = Double(bounds.lowerBound), upper = Double(bounds.upperBound)
        self.value = SliderValue(
            value: value.converted(get: { Double($0) }, set: { Value($0) }),
            lowerBound: lower.isFinite ? lower : 0, upperBound: upper.isFinite ? max(upper, lower) : max(lower, 0),
            step: step.map(Double.init).flatMap { $0.isFinite && $0 > 0 ? $0 : nil })
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        nodes.append(MenuNode(identity: identity, title: title, kind: .item(value)))
        if !labelProblems.isEmpty { nodes[nodes.count - 1].noteProblems(labelProblems) }
    }
}

extension Slider {
    /// A slider whose label is built as SwiftUI builds it:
    /// `Slider(value: $volume, in: 0...1) { Text("Volume") }`.
    public init<Value: BinaryFloatingPoint & SendableMetatype>(
        value: Binding<Value>, in bounds: ClosedRange<Value> = 0...1, step: Value? = nil,
        @MenuLabelBuilder label: () -> MenuLabel
    ) {
        let label = label()
        self.init(label.title, value: value, in: bounds, step: step)
        var problems = label.problems
        if let subtitle = label.subtitle { problems.append("a slider shows no subtitle (\"\(subtitle)\"); it is left out") }
        if let icon = label.icon { problems.append("a slider shows no icon ('\(icon)'); it is left out") }
        labelProblems = problems
    }
}

/// A slider's bounds and its bound value, which is read when the menu shows its state.
package struct SliderValue {
    /// The bound value, as a `Double`.
    package var value: Binding<Double>
    /// The lowest value.
    package var lowerBound: Double
    /// The highest value.
    package var upperBound: Double
    /// The distance between values people can choose; nil for any value.
    package var step: Double?

    /// `proposed` brought within the bounds and onto a step.
    package func fitted(_ proposed: Double) -> Double {
        guard proposed.isFinite else { return lowerBound }
        var fitted = min(max(proposed, lowerBound), upperBound)
        if let step {
            fitted = lowerBound + ((fitted - lowerBound) / step).rounded() * step
            fitted = min(fitted, upperBound)
        }
        return fitted
    }
}

extension SliderValue: MenuItemKind {
    /// The row GMenuKit draws for a slider (GTK 4.8 has none): its widget is registered by the
    /// GTK layer under this id.
    package static let rowID = "slider"

    package nonisolated var traits: ItemKindTraits {
        ItemKindTraits(role: .valueControl, name: "a slider", popUpMisfit: "a row of actions", takesAccessKey: true)
    }

    package nonisolated var isBlock: Bool { false }
    package nonisolated var availability: (available: Int, unavailable: Int) { (1, 0) }

    /// One action of a double state and parameter, fitted to the bounds and step; the bounds
    /// travel to the row in the item's `gmenukit-range` attribute, which other readers of the
    /// model see too.
    @MainActor package func plan(_ planning: inout KindPlanning, planner: inout MenuPlanner) -> [PlannedItem]? {
        let node = planning.node, path = planning.scope.path + [node.title]
        planner.reportIgnoredShortcut(node, scope: planning.scope)
        let name = planner.actionName(for: planning.identity, title: node.title)
        let isEmpty = !(lowerBound < upperBound)
        if isEmpty {
            planner.report(.warning, path: path, "the slider's range \(lowerBound)…\(upperBound) holds one value; it is dimmed")
        }
        planner.addAction(PlannedAction(name: name, isEnabled: !planning.inner.isDisabled && !isEmpty,
                                        behavior: .value(ValueControlAction(value: value, fit: fitted))))
        planning.attributes.action = planner.qualified(name)
        planning.attributes.range = Self.rangeAttribute(lower: lowerBound, upper: upperBound, step: step)
        // A value control: moving it never closes the menu.
        planning.attributes.keepsMenuOpen = true
        if planner.options.drawsOwnRows {
            planning.attributes.row = .kindRow(Self.rowID)
        } else {
            planner.report(.warning, path: path, "a slider is drawn only by GMenuKit's controls; in a menu GTK shows alone it is dimmed")
        }
        return nil
    }

    /// The bounds and step as the `gmenukit-range` attribute writes them: "lower upper step"
    /// (step 0 for any value).
    package static func rangeAttribute(lower: Double, upper: Double, step: Double?) -> String {
        [lower, upper, step ?? 0].map { String($0) }.joined(separator: " ")
    }

    /// The bounds and step a `gmenukit-range` attribute holds (0…1, any value, when it holds none).
    package static func range(fromAttribute text: String?) -> (lower: Double, upper: Double, step: Double) {
        let bounds = (text ?? "0 1 0").split(separator: " ").compactMap { Double($0) }
        return (bounds.first ?? 0, bounds.count > 1 ? bounds[1] : 1, bounds.count > 2 ? bounds[2] : 0)
    }
}
