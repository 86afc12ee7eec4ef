/// An element of a kept list of sections read as content, not resolved
/// (``DeferredElements/expandSections(as:)``): a plain section with the header the last planning
/// noted, its block of one statement, and that statement a `ForEach` whose list stood where the
/// section held it. GMenuKit's ``Section``, ``MenuContentGroup`` and ``ForEach`` fill it in
/// (``MenuContent/_readAsKeptSection(_:)``), each as it would resolve, and the list goes on as
/// resolving the section would have it go on; no node is made, copied or destroyed (resolved,
/// a section cost an unchanged refresh about 3,000 instructions, its nodes 800 more to let go).
public struct _KeptSectionReading {
    /// What the sections must be, and which one this is: one section copied out was three
    /// strings retained and released.
    let sections: [KeptSection], index: Int
    let graph: RenderGraph
    /// How far in the reading has come.
    var stage = Stage.section
    /// The list inside, gone on: set where every part read as noted.
    package internal(set) var list: DeferredElements?

    enum Stage { case section, block, statement }

    init(_ sections: [KeptSection], at index: Int, graph: RenderGraph) {
        (self.sections, self.index, self.graph) = (sections, index, graph)
    }

    /// Its identity (its element's), header and list's identity, as the last planning noted them.
    var noted: KeptSection {
        _read { yield sections[index] }
    }
}

extension MenuContent {
    /// Content other than GMenuKit's sections, blocks and lists is not read so.
    public func _readAsKeptSection(_ reading: inout _KeptSectionReading) {}
}

extension Section {
    /// A plain section (no header the menu cannot show) with the noted header: its block,
    /// within the nesting the menu shows, is read next.
    public func _readAsKeptSection(_ reading: inout _KeptSectionReading) {
        guard reading.stage == .section, labelProblems.isEmpty, header == reading.noted.title else { return }
        reading.stage = .block
        MenuNesting.enteringGroup { isWithinCut in
            if isWithinCut { content._readAsKeptSection(&reading) }
        }
    }
}

extension MenuContentGroup {
    /// A block of one statement, which resolves it where the noted list stood.
    public func _readAsKeptSection(_ reading: inout _KeptSectionReading) {
        guard reading.stage == .block, let statement = loneStatement,
              reading.noted.identity.holdsLoneStatement(at: reading.noted.listIdentity)
        else { return }
        reading.stage = .statement
        statement._readAsKeptSection(&reading)
    }
}

extension ForEach where Content == any MenuContent {
    /// The statement: the list that stood there goes on through this `ForEach`.
    @MainActor public func _readAsKeptSection(_ reading: inout _KeptSectionReading) {
        guard reading.stage == .statement else { return }
        reading.list = reading.graph.goOnWithPreviousList(at: reading.noted.listIdentity, through: self)
    }
}
