/// What few items have: a tooltip, a badge, a label style, a tint, a confirmation message, and
/// what the item's SwiftUI-style declaration held that a GTK menu cannot show.
///
/// A node keeps these behind one reference (``MenuNode/details``), so that the many items
/// that have none cost one empty pointer, not the room of every field.
package struct MenuItemDetails: Equatable, Sendable {
    /// The tooltip, from `.help(_:)`.
    package var help: String?
    /// The text of the badge at the end of the row, from `.badge(_:)`.
    package var badge: String?
    /// How the item shows its title and icon, from `.labelStyle(_:)`.
    package var labelStyle: LabelStyle = .automatic
    /// The colour asked for with `.tint(_:)`.
    package var tint: Color?
    /// What a destructive button's confirmation says beyond its question.
    package var confirmationMessage: String?
    /// Where the item's keyboard shortcut runs, from `.shortcutScope(_:)`.
    package var shortcutScope: ShortcutScope = .automatic
    /// The action name the item asks for, from `.commandID(_:)`, in place of one derived
    /// from its label.
    package var commandName: String?
    /// Words the command palette finds the item by beside its title, from `.searchKeywords(_:)`.
    package var searchKeywords: [String] = []
    /// Which of the application's menus show the command, from `.commandMenus(_:)`.
    package var commandMenus: CommandMenus = .automatic
    /// What the declaration held that GTK cannot show (a styled `Text`, a third `Text`, an
    /// unknown SF Symbol, a Caps Lock modifier): each is reported with the item's path.
    package var problems: [String] = []

    /// No details: what most items have.
    package init() {}
}

/// Holds a node's details; replaced, never changed in place, so nodes stay values.
package final class MenuItemDetailsBox: Sendable {
    package let details: MenuItemDetails
    package init(_ details: MenuItemDetails) { self.details = details }
}

extension MenuNode {
    /// The item's tooltip, badge, label style, tint and the problems of its declaration.
    package var details: MenuItemDetails {
        get { detailsBox?.details ?? MenuItemDetails() }
        set { detailsBox = newValue == MenuItemDetails() ? nil : MenuItemDetailsBox(newValue) }
    }

    /// What the item's action is named from: its command identity when it has one, else its
    /// title ("Sort by Date" → `sort-by-date`).
    package var actionNameSource: String {
        detailsBox?.details.commandName ?? title
    }

    /// What the confirmation says beyond its question, such as "This cannot be undone."
    package var confirmationMessage: String? {
        get { detailsBox?.details.confirmationMessage }
        set { details.confirmationMessage = newValue }
    }

    /// Notes something the declaration held that GTK cannot show; the planner reports it with
    /// the item's path.
    package mutating func noteProblems(_ problems: [String]) {
        guard !problems.isEmpty else { return }
        details.problems += problems
    }
}

/// How an item shows its title and icon, as SwiftUI's label styles do.
public enum LabelStyle: Sendable, Equatable {
    /// Title and icon where the menu shows both: GMenuKit's controls draw an icon beside the
    /// label; a model GTK shows alone draws the title.
    case automatic
    /// Title and icon (the same as `automatic` in a menu).
    case titleAndIcon
    /// The title alone: the icon is left out.
    case titleOnly
    /// The icon alone, the title as its tooltip and accessible name. Drawn by GMenuKit's
    /// controls as a compact icon row; a model GTK shows alone keeps the title.
    case iconOnly
}

/// A colour that SwiftUI code gives `.tint(_:)` or `Text`'s `foregroundColor(_:)`.
///
/// GTK's menus draw items in the theme's colours. A tint of `.red` on a button is drawn in the
/// theme's error colour, as a destructive item is; other tints are accepted and reported (the
/// theme's colours stay).
public enum Color: Hashable, Sendable {
    /// Drawn in the theme's error colour where GTK can draw a tint (a button's label).
    case red
    /// A named colour GTK's menus do not draw: reported.
    case orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown
    /// A named colour GTK's menus do not draw: reported.
    case white, gray, black, clear, primary, secondary
    /// The theme's accent colour.
    case accentColor
    /// A colour given by its components, each 0…1.
    case rgba(red: Double, green: Double, blue: Double, opacity: Double)

    /// A colour given by its red, green and blue components (0…1).
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self = .rgba(red: red, green: green, blue: blue, opacity: opacity)
    }

    package var name: String {
        switch self {
        case .rgba(let red, let green, let blue, let opacity): "Color(red: \(red), green: \(green), blue: \(blue), opacity: \(opacity))"
        default: "." + String(describing: self)
        }
    }
}

/// A font that SwiftUI code gives `Text`'s `font(_:)`. GTK's menu items use the theme's font,
/// so any font is reported and the text shown in it.
public enum Font: Hashable, Sendable {
    /// A text style of SwiftUI's.
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    /// A font of the system's face at a size in points.
    case system(size: Double)
}

/// How an open menu orders its items, as SwiftUI's `MenuOrder`. GTK keeps the written order
/// (rule D3), whichever is asked.
public enum MenuOrder: Sendable, Equatable {
    /// The platform's order: on Linux the written one.
    case automatic
    /// The written order, top to bottom: what GTK always does.
    case fixed
    /// The first item nearest the pointer, on macOS; GTK keeps the written order.
    case priority
}

/// Whether a control shows something, as SwiftUI's `Visibility`.
public enum Visibility: Sendable, Equatable {
    /// What the control does by itself.
    case automatic
    /// Shown.
    case visible
    /// Left out.
    case hidden
}

extension MenuContent {
    /// A tooltip for the item, as SwiftUI's `.help(_:)`. GTK 4.8's menu items have no tooltip
    /// (a GMenuModel item has no such attribute, and GtkModelButton shows one only for iconic
    /// items, from their label), so GMenuKit's controls draw the item as their own row, which
    /// shows it; the `gmenukit-help` attribute carries it for other readers. In a model GTK
    /// shows alone the item is GTK's and shows none.
    public func help(_ text: String) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.details.help = text }
    }

    /// A badge at the end of the item's row, as SwiftUI's `.badge(_:)`: a count. Zero shows
    /// none, as in SwiftUI. Drawn by GMenuKit's controls (the `gmenukit-badge` attribute).
    public func badge(_ count: Int) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.details.badge = count == 0 ? nil : String(count) }
    }

    /// A badge at the end of the item's row holding a short text ("New"); nil shows none.
    public func badge(_ text: String?) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.details.badge = text.flatMap { $0.isEmpty ? nil : $0 } }
    }

    /// How the items show title and icon: `.titleOnly` leaves icons out, `.iconOnly` shows the
    /// icon with the title as tooltip.
    public func labelStyle(_ style: LabelStyle) -> some MenuContent {
        ModifiedMenuContent(content: self) { node in
            node.details.labelStyle = style
            if style == .titleOnly {
                node.icon = nil
                if case .picker(var choice) = node.kind {
                    for index in choice.options.indices { choice.options[index].icon = nil }
                    node.kind = .picker(choice)
                }
            }
        }
    }

    /// Accepted for SwiftUI code: GTK shows a menu's items in the written order, top to bottom,
    /// whatever is asked (rule D3).
    public func menuOrder(_ order: MenuOrder) -> some MenuContent { self }

    /// A colour for the item. GTK draws menu items in the theme's colours: `.red` is drawn in
    /// the theme's error colour, as a destructive item; other colours are reported.
    public func tint(_ color: Color?) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.details.tint = color }
    }
}
