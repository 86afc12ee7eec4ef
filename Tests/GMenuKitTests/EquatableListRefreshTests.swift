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
