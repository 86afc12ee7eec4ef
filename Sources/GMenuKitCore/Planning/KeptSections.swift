/// A section of a kept list of sections as the last planning planned it: what a refresh that
/// reads the section again (or resolves it) compares before it keeps it (``MenuPlanner/keptSections(_:of:scope:)``).
package struct KeptSection {
    let identity: MenuIdentity
    let title: String
    /// The identity of the list the section holds alone.
    let listIdentity: MenuIdentity
    /// The header as planned from the title (normalized): what the scope of the list inside
    /// takes as its path.
    let header: String
}

// MARK: Keeping a list of sections

extension MenuPlanner {
    /// A list of plain sections that fills the menu's top level (`ForEach(groups) { Section {
    /// ForEach($0.items) … } }`), kept as it stands when each section reads (or resolves) as
    /// it was planned and each list inside it keeps its items: one placeholder for them all, and no
    /// section planned or applied (planning and applying them were a fifth of an unchanged
    /// refresh). Where a section differs, or a list inside does not keep its items, the
    /// sections' nodes, to plan as usual; the lists read so far keep what their reading
    /// found (``DeferredElements/readAhead``). Nil when the list was not noted so.
    mutating func keptSections(_ list: DeferredElements, of owner: MenuIdentity, scope: Scope) -> ([PlannedItem]?, [MenuNode])? {
        // The top level only: a level that goes (its submenu's item replaced) takes a kept
        // list's items as planned items, which for sections would have to carry their levels.
        guard let sections = list.keptSections, owner.path.isEmpty, list.isSectioned, list.isIncremental, list.standsWhole,
              list.scope?.keepsItems(of: scope) == true
        else { return nil }
        // Expanding forgets the notes: noted again below if the sections are kept. Sections
        // read as noted make no nodes; where one made them, they are compared.
        let expansion = list.expandSections(as: sections)
        let inners: [DeferredElements]
        if let lists = expansion.lists {
            inners = lists
        } else {
            guard expansion.nodes.count == sections.count, let lists = Self.sectionLists(of: expansion.nodes, as: sections)
            else { return (nil, expansion.nodes) }
            inners = lists
        }
        var sectionScope = scope
        sectionScope.groupDepth += 1
        makesPlaceholders = false
        for index in inners.indices {
            // The scope `planBlock` gives a plain section's list (nothing of the section's
            // own but its header: ``MenuNode/loneListOfPlainSection``).
            var innerScope = sectionScope
            if !sections[index].header.isEmpty { innerScope.path.append(sections[index].header) }
            innerScope.level = sections[index].identity
            let read = keptOrExpanded(inners[index], of: sections[index].identity, scope: innerScope)
            guard let read, read.0 != nil else {
                makesPlaceholders = true
                // Planned as usual from here: the sections' planning takes what was read.
                leavePlaceholders(for: inners[..<index], keptIn: sections)
                if let read {
                    inners[index].readAhead = read
                    readAhead.append(inners[index])
                }
                return (nil, expansion.lists == nil ? expansion.nodes : list.nodes(ofSections: sections, around: inners))
            }
        }
        makesPlaceholders = true
        // As the planning of the sections noted them.
        list.keptSections = sections
        list.readItsSectionsAsContent = expansion.lists != nil
        list.isSectioned = true
        list.keptSignatures = nil
        return (placeholder(keeping: list, of: owner, scope: scope), [])
    }

    /// Notes what a refresh needs to keep `list`'s sections (`level`, planned from `nodes`) as
    /// they stand: only where the list is all the menu's top level holds, each of its
    /// elements one plain section around a list alone, planned under its own identity.
    mutating func noteKeptSections(of list: DeferredElements, nodes: [MenuNode], level: [PlannedItem], owner: MenuIdentity) {
        list.keptSections = nil
        guard owner.path.isEmpty, list.isIncremental, list.isSectioned, list.scope != nil, !nodes.isEmpty, nodes.count == level.count
        else { return }
        // Read where they lie: handed over or read through a computed property, each node
        // was copied (a first render of a hundred sections paid 0.5%).
        let sections = nodes.withUnsafeBufferPointer { nodes in
            level.withUnsafeBufferPointer { level -> [KeptSection]? in
                var sections: [KeptSection] = []
                sections.reserveCapacity(nodes.count)
                for index in nodes.indices {
                    let node = nodes.baseAddress! + index
                    let item = level.baseAddress! + index
                    guard let inner = MenuNode.loneListOfPlainSection(at: node), item.pointee.identity == node.pointee.identity,
                          item.pointee.origin?.elements === list
                    else { return nil }
                    sections.append(KeptSection(identity: node.pointee.identity, title: node.pointee.title, listIdentity: inner.identity,
                                                header: item.pointee.attributes.label ?? ""))
                }
                return sections
            }
        }
        list.keptSections = sections
    }

    /// Leaves each of `inners`, read ahead and kept, its placeholder (not made as it was read)
    /// for its section's planning to take.
    private mutating func leavePlaceholders(for inners: ArraySlice<DeferredElements>, keptIn sections: [KeptSection]) {
        for index in inners.indices {
            // The list `keptOrExpanded` kept.
            let kept = inners[index].keptAs ?? inners[index]
            inners[index].readAhead = (Self.placeholderItems(keeping: kept, of: sections[index].identity), [])
            readAhead.append(inners[index])
        }
    }

    /// What was read ahead and not taken (a section the planning left out) goes: it is of
    /// this plan alone.
    mutating func dropReadAhead() {
        for inner in readAhead { inner.readAhead = nil }
        readAhead.removeAll()
    }

    /// The list each of `nodes` holds alone, where each is a plain section around a list
    /// alone with the identity and title `sections` noted; nil where one is not. Read where
    /// the nodes lie: handed over, each node was copied.
    private static func sectionLists(of nodes: [MenuNode], as sections: [KeptSection]) -> [DeferredElements]? {
        nodes.withUnsafeBufferPointer { nodes in
            var lists: [DeferredElements] = []
            lists.reserveCapacity(nodes.count)
            for index in nodes.indices {
                let node = nodes.baseAddress! + index
                guard node.pointee.identity == sections[index].identity, node.pointee.title == sections[index].title,
                      let list = MenuNode.loneListOfPlainSection(at: node)
                else { return nil }
                lists.append(list)
            }
            return lists
        }
    }
}
