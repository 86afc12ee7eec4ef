/// One of many options, bound to a selection (rules T4, U1).
///
/// ```swift
/// Picker("Sort By", selection: Binding(model, \.sortKey)) {
///     Text("Name").tag(SortKey.name)
///     Text("Date").tag(SortKey.date)
/// }
/// .pickerStyle(.menu)
/// ```
public struct Picker<SelectionValue: Hashable>: MenuContent {
    let title: String
    let icon: String?
    let selection: Binding<SelectionValue>
    let options: [PickerOption<SelectionValue>]
    var style: PickerStyle = .inline
    /// Set for a picker of an app's action (`Picker(_, actionName:)`).
    var borrowedActionName: String?

    public init(
        _ title: String, icon: String? = nil, selection: Binding<SelectionValue>,
        @PickerContentBuilder<SelectionValue> content: () -> [PickerOption<SelectionValue>]
    ) {
        self.title = title
        self.icon = icon
        self.selection = selection
        self.options = content()
    }

    /// Shows the options inline (the default), in a submenu, or as a compact palette.
    public func pickerStyle(_ style: PickerStyle) -> Picker {
        var picker = self
        picker.style = style
        return picker
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout [MenuNode]) {
        if let borrowedActionName { return resolveBorrowed(borrowedActionName, at: identity, into: &nodes) }
        let binding = selection
        let choice = PickerChoice(
            options: options.map {
                PickerChoice.Option(title: $0.title, icon: $0.icon, isDisabled: $0.isDisabled, tag: AnyHashable($0.tag))
            },
            style: style,
            currentSelection: { AnyHashable(binding.wrappedValue) },
            select: { tag in
                if let value = tag.base as? SelectionValue { binding.wrappedValue = value }
            },
            selectionSource: binding.source)
        var node = MenuNode(identity: identity, title: title, kind: .picker(choice))
        node.icon = icon
        nodes.append(node)
    }
}

/// One option of a picker: a title, an optional icon, and the value it selects.
public struct PickerOption<Value: Hashable> {
    public var title: String
    public var icon: String?
    public var tag: Value
    public var isDisabled = false

    /// Dims the option; it cannot be chosen.
    public func disabled(_ isDisabled: Bool = true) -> PickerOption {
        var option = self
        option.isDisabled = isDisabled
        return option
    }
}

/// The text of a picker option; `.tag(_:)` gives it the value it selects.
public struct Text {
    let title: String
    public init(_ title: String) { self.title = title }

    public func tag<Value: Hashable>(_ value: Value) -> PickerOption<Value> {
        PickerOption(title: title, icon: nil, tag: value)
    }
}

/// The text and icon of a picker option; a palette shows the icon.
public struct Label {
    let title: String
    let icon: String
    public init(_ title: String, icon: String) {
        self.title = title
        self.icon = icon
    }

    public func tag<Value: Hashable>(_ value: Value) -> PickerOption<Value> {
        PickerOption(title: title, icon: icon, tag: value)
    }
}

/// Builds a picker's options, with `if`, `for` and `ForEach` as in menu content.
@resultBuilder
public enum PickerContentBuilder<Value: Hashable> {
    public static func buildExpression(_ option: PickerOption<Value>) -> [PickerOption<Value>] { [option] }
    public static func buildExpression(_ options: [PickerOption<Value>]) -> [PickerOption<Value>] { options }
    @MainActor
    public static func buildExpression<Data, ID>(
        _ forEach: ForEach<Data, ID, PickerOption<Value>>
    ) -> [PickerOption<Value>] {
        forEach.data().map(forEach.content)
    }
    public static func buildBlock(_ parts: [PickerOption<Value>]...) -> [PickerOption<Value>] { parts.flatMap { $0 } }
    public static func buildOptional(_ options: [PickerOption<Value>]?) -> [PickerOption<Value>] { options ?? [] }
    public static func buildEither(first options: [PickerOption<Value>]) -> [PickerOption<Value>] { options }
    public static func buildEither(second options: [PickerOption<Value>]) -> [PickerOption<Value>] { options }
    public static func buildArray(_ parts: [[PickerOption<Value>]]) -> [PickerOption<Value>] { parts.flatMap { $0 } }
}
