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
    package let title: String
    package let icon: String?
    package let selection: Binding<SelectionValue>
    package let options: [PickerOption<SelectionValue>]
    package var style: PickerStyle = .inline
    /// What a SwiftUI-style label held that a menu cannot show.
    package var labelProblems: [String] = []
    /// Set for a picker of an app's action (`Picker(_, actionName:)`).
    package var borrowedActionName: String?

    /// A picker titled `title` whose options, built by `content`, choose the value of `selection`.
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

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
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
        var problems = labelProblems
        for option in options where !option.labelProblems.isEmpty {
            problems += option.labelProblems.map { "option \"\(option.title)\": " + $0 }
        }
        node.noteProblems(problems)
        nodes.append(node)
    }
}

/// One option of a picker: a title, an optional icon, and the value it selects.
public struct PickerOption<Value: Hashable> {
    /// The option's label.
    public var title: String
    /// A freedesktop icon name; a palette shows it.
    public var icon: String?
    /// The value the option selects.
    public var tag: Value
    /// Whether the option is dimmed and cannot be chosen.
    public var isDisabled = false
    /// What the option's label holds that a menu cannot show, reported with its path.
    package var labelProblems: [String] = []

    /// Dims the option; it cannot be chosen.
    public func disabled(_ isDisabled: Bool = true) -> PickerOption {
        var option = self
        option.isDisabled = isDisabled
        return option
    }
}

/// Builds a picker's options, with `if`, `for` and `ForEach` as in menu content.
@resultBuilder
public enum PickerContentBuilder<Value: Hashable> {
    /// One option.
    public static func buildExpression(_ option: PickerOption<Value>) -> [PickerOption<Value>] { [option] }
    /// Options already gathered.
    public static func buildExpression(_ options: [PickerOption<Value>]) -> [PickerOption<Value>] { options }
    /// The options a `ForEach` makes, one for each element.
    @MainActor
    public static func buildExpression<Data, ID>(
        _ forEach: ForEach<Data, ID, PickerOption<Value>>
    ) -> [PickerOption<Value>] {
        forEach.data().map(forEach.content)
    }
    /// Options whose text alone is written, each tagged with its element's id, which must be
    /// of the selection's type.
    @MainActor
    public static func buildExpression<Data>(_ forEach: ForEach<Data, Value, Text>) -> [PickerOption<Value>] {
        forEach.data().map { element in forEach.content(element).tag(forEach.elementID(element)) }
    }
    /// The options of the statements of a block, in order.
    public static func buildBlock(_ parts: [PickerOption<Value>]...) -> [PickerOption<Value>] { parts.flatMap { $0 } }
    /// The options of an `if` without `else`: none when the condition is false.
    public static func buildOptional(_ options: [PickerOption<Value>]?) -> [PickerOption<Value>] { options ?? [] }
    /// The options of an `if` branch.
    public static func buildEither(first options: [PickerOption<Value>]) -> [PickerOption<Value>] { options }
    /// The options of an `else` branch.
    public static func buildEither(second options: [PickerOption<Value>]) -> [PickerOption<Value>] { options }
    /// The options of a `for` loop, pass after pass.
    public static func buildArray(_ parts: [[PickerOption<Value>]]) -> [PickerOption<Value>] { parts.flatMap { $0 } }
}
