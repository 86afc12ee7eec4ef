import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A shelf like `PlainShelf`, its lists marked `equatable()`: an element's content depends on
/// the element alone. Counts how often the elements' content runs.
@MainActor
final class EquatableShelf {
    var sections: [ListSection]
    var opened: [String] = []
    var contentRuns = 0
    let flag = PlainShelf.Flag()

    init(sections count: Int) {
        sections = (0..<count).map { section in
            ListSection(id: section, entries: (0..<4).map { ListEntry(id: section * 4 + $0, title: "Entry \(section * 4 + $0)") })
        }
    }

    var menu: Menu {
        Menu("Shelf") {
            ForEach(self.sections) { section in
                Section {
                    ForEach(section.entries) { entry in self.item(entry) }
                        .equatable()
                }
            }
        }
    }

    @MenuContentBuilder private func item(_ entry: ListEntry) -> any MenuContent {
        let _ = contentRuns += 1
        if entry.id % 4 == 0 {
            Toggle(entry.title, isOn: Binding(get: { self.flag.isOn }, set: { self.flag.isOn = $0 }))
        } else {
            Button(entry.title) { self.opened.append(entry.title) }
        }
    }
}

@Observable
@MainActor
final class ObservedPrefix {
    var text = ""
}

/// `ForEach(…).equatable()`: an unchanged refresh leaves equal elements' items as they stand
/// without running their content, so it costs in proportion to what changed; content that
/// reads observable state or keeps `@State` still runs.
final class EquatableListRefreshTests: GtkTestCase {
    func testEqualElementsAreKeptWithoutRunningTheirContent() {
        onMain {
            let shelf = EquatableShelf(sections: 5)
            let rendered = renderedForKeeping(shelf.menu)
            let runs = shelf.contentRuns
            let recorders = (0..<5).map { ItemsChangedRecorder(MenuModelReader.linkedModel(rendered.menuModel, at: [$0])) }
            let before = MenuModelReader.read(rendered.menuModel)

            rendered.refresh()
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 5)
            XCTAssertEqual(shelf.contentRuns, runs, "no element's content ran")
            XCTAssertEqual(recorders.flatMap(\.changes), [])
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel), before)
            assertSameAsFreshRender(rendered, shelf.menu)

            let third = MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [2]))
            activate(third[2], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(shelf.opened, ["Entry 10"], "the kept item's action runs")
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, localActionName(third[0]), nil)
            XCTAssertTrue(shelf.flag.isOn, "the kept toggle sets its binding")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, localActionName(third[0])), "true")
            withExtendedLifetime(recorders) {}
        }
    }

    /// One element changed: only its section's content runs again, only its item changes; the
    /// section's other items are kept as they stand.
    func testAChangedElementRunsOnlyItsListsContent() {
        onMain {
            let shelf = EquatableShelf(sections: 5)
            let rendered = renderedForKeeping(shelf.menu)
            let runs = shelf.contentRuns
            let changed = ItemsChangedRecorder(MenuModelReader.linkedModel(rendered.menuModel, at: [3]))
            shelf.sections[3].entries[1].title = "Renamed"
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 5)
            XCTAssertEqual(rendered.changedKeptListCount, 1, "the changed section's list kept but for its changed element")
            XCTAssertEqual(shelf.contentRuns, runs + 4, "the changed section's four elements ran, no other")
            XCTAssertEqual(changed.changes, [.init(position: 1, removed: 1, added: 1)])
            assertSameAsFreshRender(rendered, shelf.menu)

            // Unchanged since: every list kept without running its content.
            let runsChecked = shelf.contentRuns
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 5)
            XCTAssertEqual(rendered.changedKeptListCount, 0)
            XCTAssertEqual(shelf.contentRuns, runsChecked)
            assertSameAsFreshRender(rendered, shelf.menu)
        }
    }

    /// The actions of lists kept without running their content stand in the action group as
    /// the last apply left them: a refresh reads only their states again, which follow the
    /// bindings; an action gone elsewhere has the group swept, their actions applied again, and
    /// they still act.
    func testKeptListsActionsStandWithTheirStatesReadAgain() {
        onMain {
            let shelf = EquatableShelf(sections: 5)
            let rendered = renderedForKeeping(shelf.menu)
            let group = rendered.actionGroup.unsafePointer
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 5)
            XCTAssertEqual(rendered.standingPlannedRuns, 0, "the first refresh that keeps the lists applies their actions")
            let runs = shelf.contentRuns
            // Not observed: only a refresh reads it.
            shelf.flag.isOn = true
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 5)
            XCTAssertEqual(shelf.contentRuns, runs, "no element's content ran")
            XCTAssertEqual(rendered.standingPlannedRuns, 5, "every list's actions stood")
            let third = MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [2]))
            XCTAssertEqual(actionState(group, localActionName(third[0])), "true", "the toggle's state was read again")
            activate(third[1], in: group)
            XCTAssertEqual(shelf.opened, ["Entry 9"], "a standing button runs its closure")
            g_action_group_activate_action(group, localActionName(third[0]), nil)
            XCTAssertFalse(shelf.flag.isOn, "a standing toggle sets its binding")

            let gone = localActionName(MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [1]))[3])
            shelf.sections[1].entries.removeLast()
            rendered.refresh()
            XCTAssertEqual(g_action_group_has_action(group, gone), 0, "the element's action went")
            XCTAssertEqual(rendered.standingPlannedRuns, 0, "the group was swept: the runs were applied again")
            assertSameAsFreshRender(rendered, shelf.menu)
            let fifth = MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [4]))
            activate(fifth[3], in: group)
            XCTAssertEqual(shelf.opened, ["Entry 9", "Entry 19"], "an action applied again runs its closure")
            XCTAssertEqual(actionState(group, localActionName(fifth[0])), "false")

            shelf.flag.isOn = true
            rendered.refresh()
            XCTAssertEqual(rendered.standingPlannedRuns, 4, "the other lists' actions stood; the changed list's were noted anew")
            XCTAssertEqual(actionState(group, localActionName(fifth[0])), "true")
            rendered.refresh()
            XCTAssertEqual(rendered.standingPlannedRuns, 5)
            assertSameAsFreshRender(rendered, shelf.menu)
        }
    }

    /// Elements equal to those last read but not the same bytes (titles in storage of their
    /// own) are still kept without running their content; one that differs after them is not.
    func testEqualElementsInOtherStorageAreKept() {
        onMain {
            let shelf = EquatableShelf(sections: 3)
            let long = { (id: Int) in "A title long enough for storage of its own \(id)" }
            for section in shelf.sections.indices {
                for entry in shelf.sections[section].entries.indices {
                    shelf.sections[section].entries[entry].title = long(shelf.sections[section].entries[entry].id)
                }
            }
            let rendered = renderedForKeeping(shelf.menu)
            let runs = shelf.contentRuns
            // The same titles, made again: equal, in other storage.
            shelf.sections[1].entries = shelf.sections[1].entries.map { ListEntry(id: $0.id, title: long($0.id)) }
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 3)
            XCTAssertEqual(shelf.contentRuns, runs, "equal elements ran no content")
            shelf.sections[1].entries[3].title = "Renamed"
            rendered.refresh()
            XCTAssertEqual(shelf.contentRuns, runs + 4, "the list whose last element changed ran its content")
            XCTAssertEqual(MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [1]))[3].label, "Renamed")
            assertSameAsFreshRender(rendered, shelf.menu)
        }
    }

    /// Random edits of the marked lists (entries renamed, added, removed, swapped, made again
    /// equal in other storage; sections added and removed; the toggles' unobserved flag set):
    /// after every refresh the menu is what a fresh render makes, a random item acts as its
    /// element says, and quiet lists keep their actions standing.
    func testRandomEditsMatchFreshRendersAndActionsAct() {
        onMain {
            var random = SplitMix64(seed: 28)
            let shelf = EquatableShelf(sections: 6)
            let rendered = renderedForKeeping(shelf.menu)
            let group = rendered.actionGroup.unsafePointer
            var nextID = 1_000
            var standing = 0
            for step in 0..<150 {
                let edits = random.chance(30) ? 0 : 1 + random.below(2)
                for _ in 0..<edits {
                    let count = shelf.sections.count
                    let section = random.below(count)
                    let entries = shelf.sections[section].entries.count
                    switch random.below(9) {
                    case 0 where count < 9:
                        nextID += 1
                        shelf.sections.insert(ListSection(id: nextID, entries: [ListEntry(id: nextID * 4, title: "Entry \(nextID * 4)")]),
                                              at: random.below(count + 1))
                    case 1 where count > 2:
                        shelf.sections.remove(at: section)
                    case 2:
                        nextID += 1
                        shelf.sections[section].entries.append(ListEntry(id: nextID * 4 + random.below(4), title: "New \(nextID)"))
                    case 3 where entries > 1:
                        shelf.sections[section].entries.remove(at: random.below(entries))
                    case 4 where entries > 1:
                        shelf.sections[section].entries.swapAt(0, entries - 1)
                    case 5:
                        // Equal entries in storage of their own.
                        shelf.sections[section].entries = shelf.sections[section].entries.map {
                            ListEntry(id: $0.id, title: String(decoding: Array($0.title.utf8), as: UTF8.self))
                        }
                    case 6:
                        shelf.flag.isOn.toggle()
                    default:
                        let entry = random.below(entries)
                        shelf.sections[section].entries[entry].title = random.chance(50)
                            ? "Title \(random.below(4))" : "A title long enough for storage of its own \(random.below(4))"
                    }
                }
                rendered.refresh()
                standing += rendered.standingPlannedRuns
                if let difference = differenceFromFreshRender(rendered, shelf.menu) { return XCTFail("step \(step): \(difference)") }

                let section = random.below(shelf.sections.count)
                let entry = random.pick(shelf.sections[section].entries)
                let item = MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [section]))[
                    shelf.sections[section].entries.firstIndex { $0.id == entry.id }!]
                if entry.id % 4 == 0 {
                    let wasOn = shelf.flag.isOn
                    g_action_group_activate_action(group, localActionName(item), nil)
                    XCTAssertEqual(shelf.flag.isOn, !wasOn, "step \(step): the toggle sets its binding")
                } else {
                    shelf.opened = []
                    activate(item, in: group)
                    XCTAssertEqual(shelf.opened, [entry.title], "step \(step)")
                }
            }
            XCTAssertGreaterThan(standing, 150, "quiet lists' actions stood")
        }
    }

    /// Content that reads observable state runs on every render, so that it is observed again.
    func testContentThatReadsObservableStateStillRuns() {
        onMain {
            let prefix = ObservedPrefix()
            let entries = (0..<3).map { ListEntry(id: $0, title: "Entry \($0)") }
            var runs = 0
            let rendered = renderedForKeeping(Menu("Observed") {
                Section {
                    ForEach(entries) { entry in
                        countingEvaluation(&runs, of: Button(prefix.text + entry.title) {})
                    }
                    .equatable()
                }
            })
            let before = runs
            rendered.refresh()
            XCTAssertEqual(runs, before + 3, "the content ran again")
            prefix.text = "» "
            MainLoop.drain()
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [0])
            XCTAssertEqual(MenuModelReader.read(section).first?.label, "» Entry 0", "its observation still follows the state")
        }
    }

    /// Content that keeps `@State` runs on every render, so that its state is kept.
    func testContentWithStateStillRuns() {
        struct Counted: MenuContent {
            let title: String
            @State private var count = 0
            var body: some MenuContent { Button("\(title) \(count)") { count += 1 } }
        }
        onMain {
            let entries = (0..<3).map { ListEntry(id: $0, title: "Entry \($0)") }
            let rendered = renderedForKeeping(Menu("Counted") {
                Section {
                    ForEach(entries) { entry in Counted(title: entry.title) }.equatable()
                }
            })
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [0])
            activate(MenuModelReader.read(section)[1], in: rendered.actionGroup.unsafePointer)
            rendered.refresh()
            rendered.refresh()
            XCTAssertEqual(MenuModelReader.read(section)[1].label, "Entry 1 1", "the state was kept")
            XCTAssertEqual(rendered.graph.stateCount, 3)
        }
    }
}
