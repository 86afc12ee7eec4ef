/// A kept list's elements read for a refresh (``DeferredElements/expandKept(comparingWith:ownActions:appendingActionsTo:reusing:)``):
/// each element's content run and read (``_KeptContentReading``); one whose reading is as the
/// list noted makes no node, the others are resolved.
extension ForEachElements {
    /// Reads each element as ``expandKept(comparingWith:ownActions:appendingActionsTo:reusing:)`` does:
    /// `data` has as many elements as the last expansion read, whose notes (identities,
    /// readings) stand for the elements read and are written anew for the resolved ones.
    func readElements(
        of data: [Data.Element], comparingWith signatures: [KeptItemSignature], ownActions: [String],
        into expansion: inout KeptExpansion, actions: inout [PlannedAction]
    ) {
        expansion.contents.reserveCapacity(data.count)
        if !ownActions.isEmpty { actions.reserveCapacity(actions.count + data.count) }
        let (elementID, content) = (forEach.elementID, forEach.content)
        let integerKeyed = ID.self == Int.self && deferral.notesKeptItems
        // A list that skips equal elements plans its actions again from its notes, without a run.
        let standsInRun = !skipsEqualElements
        // The standing elements, as the last run's while they are the same (then not copied).
        var standing = StandingElements(last: lastStanding)
        defer { expansion.standing = standing.finish(in: self) }
        observingElements {
            var index = 0
            for element in data {
                let start = expansion.nodes.count
                let id = elementID(element)
                let sameIdentity = !integerKeyed || elementIdentities[index].id == unsafeBitCast(id, to: Int.self)
                let wasRead = observingElement(at: index, id: noteID.init(id), object: object(element)) { () -> Bool in
                    // Read in place where it is kept: read from a local, the content was copied
                    // into a box of its own on its way into the array (an allocation an element).
                    expansion.contents.append(content(element))
                    var reading = Self.reading(of: &expansion.contents[index], id: id, integerKeyed: integerKeyed, keepsClosure: !standsInRun)
                    let signature = reading.signature
                    // Asked where the name lies: a standing action needs no copy of it (a
                    // retain and a release an element).
                    let hasOwnAction = !ownActions.isEmpty && !ownActions[index].isEmpty
                    if signature != 0, signature == keptContentReadings[index], sameIdentity {
                        if hasOwnAction {
                            if standsInRun && reading.runsClosure {
                                // A button's action stands, bound late (`KeptActionRun`).
                                standing.append(index)
                            } else {
                                actions.append(PlannedAction(name: ownActions[index], isEnabled: true, behavior: reading.takeBehavior()))
                            }
                        }
                        return true
                    }
                    keptContentReadings[index] = signature
                    expansion.resolved.append(index)
                    if hasOwnAction {
                        actions.append(PlannedAction(name: ownActions[index], isEnabled: true, behavior: .nothing))
                    }
                    let elementIdentity = sameIdentity && integerKeyed ? elementIdentities[index].identity : identity.appending(element: id)
                    if integerKeyed {
                        elementIdentities[index] = IdentityOfElement(id: unsafeBitCast(id, to: Int.self), identity: elementIdentity)
                    }
                    resolveContent(expansion.contents[index], as: elementIdentity, earlier: nodeIdentities[index], into: &expansion.nodes)
                    return false
                }
                if !wasRead {
                    nodeIdentities[index] = expansion.nodes.count > start ? expansion.nodes[start].identity : identity
                    finish(&expansion.nodes, from: start, element: index)
                    if keptContentReadings[index] != 0,
                       expansion.nodes.count != start + 1 || !Self.signs(expansion.nodes, at: start, as: signatures[index]) {
                        // Its item changed: until its new node is signed, it is resolved.
                        keptContentReadings[index] = 0
                    }
                }
                index += 1
            }
        }
    }

    /// An element's content read for keeping (``_KeptContentReading``), its signature 0 where
    /// the content cannot be read so.
    /// Read where the content is (`inout`, not changed): handed over as a value, it was copied
    /// (a retain and a release of its box).
    static func reading(of content: inout any MenuContent, id: ID, integerKeyed: Bool, keepsClosure: Bool) -> _KeptContentReading {
        var reading = _KeptContentReading()
        reading.keepsClosure = keepsClosure
        // The id stands for the element's identity, which its nodes' derive from.
        reading.hash.mix(integerKeyed ? unsafeBitCast(id, to: Int.self) : id.hashValue)
        guard content._readForKeeping(into: &reading) else { return _KeptContentReading(unreadable: ()) }
        return reading
    }

    /// Whether the node at `position` is one a kept item is planned from, and signed `signature`.
    /// Not isolated: the buffer's closure would check at every call that it runs on the main actor.
    private nonisolated static func signs(_ nodes: [MenuNode], at position: Int, as signature: KeptItemSignature) -> Bool {
        nodes.withUnsafeBufferPointer { nodes in
            let node = nodes.baseAddress! + position
            guard let kind = MenuNode.keptKind(at: node) else { return false }
            return KeptItemSignature(at: node, kind: kind) == signature
        }
    }
}
