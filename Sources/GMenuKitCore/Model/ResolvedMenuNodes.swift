/// What content resolves into: the neutral description of its items, in the order written, that
/// the renderer and the guideline checks read. Opaque outside GMenuKit: content of your own
/// writes `body` and never resolves itself (``MenuContent/resolve(at:into:)``'s default does it).
///
/// The description (`MenuNode`) is internal to GMenuKit, so that a new kind of item or a new
/// detail of one is no change to the public API.
public struct ResolvedMenuNodes {
    package var nodes: [MenuNode]
    /// The identity the content resolved here made last time, as far as its caller knows (a
    /// list's element's first node, from the list's last expansion): a branch that would make
    /// the same identity takes it instead (``MenuIdentity/appending(_:reusing:)``).
    package var earlierIdentity: MenuIdentity?

    package init(_ nodes: [MenuNode] = []) {
        self.nodes = nodes
    }

    package var count: Int { nodes.count }
    package var isEmpty: Bool { nodes.isEmpty }

    package subscript(index: Int) -> MenuNode {
        _read { yield nodes[index] }
        _modify { yield &nodes[index] }
    }

    /// Takes the node over: a node made for the append moves into the array without a copy
    /// (a borrowed one would be copied, every field retained).
    package mutating func append(_ node: consuming MenuNode) {
        nodes.append(node)
    }

    package mutating func append(contentsOf others: [MenuNode]) {
        nodes.append(contentsOf: others)
    }

    package mutating func reserveCapacity(_ capacity: Int) {
        nodes.reserveCapacity(capacity)
    }

    /// Runs `resolve` with `nodes` as the nodes it appends to, without copying them (the array
    /// moves in and back out), for the package's helpers that keep an array.
    @inline(__always)
    package static func appending(to nodes: inout [MenuNode], _ resolve: (inout ResolvedMenuNodes) -> Void) {
        var resolved = ResolvedMenuNodes()
        swap(&resolved.nodes, &nodes)
        defer { swap(&resolved.nodes, &nodes) }
        resolve(&resolved)
    }
}
