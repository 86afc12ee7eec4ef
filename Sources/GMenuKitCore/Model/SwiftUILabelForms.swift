// The initializers SwiftUI code writes: `systemImage:` and `image:` titles, and label
// builders (`Button(action:) { Text(…); Text(…) }`). Each resolves to the same node as the
// plain form with the same title, subtitle and icon, so a menu written either way builds alike.

extension Button {
    /// A button with a title and an SF Symbol, as SwiftUI's `Button(_:systemImage:role:action:)`.
    ///
    /// ```swift
    /// Button("Duplicate", systemImage: "doc.on.doc") { duplicate() }
    /// ```
    public init(_ title: String, systemImage: String, role: ButtonRole? = nil, action: @escaping @MainActor () -> Void) {
        self.init(label: Label(title, systemImage: systemImage).label, role: role, action: .perform(action))
    }

    /// The same, with an async action run as a main-actor task.
    @_disfavoredOverload
    public init(_ title: String, systemImage: String, role: ButtonRole? = nil, action: @escaping @MainActor () async -> Void) {
        self.init(label: Label(title, systemImage: systemImage).label, role: role, action: .performAsync(action))
    }

    /// A button with a title and an icon of the icon theme by its freedesktop name, where
    /// SwiftUI's `Button(_:image:role:action:)` names an image of the app's assets.
    public init(_ title: String, image: String, role: ButtonRole? = nil, action: @escaping @MainActor () -> Void) {
        self.init(label: Label(title, image: image).label, role: role, action: .perform(action))
    }

    /// A button whose label is built as SwiftUI builds it: a `Text` for the title, a second
    /// `Text` for the subtitle (rule L6), or a `Label` with its icon.
    ///
    /// ```swift
    /// Button(action: duplicate) {
    ///     Text("Duplicate")
    ///     Text("Duplicate the component")
    /// }
    /// ```
    public init(action: @escaping @MainActor () -> Void, @MenuLabelBuilder label: () -> MenuLabel) {
        self.init(label: label(), role: nil, action: .perform(action))
    }

    /// The same, with an async action run as a main-actor task.
    @_disfavoredOverload
    public init(action: @escaping @MainActor () async -> Void, @MenuLabelBuilder label: () -> MenuLabel) {
        self.init(label: label(), role: nil, action: .performAsync(action))
    }

    /// A button with a role whose label is built as SwiftUI builds it.
    ///
    /// ```swift
    /// Button(role: .destructive, action: delete) { Label("Delete…", systemImage: "trash") }
    /// ```
    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @MenuLabelBuilder label: () -> MenuLabel) {
        self.init(label: label(), role: role, action: .perform(action))
    }

    /// The same, with an async action run as a main-actor task.
    @_disfavoredOverload
    public init(role: ButtonRole?, action: @escaping @MainActor () async -> Void, @MenuLabelBuilder label: () -> MenuLabel) {
        self.init(label: label(), role: role, action: .performAsync(action))
    }

    private init(label given: MenuLabel, role: ButtonRole?, action: ButtonAction) {
        var label = given
        if label.style == .titleOnly { label.icon = nil }
        switch action {
        case .perform(let perform):
            self.init(label.title, icon: label.icon, subtitle: label.subtitle, role: role, action: perform)
        case .performAsync(let perform):
            self.init(label.title, icon: label.icon, subtitle: label.subtitle, role: role, action: perform)
        case .named(let name, let target):
            self.init(label.title, icon: label.icon, subtitle: label.subtitle, role: role, actionName: name, variantTarget: target)
        }
        labelProblems = label.problems
        builtLabelStyle = label.style
    }
}

extension Toggle {
    /// A toggle with a title and an SF Symbol, as SwiftUI's `Toggle(_:systemImage:isOn:)`.
    public init(_ title: String, systemImage: String, isOn: Binding<Bool>) {
        self.init(label: Label(title, systemImage: systemImage).label, isOn: isOn)
    }

    /// A toggle whose label is built as SwiftUI builds it: `Toggle(isOn: $isFavorite) {
    /// Label("Favorite", systemImage: "star"); Text("Shown first") }`.
    public init(isOn: Binding<Bool>, @MenuLabelBuilder label: () -> MenuLabel) {
        self.init(label: label(), isOn: isOn)
    }

    private init(label: MenuLabel, isOn: Binding<Bool>) {
        self.init(label.title, icon: label.style == .titleOnly ? nil : label.icon, subtitle: label.subtitle, isOn: isOn)
        labelProblems = label.problems
        builtLabelStyle = label.style
    }
}

extension Menu {
    /// A menu with a title and an SF Symbol, as SwiftUI's `Menu(_:systemImage:content:)`.
    public init(
        _ title: String, systemImage: String,
        @MenuContentBuilder content: @escaping @MainActor () -> any MenuContent,
        primaryAction: (@MainActor () -> Void)? = nil
    ) {
        self.init(label: Label(title, systemImage: systemImage).label, content: content, primaryAction: primaryAction)
    }

    /// A menu whose label is built as SwiftUI builds it: `Menu { … } label: { Label("Sort",
    /// systemImage: "arrow.up.arrow.down") }`. A menu item shows no subtitle: a second `Text`
    /// is reported.
    public init(
        @MenuContentBuilder content: @escaping @MainActor () -> any MenuContent,
        @MenuLabelBuilder label: () -> MenuLabel
    ) {
        self.init(label: label(), content: content, primaryAction: nil)
    }

    /// The same with a primary action (rule D1): `Menu { … } label: { … } primaryAction: { … }`.
    public init(
        @MenuContentBuilder content: @escaping @MainActor () -> any MenuContent,
        @MenuLabelBuilder label: () -> MenuLabel,
        primaryAction: @escaping @MainActor () -> Void
    ) {
        self.init(label: label(), content: content, primaryAction: primaryAction)
    }

    private init(label: MenuLabel, content: @escaping @MainActor () -> any MenuContent, primaryAction: (@MainActor () -> Void)?) {
        self.init(label.title, icon: label.icon, content: content, primaryAction: primaryAction)
        labelProblems = label.problems
        if let subtitle = label.subtitle {
            labelProblems.append("a submenu shows no subtitle (\"\(subtitle)\"); it is left out")
        }
    }

    /// Whether a pull-down button showing this menu draws its arrow, as SwiftUI's
    /// `.menuIndicator(_:)`: `.hidden` leaves it out, `.visible` draws it beside an icon too.
    /// GTK's menu button draws it beside a label and leaves it out beside an icon alone.
    public func menuIndicator(_ visibility: Visibility) -> Menu {
        var menu = self
        menu.indicator = visibility
        return menu
    }

    /// A tooltip for the menu, as SwiftUI's `.help(_:)`: on the button that shows it, where
    /// screen readers hear it as the button's description, or on its item as a submenu.
    public func help(_ text: String) -> Menu {
        var menu = self
        menu.helpText = text.isEmpty ? nil : text
        return menu
    }

    /// What a screen reader calls the button showing this menu, as SwiftUI's
    /// `.accessibilityLabel(_:)`, where the title alone would not say it (an icon-only menu).
    public func accessibilityLabel(_ label: String) -> Menu {
        var menu = self
        menu.accessibleName = label.isEmpty ? nil : label
        return menu
    }

    /// Accepted for SwiftUI code (`.menuStyle(.button)`): GTK's pull-down button is one style.
    public func menuStyle(_ style: MenuStyle) -> Menu { self }

    /// How a pull-down button showing this menu shows its title and icon: `.iconOnly` shows the
    /// icon (the title becomes its tooltip and accessible name), `.titleOnly` the title.
    public func labelStyle(_ style: LabelStyle) -> Menu {
        var menu = self
        menu.titleStyle = style
        return menu
    }
}

extension Picker {
    /// A picker with a title and an SF Symbol, as SwiftUI's `Picker(_:systemImage:selection:content:)`.
    public init(
        _ title: String, systemImage: String, selection: Binding<SelectionValue>,
        @PickerContentBuilder<SelectionValue> content: () -> [PickerOption<SelectionValue>]
    ) {
        let label = Label(title, systemImage: systemImage).label
        self.init(label.title, icon: label.icon, selection: selection, content: content)
        labelProblems = label.problems
    }

    /// A picker whose label is built as SwiftUI builds it: `Picker(selection: $flavor) { … }
    /// label: { Label("Flavor", systemImage: "star") }`.
    public init(
        selection: Binding<SelectionValue>,
        @PickerContentBuilder<SelectionValue> content: () -> [PickerOption<SelectionValue>],
        @MenuLabelBuilder label: () -> MenuLabel
    ) {
        let label = label()
        self.init(label.title, icon: label.icon, selection: selection, content: content)
        labelProblems = label.problems
        if let subtitle = label.subtitle {
            labelProblems.append("a picker shows no subtitle (\"\(subtitle)\"); it is left out")
        }
    }
}

extension Section {
    /// A section whose header is built as SwiftUI builds it: `Section { … } header: {
    /// Text("Style") }`. A section header is plain text: an icon or a second text is reported.
    public init(@MenuContentBuilder content: () -> any MenuContent, @MenuLabelBuilder header: () -> MenuLabel) {
        let label = header()
        self.init(label.title, content: content)
        labelProblems = label.problems
        if let subtitle = label.subtitle { labelProblems.append("a section header shows no subtitle (\"\(subtitle)\"); it is left out") }
        if let icon = label.icon { labelProblems.append("a section header shows no icon ('\(icon)'); it is left out") }
    }
}

extension ControlGroup {
    /// A control group whose label is built as SwiftUI builds it: `ControlGroup { … } label: {
    /// Label("Font", systemImage: "textformat") }`. The title heads the row of icons, as a
    /// section's header; the label's icon is reported and left out.
    public init(@MenuContentBuilder content: () -> any MenuContent, @MenuLabelBuilder label: () -> MenuLabel) {
        let label = label()
        self.init(label.title, content: content)
        labelProblems = label.problems
        if let icon = label.icon { labelProblems.append("a control group's header shows no icon ('\(icon)'); it is left out") }
    }
}

/// How SwiftUI draws a menu's button; GTK's pull-down button has one look, so each is accepted.
public enum MenuStyle: Sendable, Equatable {
    /// The platform's look.
    case automatic
    /// A bordered button.
    case button
    /// A button without a border.
    case borderlessButton
}
