import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A long `ForEach` with no style, in a menu a control shows, is a scrolling list on its own
/// (``MenuListStyle/automatic``): opened for real, chosen by a click, back to the menu's items
/// when the list is short again or when an element turns out to be more than a row.
private struct CountingEntry: MenuContent {
    @State private var count = 0
    var body: some MenuContent { Button("Counted \(count) Times") { count += 1 } }
}

final class AutomaticScrollingListTests: GtkTestCase {
    @Observable
    @MainActor
    final class History {
        var entries: [Int]
        var chosen: [Int] = []
        init(count: Int) { entries = Array(0..<count) }
    }

    /// The labels of the items of the menu model's section at `index`, "(slot)" for a custom one.
    @MainActor
    private static func section(_ index: Int, of menu: RenderedMenu) -> [String] {
        let items = MenuModelReader.read(menu.menuModel)
        guard index < items.count, let section = items[index].section else { return [] }
        return section.map { $0.attributes["custom"] != nil ? "(slot)" : $0.label ?? "" }
    }

    func testALongHistoryScrollsWithoutAModifierAndIsItemsAgainWhenShort() throws {
        try GtkSession.start()
        try onMain {
            let history = History(count: 200)
            let watcher = FinalizationWatcher()
            var control: PullDownButton? = PullDownButton(Menu("History") {
                Button("Clear History") { history.entries = [] }
                Section {
                    ForEach(history.entries, id: \.self) { entry in Button("Page \(entry)") { history.chosen.append(entry) } }
                }
                Section {
                    ForEach(0..<LongGeneratedLists.threshold) { index in Button("Bookmark \(index)") {} }
                }
            })
            let window = try TestWindow(titled: "Automatic History", child: control!.widget).widget
            let menu = control!.menu
            XCTAssertEqual(Self.section(1, of: menu), ["(slot)"], "200 entries: one slot, not 200 items")
            XCTAssertEqual(Self.section(2, of: menu).count, LongGeneratedLists.threshold, "50 stay the menu's items")

            let popover: UnsafeMutablePointer<GtkWidget> = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control!.menuButton)))
            try RealInput.click(control!.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
            MainLoop.drain()
            guard let view = ScrollingMenuListTests.listView(in: popover) else {
                XCTFail("the menu shows a scrolling list")
                gtk_window_destroy(gmk_window(window))
                return
            }
            MainLoop.turn { view.rowWidgets.count >= LongGeneratedLists.visibleRows }
            XCTAssertEqual(view.rows.count, 200)
            XCTAssertEqual(view.rowWidgets.map(ScrollingMenuListTests.label(of:)).prefix(3), ["Page 0", "Page 1", "Page 2"])
            watcher.watch(view.widget)
            let third = view.rowWidgets.first { ScrollingMenuListTests.label(of: $0) == "Page 2" }
            XCTAssertNotNil(third)
            if let third { try RealInput.click(third) }
            MainLoop.turn { !history.chosen.isEmpty && gtk_widget_get_visible(popover) == 0 }
            XCTAssertEqual(history.chosen, [2], "a click on a row runs its element's action")
            XCTAssertEqual(gtk_widget_get_visible(popover), 0, "and closes the menu")

            // Short again: the elements are the menu's items; long again: one slot.
            history.entries.removeLast(200 - LongGeneratedLists.threshold)
            MainLoop.turn { Self.section(1, of: menu).count == LongGeneratedLists.threshold }
            XCTAssertEqual(Self.section(1, of: menu).prefix(2), ["Page 0", "Page 1"])
            history.entries.append(1_000)
            MainLoop.turn { Self.section(1, of: menu) == ["(slot)"] }
            XCTAssertEqual(Self.section(1, of: menu), ["(slot)"])
            history.entries.append(1_001)
            MainLoop.drain()
            XCTAssertEqual(Self.section(1, of: menu), ["(slot)"], "a long list's change is its source's")

            try RealInput.click(control!.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
            MainLoop.drain()
            let reopened = ScrollingMenuListTests.listView(in: popover)
            MainLoop.turn { (reopened?.rowWidgets.count ?? 0) >= LongGeneratedLists.visibleRows }
            XCTAssertEqual(reopened?.rows.count, LongGeneratedLists.threshold + 2)
            gtk_popover_popdown(gmk_popover(popover))
            MainLoop.drain()

            gtk_window_destroy(gmk_window(window))
            control = nil
            MainLoop.drain()
            XCTAssertTrue(watcher.allFinalized, "the first list view went: \(watcher.finalizedCount) of \(watcher.watchedCount)")
        }
    }

    /// An element past the ones looked at when the menu renders is a submenu: shown (End goes
    /// to the last row), it puts the list back into the menu's items, with its submenu, and
    /// nothing is reported (the app asked for nothing).
    func testAnElementFurtherOnThatIsMoreThanARowPutsTheListBackIntoItems() throws {
        try GtkSession.start()
        try onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let count = 300
            let menu = RenderedMenu(Menu("Folders") {
                ForEach(0..<count) { index in
                    if index == count - 1 {
                        Menu("Folder \(index)") { Button("Open Inside") {} }
                    } else {
                        Button("Folder \(index)") {}
                    }
                }
            }, actionPrefix: "menu", isPresented: true)
            XCTAssertEqual(MenuModelReader.read(menu.menuModel).count, 1, "one slot first")
            let opened = try OpenedMenuButton(showing: menu, inWindowTitled: "Automatic Folders")
            MainLoop.drain()
            guard let view = ScrollingMenuListTests.listView(in: opened.popover) else {
                XCTFail("the menu shows a scrolling list")
                return opened.close()
            }
            MainLoop.turn { !view.rowWidgets.isEmpty }
            if let first = view.rowWidgets.first { _ = gtk_widget_grab_focus(first) }
            try RealInput.xdotool("key", "End")
            MainLoop.turn { MenuModelReader.read(menu.menuModel).count == count }
            let items = MenuModelReader.read(menu.menuModel)
            XCTAssertEqual(items.count, count, "the list is the menu's items again")
            XCTAssertEqual(items.last?.submenu?.map(\.label), ["Open Inside"], "with the submenu a row could not show")
            XCTAssertFalse(collector.collected.contains { $0.message.contains("row") || $0.message.contains("scrolling") },
                           "\(collector.collected)")
            opened.close()

            // An element further on that keeps @State of its own: a row would start it afresh.
            let stateful = RenderedMenu(Menu("Counters") {
                ForEach(0..<count) { index in
                    if index == count - 1 { CountingEntry() } else { Button("Counter \(index)") {} }
                }
            }, actionPrefix: "menu", isPresented: true)
            let second = try OpenedMenuButton(showing: stateful, inWindowTitled: "Automatic Counters")
            MainLoop.drain()
            let counters = ScrollingMenuListTests.listView(in: second.popover)
            XCTAssertNotNil(counters, "one slot first")
            MainLoop.turn { !(counters?.rowWidgets.isEmpty ?? true) }
            if let first = counters?.rowWidgets.first { _ = gtk_widget_grab_focus(first) }
            try RealInput.xdotool("key", "End")
            MainLoop.turn { MenuModelReader.read(stateful.menuModel).count == count }
            XCTAssertEqual(MenuModelReader.read(stateful.menuModel).last?.label, "Counted 0 Times")
            second.close()

            // Asked for items, a long list never scrolls.
            let asked = RenderedMenu(Menu("Pages") {
                ForEach(0..<count) { index in Button("Page \(index)") {} }.menuListStyle(.items)
            }, actionPrefix: "menu", isPresented: true)
            XCTAssertEqual(MenuModelReader.read(asked.menuModel).count, count)
        }
    }

    /// A menu the app shows itself scrolls its long lists once given to `present(in:)`; before
    /// that GTK shows its model alone, which cannot hold a scrolling list.
    func testAMenuScrollsItsLongListsOncePresented() throws {
        try GtkSession.start()
        onMain {
            let menu = RenderedMenu(Menu("Pages") {
                ForEach(0..<100) { index in Button("Page \(index)") {} }
            })
            XCTAssertEqual(MenuModelReader.read(menu.menuModel).count, 100)
            XCTAssertEqual(menu.guidelineDiagnostics().filter { $0.rule == "O4" }.count, 1, "100 items are a long menu (O4)")
            let popover = gtk_popover_menu_new_from_model(menu.menuModel)!
            g_object_ref_sink(popover.gpointer)
            menu.present(in: popover)
            XCTAssertEqual(MenuModelReader.read(menu.menuModel).map { $0.attributes["custom"] != nil }, [true])
            XCTAssertEqual(menu.guidelineDiagnostics().filter { $0.rule == "O4" }, [],
                           "the guideline checks read the list as it is shown: one scrolling slot")
            g_object_unref(popover.gpointer)
        }
    }

    /// The command palette reads a scrolling list's elements, which its menu model holds as one
    /// slot, and runs one as choosing its row does; not once the element is gone.
    func testTheWindowsCommandsHoldEachElementOfAScrollingList() throws {
        try GtkSession.start()
        try onMain {
            let history = History(count: 100)
            var control: PullDownButton? = PullDownButton(Menu("History") {
                Button("Clear History") { history.entries = [] }
                Section {
                    ForEach(history.entries, id: \.self) { entry in Button("Page \(entry)") { history.chosen.append(entry) } }
                }
            })
            // A second menu whose list stands where the first's does: its elements are its own commands.
            var other: PullDownButton? = PullDownButton(Menu("Bookmarks") {
                Button("Edit Bookmarks") {}
                Section { ForEach(0..<100) { index in Button("Page \(index)") {} } }
            })
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            gtk_box_append(gmk_box(box), control!.widget)
            gtk_box_append(gmk_box(box), other!.widget)
            let window = try TestWindow(titled: "Palette History", child: box).widget
            XCTAssertEqual(Self.section(1, of: control!.menu), ["(slot)"])
            let commands = WindowCommands.read(in: window)
            XCTAssertEqual(commands.filter { $0.title.hasPrefix("Page ") && $0.path == ["History"] }.count, 100, "\(commands.map(\.title).prefix(5))")
            XCTAssertEqual(commands.filter { $0.title.hasPrefix("Page ") && $0.path == ["Bookmarks"] }.count, 100)
            let page = commands.first { $0.title == "Page 42" }
            XCTAssertEqual(page?.path, ["History"])
            XCTAssertEqual(page?.isAvailable, true)
            XCTAssertEqual(page?.activate(), true)
            MainLoop.drain()
            XCTAssertEqual(history.chosen, [42], "activated, the element's action runs")

            history.entries.removeFirst(43)
            MainLoop.drain()
            XCTAssertEqual(page?.activate(), false, "read before its element went, the command does nothing")
            XCTAssertEqual(history.chosen, [42])
            gtk_window_destroy(gmk_window(window))
            control = nil
            other = nil
            MainLoop.drain()
        }
    }

    /// A context menu's popover exists only once it opens, so its scrolling list has no view
    /// when the palette reads it: the elements are read from the rendered menu instead, and
    /// each one runs as choosing its row would.
    func testTheWindowsCommandsHoldTheElementsOfAContextMenusScrollingList() throws {
        try GtkSession.start()
        try onMain {
            let history = History(count: 100)
            let button = gtk_button_new_with_label("Note")!
            var context: ContextMenu? = ContextMenu(Menu("Note") {
                Button("Copy") {}
                Section {
                    ForEach(history.entries, id: \.self) { entry in Button("Page \(entry)") { history.chosen.append(entry) } }
                }
            }, attachedTo: button)
            let window = try InputWindow(titled: "Palette context history", child: button)
            MainLoop.turn { gtk_window_is_active(gmk_window(window.window.gpointer)) != 0 }
            gtk_widget_grab_focus(button)
            XCTAssertNil(context!.popoverWidget, "the menu was never opened")
            let commands = WindowCommands.read(in: window.window)
            XCTAssertEqual(Self.section(1, of: context!.menu), ["(slot)"], "the list scrolls")
            let pages = commands.filter { $0.title.hasPrefix("Page ") }
            XCTAssertEqual(pages.count, 100, "\(commands.map(\.title).prefix(5))")
            XCTAssertEqual(pages.first?.path, ["Note"])
            let page = pages.first { $0.title == "Page 64" }
            XCTAssertEqual(page?.activate(), true)
            MainLoop.drain()
            XCTAssertEqual(history.chosen, [64], "activated, the element's action runs")
            XCTAssertNil(context!.popoverWidget, "without opening the menu")

            history.entries.removeFirst(65)
            MainLoop.drain()
            XCTAssertEqual(page?.activate(), false, "read before its element went, the command does nothing")
            XCTAssertEqual(history.chosen, [64])
            window.destroy()
            weak var rendered = context?.menu
            context = nil
            MainLoop.drain()
            XCTAssertNil(rendered, "the context menu's rendered menu is finalized")
        }
    }

    /// GMenuKitTesting's live menu reads a scrolling list's elements as items of an untitled
    /// section, found by path and chosen as their rows are; toggles with their checkmarks.
    func testALiveMenuFindsAndChoosesTheElementsOfAScrollingList() throws {
        try GtkSession.start()
        try onMain {
            let history = History(count: 80)
            var shown: Set<Int> = [3]
            var control: PullDownButton? = PullDownButton(Menu("History") {
                Section {
                    ForEach(history.entries, id: \.self) { entry in Button("Page \(entry)") { history.chosen.append(entry) } }
                }
                Section {
                    ForEach(0..<60) { index in
                        Toggle("Column \(index)", isOn: Binding(get: { shown.contains(index) },
                                                                set: { if $0 { shown.insert(index) } else { shown.remove(index) } }))
                    }
                }
            })
            let window = try TestWindow(titled: "Live History", child: control!.widget).widget
            let popover: UnsafeMutablePointer<GtkWidget> = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control!.menuButton)))
            XCTAssertEqual(Self.section(0, of: control!.menu), ["(slot)"])
            guard let live = LiveMenu(popover: popover, title: "History") else { return XCTFail("no model") }
            let page = try live.item("Page 70")
            XCTAssertEqual(page.kind, .command)
            try page.activate()
            XCTAssertEqual(history.chosen, [70])
            let column = try live.item("Column 3")
            XCTAssertEqual(column.kind, .toggle)
            XCTAssertEqual(column.isChecked, true)
            try live.item("Column 4").toggle()
            XCTAssertEqual(shown, [3, 4])
            history.entries.removeFirst(71)
            MainLoop.drain()
            XCTAssertThrowsError(try page.activate(), "Page 70 is gone")
            XCTAssertEqual(history.chosen, [70])
            gtk_window_destroy(gmk_window(window))
            control = nil
            MainLoop.drain()
        }
    }

    /// In a menu bar's menu too: F10 opens "Go", whose 1,000 pages are a scrolling list with rows
    /// for what is in view, and Return on a row runs its element.
    func testAMenuBarsMenuScrollsItsLongList() throws {
        try GtkSession.start()
        try onMain {
            let history = History(count: 1_000)
            let bar = MenuBar {
                Menu("Go") {
                    Button("Home") {}
                    Section { ForEach(history.entries, id: \.self) { entry in Button("Page \(entry)") { history.chosen.append(entry) } } }
                }
            }
            let (window, _) = try MenuBarTests.window(titled: "Automatic Bar", with: bar.widget)
            defer {
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            guard let go = ControlProbes.barPopovers(bar.widget).first else { return XCTFail("the bar has no menu") }
            let commands = WindowCommands.read(in: window)
            XCTAssertEqual(commands.filter { $0.title.hasPrefix("Page ") }.count, 1_000, "the palette reads the bar's list")
            XCTAssertEqual(commands.first { $0.title == "Page 999" }?.path, ["Go"])
            try RealInput.xdotool("key", "F10")
            MainLoop.turn { gtk_widget_get_mapped(go) != 0 }
            guard let view = ScrollingMenuListTests.listView(in: go) else { return XCTFail("the Go menu shows a scrolling list") }
            MainLoop.turn { view.rowWidgets.count >= LongGeneratedLists.visibleRows }
            XCTAssertEqual(view.rows.count, 1_000)
            XCTAssertLessThanOrEqual(view.rowWidgets.count, 210, "rows for what is in view and GTK 4.8's 200 around it, not 1,000")
            view.focusRow(at: 5)
            MainLoop.drain()
            try RealInput.xdotool("key", "Return")
            MainLoop.turn { !history.chosen.isEmpty }
            XCTAssertEqual(history.chosen, [5])
            MainLoop.turn { gtk_widget_get_mapped(go) == 0 }
            XCTAssertEqual(gtk_widget_get_mapped(go), 0, "choosing closed the menu")
        }
    }
}
