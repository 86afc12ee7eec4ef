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
        nodes.append(MenuNode(identity: identity, title: title, kind: .slider(value)))
        if !labelProblems.isEmpty { nodes[nodes.count - 1].noteProblems(labelProblems) }
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
