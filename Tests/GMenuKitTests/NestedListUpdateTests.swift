import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// An entry that counts its own clicks in `@State`: its state lives under its element.
private struct CountedEntry: MenuContent {
    let entry: ListEntry
    @State private var clicks = 0

    var body: some MenuContent {
        Button("\(entry.title) (\(clicks))") { clicks += 1 }
    }
}

@Observable
@MainActor
private final class CountedSections {
    var sections: [ListSection] = (0..<4).map { section in
        ListSection(id: section, entries: (0..<3).map { ListEntry(id: section * 10 + $0, title: "Entry \(section * 10 + $0)") })
    }

    var menu: Menu {
        Menu("History") {
            ForEach(self.sections) { section in
                Section(section.header) {
                    ForEach(section.entries) { CountedEntry(entry: $0) }
                }
            }
        }
    }
}

/// Sections as values around lists of their own (`ForEach(sections) { Section { ForEach(…) } }`):
/// a change to one entry changes its section's element in the outer list; the section's own
/// list goes on and replaces the one item, as a flat list does.
final class NestedListUpdateTests: GtkTestCase {
    /// The other entries of the section keep their `@State`: only the changed entry was
    /// resolved again.
    func testAnEntryChangedInsideASectionKeepsItsNeighboursState() {
        onMain {
            let model = CountedSections()
            let rendered = RenderedMenu(model.menu)
            let group = rendered.actionGroup.unsafePointer
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [1])
            activate(MenuModelReader.read(section)[0], in: group)
            activate(MenuModelReader.read(section)[0], in: group)
            MainLoop.drain()
            XCTAssertEqual(MenuModelReader.read(section)[0].label, "Entry 10 (2)")
            let recorder = ItemsChangedRecorder(section)
            let updatesBefore = rendered.listUpdates

            model.sections[1].entries[2].title = "Renamed"
            MainLoop.drain()

            XCTAssertEqual(MenuModelReader.read(section).map(\.label), ["Entry 10 (2)", "Entry 11 (0)", "Renamed (0)"],
                           "the neighbour kept its clicks")
            XCTAssertEqual(recorder.changes, [.init(position: 2, removed: 1, added: 1)], "one item replaced")
            XCTAssertEqual(rendered.listUpdates, updatesBefore + 1)
            // Its state is still there when it runs again: a third click counts three.
            activate(MenuModelReader.read(section)[0], in: group)
            MainLoop.drain()
            XCTAssertEqual(MenuModelReader.read(section)[0].label, "Entry 10 (3)")
        }
    }

    /// The list keeps each change's new element (written over the kept one in the element's
    /// own type, `ForEach.replaceElement`): the next change inside the same section resolves
    /// and replaces its own entry alone, not the one changed before it as well.
    func testEachChangeInsideASectionResolvesItsOwnEntryAlone() {
        onMain {
            let model = ListModel(sections: 3, entries: 3)
            let rendered = RenderedMenu(model.menu())
            // The button before the list makes a section of its own; the list's sections follow.
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [2])
            let recorder = ItemsChangedRecorder(section)
            var evaluations: [Int] = []

            for (entry, title) in [(2, "Renamed"), (1, "Renamed too"), (2, "Renamed again")] {
                let before = model.entryEvaluations
                model.sections[1].entries[entry].title = title
                MainLoop.drain()
                evaluations.append(model.entryEvaluations - before)
            }

            XCTAssertEqual(MenuModelReader.read(section).map(\.label), [model.sections[1].entries[0].title, "Renamed too", "Renamed again"])
            XCTAssertEqual(evaluations, [1, 1, 1], "each change resolved its own entry alone")
            XCTAssertEqual(recorder.changes, [.init(position: 2, removed: 1, added: 1), .init(position: 1, removed: 1, added: 1),
                                              .init(position: 2, removed: 1, added: 1)])
        }
    }

    /// A list keeps the arrays of a change, emptied, for its next (``DeferredElements/recycle(_:)``),
    /// and the list inside the changed section keeps its own; arrays a large change grew are
    /// let go rather than held for every change after.
    func testListsKeepTheArraysOfASmallChangeAndLetGoOfALargeOne() {
        onMain {
            let model = CountedSections()
            let rendered = RenderedMenu(model.menu)
            model.sections[1].entries[2].title = "Renamed"
            MainLoop.drain()

            let lists = rendered.graph.lists?.heldLists ?? []
            let outer = lists.filter { $0.enclosingSectionTitle == nil }
            let changed = lists.filter { $0.enclosingSectionTitle != nil && $0.spareChanges.nodes.capacity > 0 }
            XCTAssertEqual(outer.count, 1)
            XCTAssertGreaterThan(outer.first?.spareChanges.nested.capacity ?? 0, 0, "the sections' list kept its array of inner changes")
            XCTAssertEqual(changed.count, 1, "the changed section's list kept its arrays; the others read no change")
            guard let inner = changed.first else { return }
            XCTAssertGreaterThan(inner.spareChanges.changed.capacity, 0)
            XCTAssertTrue(inner.spareChanges.isEmpty && inner.spareChanges.nodes.isEmpty, "kept emptied")

            // Twenty entries for three, in one change of that list.
            model.sections[1].entries = (0..<20).map { ListEntry(id: 500 + $0, title: "New \($0)") }
            MainLoop.drain()
            XCTAssertEqual(rendered.listUpdates, 2, "both changes went through the lists alone")
            XCTAssertEqual(inner.spareChanges.inserted.capacity, 0, "twenty insertions' array let go")
            XCTAssertEqual(inner.spareChanges.nodes.capacity, 0, "twenty nodes' array let go")
            let (updated, expected) = (NormalizedRendering(rendered), NormalizedRendering(RenderedMenu(model.menu)))
            XCTAssertEqual(updated, expected, updated.firstDifference(from: expected))
        }
    }

    /// Entries inserted and removed inside a section, and the section's header changed with
    /// them: each turn gives what a fresh render gives, and the sections' lists go on, none
    /// made anew to pile up in the rendered menu.
    func testInsertionsRemovalsAndHeadersInsideSectionsMatchFreshRenders() {
        insertRemoveAndRetitleInsideSections(refreshingBetween: false)
    }

    /// The same with a `refresh()` before every other change: the list of sections, gone on
    /// through the refresh, still takes each change alone.
    func testChangesInsideSectionsBetweenRefreshesGoThroughTheListAlone() {
        insertRemoveAndRetitleInsideSections(refreshingBetween: true)
    }

    private func insertRemoveAndRetitleInsideSections(refreshingBetween: Bool) {
        onMain {
            let model = CountedSections()
            let rendered = RenderedMenu(model.menu)
            var nextID = 100
            let listsBefore = rendered.graph.lists?.listCount
            for step in 0..<40 {
                if refreshingBetween && step % 2 == 1 { rendered.refresh() }
                let section = (step / 4) % model.sections.count
                switch step % 4 {
                case 0:
                    model.sections[section].entries.insert(ListEntry(id: nextID, title: "New \(nextID)"), at: 1)
                    nextID += 1
                case 1: model.sections[section].entries.removeLast()
                case 2: model.sections[section].entries[0].title = "Step \(step)"
                default:
                    model.sections[section].header = "Header \(step)"
                    model.sections[section].entries[0].title = "With header \(step)"
                }
                MainLoop.drain()
                let (updated, expected) = (NormalizedRendering(rendered), NormalizedRendering(RenderedMenu(model.menu)))
                guard updated == expected else { return XCTFail("step \(step): \(updated.firstDifference(from: expected))") }
                XCTAssertEqual(rendered.listUpdates, step + 1, "step \(step): the change went through a list alone")
            }
            // Each section resolved again found its list standing and went on with it, header
            // changed or not: no list was made, none piles up.
            let listsAfter = rendered.graph.lists?.listCount ?? 0
            XCTAssertEqual(listsAfter, listsBefore ?? 0, "the sections' lists went on (\(listsBefore ?? 0) → \(listsAfter))")
        }
    }

    /// A refresh goes on with the lists of the render before as it resolves, the list of
    /// sections (whose items a refresh does not keep: each element's identity noted is used
    /// again) and each section's, none made to be taken over and let go: the entries keep
    /// their `@State`, a list update between refreshes still reaches its section, and the
    /// render holds the outer list and one list a section, not those and the new ones it made.
    func testRefreshesGoOnWithTheSectionsListsOfTheRenderBefore() {
        onMain {
            let model = CountedSections()
            let rendered = RenderedMenu(model.menu)
            let group = rendered.actionGroup.unsafePointer
            activate(MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [1]))[0], in: group)
            MainLoop.drain()
            /// The list of sections: the one not inside an element of another.
            @MainActor func outerList() -> ObjectIdentifier? {
                rendered.graph.lists?.heldLists.first { !$0.identity.path.contains("/[") }.map(ObjectIdentifier.init)
            }
            var firstRefreshOuterList: ObjectIdentifier?
            for round in 0..<4 {
                rendered.refresh()
                if round == 0 { firstRefreshOuterList = outerList() }
                XCTAssertNotNil(outerList())
                XCTAssertEqual(outerList(), firstRefreshOuterList, "round \(round): the list of sections went on")
                let section = MenuModelReader.linkedModel(rendered.menuModel, at: [1])
                XCTAssertEqual(MenuModelReader.read(section)[0].label, "Entry 10 (\(round + 1))", "round \(round): its clicks kept")
                XCTAssertEqual(rendered.graph.lists?.listCount, 1 + model.sections.count, "round \(round)")
                model.sections[2].entries[1].title = "Round \(round)"
                MainLoop.drain()
                let other = MenuModelReader.linkedModel(rendered.menuModel, at: [2])
                XCTAssertEqual(MenuModelReader.read(other).map(\.label), ["Entry 20 (0)", "Round \(round) (0)", "Entry 22 (0)"],
                               "round \(round): the list update reached the section")
                // A click changes the entry's state, which renders the menu again.
                activate(MenuModelReader.read(section)[0], in: group)
                MainLoop.drain()
            }
            XCTAssertEqual(rendered.listUpdates, 4)
        }
    }

    /// A section's entries removed one by one until none is left, then one added back: each
    /// step is what a fresh render gives (the emptied section is the whole menu's to report).
    func testASectionEmptiedAndFilledAgainMatchesFreshRenders() {
        onMain {
            let model = CountedSections()
            let rendered = RenderedMenu(model.menu)
            for step in 0..<4 {
                if model.sections[1].entries.isEmpty {
                    model.sections[1].entries.append(ListEntry(id: 99, title: "Back"))
                } else {
                    model.sections[1].entries.removeFirst()
                }
                MainLoop.drain()
                let (updated, expected) = (NormalizedRendering(rendered), NormalizedRendering(RenderedMenu(model.menu)))
                XCTAssertEqual(updated, expected, "step \(step): \(updated.firstDifference(from: expected))")
            }
            XCTAssertEqual(model.sections[1].entries.map(\.title), ["Back"])
        }
    }
}

