/// Anything that can appear inside a menu: items, groups, conditionals, loops, and content of
/// your own.
///
/// Write content of your own as you write a SwiftUI view, with a `body` made of other content:
///
/// ```swift
/// struct IceCreamMenu: MenuContent {
///     @Bindable var order: Order
///     @State private var showsToppings = false
///
///     var body: some MenuContent {
///         Picker("Flavor", selection: $order.flavor) {
///             ForEach(Flavor.allCases) { flavor in Text(flavor.name).tag(flavor) }
///         }
///         Toggle("Show Toppings", isOn: $showsToppings)
///         if showsToppings { ToppingsMenu(order: order) }
///     }
/// }
/// ```
///
/// Content is resolved into ``ResolvedMenuNodes``, the neutral description of a menu that the
/// renderer and the guideline checks read (internal to GMenuKit). Resolution happens again on every refresh, so
/// content may read observable state and bindings freely. Custom content resolves its `body`
/// where it stands itself; its ``State`` is kept by that place (its identity) across refreshes.
///
/// GMenuKit's own items (`Button`, `Toggle`, `Menu`, …) have no body (`Body` is `Never`): they
/// resolve themselves in ``resolve(at:into:)``.
@MainActor
public protocol MenuContent {
    /// The type of content this content is made of; `Never` for GMenuKit's own items.
    associatedtype Body: MenuContent = Never

    /// The content this content is made of. Written with the statements of a
    /// ``MenuContentBuilder``, as a SwiftUI view's body is.
    @MenuContentBuilder var body: Body { get }

    /// Appends the nodes this content stands for to `nodes`, in the order written. Content with
    /// a `body` does not write it: by default it connects the content's ``State`` to the place
    /// it stands and resolves `body` there. Only GMenuKit's own items implement it, as
    /// ``ResolvedMenuNodes`` is opaque outside GMenuKit.
    /// - Parameter identity: where this content sits in its menu; nodes derive their
    ///   identities from it so that they stay the same across refreshes.
    /// - Parameter nodes: where the nodes go, after those already there.
    func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes)

    /// Resolves this content where the content that holds it stands (a body, a branch, a list
    /// element): a builder block of one statement as that statement, with no position of its
    /// own; any other content as ``resolve(at:into:)`` does. GMenuKit's blocks implement it;
    /// asked of the content itself, it reads the block where it lies, where a generic check
    /// of its type copied it (every field retained) for every element of every list.
    func _resolveInPlace(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes)

    /// GMenuKit's own: reads this content as a refresh compares a kept list's element without
    /// resolving it (``_KeptContentReading``); false for content it must resolve.
    func _readForKeeping(into reading: inout _KeptContentReading) -> Bool

    /// GMenuKit's own: reads this content as a refresh reads an element of a kept list of
    /// sections without resolving it (``_KeptSectionReading``); nothing for other content.
    func _readAsKeptSection(_ reading: inout _KeptSectionReading)
}

extension MenuContent {
    /// Resolves ``body`` at this content's own identity, its state connected to what the render
    /// in progress keeps for that identity. A body of one statement resolves it there, as if it
    /// were written in the content's place; a body of several gives each its position.
    @inlinable
    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        // Inlinable: where the content is declared, its body is then read and resolved directly.
        MenuStateLinking.link(self, at: identity)
        body._resolveInPlace(at: identity, into: &nodes)
    }

    /// Content other than a builder block resolves where it stands as it does anywhere.
    @inlinable
    public func _resolveInPlace(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        resolve(at: identity, into: &nodes)
    }

    /// The nodes this content stands for, in the order written.
    package func resolveNodes(at identity: MenuIdentity) -> [MenuNode] {
        var resolved = ResolvedMenuNodes()
        resolve(at: identity, into: &resolved)
        return resolved.nodes
    }
}

extension MenuContent where Body == Never {
    /// GMenuKit's own items have no body; they resolve themselves.
    public var body: Never {
        fatalError("\(Self.self) resolves itself and has no body")
    }
}

/// No content: the body of content that resolves itself.
extension Never: MenuContent {
    public typealias Body = Never
    /// Never called: there is no value of `Never`.
    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {}
}

/// Builds menu content from the statements of a closure, as SwiftUI's `@ViewBuilder` does.
/// A custom content's `body` is built with it without writing the attribute.
@MainActor
@resultBuilder
public enum MenuContentBuilder {
    /// One statement of a block.
    public static func buildExpression(_ content: any MenuContent) -> any MenuContent { content }

    /// The statements of a block, one after another.
    public static func buildBlock(_ parts: any MenuContent...) -> MenuContentGroup {
        MenuContentGroup(parts: parts, label: "")
    }

    /// A block of one statement: the statement itself (SwiftUI's `buildBlock` of one is its
    /// content, too), in a branch or a loop's pass, where it stands in place; a closure's is put
    /// in a group of one by `buildFinalResult`. A group around it was boxed apart for every
    /// `if` of every list element.
    public static func buildBlock(_ content: any MenuContent) -> any MenuContent {
        content
    }

    /// An `if` without `else`, or an `if let`.
    public static func buildOptional(_ content: (any MenuContent)?) -> any MenuContent {
        if let content { _MenuContentBranch(ExistentialBranchContent(content, branch: .some)) } else { EmptyMenuContent() }
    }

    /// The `if` branch of an `if`/`else` or a `switch`'s first case.
    public static func buildEither(first content: any MenuContent) -> any MenuContent {
        _MenuContentBranch(ExistentialBranchContent(content, branch: .if))
    }

    /// The `else` branch of an `if`/`else` or a `switch`'s later cases.
    public static func buildEither(second content: any MenuContent) -> any MenuContent {
        _MenuContentBranch(ExistentialBranchContent(content, branch: .else))
    }

    /// A `for` loop's statements, once per pass.
    public static func buildArray(_ parts: [any MenuContent]) -> MenuContentGroup {
        MenuContentGroup(parts: parts, label: "for")
    }

    /// Content inside `if #available`.
    public static func buildLimitedAvailability(_ content: any MenuContent) -> any MenuContent { content }

    /// A closure's or body's one statement, in a group of one: what a closure returns is a
    /// content type, so that a generic container's `content: () -> Content` (as SwiftUI's
    /// containers are written) and a `some MenuContent` body have one. An overload returning
    /// the statement itself where `any MenuContent` is asked for (which would spare its box)
    /// made Swift infer such a `Content` as `any MenuContent`, which cannot conform.
    public static func buildFinalResult(_ content: any MenuContent) -> MenuContentGroup {
        MenuContentGroup(single: content)
    }

    /// A closure's or body's statements, as their group.
    public static func buildFinalResult(_ block: MenuContentGroup) -> MenuContentGroup { block }
}

/// Builds a `ForEach` element's content from its closure's statements, as ``MenuContentBuilder``
/// does, except that a closure of one statement returns that statement: an element's content
/// stands in place (a group of one there is its statement), and the group was one more box
/// made and freed for every element of every list at every refresh (a sixteenth of it). Only
/// `ForEach` takes it, where the closure returns `any MenuContent` itself; elsewhere a generic
/// `Content` would be inferred as `any MenuContent`, which cannot conform (see
/// ``MenuContentBuilder``'s `buildFinalResult`). You do not write it: `ForEach`'s closures
/// take it as SwiftUI's take `@ViewBuilder`.
@MainActor
@resultBuilder
public enum ForEachContentBuilder {
    /// One statement of a block.
    @_disfavoredOverload
    public static func buildExpression(_ content: any MenuContent) -> any MenuContent { content }
    /// One statement of a block, as its own type: a branch around it keeps it so (one box
    /// for the element's content, see `_MenuContentBranch`).
    @inlinable
    public static func buildExpression<Content: MenuContent>(_ content: consuming Content) -> Content { content }
    /// The statements of a block, one after another.
    @_disfavoredOverload
    public static func buildBlock(_ parts: any MenuContent...) -> MenuContentGroup { MenuContentGroup(parts: parts, label: "") }
    /// A block of one statement: the statement itself.
    @_disfavoredOverload
    public static func buildBlock(_ content: any MenuContent) -> any MenuContent { content }
    /// A block of one statement: the statement itself, as its own type.
    @inlinable
    public static func buildBlock<Content: MenuContent>(_ content: consuming Content) -> Content { content }
    /// An `if` without `else`, or an `if let`.
    @_disfavoredOverload
    public static func buildOptional(_ content: (any MenuContent)?) -> any MenuContent { MenuContentBuilder.buildOptional(content) }
    /// An `if` without `else`, or an `if let`, its content of a type of its own: held in the
    /// branch's one box. (Where the condition is false, Swift passes `nil` to the overload
    /// above, which has no type to infer: nothing, `EmptyMenuContent`.)
    @inlinable
    public static func buildOptional<Content: MenuContent>(_ content: consuming Content?) -> any MenuContent {
        guard let content else { return EmptyMenuContent() }
        return _MenuContentBranch(TypedBranchContent(consume content, branch: .some))
    }
    /// The `if` branch of an `if`/`else` or a `switch`'s first case.
    @_disfavoredOverload
    public static func buildEither(first content: any MenuContent) -> any MenuContent { MenuContentBuilder.buildEither(first: content) }
    /// The `else` branch of an `if`/`else` or a `switch`'s later cases.
    @_disfavoredOverload
    public static func buildEither(second content: any MenuContent) -> any MenuContent { MenuContentBuilder.buildEither(second: content) }
    /// The `if` branch of an `if`/`else`, its content of a type of its own: held in the
    /// branch's one box (see `_MenuContentBranch`).
    @inlinable
    public static func buildEither<Content: MenuContent>(first content: consuming Content) -> _MenuContentBranch {
        _MenuContentBranch(TypedBranchContent(consume content, branch: .if))
    }
    /// The `else` branch of an `if`/`else`, its content of a type of its own.
    @inlinable
    public static func buildEither<Content: MenuContent>(second content: consuming Content) -> _MenuContentBranch {
        _MenuContentBranch(TypedBranchContent(consume content, branch: .else))
    }
    /// A `for` loop's statements, once per pass.
    public static func buildArray(_ parts: [any MenuContent]) -> MenuContentGroup { MenuContentBuilder.buildArray(parts) }
    /// Content inside `if #available`.
    public static func buildLimitedAvailability(_ content: any MenuContent) -> any MenuContent { content }
    /// The closure's block as it is: one statement, or the group of several.
    public static func buildFinalResult(_ content: any MenuContent) -> any MenuContent { content }
}

/// Statements written one after another, as a ``MenuContentBuilder`` block makes them; each
/// gets its position as its identity.
public struct MenuContentGroup: MenuContent {
    /// The statement of a block of one, the most common block: no array to allocate. Not an
    /// optional: unwrapped, it would be copied for every element of every list.
    private let single: any MenuContent
    private let isSingle: Bool
    package let parts: [any MenuContent]
    package let label: String

    package init(parts: [any MenuContent], label: String) {
        single = EmptyMenuContent()
        isSingle = false
        self.parts = parts
        self.label = label
    }

    package init(single: any MenuContent) {
        self.single = single
        isSingle = true
        parts = []
        label = ""
    }

    /// The statement of a block of one, resolved at ``MenuIdentity/holdsLoneStatement(at:)``.
    var loneStatement: (any MenuContent)? { isSingle ? single : nil }

    /// Resolves each statement at its position.
    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        if isSingle {
            single.resolve(at: identity.appending(label, 0), into: &nodes)
            return
        }
        for (index, part) in parts.enumerated() {
            part.resolve(at: identity.appending(label, index), into: &nodes)
        }
    }

    /// Resolves a body, a branch's or a list element's content where it stands: a block of one
    /// statement is that statement, with no position after the identity, as a body of one is
    /// (SwiftUI's `buildBlock` of one is its content, too). Each position costs an identity
    /// written out anew for every element of every list.
    public func _resolveInPlace(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        if isSingle {
            single.resolve(at: identity, into: &nodes)
        } else {
            resolve(at: identity, into: &nodes)
        }
    }

    /// A block of one statement reads as that statement, under the block's label.
    public func _readForKeeping(into reading: inout _KeptContentReading) -> Bool {
        guard isSingle else { return false }
        reading.hash.mix(6)
        reading.hash.mix(label)
        return single._readForKeeping(into: &reading)
    }
}

/// Content that stands for nothing; what an empty builder closure produces.
public struct EmptyMenuContent: MenuContent {
    /// Nothing.
    public init() {}
    /// Appends nothing.
    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {}
}
