/// A value control: decrease and increase buttons side by side, under the stepper's title.
///
/// Write the current value into the title so that people see it change:
/// ```swift
/// Stepper("Font Size: \(model.fontSize)", value: Binding(model, \.fontSize), in: 8...72)
/// ```
public struct Stepper: MenuContent {
    package let title: String
    package let currentState: @MainActor () -> StepperValue
    /// What a SwiftUI-style label held that a menu cannot show.
    package var labelProblems: [String] = []

    public init<Value: Strideable>(
        _ title: String, value: Binding<Value>, in bounds: ClosedRange<Value>, step: Value.Stride = 1
    ) {
        self.title = title
        /// One step, stopping at the bounds. It compares with the bound less a step rather than
        /// adding first, so a value near the type's limit (`Int.max`) cannot overflow.
        @MainActor func moved(by distance: Value.Stride) -> Value {
            let current = value.wrappedValue
            let bound = distance < 0 ? bounds.lowerBound : bounds.upperBound
            let lastStart = bound.advanced(by: -distance)
            let fits = distance < 0 ? current >= lastStart : current <= lastStart
            return fits ? current.advanced(by: distance) : bound
        }
        currentState = {
            StepperValue(
                canDecrement: value.wrappedValue > bounds.lowerBound,
                canIncrement: value.wrappedValue < bounds.upperBound,
                decrement: { value.wrappedValue = moved(by: -step) },
                increment: { value.wrappedValue = moved(by: step) })
        }
    }

    /// The same for integers, whose steps must not overflow at the limits of the type (a step
    /// of `Int.max` from `-5`, or bounds of `Int.min...Int.max`): a step that would pass a
    /// bound, or the type's end, stops at the bound.
    public init<Value: FixedWidthInteger>(
        _ title: String, value: Binding<Value>, in bounds: ClosedRange<Value>, step: Value.Stride = 1
    ) where Value.Stride: FixedWidthInteger {
        self.title = title
        @MainActor func moved(decreasing: Bool) -> Value {
            let current = min(max(value.wrappedValue, bounds.lowerBound), bounds.upperBound)
            // A negative step moves the other way.
            let down = decreasing != (step < 0)
            let toward = down ? bounds.lowerBound : bounds.upperBound
            guard let magnitude = Value(exactly: step.magnitude) else { return toward }
            let (next, overflowed) = down ? current.subtractingReportingOverflow(magnitude) : current.addingReportingOverflow(magnitude)
            return overflowed ? toward : min(max(next, bounds.lowerBound), bounds.upperBound)
        }
        currentState = {
            StepperValue(
                canDecrement: value.wrappedValue > bounds.lowerBound,
                canIncrement: value.wrappedValue < bounds.upperBound,
                decrement: { value.wrappedValue = moved(decreasing: true) },
                increment: { value.wrappedValue = moved(decreasing: false) })
        }
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        nodes.append(MenuNode(identity: identity, title: title, kind: .stepper(currentState())))
        if !labelProblems.isEmpty { nodes[nodes.count - 1].noteProblems(labelProblems) }
    }
}
