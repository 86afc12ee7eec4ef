/// What a person sees of one menu item, read without GTK (``InspectedMenu``) or from what GTK
/// shows (``LiveMenu``): the same value either way, so that the two can be compared.
///
/// Sections and submenus hold their items in ``children``; a section is no item people choose,
/// but its header (``title``) names what it groups.
public struct MenuItemReading: Equatable, Sendable {
    /// What the item is to people, as a screen reader would say it.
    public enum Kind: String, Sendable {
        /// A command: choosing it acts.
        case command
        /// A checkbox item (`Toggle`): choosing it flips ``MenuItemReading/isChecked``.
        case toggle
        /// One option of a picker, with a radio mark: choosing it selects it.
        case option
        /// A submenu: it opens ``MenuItemReading/children``.
        case submenu
        /// A group of items with an optional header.
        case section
        /// A stepper: its title over a decrease and an increase button (its children).
        case stepper
        /// A slider, with a value between bounds.
        case slider
        /// The app's own widget in the menu.
        case widget
    }

    /// What the item is.
    public var kind: Kind
    /// The label as shown, without the access key's mark: "Save As…".
    public var title: String
    /// The letter that chooses the item while its menu is open (shown underlined), lowercase.
    public var accessKey: Character?
    /// Where the access key stands in ``title``, in characters.
    public var accessKeyOffset: Int?
    /// The second, smaller line.
    public var subtitle: String?
    /// The freedesktop icon name.
    public var icon: String?
    /// The shortcut as shown beside the item: "Ctrl+S".
    public var shortcut: String?
    /// Whether people can choose it: false when it is dimmed (disabled, or its async action runs).
    public var isEnabled: Bool
    /// False when GTK hides it (`hidden-when`).
    public var isVisible: Bool
    /// A toggle's checkmark or an option's radio mark; nil for items that show none.
    public var isChecked: Bool?
    /// Drawn red, and asks before it acts.
    public var isDestructive: Bool
    /// Choosing it leaves the menu open.
    public var keepsMenuOpen: Bool
    /// The badge at the end of the row.
    public var badge: String?
    /// The tooltip (`.help`).
    public var help: String?
    /// A slider's value (a stepper says its value in its title).
    public var value: Double?
    /// A section's or submenu's items.
    public var children: [MenuItemReading]

    /// A reading with these values; what is not given is as most items have it.
    public init(kind: Kind, title: String, accessKey: Character? = nil, accessKeyOffset: Int? = nil, subtitle: String? = nil, icon: String? = nil,
                shortcut: String? = nil, isEnabled: Bool = true, isVisible: Bool = true, isChecked: Bool? = nil,
                isDestructive: Bool = false, keepsMenuOpen: Bool = false, badge: String? = nil, help: String? = nil,
                value: Double? = nil, children: [MenuItemReading] = []) {
        self.kind = kind
        self.title = title
        self.accessKey = accessKey
        self.accessKeyOffset = accessKeyOffset
        self.subtitle = subtitle
        self.icon = icon
        self.shortcut = shortcut
        self.isEnabled = isEnabled
        self.isVisible = isVisible
        self.isChecked = isChecked
        self.isDestructive = isDestructive
        self.keepsMenuOpen = keepsMenuOpen
        self.badge = badge
        self.help = help
        self.value = value
        self.children = children
    }

    /// The title with GTK's mark before the access key: "_Save".
    public var titleWithAccessKey: String {
        let escaped = { (text: Substring) in text.replacingOccurrences(of: "_", with: "__") }
        guard let accessKeyOffset, accessKeyOffset < title.count else { return escaped(Substring(title)) }
        let index = title.index(title.startIndex, offsetBy: accessKeyOffset)
        return escaped(title[..<index]) + "_" + escaped(title[index...])
    }
}
