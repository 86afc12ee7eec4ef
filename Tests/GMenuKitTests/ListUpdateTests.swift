import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

struct ListEntry: Identifiable, Equatable {
    var id: Int
    var title: String
}

struct ListSection: Identifiable, Equatable {
    var id: Int
    var header = ""
    var entries: [ListEntry]
}

/// A list kept as values in an `@Observable` model, in sections, under a button that the
/// menu's own content reads; counts how often the menu's content and the entries' content run.
@Observable
@MainActor
final class ListModel {
    var title = "Clear History"
    var sections: [ListSection]
    @ObservationIgnored var contentEvaluations = 0
    @ObservationIgnored var entryEvaluations = 0
    @ObservationIgnored var opened: [Int] = []
    @ObservationIgnored private var nextID = 0

    init(sections: Int, entries: Int) {
        self.sections = []
        self.sections = (0..<sections).map { _ in makeSection(entries: entries) }
    }

    func makeSection(entries: Int) -> ListSection {
        let section = nextID
        nextID += 1
        return ListSection(id: section, entries: (0..<entries).map { _ in makeEntry() })
    }

    func makeEntry() -> ListEntry {
        defer { nextID += 1 }
        return ListEntry(id: nextID, title: "Entry \(nextID)")
    }

    /// With `icons`, a shown menu draws its entries as GMenuKit's own rows (an icon beside a label).
    func menu(generated: Bool = false, icons: Bool = false) -> Menu {
        Menu("History") {
            countingEvaluation(&self.contentEvaluations)
            Button(self.title) {}
            ForEach(self.sections) { section in
                // "Loose" entries stand among the sections as plain items: a list in a list.
                if section.header == "Loose" {
                    ForEach(section.entries) { entry in self.entryButton(entry, icons: icons) }
                } else {
                    Section(section.header) {
                        ForEach(section.entries) { entry in self.entryButton(entry, icons: icons) }
                    }
                }
            }
            .generatedContent(generated)
        }
    }

    private func entryButton(_ entry: ListEntry, icons: Bool) -> some MenuContent {
        countingEvaluation(&entryEvaluations, of: Button(entry.title, icon: icons ? "document-open-symbolic" : nil) { self.opened.append(entry.id) })
    }
}

/// A change to a list renders only the elements that changed: the content around the list is
/// not read again, GMenu sees the fewest changes, and the result equals a fresh render.
final class ListUpdateTests: GtkTestCase {
    func testChangedElementReplacesOnlyItsItem() {
        onMain {
            let model = ListModel(sections: 5, entries: 3)
            let rendered = RenderedMenu(model.menu())
            // The button before the list makes a section of its own; the list's sections follow.
            let changedSection = MenuModelReader.linkedModel(rendered.menuModel, at: [3])
            let top = ItemsChangedRecorder(rendered.menuModel)
            let section = ItemsChangedRecorder(changedSection)
            let (contentBefore, entriesBefore) = (model.contentEvaluations, model.entryEvaluations)

            model.sections[2].entries[1].title = "Renamed"
            MainLoop.drain()

            XCTAssertEqual(top.changes, [], "the other sections stay")
            XCTAssertEqual(section.changes, [.init(position: 1, removed: 1, added: 1)])
            XCTAssertEqual(MenuModelReader.read(changedSection).map(\.label), ["Entry 9", "Renamed", "Entry 11"])
            XCTAssertEqual(model.contentEvaluations, contentBefore, "the menu's own content is not read again")
            XCTAssertEqual(model.entryEvaluations, entriesBefore + 1, "only the changed entry is: the section's list goes on")
            XCTAssertEqual(rendered.listUpdates, 1)
            Self.assertSameAsFreshRender(rendered, model)
        }
    }

    func testSlidingListRemovesAndInsertsOnlyWhatChanged() {
        for generated in [false, true] {
            onMain {
                let model = ListModel(sections: 5, entries: 3)
                let rendered = RenderedMenu(model.menu(generated: generated))
                let top = ItemsChangedRecorder(rendered.menuModel)
                let goneAction = MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [1]))[0]
                let entriesBefore = model.entryEvaluations

                model.sections.removeFirst(2)
                model.sections.append(contentsOf: [model.makeSection(entries: 3), model.makeSection(entries: 3)])
                MainLoop.drain()

                // The two oldest sections go at once, the two new ones come at once.
                XCTAssertEqual(top.changes, [
                    .init(position: 1, removed: 2, added: 0), .init(position: 4, removed: 0, added: 2),
                ], generated ? "generated" : "own actions")
                XCTAssertEqual(model.entryEvaluations, entriesBefore + 6, "only the new sections' entries are resolved")
                Self.assertSameAsFreshRender(rendered, model, generated: generated)

                // The new items act; the items that went do nothing any more.
                let newItem = MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [5]))[2]
                activate(newItem, in: rendered.actionGroup.unsafePointer)
                activate(goneAction, in: rendered.actionGroup.unsafePointer)
                XCTAssertEqual(model.opened, [model.sections[4].entries[2].id])
                if !generated {
                    XCTAssertEqual(g_action_group_has_action(rendered.actionGroup.unsafePointer, localActionName(goneAction)), 0, "its action went with it")
                }
            }
        }
    }

    /// The menu keeps the list it last read in an array of its own, so the model's writes
    /// change the model's array in place: an array shared with the menu would be copied whole,
    /// with a retain for every element, on every change. Read through where the array's
    /// storage is before and after each write; the menu still follows every change.
    func testTheModelsWritesChangeItsArrayInPlace() {
        onMain {
            let model = ListModel(sections: 40, entries: 3)
            let rendered = RenderedMenu(model.menu())
            @MainActor func storage() -> UnsafeRawPointer? { model.sections.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
            // At first the menu reads the model's own array; the first write copies it once.
            model.sections[0].entries[0].title = "First"
            MainLoop.drain()
            var stayedInPlace = 0
            for step in 1...12 {
                let before = storage()
                switch step % 3 {
                case 0: model.sections[step].entries[1].title = "Renamed \(step)"
                case 1: model.sections[step].header = "Header \(step)"
                default: model.sections.append(model.makeSection(entries: 2))
                }
                if storage() == before { stayedInPlace += 1 }
                MainLoop.drain()
                Self.assertSameAsFreshRender(rendered, model)
            }
            // Appending may grow the array into new storage; a change to an element may not.
            XCTAssertGreaterThanOrEqual(stayedInPlace, 8, "the model's array was copied on its writes")
            XCTAssertEqual(rendered.listUpdates, 13, "every change went through the list alone")
        }
    }

    /// Bad input arriving with a list change: an inserted element whose id is already in the
    /// list is reported and kept apart, as a fresh render does.
    func testDuplicateIDInsertedIntoAListIsReported() {
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            // In a section's list, which is planned whole with its section, and in the list of
            // sections, whose new elements are planned alone.
            for inSections in [false, true] {
                let model = ListModel(sections: 2, entries: 2)
                let rendered = RenderedMenu(model.menu())
                if inSections {
                    model.sections.append(model.sections[1])
                } else {
                    model.sections[0].entries.append(model.sections[0].entries[1])
                }
                MainLoop.drain()
                Self.assertSameAsFreshRender(rendered, model)
                XCTAssertTrue(rendered.diagnostics.contains { $0.message.contains("share the identity") },
                              "\(inSections): \(rendered.diagnostics)")
            }
        }
    }

    /// A change applied by an explicit `refresh()` is not rendered a second time when the main
    /// loop runs the refresh its observation scheduled.
    func testExplicitRefreshTakesInTheScheduledOne() {
        onMain {
            let model = ListModel(sections: 2, entries: 2)
            let rendered = RenderedMenu(model.menu())
            let before = model.contentEvaluations
            model.title = "Clear All History"
            rendered.refresh()
            MainLoop.drain()
            XCTAssertEqual(model.contentEvaluations, before + 1)
            model.title = "Clear History"
            MainLoop.drain()
            XCTAssertEqual(model.contentEvaluations, before + 2, "a change after it is still rendered")
        }
    }

    /// A list observes its model; the model must not keep the list, its menu, or itself alive
    /// once the menu is gone (the observation holds its closure until the next change).
    func testModelAndListsGoWithTheMenu() {
        onMain {
            weak var weakModel: ListModel?
            weak var weakMenu: RenderedMenu?
            do {
                let model = ListModel(sections: 3, entries: 2)
                let rendered = RenderedMenu(model.menu())
                model.sections[0].entries[0].title = "Changed"
                MainLoop.drain()
                XCTAssertEqual(rendered.listUpdates, 1)
                (weakModel, weakMenu) = (model, rendered)
            }
            MainLoop.drain()
            XCTAssertNil(weakMenu)
            XCTAssertNil(weakModel, "the model's observation of its list keeps it alive")
        }
    }

    /// A list change still pending when its menu goes does nothing; an entry whose own action
    /// removes it from the list is taken out, and its action runs nothing afterwards.
    func testListChangesAroundTheMenusLifetime() {
        onMain {
            let model = ListModel(sections: 2, entries: 2)
            var rendered: RenderedMenu? = RenderedMenu(model.menu())
            model.sections[0].entries[0].title = "Pending"
            rendered = nil
            MainLoop.drain()
            XCTAssertNil(rendered)

            let removing = ListModel(sections: 1, entries: 3)
            let menu = RenderedMenu(Menu("History") {
                ForEach(removing.sections[0].entries) { entry in
                    Button(entry.title) {
                        removing.opened.append(entry.id)
                        removing.sections[0].entries.removeAll { $0.id == entry.id }
                    }
                }
            })
            let gone = MenuModelReader.read(menu.menuModel)[1]
            activate(gone, in: menu.actionGroup.unsafePointer)
            MainLoop.drain()
            XCTAssertEqual(MenuModelReader.read(menu.menuModel).map(\.label), ["Entry 1", "Entry 3"])
            XCTAssertEqual(menu.listUpdates, 1)
            activate(gone, in: menu.actionGroup.unsafePointer)
            XCTAssertEqual(removing.opened, [2], "the removed entry's action runs nothing any more")
        }
    }

    /// Random edits of a list in sections, each followed by the main loop: after every one the
    /// menu, its actions and its diagnostics equal a fresh render of the same model. Edits that
    /// a list cannot apply alone (moves, an emptied list, a header) go through the whole menu.
    func testRandomListEditsMatchFreshRenders() {
        for generated in [false, true] {
            onMain {
                var random = SplitMix64(seed: generated ? 7 : 11)
                let model = ListModel(sections: 4, entries: 3)
                let rendered = RenderedMenu(model.menu(generated: generated))
                for step in 0..<250 {
                    // Every other turn, two edits: one list change with removals, insertions and
                    // changes side by side.
                    for _ in 0...(step % 2) { Self.edit(model, &random) }
                    MainLoop.drain()
                    let fresh = RenderedMenu(model.menu(generated: generated))
                    let (updated, expected) = (NormalizedRendering(rendered), NormalizedRendering(fresh))
                    guard updated == expected else {
                        return XCTFail("step \(step): \(updated.firstDifference(from: expected))")
                    }
                    XCTAssertEqual(rendered.diagnostics, fresh.diagnostics, "step \(step)")
                    // Not only like a fresh render: like the model. One item per entry, each
                    // with the shared action of generated content when the list is marked so.
                    // (The menu's own button comes first.)
                    let entries = flatten(MenuModelReader.read(rendered.menuModel))
                        .filter { $0.section == nil && $0.submenu == nil }.dropFirst()
                    XCTAssertEqual(entries.count, model.sections.reduce(0) { $0 + $1.entries.count }, "step \(step)")
                    XCTAssertEqual(entries.filter { $0.target != nil }.count, generated ? entries.count : 0, "step \(step)")
                }
                // Most edits are applied by the list alone; the others went through the whole menu.
                XCTAssertGreaterThan(rendered.listUpdates, 30)
                XCTAssertLessThan(rendered.listUpdates, 250)
            }
        }
    }

    /// GTK's popover rebuilds a moved section's widgets, the slots of its rows among them: the
    /// moved section's rows come again, in new slots.
    func testMovedSectionKeepsItsRowsInAnOpenMenu() throws {
        try GtkSession.start()
        onMain {
            let model = ListModel(sections: 3, entries: 2)
            let rendered = RenderedMenu(model.menu(icons: true))
            let shown = OpenedMenuButton(showing: rendered)
            @MainActor func rows() -> Int { WidgetTree.all(shown.popover).filter { gtk_widget_has_css_class($0, "gmenukit-row") != 0 }.count }
            XCTAssertEqual(rows(), 6)
            model.sections.swapAt(0, 2)
            MainLoop.drain()
            XCTAssertEqual(NormalizedRendering(rendered).customSlots.count, 6)
            XCTAssertEqual(rows(), 6, "every moved entry still shows its row")
            shown.close()
        }
    }

    /// The same edits in a menu open in a popover, whose entries are GMenuKit's rows: after each,
    /// every custom slot holds exactly one row, and GTK warns about nothing.
    func testRandomListEditsInAnOpenMenu() throws {
        try GtkSession.start()
        onMain {
            var random = SplitMix64(seed: 5)
            let model = ListModel(sections: 4, entries: 3)
            let rendered = RenderedMenu(model.menu(icons: true))
            let shown = OpenedMenuButton(showing: rendered)
            let warningsBefore = GLibLog.severeMessages.count
            for step in 0..<120 {
                Self.edit(model, &random)
                MainLoop.drain()
                let slots = NormalizedRendering(rendered).customSlots.count
                let rows = WidgetTree.all(shown.popover).filter { gtk_widget_has_css_class($0, "gmenukit-row") != 0 }.count
                // Every entry has an icon beside its label: each is one of GMenuKit's rows.
                guard rows == slots, slots == model.sections.reduce(0, { $0 + $1.entries.count }) else {
                    return XCTFail("step \(step): \(rows) rows for \(slots) slots; entries \(model.sections.map { ($0.header, $0.entries.map(\.title)) }); menu \(MenuModelReader.read(rendered.menuModel))")
                }
                let fresh = NormalizedRendering(RenderedMenu(model.menu(icons: true)))
                guard NormalizedRendering(rendered) == fresh else {
                    return XCTFail("step \(step): \(NormalizedRendering(rendered).firstDifference(from: fresh))")
                }
            }
            XCTAssertEqual(Array(GLibLog.severeMessages[warningsBefore...]), [])
            XCTAssertGreaterThan(rendered.listUpdates, 10)
            shown.close()
        }
    }

    /// A list of plain items between other items and a divider, as in an Open Recent menu: its
    /// items share a section with no identity of their own, and still update on their own.
    func testListBesideOtherItemsUpdatesOnItsOwn() {
        onMain {
            var random = SplitMix64(seed: 3)
            let model = ListModel(sections: 1, entries: 4)
            @MainActor func menu() -> Menu {
                Menu("Open Recent") {
                    Button("Reopen Last") {}
                    ForEach(model.sections[0].entries) { entry in Button(entry.title) { model.opened.append(entry.id) } }
                    Divider()
                    Button("Browse…") {}
                }
            }
            let rendered = RenderedMenu(menu())
            for step in 0..<150 {
                var entries = model.sections[0].entries
                switch random.below(4) {
                case 0 where !entries.isEmpty: entries.remove(at: random.below(entries.count))
                case 1: entries.insert(model.makeEntry(), at: random.below(entries.count + 1))
                case 2 where !entries.isEmpty: entries[random.below(entries.count)].title = random.pick(["A", "B_c", "D…"])
                default: entries.append(model.makeEntry())
                }
                model.sections[0].entries = entries
                MainLoop.drain()
                let (updated, expected) = (NormalizedRendering(rendered), NormalizedRendering(RenderedMenu(menu())))
                guard updated == expected else { return XCTFail("step \(step): \(updated.firstDifference(from: expected))") }
            }
            XCTAssertGreaterThan(rendered.listUpdates, 100)
        }
    }

    @MainActor private static func edit(_ model: ListModel, _ random: inout SplitMix64) {
        let count = model.sections.count
        switch random.below(10) {
        case 0 where count > 0:
            model.sections.remove(at: random.below(count))
        case 1:
            model.sections.insert(model.makeSection(entries: 1 + random.below(3)), at: random.below(count + 1))
        case 2 where count > 1:
            model.sections.swapAt(0, count - 1)
        case 3 where count > 0:
            model.sections[random.below(count)].header = random.pick(["", "Today", "Older", "Loose"])
        case 4 where count > 0:
            let section = random.below(count)
            model.sections[section].entries.append(model.makeEntry())
        case 5 where count > 0:
            let section = random.below(count)
            if !model.sections[section].entries.isEmpty { model.sections[section].entries.removeFirst() }
        case 6:
            model.title = random.pick(["Clear History", "Clear History…", "Clear_History"])
        case 7 where count > 3:
            model.sections.removeAll()
        default:
            guard count > 0 else { return }
            let section = random.below(count)
            guard !model.sections[section].entries.isEmpty else { return }
            let entry = random.below(model.sections[section].entries.count)
            model.sections[section].entries[entry].title = random.pick(["A_b", "Mail...", "<b>x</b>", "", "Ünïcödé", "Same"])
        }
    }

    @MainActor private static func assertSameAsFreshRender(
        _ rendered: RenderedMenu, _ model: ListModel, generated: Bool = false, line: UInt = #line
    ) {
        let fresh = RenderedMenu(model.menu(generated: generated))
        let (updated, expected) = (NormalizedRendering(rendered), NormalizedRendering(fresh))
        XCTAssertEqual(updated, expected, updated.firstDifference(from: expected), line: line)
    }
}
