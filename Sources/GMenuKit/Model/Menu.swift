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
public struct Menu: MenuContent {
    public let title: String
    public let icon: String?
    let content: @MainActor () -> any MenuContent
    /// With one, a click on the control performs it and the menu opens as the secondary action.
    public let primaryAction: (@MainActor () -> Void)?

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
    public func resolveContent(at identity: MenuIdentity = MenuIdentity()) -> [MenuNode] {
        content().resolveNodes(at: identity)
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout [MenuNode]) {
        var node = MenuNode(
            identity: identity, title: title,
            kind: .submenu(children: resolveContent(at: identity), primaryAction: primaryAction))
        node.icon = icon
        nodes.append(node)
    }
}
