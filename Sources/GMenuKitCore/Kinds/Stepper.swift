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
                value: { Stepper.number(value.wrappedValue) },
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
                value: { Double(value.wrappedValue) },
                decrement: { value.wrappedValue = moved(decreasing: true) },
                increment: { value.wrappedValue = moved(decreasing: false) })
        }
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        nodes.append(MenuNode(identity: identity, title: title, kind: .item(currentState())))
        if !labelProblems.isEmpty { nodes[nodes.count - 1].noteProblems(labelProblems) }
    }
}

extension Stepper {
    /// A stepper whose label is built as SwiftUI builds it:
    /// `Stepper(value: $quantity, in: 1...10) { Text("Quantity: \(quantity)") }`.
    public init<Value: Strideable>(
        value: Binding<Value>, in bounds: ClosedRange<Value>, step: Value.Stride = 1,
        @MenuLabelBuilder label: () -> MenuLabel
    ) {
        let label = label()
        self.init(label.title, value: value, in: bounds, step: step)
        labelProblems = Stepper.problems(of: label)
    }

    /// The same for integers, whose steps stop at the limits of the type.
    public init<Value: FixedWidthInteger>(
        value: Binding<Value>, in bounds: ClosedRange<Value>, step: Value.Stride = 1,
        @MenuLabelBuilder label: () -> MenuLabel
    ) where Value.Stride: FixedWidthInteger {
        let label = label()
        self.init(label.title, value: value, in: bounds, step: step)
        labelProblems = Stepper.problems(of: label)
    }

    /// A stepper without bounds, as SwiftUI's `Stepper(_:value:step:)`: it stops only at the
    /// limits of the type.
    public init<Value: FixedWidthInteger>(
        _ title: String, value: Binding<Value>, step: Value.Stride = 1
    ) where Value.Stride: FixedWidthInteger {
        self.init(title, value: value, in: Value.min...Value.max, step: step)
    }

    /// The same with a built label: `Stepper(value: $quantity) { Text("Quantity") }`.
    public init<Value: FixedWidthInteger>(
        value: Binding<Value>, step: Value.Stride = 1, @MenuLabelBuilder label: () -> MenuLabel
    ) where Value.Stride: FixedWidthInteger {
        self.init(value: value, in: Value.min...Value.max, step: step, label: label)
    }

    /// A stepper over a floating-point value without bounds: it stops at the largest finite values.
    public init<Value: BinaryFloatingPoint>(_ title: String, value: Binding<Value>, step: Value.Stride = 1) {
        self.init(title, value: value, in: -Value.greatestFiniteMagnitude...Value.greatestFiniteMagnitude, step: step)
    }

    /// A value as a number, for readers of the menu (tests): integers and floating-point
    /// values; nil for other strideable types.
    package static func number<Value>(_ value: Value) -> Double? {
        switch value {
        case let value as any BinaryInteger: Double(value)
        case let value as any BinaryFloatingPoint: Double(value)
        default: nil
        }
    }

    package static func problems(of label: MenuLabel) -> [String] {
        var problems = label.problems
        if let subtitle = label.subtitle { problems.append("a stepper shows no subtitle (\"\(subtitle)\"); it is left out") }
        if let icon = label.icon { problems.append("a stepper shows no icon ('\(icon)'); it is left out") }
        return problems
    }
}

/// A stepper's state at resolution time and the two ways to change it.
package struct StepperValue {
    /// Whether the value is above its lower bound.
    package var canDecrement: Bool
    /// Whether the value is below its upper bound.
    package var canIncrement: Bool
    /// The value now, as a number (nil for a type that is none), for readers of the menu.
    package var value: @MainActor () -> Double?
    /// Moves the value one step down.
    package var decrement: @MainActor () -> Void
    /// Moves the value one step up.
    package var increment: @MainActor () -> Void
}

extension StepperValue: MenuItemKind {
    package nonisolated var traits: ItemKindTraits {
        ItemKindTraits(role: .valueControl, name: "a stepper", popUpMisfit: "a row of actions", takesAccessKey: true)
    }

    /// A row of its own: the title over a decrease and an increase button.
    package nonisolated var isBlock: Bool { true }
    package nonisolated var availability: (available: Int, unavailable: Int) { canDecrement || canIncrement ? (1, 0) : (0, 1) }

    /// A section headed by the title, of two icon buttons that keep the menu open.
    @MainActor package func plan(_ planning: inout KindPlanning, planner: inout MenuPlanner) -> [PlannedItem]? {
        planning.attributes.displayHint = "horizontal-buttons"
        let disabled = planning.inner.isDisabled
        return [
            button(planning, part: "decrease", title: "Decrease", icon: "list-remove-symbolic",
                   enabled: canDecrement && !disabled, perform: decrement, planner: &planner),
            button(planning, part: "increase", title: "Increase", icon: "list-add-symbolic",
                   enabled: canIncrement && !disabled, perform: increment, planner: &planner),
        ]
    }

    @MainActor private func button(
        _ planning: KindPlanning, part: String, title: String, icon: String,
        enabled: Bool, perform: @escaping @MainActor () -> Void, planner: inout MenuPlanner
    ) -> PlannedItem {
        let partIdentity = planner.claim(planning.identity.appending(part))
        // "Font Size: 12" names "font-size-increase": the value is no part of the name.
        let subject = planning.node.title.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        let name = planner.actionName(for: partIdentity, title: subject + " " + part)
        planner.addAction(PlannedAction(name: name, isEnabled: enabled, behavior: .perform(perform)))
        var attributes = PlannedAttributes(label: title, action: planner.qualified(name), icon: icon)
        attributes.verbIcon = icon
        attributes.keepsMenuOpen = planning.inner.dismissBehavior != .enabled
        attributes.row = planner.customRow(.icon, for: attributes, scope: planning.inner)
        return PlannedItem(identity: partIdentity, attributes: attributes, link: nil)
    }
}
