/// A group of related items, set apart from the rest, with an optional header (rule O2).
public struct Section: MenuContent {
    package let header: String
    package let content: any MenuContent
    /// What a SwiftUI-style header held that a menu cannot show.
    package var labelProblems: [String] = []

    /// A section with an optional header (empty: none) holding `content`.
    public init(_ header: String = "", @MenuContentBuilder content: () -> any MenuContent) {
        self.header = header
        self.content = content()
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        // A section beyond the cut is left out with its content (see `MenuNesting`).
        let children = MenuNesting.enteringGroup { $0 ? content.resolveNodes(at: identity) : [] }
        nodes.append(MenuNode(identity: identity, title: header, kind: .section(children: children)))
        if !labelProblems.isEmpty { nodes[nodes.count - 1].noteProblems(labelProblems) }
    }
}

/// A separator between groups of items (rule O2).
public struct Divider: MenuContent {
    /// A divider.
    public init() {}

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        nodes.append(MenuNode(identity: identity, title: "", kind: .divider))
    }
}

/// A compact row of up to four related items, shown as icons side by side.
///
/// ```swift
/// ControlGroup {
///     Button("Cut", icon: "edit-cut-symbolic") { cut() }
///     Button("Copy", icon: "edit-copy-symbolic") { copy() }
///     Button("Paste", icon: "edit-paste-symbolic") { paste() }
/// }
/// ```
public struct ControlGroup: MenuContent {
    package let title: String
    package let content: any MenuContent
    /// What a SwiftUI-style label held that a menu cannot show.
    package var labelProblems: [String] = []

    /// A control group holding up to four items of `content`; `title` names it for accessibility and diagnostics.
    public init(_ title: String = "", @MenuContentBuilder content: () -> any MenuContent) {
        self.title = title
        self.content = content()
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        let children = MenuNesting.enteringGroup { $0 ? content.resolveNodes(at: identity) : [] }
        nodes.append(MenuNode(identity: identity, title: title, kind: .controlGroup(children: children)))
        if !labelProblems.isEmpty { nodes[nodes.count - 1].noteProblems(labelProblems) }
    }
}
