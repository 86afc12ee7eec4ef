import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A history kept in plain properties (no observation): only `refresh()` shows its changes.
/// The content captures `generation` when it runs, so an activation tells which render's
/// closure ran.
@MainActor
final class PlainHistory {
    var entries: [ListEntry]
    var prefix = ""
    var header = "Recent"
    var generation = 0
    var opened: [String] = []
    var contentRuns = 0

    init(count: Int) {
        entries = (0..<count).map { ListEntry(id: $0, title: "Entry \($0)") }
    }

    var menu: Menu {
        Menu("History") {
            Section(self.header) {
                ForEach(self.entries) { entry in self.button(entry, generation: self.generation) }
            }
            .generatedContent()
            Divider()
            Button("Clear History") { self.opened.append("clear") }
        }
    }

    private func button(_ entry: ListEntry, generation: Int) -> Button {
        contentRuns += 1
        return Button(prefix + entry.title) { self.opened.append("\(entry.id)@\(generation)") }
    }
}

/// The same history in an `@Observable` model: its changes update the list on its own.
@Observable
@MainActor
final class ObservedHistory {
    var entries: [ListEntry]
    @ObservationIgnored var generation = 0
    @ObservationIgnored var opened: [String] = []

    init(count: Int) {
        entries = (0..<count).map { ListEntry(id: $0, title: "Entry \($0)") }
    }

    var menu: Menu {
        Menu("History") {
            Section {
                ForEach(self.entries) { entry in self.button(entry, generation: self.generation) }
            }
            .generatedContent()
        }
    }

    private func button(_ entry: ListEntry, generation: Int) -> Button {
        Button(entry.title) { self.opened.append("\(entry.id)@\(generation)") }
    }
}

/// Entries as `@Observable` objects in a plain array: a title change updates the list on its
/// own; `refresh()` reads the array. Counts how often an entry's content runs.
@MainActor
final class ObjectHistory {
    @Observable
    @MainActor
    final class Entry: Identifiable {
        let id: Int
        var title: String

        init(id: Int, title: String) {
            self.id = id
            self.title = title
        }
    }

    var entries: [Entry]
    var contentRuns = 0

    init(count: Int) {
        entries = (0..<count).map { Entry(id: $0, title: "Entry \($0)") }
    }

    var menu: Menu {
        Menu("History") {
            Section {
                ForEach(self.entries) { entry in self.button(entry) }
            }
            .generatedContent()
        }
    }

    private func button(_ entry: Entry) -> Button {
        contentRuns += 1
        return Button(entry.title) {}
    }
}

/// An unchanged `refresh()` of a generated list keeps its items, plan and actions as they stand
/// (no `items-changed` anywhere), while its content still runs, so that nothing shown and no
/// closure run is ever one of an earlier render.
final class UnchangedRefreshTests: GtkTestCase {
    func testAnUnchangedRefreshKeepsTheListAndEmitsNothing() {
        onMain {
            let history = PlainHistory(count: 500)
            let rendered = renderedForKeeping(history.menu)
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [0])
            let top = ItemsChangedRecorder(rendered.menuModel)
            let inside = ItemsChangedRecorder(section)
            let before = MenuModelReader.read(rendered.menuModel)
            let runsBefore = history.contentRuns

            rendered.refresh()
            MainLoop.drain()

            XCTAssertEqual(rendered.keptListCount, 1, "the list was kept")
            XCTAssertEqual(top.changes, [])
            XCTAssertEqual(inside.changes, [], "no item of the list was removed or inserted")
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel), before)
            XCTAssertEqual(history.contentRuns, runsBefore + 500, "the elements' content ran again")
            assertSameAsFreshRender(rendered, history.menu)

            // Kept again on the next refresh, and its items still act.
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 1)
            activate(MenuModelReader.read(section)[7], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(history.opened, ["7@0"])
        }
    }

    /// A menu's first render notes nothing for keeping (most menus render once): its first
    /// refresh plans the list, and notes it; the refresh after keeps it.
    func testListsAreKeptFromAMenusThirdRenderOn() {
        onMain {
            let history = PlainHistory(count: 30)
            let rendered = RenderedMenu(history.menu)
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 0, "the first render noted nothing to keep")
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 1)
            assertSameAsFreshRender(rendered, history.menu)
        }
    }

    /// Found stale by the property-based tests in an earlier attempt: a kept item ran the
    /// closure of the render that made it. The closure captured `generation` then.
    func testAKeptItemRunsTheClosureOfTheLatestRender() {
        onMain {
            let history = PlainHistory(count: 50)
            let rendered = renderedForKeeping(history.menu)
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [0])
            activate(MenuModelReader.read(section)[3], in: rendered.actionGroup.unsafePointer)

            history.generation = 1
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 1)
            activate(MenuModelReader.read(section)[3], in: rendered.actionGroup.unsafePointer)
            activate(MenuModelReader.read(section)[49], in: rendered.actionGroup.unsafePointer)

            history.generation = 2
            rendered.refresh()
            activate(MenuModelReader.read(section)[0], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(history.opened, ["3@0", "3@1", "49@1", "0@2"], "each activation ran the latest render's closure")
        }
    }

    /// A label that the content makes from state it captured is read again: the list is not kept.
    func testALabelFromCapturedStateIsNotStale() {
        onMain {
            let history = PlainHistory(count: 20)
            let rendered = renderedForKeeping(history.menu)
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [0])
            history.prefix = "» "
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 0)
            XCTAssertEqual(MenuModelReader.read(section).first?.label, "» Entry 0")
            assertSameAsFreshRender(rendered, history.menu)

            // Unchanged from then on: kept, with the new labels.
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 1)
            XCTAssertEqual(MenuModelReader.read(section).last?.label, "» Entry 19")
        }
    }

    /// A plain array changed behind the menu's back: the refresh keeps the list but for the
    /// changed element, whose item alone is replaced, as an observed change would replace it;
    /// the next refresh keeps the whole list again.
    func testAChangedElementIsReplacedAloneAndTheRestKept() {
        onMain {
            let history = PlainHistory(count: 20)
            let rendered = renderedForKeeping(history.menu)
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [0])
            let inside = ItemsChangedRecorder(section)
            history.entries[4].title = "Renamed"
            history.generation = 1
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 1)
            XCTAssertEqual(rendered.changedKeptListCount, 1)
            XCTAssertEqual(inside.changes, [.init(position: 4, removed: 1, added: 1)])
            XCTAssertEqual(MenuModelReader.read(section)[4].label, "Renamed")
            activate(MenuModelReader.read(section)[4], in: rendered.actionGroup.unsafePointer)
            activate(MenuModelReader.read(section)[5], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(history.opened, ["4@1", "5@1"])
            assertSameAsFreshRender(rendered, history.menu)

            // Its notes took the changed element's signature: kept whole from now on.
            history.generation = 2
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 1)
            XCTAssertEqual(rendered.changedKeptListCount, 0)
            XCTAssertEqual(inside.changes.count, 1, "nothing more changed")
            activate(MenuModelReader.read(section)[4], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(history.opened, ["4@1", "5@1", "4@2"])
        }
    }

    /// Elements changed in place, a few or most: a few are replaced alone, more than a
    /// quarter of the list plan the list again; so does an element whose id changed (another
    /// element stands at its index). Each refresh ends as a fresh render of the content.
    func testChangedElementsAreReplacedAloneOnlyWhenFewAndInPlace() {
        onMain {
            let history = PlainHistory(count: 40)
            let rendered = renderedForKeeping(history.menu)
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [0])

            for index in [0, 17, 39] { history.entries[index].title = "Renamed \(index)" }
            rendered.refresh()
            XCTAssertEqual(rendered.changedKeptListCount, 1, "three of forty replaced alone")
            XCTAssertEqual(MenuModelReader.read(section).map(\.label).filter { $0?.hasPrefix("Renamed") == true }.count, 3)
            assertSameAsFreshRender(rendered, history.menu)

            for index in 0..<17 { history.entries[index].title = "Again \(index)" }
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 0, "seventeen of forty: the list planned again")
            assertSameAsFreshRender(rendered, history.menu)

            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 1, "unchanged since: kept again")
            history.entries[5] = ListEntry(id: 100, title: "Entry 100")
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 0, "another element at index 5: the list planned again")
            assertSameAsFreshRender(rendered, history.menu)
            activate(MenuModelReader.read(section)[5], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(history.opened, ["100@0"])
        }
    }

    /// A changed element whose item needs the whole menu planned (its icon name is invalid,
    /// which the plan reports): the refresh plans the menu without keeping the list, and the
    /// diagnostic is reported as a fresh render reports it.
    func testAChangedElementWithADiagnosticPlansTheWholeMenu() {
        onMain {
            var icons = Array(repeating: "document-open", count: 10)
            let menu = Menu("Files") {
                Section {
                    ForEach(0..<10, id: \.self) { index in Button("File \(index)", icon: icons[index]) {} }
                }
                .generatedContent()
            }
            let rendered = renderedForKeeping(menu)
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 1)
            icons[3] = "not an icon/name"
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 0)
            XCTAssertEqual(rendered.changedKeptListCount, 0)
            XCTAssertEqual(rendered.diagnostics.map(\.message).filter { $0.contains("not an icon") }.count, 1, "\(rendered.diagnostics)")
            assertSameAsFreshRender(rendered, menu)
        }
    }

    /// The section around a kept list is replaced (its header changed): the new section gets
    /// the kept items, which still act.
    func testAKeptListMovesIntoItsReplacedSection() {
        onMain {
            let history = PlainHistory(count: 30)
            let rendered = renderedForKeeping(history.menu)
            history.header = "Older"
            history.generation = 5
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 1)
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [0])
            XCTAssertEqual(MenuModelReader.read(section).count, 30)
            XCTAssertEqual(MenuModelReader.readItem(rendered.menuModel, 0).label, "Older")
            assertSameAsFreshRender(rendered, history.menu)
            activate(MenuModelReader.read(section)[29], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(history.opened, ["29@5"])

            // And the level it stands in now is the one the next refresh keeps.
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 1)
            assertSameAsFreshRender(rendered, history.menu)
        }
    }

    /// The section around a kept list is replaced while one of its elements changed: the new
    /// section gets the kept items and the changed one replaced, all acting.
    func testAKeptListWithAChangedElementMovesIntoItsReplacedSection() {
        onMain {
            let history = PlainHistory(count: 30)
            let rendered = renderedForKeeping(history.menu)
            history.header = "Older"
            history.entries[12].title = "Renamed"
            history.generation = 5
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 1)
            XCTAssertEqual(rendered.changedKeptListCount, 1)
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [0])
            XCTAssertEqual(MenuModelReader.read(section).count, 30)
            XCTAssertEqual(MenuModelReader.read(section)[12].label, "Renamed")
            assertSameAsFreshRender(rendered, history.menu)
            activate(MenuModelReader.read(section)[12], in: rendered.actionGroup.unsafePointer)
            activate(MenuModelReader.read(section)[13], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(history.opened, ["12@5", "13@5"])
        }
    }

    /// A kept list goes on updating on its own when its observed data changes: the new items
    /// act, and so do the kept ones, each with the latest closure.
    func testAKeptListUpdatesOnItsOwnAfterwards() {
        onMain {
            let history = ObservedHistory(count: 10)
            let rendered = renderedForKeeping(history.menu)
            history.generation = 1
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 1)
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [0])
            let inside = ItemsChangedRecorder(section)

            history.entries.append(ListEntry(id: 10, title: "Entry 10"))
            history.entries.remove(at: 2)
            MainLoop.drain()
            XCTAssertEqual(rendered.listUpdates, 1, "updated on its own, not by a full render")
            XCTAssertEqual(inside.changes, [.init(position: 2, removed: 1, added: 0), .init(position: 9, removed: 0, added: 1)])
            let items = MenuModelReader.read(section)
            XCTAssertEqual(items.map(\.label).last, "Entry 10")
            activate(items[2], in: rendered.actionGroup.unsafePointer)
            activate(items[9], in: rendered.actionGroup.unsafePointer)
            // The removed element's target does nothing.
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, localActionName(items[0]), g_variant_new_string("/0/[2]"))
            XCTAssertEqual(history.opened, ["3@1", "10@1"])
            assertSameAsFreshRender(rendered, history.menu)
        }
    }

    /// An element's change noted for its list alone and still waiting when the app refreshes:
    /// the refresh reads every element, the change with them, and the waiting update reads
    /// none again.
    func testAChangeWaitingForItsListIsReadByARefreshAndNotAgain() {
        onMain {
            let history = ObjectHistory(count: 10)
            let rendered = renderedForKeeping(history.menu)
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [0])
            history.entries[3].title = "Renamed 3"
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 1, "the list kept, its changed element replaced alone")
            XCTAssertEqual(MenuModelReader.read(section)[3].label, "Renamed 3")
            let runs = history.contentRuns
            MainLoop.drain()
            XCTAssertEqual(history.contentRuns, runs, "no element's content runs again after the refresh read them all")
            assertSameAsFreshRender(rendered, history.menu)
        }
    }

    /// Elements that are not `Equatable` are kept too: what is compared is what their content
    /// makes, and their closures are resolved when activated.
    func testElementsThatAreNotEquatable() {
        struct Bookmark: Identifiable {
            var id: Int
            var title: String
            var url: String
        }
        onMain {
            var bookmarks = (0..<5).map { Bookmark(id: $0, title: "Site \($0)", url: "https://example.org/\($0)") }
            var visited: [String] = []
            let menu = Menu("Bookmarks") {
                Section {
                    ForEach(bookmarks) { bookmark in Button(bookmark.title) { visited.append(bookmark.url) } }
                }
                .generatedContent()
            }
            let rendered = renderedForKeeping(menu)
            // A change the label does not show: kept, and the new closure reads the new URL.
            bookmarks[1].url = "https://example.org/moved"
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 1)
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [0])
            activate(MenuModelReader.read(section)[1], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(visited, ["https://example.org/moved"])
        }
    }
}
