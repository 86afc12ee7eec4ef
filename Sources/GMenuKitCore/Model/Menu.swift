/// A menu: a title, an optional icon, its content and an optional primary action (rule D1).
///
/// At the top it is what a button or menu bar shows; nested inside another menu it becomes a
/// submenu.
///
/// ```swift
/// Menu("Edit") {
///     Button("Undo") { undo() }.keyboardShortcut("<Control>z")
///     Divider()
///     Menu("Sort By") { … }
/// }
/// ```
///
/// Submenus nest at most ``MenuNesting/maximumDepth`` levels: the menu below that is resolved
/// as an item without content, which the renderer reports and leaves out; nothing below it is
/// resolved or checked, however deep the value goes. A `Menu` nested inside others is kept in
/// their content closures, and Swift releases such a chain one level inside the other: a value
/// nested about 60,000 levels deep (built in a loop) is as deep as the main thread's 8 MB stack
/// lets go of in a debug build.
public struct Menu: MenuContent {
    /// The label of the menu: what its button, its menu bar entry or its submenu item shows.
    public let title: String
    /// A freedesktop icon name for the menu's button or item.
    public let icon: String?
    package let content: @MainActor () -> any MenuContent
    /// With one, a click on the control performs it and the menu opens as the secondary action.
    public let primaryAction: (@MainActor () -> Void)?
    /// Whether a pull-down button showing this menu draws its arrow (`.menuIndicator(_:)`).
    public internal(set) var indicator: Visibility = .automatic
    /// How a pull-down button showing this menu shows its title and icon (`.labelStyle(_:)`).
    public internal(set) var titleStyle: LabelStyle = .automatic
    /// The menu's tooltip and its button's accessible description (`.help(_:)`).
    public internal(set) var helpText: String?
    /// The accessible name of the button showing this menu, when not its title (`.accessibilityLabel(_:)`).
    public internal(set) var accessibleName: String?
    /// Where the keys of `.accessKeys(.automatic)` are remembered; nil for keys as written.
    package var accessKeyMemory: AccessKeyMemory?
    /// What a SwiftUI-style label held that a menu cannot show.
    package var labelProblems: [String] = []

    /// A menu titled `title` holding `content`; with `primaryAction`, a click on its control
    /// performs the action and the menu opens as the secondary action (rule D1).
    public init(
        _ title: String, icon: String? = nil,
        @MenuContentBuilder content: @escaping @MainActor () -> any MenuContent,
        primaryAction: (@MainActor () -> Void)? = nil
    ) {
        self.title = title
        self.icon = icon
        self.content = content
        self.primaryAction = primaryAction
    }

    /// The menu's items, resolved from its content now.
    package func resolveContent(at identity: MenuIdentity = MenuIdentity()) -> [MenuNode] {
        var nodes = content().resolveNodes(at: identity)
        if let accessKeyMemory { AccessKeyAssignment.assign(&nodes, memory: accessKeyMemory) }
        return nodes
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        // A submenu beyond the cut is left out with its content: resolving that content would
        // only recurse as deep as the value goes.
        let children = MenuNesting.enteringSubmenu { $0 ? resolveContent(at: identity) : [] }
        var node = MenuNode(identity: identity, title: title, kind: .submenu(children: children, primaryAction: primaryAction))
        node.icon = copied(icon)
        if let helpText { node.details.help = helpText }
        if !labelProblems.isEmpty { node.noteProblems(labelProblems) }
        nodes.append(node)
    }
}

/// How deep submenus, and groups inside groups, nest, and how deep the content resolving now is.
@MainActor
public enum MenuNesting {
    /// Submenus nested deeper than this are cut: GTK would still show them, but no person
    /// could find their way through them. The planner cuts there, the guideline checks stop
    /// there, and content below it is not resolved. Sections and control groups nested inside
    /// each other are cut at the same depth (counted through submenus too): GTK draws nested
    /// sections as one run of items, and walks them as deep as they go.
    public nonisolated static let maximumDepth = 16

    /// Where resolving content stands: how many submenus and groups enclose it.
    package struct Depth {
        /// 0 for the content of the menu resolved first (a control's or a bar's), 1 inside its submenus.
        package var submenus = 0
        /// Sections and control groups around the content, in whatever submenus.
        package var groups = 0
    }

    /// Main-actor state read one access at a time: no dynamic exclusivity check, which every
    /// element's resolution paid (ARCHITECTURE.md).
    @exclusivity(unchecked) package private(set) static var resolvingDepth = Depth()

    /// Runs `body` one submenu deeper; it is told whether that submenu is within the cut, so
    /// whether to resolve its content.
    package static func enteringSubmenu<T>(_ body: (_ isWithinCut: Bool) -> T) -> T {
        resolvingDepth.submenus += 1
        defer { resolvingDepth.submenus -= 1 }
        return body(resolvingDepth.submenus <= maximumDepth)
    }

    /// Runs `body` one group (section, control group) deeper, told whether it is within the cut.
    package static func enteringGroup<T>(_ body: (_ isWithinCut: Bool) -> T) -> T {
        resolvingDepth.groups += 1
        defer { resolvingDepth.groups -= 1 }
        return body(resolvingDepth.groups <= maximumDepth)
    }

    /// Runs `body` at a depth noted earlier: a list's elements resolve after the content
    /// around them, at the depth the list is at.
    package static func resolving<T>(atDepth depth: Depth, _ body: () -> T) -> T {
        let outer = resolvingDepth
        resolvingDepth = depth
        defer { resolvingDepth = outer }
        return body()
    }
}
