/// An item's label as a SwiftUI label builder describes it: a title, a subtitle and an icon.
///
/// ```swift
/// Button(action: duplicate) {
///     Text("Duplicate")                     // the title
///     Text("Duplicate the component")       // the subtitle (rule L6)
/// }
/// Button(action: copy) { Label("Copy", systemImage: "doc.on.doc") }
/// ```
///
/// What the builder is given beyond what a menu item shows (a third `Text`, a second icon, a
/// styled `Text`, an unknown SF Symbol) is left out and reported with the item's path.
public struct MenuLabel: Equatable, Sendable {
    /// The first text: what the item is called.
    public var title: String = ""
    /// The second text: a smaller line that explains the item.
    public var subtitle: String?
    /// A freedesktop icon name (SF Symbols mapped through ``SystemSymbols``).
    public var icon: String?
    /// What the label held that a menu cannot show; each is reported with the item's path.
    public internal(set) var problems: [String] = []
    /// How the item shows title and icon, from a `Label`'s `.labelStyle(_:)`.
    public internal(set) var style: LabelStyle = .automatic
    private var hasTitle = false

    /// An empty label, to be built up.
    public init() {}

    /// A label of these parts, nothing to report.
    public init(title: String, subtitle: String? = nil, icon: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.icon = icon
        hasTitle = true
    }

    /// Takes a text as the title, then as the subtitle; a third is reported.
    package mutating func add(text: String) {
        if !hasTitle {
            title = text
            hasTitle = true
        } else if subtitle == nil {
            subtitle = text
        } else {
            problems.append("the label has a third text (\"\(text)\"); a menu item shows a title and a subtitle, so it is left out")
        }
    }

    /// Takes an icon; a second one is reported.
    package mutating func add(icon name: String) {
        if icon == nil {
            icon = name
        } else {
            problems.append("the label has a second image ('\(name)'); a menu item shows one icon, so it is left out")
        }
    }

    /// Adds what another label holds: its texts and icon, in order.
    package mutating func add(_ other: MenuLabel) {
        if other.hasTitle { add(text: other.title) }
        if let subtitle = other.subtitle { add(text: subtitle) }
        if let icon = other.icon { add(icon: icon) }
        problems += other.problems
        if other.style != .automatic { style = other.style }
    }
}

/// What a label builder holds: `Text`, `Label` and `Image`.
public protocol MenuLabelContent {
    /// Adds this part to the label being built.
    func add(to label: inout MenuLabel)
}

/// Builds an item's label from `Text`, `Label` and `Image`, as the label closures of SwiftUI's
/// `Button`, `Toggle`, `Menu`, `Picker` and the value controls do: the first text is the
/// title, the second the subtitle, the first image the icon.
@resultBuilder
public enum MenuLabelBuilder {
    /// A `Text`, `Label` or `Image` as a label of its own.
    public static func buildExpression(_ content: any MenuLabelContent) -> MenuLabel {
        var label = MenuLabel()
        content.add(to: &label)
        return label
    }

    /// The parts in order: texts fill title then subtitle, images the icon.
    public static func buildBlock(_ parts: MenuLabel...) -> MenuLabel { joined(parts) }
    /// An `if` without `else`: its parts, or nothing.
    public static func buildOptional(_ part: MenuLabel?) -> MenuLabel { part ?? MenuLabel() }
    /// The `if` branch taken.
    public static func buildEither(first part: MenuLabel) -> MenuLabel { part }
    /// The `else` branch taken.
    public static func buildEither(second part: MenuLabel) -> MenuLabel { part }
    /// A `for` loop's parts, in order.
    public static func buildArray(_ parts: [MenuLabel]) -> MenuLabel { joined(parts) }
    /// An `if #available` branch.
    public static func buildLimitedAvailability(_ part: MenuLabel) -> MenuLabel { part }

    private static func joined(_ parts: [MenuLabel]) -> MenuLabel {
        if parts.count == 1 { return parts[0] }
        var label = MenuLabel()
        for part in parts { label.add(part) }
        return label
    }
}

/// A text: an item's title or subtitle, or a picker option (`Text("Name").tag(SortKey.name)`).
///
/// GTK's menu items draw their labels in the theme's font and colour: a `Text` styled with
/// `bold()`, `italic()`, `foregroundColor(_:)`, `font(_:)` and the like is shown plain, and the
/// styling is reported with the item's path.
public struct Text: MenuLabelContent, Equatable, Sendable {
    package let title: String
    /// The styling modifiers applied, as written (`bold()`): a menu cannot show them.
    package var styling: [String] = []

    /// A text shown as written.
    public init(_ title: String) { self.title = title }

    /// A text shown as written, as SwiftUI's `Text(verbatim:)`.
    public init(verbatim title: String) { self.title = title }

    /// The picker option this text stands for, selecting `value`.
    public func tag<Value: Hashable>(_ value: Value) -> PickerOption<Value> {
        var option = PickerOption(title: title, icon: nil, tag: value)
        option.labelProblems = problems
        return option
    }

    /// Adds the text to a label being built: its title, else its subtitle.
    public func add(to label: inout MenuLabel) {
        label.add(text: title)
        label.problems += problems
    }

    /// The styling a menu cannot show, as messages.
    package var problems: [String] {
        styling.isEmpty ? [] : ["the text \"\(title)\" is styled with \(styling.joined(separator: ", ")); GTK's menu items draw labels in the theme's font and colour, so it is shown plain"]
    }

    private func styled(_ modifier: String, _ isActive: Bool = true) -> Text {
        guard isActive else { return self }
        var text = self
        text.styling.append(modifier)
        return text
    }

    /// Two texts run together, as SwiftUI's `Text + Text`; the styling of either is reported.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var text = Text(lhs.title + rhs.title)
        text.styling = lhs.styling + rhs.styling
        return text
    }

    /// Accepted and reported: menu labels use the theme's font weight.
    public func bold(_ isActive: Bool = true) -> Text { styled(".bold()", isActive) }
    /// Accepted and reported: menu labels use the theme's font style.
    public func italic(_ isActive: Bool = true) -> Text { styled(".italic()", isActive) }
    /// Accepted and reported.
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { styled(".underline()", isActive) }
    /// Accepted and reported.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { styled(".strikethrough()", isActive) }
    /// Accepted and reported: menu labels use the theme's colours.
    public func foregroundColor(_ color: Color?) -> Text { styled(".foregroundColor(\(color?.name ?? "nil"))", color != nil) }
    /// Accepted and reported: menu labels use the theme's colours.
    public func foregroundStyle(_ color: Color) -> Text { styled(".foregroundStyle(\(color.name))") }
    /// Accepted and reported: menu labels use the theme's font.
    public func font(_ font: Font?) -> Text { styled(".font(.\(font.map { String(describing: $0) } ?? "nil"))", font != nil) }
}

/// An icon in a label: an SF Symbol (`Image(systemName: "doc.on.doc")`, drawn with the
/// freedesktop icon ``SystemSymbols`` maps it to) or a freedesktop icon name
/// (`Image("edit-copy-symbolic")`).
public struct Image: MenuLabelContent, Equatable, Sendable {
    /// The freedesktop icon name, when there is one.
    public let iconName: String?
    package let problem: String?

    /// An SF Symbol, drawn with its freedesktop icon. A freedesktop name passes through; an
    /// unknown symbol is reported (naming the closest known one) and shows no icon.
    public init(systemName: String) {
        (iconName, problem) = SystemSymbols.resolve(systemName: systemName)
    }

    /// An icon of the icon theme by its freedesktop name (`folder-symbolic`), where SwiftUI
    /// names an image of the app's assets. A file name or path is no icon name: it is reported
    /// and shows no icon (a menu icon comes from the theme).
    public init(_ name: String) {
        if IconChecks.isIconName(name) && !Self.looksLikeImageFile(name) {
            (iconName, problem) = (name, nil)
        } else {
            (iconName, problem) = (nil, "the image '\(name)' is no icon name of the icon theme (such as \"folder-symbolic\"); a menu item draws icons from the theme, so it shows none")
        }
    }

    private static func looksLikeImageFile(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return [".png", ".svg", ".jpg", ".jpeg", ".gif", ".webp", ".xpm"].contains { lowered.hasSuffix($0) }
    }

    /// Adds the icon to a label being built.
    public func add(to label: inout MenuLabel) {
        if let iconName { label.add(icon: iconName) }
        if let problem { label.problems.append(problem) }
    }
}

/// A title with an icon, as SwiftUI's `Label`: in a button, toggle, menu or picker option.
///
/// ```swift
/// Label("Copy", systemImage: "doc.on.doc")
/// Label("Trash", icon: "user-trash-symbolic")
/// Label { Text("Flag") } icon: { Image(systemName: "flag") }
/// Label("Icons", systemImage: "square.grid.2x2").tag(Appearance.icons)
/// ```
public struct Label: MenuLabelContent, Equatable, Sendable {
    package var label: MenuLabel

    /// A title and a freedesktop icon name.
    public init(_ title: String, icon: String) {
        label = MenuLabel(title: title, icon: icon)
    }

    /// A title and an SF Symbol, drawn with the freedesktop icon ``SystemSymbols`` maps it to.
    public init(_ title: String, systemImage: String) {
        var label = MenuLabel()
        label.add(text: title)
        Image(systemName: systemImage).add(to: &label)
        self.label = label
    }

    /// A title and an icon of the icon theme by its freedesktop name, where SwiftUI names an
    /// image of the app's assets.
    public init(_ title: String, image: String) {
        var label = MenuLabel()
        label.add(text: title)
        Image(image).add(to: &label)
        self.label = label
    }

    /// A title and an icon each built as SwiftUI builds them: `Label { Text("Flag") } icon: {
    /// Image(systemName: "flag") }`.
    public init(@MenuLabelBuilder title: () -> MenuLabel, @MenuLabelBuilder icon: () -> MenuLabel) {
        var label = title()
        let icon = icon()
        if let name = icon.icon { label.add(icon: name) }
        label.problems += icon.problems
        if icon.title != "" || icon.subtitle != nil {
            label.problems.append("a label's icon holds text (\"\(icon.title)\"); it is left out")
        }
        self.label = label
    }

    /// The picker option this label stands for, selecting `value`; a palette shows its icon.
    public func tag<Value: Hashable>(_ value: Value) -> PickerOption<Value> {
        var option = PickerOption(title: label.title, icon: label.icon, tag: value)
        option.labelProblems = label.problems
        if let subtitle = label.subtitle {
            option.labelProblems.append("a picker option shows no subtitle (\"\(subtitle)\"); it is left out")
        }
        return option
    }

    /// Adds title, subtitle and icon to a label being built.
    public func add(to label: inout MenuLabel) { label.add(self.label) }

    /// How the item this label is in shows title and icon: `Label("Share", systemImage:
    /// "square.and.arrow.up").labelStyle(.iconOnly)` inside a button's label.
    public func labelStyle(_ style: LabelStyle) -> Label {
        var label = self
        label.label.style = style
        return label
    }
}
