/// One branch of an `if`/`else` or an optional: the branch is part of the identity, so an item
/// in the `if` branch is never mistaken for one in the `else` branch. You do not write it: the
/// builders make it from an `if`'s branches.
///
/// The branch's content lives in one box (`BranchContent`), which names the branch too; the
/// branch is that one reference, within an existential's inline buffer, so as
/// `any MenuContent` it needs no box of its own and is copied with one retain. A branch that
/// held its content as `any MenuContent` was a box around a box (the content's, as large as a
/// button or a toggle), one more allocated and freed for every element of every list whose
/// content has an `if` at every refresh. Where the content's type is known
/// (``ForEachContentBuilder``), the box holds it as that type (`TypedBranchContent`).
public struct _MenuContentBranch: MenuContent {
    package let content: BranchContent

    /// The branch's content, in the branch ("if", "else", "some").
    @usableFromInline
    package init(_ content: BranchContent) {
        self.content = content
    }

    package var branch: String { content.branch.name }

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        let branch = branch
        let branchIdentity = if let earlier = nodes.earlierIdentity {
            identity.appending(branch, reusing: earlier)
        } else {
            identity.appending(branch)
        }
        content.resolveInPlace(at: branchIdentity, into: &nodes)
    }

    /// Reads as its content, in its branch.
    public func _readForKeeping(into reading: inout _KeptContentReading) -> Bool {
        reading.hash.mix(5)
        reading.hash.mix(content.branch.rawValue)
        return content.readForKeeping(into: &reading)
    }
}

/// A branch's content, in a box: a class, so that the branch holding it stays small.
@MainActor @usableFromInline
package class BranchContent {
    /// Held here, not beside the box: a branch of one reference is copied with one retain.
    let branch: Branch

    @usableFromInline
    init(branch: Branch) {
        self.branch = branch
    }

    func resolveInPlace(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        preconditionFailure("a subclass resolves its content")
    }

    func readForKeeping(into reading: inout _KeptContentReading) -> Bool { false }
}

/// A branch's content of a type known where the branch was built: held in the box itself.
@MainActor @usableFromInline
package final class TypedBranchContent<Content: MenuContent>: BranchContent {
    @usableFromInline let content: Content

    /// Inlined where the branch is built: the content moves into the box (through a generic
    /// initializer, the caller kept a copy of it, every field retained and released).
    @inlinable
    package init(_ content: consuming Content, branch: Branch) {
        self.content = consume content
        super.init(branch: branch)
    }

    override func resolveInPlace(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        content._resolveInPlace(at: identity, into: &nodes)
    }

    override func readForKeeping(into reading: inout _KeptContentReading) -> Bool {
        content._readForKeeping(into: &reading)
    }
}

/// A branch's content known only as `any MenuContent` (``MenuContentBuilder``'s branches).
@MainActor
package final class ExistentialBranchContent: BranchContent {
    private let content: any MenuContent

    package init(_ content: any MenuContent, branch: Branch) {
        self.content = content
        super.init(branch: branch)
    }

    override func resolveInPlace(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        content._resolveInPlace(at: identity, into: &nodes)
    }

    override func readForKeeping(into reading: inout _KeptContentReading) -> Bool {
        content._readForKeeping(into: &reading)
    }
}

/// Which branch: its name is part of the content's identity; a reading mixes its number.
@usableFromInline
package enum Branch: Int {
    case `if` = 1, `else`, some

    package var name: String {
        switch self {
        case .if: "if"
        case .else: "else"
        case .some: "some"
        }
    }
}
