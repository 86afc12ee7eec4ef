import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A shelf of sections kept in plain properties (no observation): a `ForEach` of sections,
/// each a `ForEach` of its entries, the first a toggle bound to the section's flag and the
/// others buttons with actions of their own (not generated content): the shape of
/// `make bench` case 6. Only `refresh()` shows its changes; the closures capture `generation`.
@MainActor
final class PlainShelf {
    final class Flag {
        var isOn = false
    }

    var sections: [ListSection]
    var flags: [Flag]
    var generation = 0
    var prefix = ""
    var opened: [String] = []

    init(sections count: Int) {
        sections = (0..<count).map { section in
            ListSection(id: section, entries: (0..<5).map { ListEntry(id: section * 5 + $0, title: "Entry \(section * 5 + $0)") })
        }
        flags = sections.map { _ in Flag() }
    }

    var menu: Menu {
        Menu("Shelf") {
            ForEach(self.sections) { section in
                Section {
                    ForEach(section.entries) { entry in
                        if entry.id % 5 == 0 {
                            Toggle(self.prefix + entry.title, isOn: self.binding(of: section.id))
                        } else {
                            self.button(entry, generation: self.generation)
                        }
                    }
                }
            }
        }
    }

    private func binding(of section: Int) -> Binding<Bool> {
        let flag = flags[section]
        return Binding(get: { flag.isOn }, set: { flag.isOn = $0 })
    }

    private func button(_ entry: ListEntry, generation: Int) -> Button {
        Button(prefix + entry.title) { self.opened.append("\(entry.id)@\(generation)") }
    }
}

/// An unchanged `refresh()` of a menu of sections whose items are toggles and buttons with
/// actions of their own keeps every section's items as they stand: no `items-changed`, the
/// same model and actions, while the actions take the latest closures and bindings.
final class UnchangedSectionsRefreshTests: GtkTestCase {
    func testAnUnchangedRefreshKeepsEverySectionAndEmitsNothing() {
        onMain {
            let shelf = PlainShelf(sections: 40)
            let rendered = renderedForKeeping(shelf.menu)
            let recorders = (0..<40).map { ItemsChangedRecorder(MenuModelReader.linkedModel(rendered.menuModel, at: [$0])) }
            let top = ItemsChangedRecorder(rendered.menuModel)
            let before = MenuModelReader.read(rendered.menuModel)

            rendered.refresh()
            MainLoop.drain()

            XCTAssertEqual(rendered.keptListCount, 40, "every section's list was kept")
            XCTAssertEqual(top.changes, [])
            XCTAssertEqual(recorders.flatMap(\.changes), [], "no item of any section was removed or inserted")
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel), before)
            assertSameAsFreshRender(rendered, shelf.menu)
            withExtendedLifetime(recorders) {}
        }
    }

    func testKeptItemsRunTheLatestClosuresAndTogglesFollowTheLatestBindings() {
        onMain {
            let shelf = PlainShelf(sections: 6)
            let rendered = renderedForKeeping(shelf.menu)
            let third = MenuModelReader.linkedModel(rendered.menuModel, at: [2])
            let toggleName = Self.toggleName(ofSection: 2, in: rendered)
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, toggleName), "false")

            // New flag objects and a new generation, behind the menu's back.
            let oldFlag = shelf.flags[2]
            shelf.flags = shelf.sections.map { _ in PlainShelf.Flag() }
            shelf.generation = 1
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 6)

            activate(MenuModelReader.read(third)[3], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(shelf.opened, ["13@1"], "the latest render's closure ran")
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, toggleName, nil)
            XCTAssertTrue(shelf.flags[2].isOn, "the toggle set the latest render's binding")
            XCTAssertFalse(oldFlag.isOn, "not the one of the render that planned the item")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, toggleName), "true")
        }
    }

    /// A flag changed behind the menu's back: the refresh shows the new state, and the kept
    /// list's toggle keeps its action.
    func testAToggleChangedBehindTheMenusBackShowsItsNewState() {
        onMain {
            let shelf = PlainShelf(sections: 4)
            let rendered = renderedForKeeping(shelf.menu)
            shelf.flags[1].isOn = true
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 4, "the toggle's state is no part of its signature")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, Self.toggleName(ofSection: 1, in: rendered)), "true")
            assertSameAsFreshRender(rendered, shelf.menu)
        }
    }

    /// A label that changed: that section's list is kept but for the changed item, replaced
    /// alone; the other sections are kept whole.
    func testAChangedLabelReplacesOnlyItsItem() {
        onMain {
            let shelf = PlainShelf(sections: 10)
            let rendered = renderedForKeeping(shelf.menu)
            let changed = ItemsChangedRecorder(MenuModelReader.linkedModel(rendered.menuModel, at: [7]))
            let unchanged = ItemsChangedRecorder(MenuModelReader.linkedModel(rendered.menuModel, at: [6]))
            shelf.sections[7].entries[2].title = "Renamed"
            let names = MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [7])).map(localActionName)
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 10)
            XCTAssertEqual(rendered.changedKeptListCount, 1)
            XCTAssertEqual(changed.changes, [.init(position: 2, removed: 1, added: 1)])
            XCTAssertEqual(MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [7])).map(localActionName), names,
                           "the replaced item kept its action's name")
            activate(MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [7]))[2], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(shelf.opened, ["37@0"])
            XCTAssertEqual(unchanged.changes, [])
            XCTAssertEqual(MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [7]))[2].label, "Renamed")
            assertSameAsFreshRender(rendered, shelf.menu)

            // A label every item shows changed (captured state): nothing is kept, all of it is new.
            shelf.prefix = "» "
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 0)
            assertSameAsFreshRender(rendered, shelf.menu)
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 10, "kept again once unchanged")
        }
    }

    /// A toggle whose label changed is replaced alone in its kept section: it keeps its
    /// action's name, shows its state, and sets the latest render's binding; the button beside
    /// it runs the latest closure.
    func testAToggleWithAChangedLabelIsReplacedAlone() {
        onMain {
            let shelf = PlainShelf(sections: 4)
            let rendered = renderedForKeeping(shelf.menu)
            let toggleName = Self.toggleName(ofSection: 2, in: rendered)
            shelf.sections[2].entries[0].title = "Show All"
            shelf.flags = shelf.sections.map { _ in PlainShelf.Flag() }
            shelf.flags[2].isOn = true
            shelf.generation = 1
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 4)
            XCTAssertEqual(rendered.changedKeptListCount, 1)
            let third = MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [2]))
            XCTAssertEqual(third[0].label, "Show All")
            XCTAssertEqual(localActionName(third[0]), toggleName, "the toggle kept its action")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, toggleName), "true")
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, toggleName, nil)
            XCTAssertFalse(shelf.flags[2].isOn, "the toggle set the latest render's binding")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, toggleName), "false")
            activate(third[1], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(shelf.opened, ["11@1"])
            assertSameAsFreshRender(rendered, shelf.menu)

            rendered.refresh()
            XCTAssertEqual(rendered.changedKeptListCount, 0, "kept whole again")
            XCTAssertEqual(rendered.keptListCount, 4)
        }
    }

    /// Random edits behind the menu's back, a refresh after each turn of them: mostly a few
    /// labels renamed (kept lists replacing their changed items alone), sometimes new flags, a
    /// new generation, a label every item shows, entries that come and go. After each refresh
    /// the menu is what a fresh render of the model makes, and a random item runs the latest
    /// render's closure.
    func testRandomEditsBehindTheMenusBackMatchFreshRenders() {
        onMain {
            var random = SplitMix64(seed: 28)
            let shelf = PlainShelf(sections: 6)
            let rendered = renderedForKeeping(shelf.menu)
            var nextID = 1_000
            var partlyKept = 0
            var sectionsKept = 0
            for step in 0..<200 {
                for _ in 0..<(1 + random.below(3)) {
                    let section = random.below(shelf.sections.count)
                    switch random.below(20) {
                    case 0:
                        shelf.flags = shelf.sections.map { _ in PlainShelf.Flag() }
                    case 1:
                        shelf.prefix = random.chance(50) ? "" : "» "
                    case 2 where shelf.sections[section].entries.count > 1:
                        shelf.sections[section].entries.remove(at: random.below(shelf.sections[section].entries.count))
                    case 3:
                        nextID += 1
                        shelf.sections[section].entries.insert(ListEntry(id: nextID, title: "New \(nextID)"),
                                                               at: random.below(shelf.sections[section].entries.count + 1))
                    case 4:
                        shelf.flags[section].isOn.toggle()
                    default:
                        let entry = random.below(shelf.sections[section].entries.count)
                        shelf.sections[section].entries[entry].title = "Title \(random.below(5))"
                    }
                }
                shelf.generation = step
                rendered.refresh()
                partlyKept += rendered.changedKeptListCount
                sectionsKept += rendered.keptSections ? 1 : 0
                XCTAssertEqual(rendered.readKeptSectionsAsContent, rendered.keptSections, "kept sections read as content, step \(step)")
                if let difference = differenceFromFreshRender(rendered, shelf.menu) { return XCTFail("step \(step): \(difference)") }

                // A button (an entry whose id is a multiple of five is a toggle).
                let section = random.below(shelf.sections.count)
                let entries = shelf.sections[section].entries
                let buttons = entries.indices.filter { entries[$0].id % 5 != 0 }
                guard !buttons.isEmpty else { continue }
                let index = random.pick(buttons)
                shelf.opened = []
                activate(item: index, ofSection: section, in: rendered)
                XCTAssertEqual(shelf.opened, ["\(entries[index].id)@\(step)"], "step \(step)")
            }
            XCTAssertGreaterThan(partlyKept, 50, "kept lists replaced their changed items alone")
            // Renames alone keep the sections; an entry or a flag object that came or went, a
            // new prefix, plans them.
            XCTAssertGreaterThan(sectionsKept, 20, "sections kept around lists that kept their items")
            XCTAssertLessThan(sectionsKept, 180, "sections planned where a list inside was planned")
        }
    }

    /// Sections that come and go around kept ones: the kept ones stay, the names of the items
    /// that went are released, the new ones get actions that act.
    func testSectionsThatComeAndGoAroundKeptOnes() {
        onMain {
            let shelf = PlainShelf(sections: 5)
            let rendered = renderedForKeeping(shelf.menu)
            let removedItems = MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [1]))
            shelf.sections.remove(at: 1)
            shelf.sections.append(ListSection(id: 9, entries: [ListEntry(id: 45, title: "Entry 45"), ListEntry(id: 46, title: "Entry 46")]))
            shelf.flags.append(PlainShelf.Flag())
            shelf.flags.append(contentsOf: (0..<4).map { _ in PlainShelf.Flag() })
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 4)
            assertSameAsFreshRender(rendered, shelf.menu)
            for item in removedItems {
                XCTAssertFalse(actionEnabled(rendered.actionGroup.unsafePointer, localActionName(item)) , "\(localActionName(item)) went with its section")
            }
            let added = MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [4]))
            activate(added[1], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(shelf.opened, ["46@0"])
        }
    }

    /// Kept sections whose names the registry holds as a group (not asked one by one): through
    /// a refresh that keeps them while another section goes, and its names with it, each kept
    /// item keeps its own name. A section then put first, its entries titled as the first
    /// section's, is planned before the kept ones: had the kept names gone with the others, its
    /// items would take them and the kept items would be renamed.
    func testKeptSectionsHoldTheirNamesWhileAnotherSectionGoes() {
        onMain {
            let shelf = PlainShelf(sections: 6)
            let rendered = renderedForKeeping(shelf.menu)
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 6)
            @MainActor func names(ofSection section: Int) -> [String] {
                MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [section])).map(localActionName)
            }
            let before = (0..<5).map { names(ofSection: $0) }

            shelf.sections.remove(at: 5)
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 5, "kept by their groups while the last section went")
            XCTAssertEqual((0..<5).map { names(ofSection: $0) }, before)

            shelf.sections.insert(ListSection(id: 20, entries: (0..<5).map { ListEntry(id: 100 + $0, title: "Entry \($0)") }), at: 0)
            shelf.flags.append(contentsOf: (shelf.flags.count...20).map { _ in PlainShelf.Flag() })
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 5, "asked one by one after a name went, and found")
            XCTAssertEqual((1...5).map { names(ofSection: $0) }, before, "every kept item kept its name")
            let all = (0...5).flatMap { names(ofSection: $0) }
            XCTAssertEqual(Set(all).count, all.count, "the new items' names are their own: \(names(ofSection: 0))")
            activate(MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [1]))[1], in: rendered.actionGroup.unsafePointer)
            activate(MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [0]))[1], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(shelf.opened, ["1@0", "101@0"])

            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 6, "trusted again, the new section with them")
            XCTAssertEqual((1...5).map { names(ofSection: $0) }, before)
        }
    }

    /// Kept items in a real popover, chosen with real clicks: the toggle flips the latest
    /// render's flag and shows its mark, the button runs the latest render's closure.
    func testRealClicksOnKeptItemsInAnOpenMenu() throws {
        try GtkSession.start()
        try onMain {
            let shelf = PlainShelf(sections: 4)
            let rendered = renderedForKeeping(shelf.menu)
            shelf.flags = shelf.sections.map { _ in PlainShelf.Flag() }
            shelf.generation = 2
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 4)
            let title = "GMenuKit kept sections"
            let opened = try OpenedMenuButton(showing: rendered, inWindowTitled: title)

            let toggle = try XCTUnwrap(PopoverPages.modelButtons(in: opened.popover, text: "Entry 10").first)
            try RealInput.click(toggle)
            MainLoop.turn { shelf.flags[2].isOn }
            XCTAssertTrue(shelf.flags[2].isOn, "the click reached the latest render's binding")

            MainLoop.turn { gtk_widget_get_mapped(opened.popover) == 0 }
            opened.open()
            let drawn = PopoverRenderingTests.drawnItems(in: opened.popover)
            XCTAssertEqual(drawn.first { $0.text == "Entry 10" }?.isActive, true, "its check mark shows")
            try Self.click("Entry 13", in: opened, of: shelf, screenshot: "kept-sections")
            XCTAssertEqual(shelf.opened, ["13@2"])
            opened.close()
        }
    }

    /// A label changed behind the menu's back while it is open: the refresh keeps the section
    /// but replaces that row, which shows the new label, and a real click on it runs the
    /// latest render's closure.
    func testARefreshReplacesAChangedRowInAnOpenMenu() throws {
        try GtkSession.start()
        try onMain {
            let shelf = PlainShelf(sections: 4)
            let rendered = renderedForKeeping(shelf.menu)
            let opened = try OpenedMenuButton(showing: rendered, inWindowTitled: "GMenuKit changed row")
            shelf.sections[1].entries[3].title = "Renamed Entry"
            shelf.generation = 3
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 4)
            XCTAssertEqual(rendered.changedKeptListCount, 1)
            MainLoop.drain()
            let drawn = PopoverRenderingTests.drawnItems(in: opened.popover).map(\.text)
            XCTAssertTrue(drawn.contains("Renamed Entry"), "\(drawn)")
            XCTAssertFalse(drawn.contains("Entry 8"), "\(drawn)")
            XCTAssertEqual(drawn.count, 20, "\(drawn)")
            try Self.click("Renamed Entry", in: opened, of: shelf, screenshot: "changed-row")
            XCTAssertEqual(shelf.opened, ["8@3"])
            opened.close()
        }
    }

    /// The same in a pull-down button, which draws toggles as GMenuKit's own check rows: a
    /// toggle's label and flag changed behind its back, refreshed while the menu is open, is
    /// replaced alone; its row shows the new label and mark, and a real click on it sets the
    /// latest render's binding.
    func testARefreshReplacesAChangedToggleRowInAPullDownButton() throws {
        try GtkSession.start()
        try onMain {
            let shelf = PlainShelf(sections: 3)
            let control = PullDownButton(shelf.menu)
            // Its third render on notes what it keeps.
            control.menu.refresh()
            control.menu.refresh()
            XCTAssertEqual(control.menu.keptListCount, 3)
            let window = try TestWindow(titled: "GMenuKit changed toggle row", child: control.widget).widget
            let popover: UnsafeMutablePointer<GtkWidget> = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton)))
            try RealInput.click(control.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
            MainLoop.drain()

            shelf.sections[1].entries[0].title = "Show Hidden"
            shelf.flags = shelf.sections.map { _ in PlainShelf.Flag() }
            shelf.flags[1].isOn = true
            control.menu.refresh()
            MainLoop.drain()
            XCTAssertEqual(control.menu.keptListCount, 3)
            XCTAssertEqual(control.menu.changedKeptListCount, 1)
            let drawn = PopoverRenderingTests.drawnItems(in: popover)
            XCTAssertEqual(drawn.first { $0.text == "Show Hidden" }?.isActive, true, "the new label, checked: \(drawn.map(\.text))")
            XCTAssertFalse(drawn.contains { $0.text == "Entry 5" })
            if let directory = ProcessInfo.processInfo.environment["GMENUKIT_SCREENSHOT_DIR"], !directory.isEmpty {
                ControlProbes.saveScreenshot(of: popover, as: directory + "/changed-toggle-row.png", size: (420, 620))
            }

            let row = try XCTUnwrap(PopoverPages.modelButtons(in: popover, text: "Show Hidden").first)
            try RealInput.click(row)
            MainLoop.turn { !shelf.flags[1].isOn }
            XCTAssertFalse(shelf.flags[1].isOn, "the click reached the latest render's binding")
            control.popdown()
            MainLoop.drain()
            gtk_window_destroy(gmk_window(window))
            MainLoop.drain()
        }
    }

    /// An item planned anew with the identity of a kept element (an explicit id written in that
    /// form) would share its name: the menu is planned again without keeping, and the two
    /// items act apart.
    func testAnExplicitIdShapedLikeAKeptElementPlansTheMenuWithoutKeeping() {
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            var entries = ["a", "b", "c"]
            var clashing: String?
            var log: [String] = []
            let menu = Menu("Files") {
                Section {
                    ForEach(entries, id: \.self) { file in Button(file) { log.append(file) } }
                }
                .generatedContent()
                .id("recent")
                if let clashing {
                    Button("Clear Menu") { log.append("clear") }.id(clashing)
                }
            }
            let rendered = renderedForKeeping(menu)
            let section = MenuModelReader.linkedModel(rendered.menuModel, at: [0])
            guard let target = MenuModelReader.read(section)[1].target, target.hasPrefix("#") else {
                return XCTFail("the generated item's target is its identity, from the explicit id")
            }
            clashing = String(target.dropFirst())
            entries = ["a", "b", "c"]
            rendered.refresh()
            XCTAssertEqual(rendered.keptListCount, 0, "planned again without keeping")
            let items = flatten(MenuModelReader.read(rendered.menuModel))
            guard let b = items.first(where: { $0.label == "b" }), let clear = items.first(where: { $0.label == "Clear Menu" })
            else { return XCTFail("no b or Clear Menu in \(items)") }
            activate(b, in: rendered.actionGroup.unsafePointer)
            activate(clear, in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(log, ["b", "clear"])
        }
    }

    /// Saves the open menu as `screenshot`.png where screenshots are asked for, then clicks the
    /// row titled `text` for real and waits until the shelf notes what ran.
    @MainActor private static func click(_ text: String, in opened: OpenedMenuButton, of shelf: PlainShelf, screenshot: String) throws {
        if let directory = ProcessInfo.processInfo.environment["GMENUKIT_SCREENSHOT_DIR"], !directory.isEmpty {
            // After a turn of the loop, as a person sees it: GTK shows the sections' separators
            // of a reopened popover from an idle of its own.
            MainLoop.drain()
            ControlProbes.saveScreenshot(of: opened.popover, as: directory + "/\(screenshot).png", size: (420, 720))
        }
        let button = try XCTUnwrap(PopoverPages.modelButtons(in: opened.popover, text: text).first)
        try RealInput.click(button)
        MainLoop.turn { !shelf.opened.isEmpty }
    }

    /// The local action name of the toggle that leads section `index`.
    @MainActor private static func toggleName(ofSection index: Int, in rendered: RenderedMenu) -> String {
        localActionName(MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [index]))[0])
    }
}
