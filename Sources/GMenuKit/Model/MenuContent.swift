/// Anything that can appear inside a menu: items, groups, conditionals and loops.
///
/// Content is resolved into ``MenuNode`` values, the neutral description of a menu that the
/// renderer and the guideline checks read. Resolution happens again on every refresh, so
/// content may read observable state and bindings freely.
@MainActor
public protocol MenuContent {
    /// Appends the nodes this content stands for to `nodes`, in the order written.
    /// - Parameter identity: where this content sits in its menu; nodes derive their
    ///   identities from it so that they stay the same across refreshes.
    func resolve(at identity: MenuIdentity, into nodes: inout [MenuNode])
}

extension MenuContent {
    /// The nodes this content stands for, in the order written.
    public func resolveNodes(at identity: MenuIdentity) -> [MenuNode] {
        var nodes: [MenuNode] = []
        resolve(at: identity, into: &nodes)
        return nodes
    }
}

/// Builds menu content from the statements of a closure, as SwiftUI's `@ViewBuilder` does.
@MainActor
@resultBuilder
public enum MenuContentBuilder {
    public static func buildExpression(_ content: any MenuContent) -> any MenuContent { content }

    public static func buildBlock(_ parts: any MenuContent...) -> any MenuContent {
        MenuContentGroup(parts: parts, label: "")
    }

    public static func buildOptional(_ content: (any MenuContent)?) -> any MenuContent {
        MenuContentBranch(content: content, branch: "some")
    }

    public static func buildEither(first content: any MenuContent) -> any MenuContent {
        MenuContentBranch(content: content, branch: "if")
    }

    public static func buildEither(second content: any MenuContent) -> any MenuContent {
        MenuContentBranch(content: content, branch: "else")
    }

    public static func buildArray(_ parts: [any MenuContent]) -> any MenuContent {
        MenuContentGroup(parts: parts, label: "for")
    }

    public static func buildLimitedAvailability(_ content: any MenuContent) -> any MenuContent { content }
}

/// Statements written one after another; each gets its position as its identity.
struct MenuContentGroup: MenuContent {
    let parts: [any MenuContent]
    let label: String

    func resolve(at identity: MenuIdentity, into nodes: inout [MenuNode]) {
        for (index, part) in parts.enumerated() {
            part.resolve(at: identity.appending(label, index), into: &nodes)
        }
    }
}

/// One branch of an `if`/`else` or an optional: the branch is part of the identity, so an item
/// in the `if` branch is never mistaken for one in the `else` branch.
struct MenuContentBranch: MenuContent {
    let content: (any MenuContent)?
    let branch: String

    func resolve(at identity: MenuIdentity, into nodes: inout [MenuNode]) {
        content?.resolve(at: identity.appending(branch), into: &nodes)
    }
}

/// Content that stands for nothing; what an empty builder closure produces.
public struct EmptyMenuContent: MenuContent {
    public init() {}
    public func resolve(at identity: MenuIdentity, into nodes: inout [MenuNode]) {}
}
