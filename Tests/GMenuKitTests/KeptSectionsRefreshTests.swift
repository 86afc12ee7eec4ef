import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

extension ListSection {
    /// `count` sections titled "Shelf 0"… of three entries each ("Entry 0"…, ids in order).
    static func shelves(_ count: Int) -> [ListSection] {
        (0..<count).map { section in
            ListSection(id: section, header: "Shelf \(section)",
                        entries: (0..<3).map { ListEntry(id: section * 3 + $0, title: "Entry \(section * 3 + $0)") })
        }
    }
}

/// Titled sections of entries in plain properties (no observation), a `ForEach` of sections
/// filling the menu: what a refresh keeps whole when nothing in it changed.
@MainActor
final class TitledShelf {
    var sections: [ListSection]
    var generation = 0
    var opened: [String] = []
    var submenuTitle = "All"

    init(sections count: Int) {
        sections = ListSection.shelves(count)
    }

    var menu: Menu {
        Menu("Shelves") { self.sectionList }
    }

    /// The same sections one submenu down.
    var nestedMenu: Menu {
        Menu("Shelves") {
            Menu(self.submenuTitle) { self.sectionList }
        }
    }

    /// The same sections, each list behind an `if` in its section's block: resolved, a section
    /// is a plain one around a list alone all the same.
    var branchedMenu: Menu {
        Menu("Shelves") {
            ForEach(self.sections) { section in
                Section(section.header) {
                    if !section.entries.isEmpty { self.entries(of: section) }
                }
            }
        }
    }

    private var sectionList: some MenuContent {
        ForEach(self.sections) { section in
            Section(section.header) { self.entries(of: section) }
        }
    }

    /// A section's entries, each noting its id and the generation of the render that made it.
    private func entries(of section: ListSection) -> some MenuContent {
        ForEach(section.entries) { entry in
            Button(entry.title) { [generation = self.generation] in self.opened.append("\(entry.id)@\(generation)") }
        }
    }
}

/// The same sections in an observed model: changes reach the menu without a refresh.
@Observable @MainActor
final class ObservedShelf {
    var sections: [ListSection]

    init(sections count: Int) {
        sections = ListSection.shelves(count)
    }

    var menu: Menu {
        Menu("Shelves") {
            ForEach(self.sections) { section in
                Section(section.header) {
                    ForEach(section.entries) { entry in Button(entry.title) {} }
                }
            }
        }
    }
}

/// A refresh of a menu whose top level is a list of plain sections, each a list alone, keeps
/// the sections as they stand (from the second refresh on, as kept lists are kept) when each
/// resolves as planned and each list inside keeps its items: no section planned or applied. A
/// section that differs, or a list inside that must be planned, plans the sections as usual,
/// the lists read before it keeping what they found.
final class KeptSectionsRefreshTests: GtkTestCase {
    func testAnUnchangedRefreshKeepsTheSectionsThemselves() {
        onMain {
            let shelf = TitledShelf(sections: 12)
            // Rendered and refreshed once: the first render notes nothing for its lists to keep.
            let rendered = renderedForKeeping(shelf.menu)
            let top = ItemsChangedRecorder(rendered.menuModel)
            let inner = (0..<12).map { ItemsChangedRecorder(MenuModelReader.linkedModel(rendered.menuModel, at: [$0])) }
            let before = MenuModelReader.read(rendered.menuModel)

            shelf.generation = 1
            rendered.refresh()
            XCTAssertTrue(rendered.keptSections, "the sections kept as they stand")
            XCTAssertTrue(rendered.readKeptSectionsAsContent, "read as content, none resolved")
            XCTAssertEqual(rendered.keptListCount, 12, "and every list inside them")
            XCTAssertEqual(top.changes, [])
            XCTAssertEqual(inner.flatMap(\.changes), [])
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel), before)
            assertSameAsFreshRender(rendered, shelf.menu)
            activate(item: 1, ofSection: 5, in: rendered)
            XCTAssertEqual(shelf.opened, ["16@1"], "the kept item runs the latest render's closure")

            shelf.generation = 2
            rendered.refresh()
            XCTAssertTrue(rendered.keptSections, "kept again")
            shelf.opened = []
            activate(item: 2, ofSection: 11, in: rendered)
            XCTAssertEqual(shelf.opened, ["35@2"])
            XCTAssertEqual(top.changes, [])
            withExtendedLifetime(inner) {}
        }
    }

    /// An entry added to one section: its list is planned again, so are the sections; the lists
    /// read before it keep what they found (read once, not twice), the ones after it are kept
    /// as the sections are planned. Only the changed section's menu changes.
    func testAListThatMustBePlannedPlansTheSectionsAndKeepsTheOtherLists() {
        onMain {
            let shelf = TitledShelf(sections: 8)
            let rendered = renderedForKeeping(shelf.menu)
            Self.assertRefreshKeepsTheSections(rendered, lists: 8, of: shelf.menu)
            let top = ItemsChangedRecorder(rendered.menuModel)
            let inner = (0..<8).map { ItemsChangedRecorder(MenuModelReader.linkedModel(rendered.menuModel, at: [$0])) }

            shelf.sections[3].entries.append(ListEntry(id: 100, title: "Added"))
            shelf.generation = 1
            rendered.refresh()
            XCTAssertFalse(rendered.keptSections)
            XCTAssertEqual(rendered.keptListCount, 7, "the lists before and after the changed one kept")
            XCTAssertEqual(top.changes, [])
            XCTAssertEqual(inner[3].changes, [.init(position: 3, removed: 0, added: 1)])
            XCTAssertEqual(inner.enumerated().filter { $0.offset != 3 }.flatMap(\.element.changes), [])
            assertSameAsFreshRender(rendered, shelf.menu)
            // A list read ahead (before the changed one) and one after it run the latest closures.
            for (section, item, expected) in [(1, 0, "3@1"), (6, 2, "20@1"), (3, 3, "100@1")] {
                shelf.opened = []
                activate(item: item, ofSection: section, in: rendered)
                XCTAssertEqual(shelf.opened, [expected])
            }

            Self.assertRefreshKeepsTheSections(rendered, lists: 8, of: shelf.menu, "kept whole again once unchanged")
            withExtendedLifetime(inner) {}
        }
    }

    /// A section retitled, removed or added: the sections are planned (the one retitled
    /// replaced alone, the one removed removed alone); kept again at the next refresh.
    func testASectionThatDiffersPlansTheSections() {
        onMain {
            let shelf = TitledShelf(sections: 6)
            let rendered = renderedForKeeping(shelf.menu)
            let top = ItemsChangedRecorder(rendered.menuModel)

            shelf.sections[2].header = "Renamed"
            rendered.refresh()
            XCTAssertFalse(rendered.keptSections)
            // Taken out before the actions change, put back after (``MenuLevel/prune(_:)``).
            XCTAssertEqual(top.changes, [.init(position: 2, removed: 1, added: 0), .init(position: 2, removed: 0, added: 1)])
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel)[2].label, "Renamed")
            assertSameAsFreshRender(rendered, shelf.menu)
            Self.assertRefreshKeepsTheSections(rendered, lists: 6, of: shelf.menu)

            shelf.sections.remove(at: 4)
            rendered.refresh()
            XCTAssertFalse(rendered.keptSections)
            XCTAssertEqual(top.changes.last, .init(position: 4, removed: 1, added: 0))
            assertSameAsFreshRender(rendered, shelf.menu)

            shelf.sections.append(ListSection(id: 40, header: "New", entries: [ListEntry(id: 400, title: "Entry 400")]))
            rendered.refresh()
            XCTAssertFalse(rendered.keptSections)
            XCTAssertEqual(top.changes.last, .init(position: 5, removed: 0, added: 1))
            assertSameAsFreshRender(rendered, shelf.menu)
            activate(item: 0, ofSection: 5, in: rendered)
            XCTAssertEqual(shelf.opened, ["400@0"])
            Self.assertRefreshKeepsTheSections(rendered, lists: 6, of: shelf.menu)
            XCTAssertEqual(top.changes.count, 4, "nothing more")
        }
    }

    /// Sections kept by a refresh, then changed in an observed model: each change goes through
    /// the lists alone, as without the refresh, and the next refreshes keep the sections again.
    func testObservedChangesAfterKeptSectionsGoThroughTheListsAlone() {
        onMain {
            let shelf = ObservedShelf(sections: 5)
            let rendered = renderedForKeeping(shelf.menu)
            Self.assertRefreshKeepsTheSections(rendered, lists: 5, of: shelf.menu)
            let updates = rendered.listUpdates
            let changed = ItemsChangedRecorder(MenuModelReader.linkedModel(rendered.menuModel, at: [2]))

            shelf.sections[2].entries[1].title = "Renamed"
            MainLoop.drain()
            XCTAssertEqual(rendered.listUpdates, updates + 1, "the change went through the lists alone")
            XCTAssertEqual(changed.changes, [.init(position: 1, removed: 1, added: 1)], "the one item replaced")
            assertSameAsFreshRender(rendered, shelf.menu)

            shelf.sections.append(ListSection(id: 9, header: "Added", entries: [ListEntry(id: 90, title: "Entry 90")]))
            MainLoop.drain()
            XCTAssertEqual(rendered.listUpdates, updates + 2)
            assertSameAsFreshRender(rendered, shelf.menu)

            rendered.refresh()
            Self.assertRefreshKeepsTheSections(rendered, lists: 6, of: shelf.menu, "kept again")
            withExtendedLifetime(changed) {}
        }
    }

    /// Refreshes `rendered` and checks that the refresh kept the sections whole around its
    /// `lists` lists, and that the menu shows what a fresh render of `menu` shows.
    @MainActor
    private static func assertRefreshKeepsTheSections(_ rendered: RenderedMenu, lists: Int, of menu: Menu, _ message: String = "",
                                                      line: UInt = #line) {
        rendered.refresh()
        XCTAssertTrue(rendered.keptSections, message, line: line)
        XCTAssertTrue(rendered.readKeptSectionsAsContent, message, line: line)
        XCTAssertEqual(rendered.keptListCount, lists, message, line: line)
        assertSameAsFreshRender(rendered, menu, line: line)
    }

    /// Sections whose lists sit behind an `if` in their blocks are not read as content (the
    /// reading takes a block of one `ForEach`): they are resolved, compared and kept as
    /// before; a retitled one is planned, the others' lists kept.
    func testSectionsTheReadingDoesNotTakeAreResolvedAndKept() {
        onMain {
            let shelf = TitledShelf(sections: 5)
            let rendered = renderedForKeeping(shelf.branchedMenu)
            rendered.refresh()
            XCTAssertTrue(rendered.keptSections)
            XCTAssertFalse(rendered.readKeptSectionsAsContent)
            XCTAssertEqual(rendered.keptListCount, 5)
            assertSameAsFreshRender(rendered, shelf.branchedMenu)

            shelf.sections[4].header = "Last"
            shelf.generation = 1
            rendered.refresh()
            XCTAssertFalse(rendered.keptSections)
            XCTAssertEqual(rendered.keptListCount, 5)
            assertSameAsFreshRender(rendered, shelf.branchedMenu)
            activate(item: 1, ofSection: 4, in: rendered)
            XCTAssertEqual(shelf.opened, ["13@1"])
        }
    }

    /// Random edits of the sections behind the menu's back (a header changed, sections added,
    /// removed or swapped, entries added, removed or renamed), a refresh after each turn: the
    /// sections read as content up to the first that differs, the nodes of those before it
    /// made as resolving them would have. After each refresh the menu is what a fresh render
    /// makes, and a random item runs the latest render's closure.
    func testRandomSectionEditsMatchFreshRenders() {
        onMain {
            var random = SplitMix64(seed: 35)
            let shelf = TitledShelf(sections: 7)
            let rendered = renderedForKeeping(shelf.menu)
            var nextID = 1_000
            var (kept, read) = (0, 0)
            for step in 0..<160 {
                // A quiet refresh now and then: kept, and read as content.
                let edits = random.chance(30) ? 0 : 1 + random.below(2)
                for _ in 0..<edits {
                    let count = shelf.sections.count
                    let section = random.below(count)
                    switch random.below(10) {
                    case 0:
                        shelf.sections[section].header = "Header \(random.below(4))"
                    case 1 where count < 12:
                        nextID += 1
                        shelf.sections.insert(ListSection(id: nextID, header: "Shelf \(nextID)",
                                                          entries: [ListEntry(id: nextID * 10, title: "Entry \(nextID * 10)")]),
                                              at: random.below(count + 1))
                    case 2 where count > 2:
                        shelf.sections.remove(at: section)
                    case 3 where count > 1:
                        shelf.sections.swapAt(section, (section + 1 + random.below(count - 1)) % count)
                    case 4:
                        nextID += 1
                        shelf.sections[section].entries.append(ListEntry(id: nextID * 10, title: "New \(nextID)"))
                    case 5 where shelf.sections[section].entries.count > 1:
                        shelf.sections[section].entries.removeFirst()
                    default:
                        let entry = random.below(shelf.sections[section].entries.count)
                        shelf.sections[section].entries[entry].title = "Title \(random.below(5))"
                    }
                }
                shelf.generation = step
                rendered.refresh()
                kept += rendered.keptSections ? 1 : 0
                read += rendered.readKeptSectionsAsContent ? 1 : 0
                if let difference = differenceFromFreshRender(rendered, shelf.menu) { return XCTFail("step \(step): \(difference)") }

                let section = random.below(shelf.sections.count)
                let entries = shelf.sections[section].entries
                let index = random.below(entries.count)
                shelf.opened = []
                activate(item: index, ofSection: section, in: rendered)
                XCTAssertEqual(shelf.opened, ["\(entries[index].id)@\(step)"], "step \(step)")
            }
            XCTAssertEqual(read, kept, "every kept section read as content")
            XCTAssertGreaterThan(kept, 20, "sections kept where nothing about them changed")
            XCTAssertLessThan(kept, 140, "sections planned where one differed")
        }
    }

    /// One submenu down, the sections are planned at every refresh (a level that goes, its
    /// submenu's item replaced, takes a kept list's items back as planned items, which
    /// sections with their levels are not); the lists inside them are still kept.
    func testSectionsOneSubmenuDownArePlannedTheirListsKept() {
        onMain {
            let shelf = TitledShelf(sections: 4)
            let rendered = renderedForKeeping(shelf.nestedMenu)
            rendered.refresh()
            XCTAssertFalse(rendered.keptSections)
            XCTAssertEqual(rendered.keptListCount, 4)
            assertSameAsFreshRender(rendered, shelf.nestedMenu)

            // The submenu's item replaced, its level made anew: the sections are there, whole.
            shelf.submenuTitle = "Every Shelf"
            rendered.refresh()
            assertSameAsFreshRender(rendered, shelf.nestedMenu)
            let submenu = MenuModelReader.linkedModel(rendered.menuModel, at: [0])
            XCTAssertEqual(MenuModelReader.read(submenu).map(\.label), (0..<4).map { "Shelf \($0)" })
            XCTAssertEqual(MenuModelReader.read(MenuModelReader.linkedModel(submenu, at: [2])).map(\.label), ["Entry 6", "Entry 7", "Entry 8"])
        }
    }
}
