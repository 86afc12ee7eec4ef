import CGtk
import Foundation
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A generated list of 10,000 elements shown with `.menuListStyle(.scrolling(visibleRows:))`,
/// opened for real in a pull-down button: a bounded number of row widgets, the keyboard (arrows
/// in and out of the list, type-to-select, Return), a click, a change while open, everything
/// finalized when the menu goes.
final class ScrollingMenuListTests: GtkTestCase {
    @Observable
    @MainActor
    final class History {
        struct Entry: Identifiable, Equatable {
            let id: Int
            var title: String
        }

        var entries: [Entry]
        var chosen: [Int] = []
        var cleared = 0
        var showsHidden = false

        init(count: Int) {
            entries = (0..<count).map { Entry(id: $0, title: $0 == 7000 ? "Zebra Crossing" : "Page \($0)") }
        }
    }

    @Observable
    @MainActor
    final class Flags { var on: Set<Int> = [2] }

    @MainActor
    private static func menu(_ history: History) -> Menu {
        Menu("History") {
            Button("Clear History") { history.cleared += 1 }
            Section {
                ForEach(history.entries) { entry in
                    Button(entry.title) { history.chosen.append(entry.id) }
                }
                .menuListStyle(.scrolling(visibleRows: 10))
            }
            Section {
                Toggle("Show Hidden Pages", isOn: Binding(history, \.showsHidden))
            }
        }
    }

    /// The scrolling list inside an open popover.
    @MainActor
    static func listView(in popover: UnsafeMutablePointer<GtkWidget>) -> ScrollingListView? {
        WidgetTree.all(popover).lazy.compactMap { ScrollingListView.of($0) }.first
    }

    /// Opens `menu` (kept by the caller: the opened button does not keep it) in a window of its
    /// own and waits for the first rows of its scrolling list; nil, after a failure, if the menu
    /// shows none.
    @MainActor
    static func openScrollingList(_ menu: RenderedMenu, inWindowTitled title: String,
                                  file: StaticString = #filePath, line: UInt = #line) throws -> (OpenedMenuButton, ScrollingListView)? {
        let opened = try OpenedMenuButton(showing: menu, inWindowTitled: title)
        MainLoop.drain()
        guard let view = listView(in: opened.popover) else {
            XCTFail("the menu shows a scrolling list", file: file, line: line)
            opened.close()
            return nil
        }
        MainLoop.turn { view.rowWidgets.count >= 5 }
        return (opened, view)
    }

    @MainActor
    private static func focusWidget(of popover: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        gtk_widget_get_root(popover).flatMap { gtk_root_get_focus($0) }
    }

    /// What a row of the list shows.
    @MainActor
    static func label(of row: UnsafeMutablePointer<GtkWidget>) -> String {
        ScrollingListView.title(ofRow: row)
    }

    @MainActor
    private static func focusedRowLabel(_ popover: UnsafeMutablePointer<GtkWidget>, _ view: ScrollingListView) -> String? {
        guard let focus = focusWidget(of: popover), view.rowWidgets.contains(focus) else { return nil }
        return label(of: focus)
    }

    func testATenThousandElementListOpensWithRowsOnlyForWhatIsInViewAndWorksFromTheKeyboard() throws {
        try GtkSession.start()
        try onMain {
            let history = History(count: 10_000)
            let watcher = FinalizationWatcher()
            var control: PullDownButton? = PullDownButton(Self.menu(history))
            let title = "Scrolling History"
            let window = try TestWindow(titled: title, child: control!.widget).widget
            let popover: UnsafeMutablePointer<GtkWidget> = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control!.menuButton)))
            try RealInput.click(control!.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
            MainLoop.drain()

            guard let view = Self.listView(in: popover) else {
                XCTFail("the menu shows a scrolling list")
                gtk_window_destroy(gmk_window(window))
                return
            }
            MainLoop.turn { !view.rowWidgets.isEmpty }
            let rows = view.rowWidgets
            XCTAssertGreaterThanOrEqual(rows.count, 10, "the ten visible rows have widgets")
            XCTAssertLessThanOrEqual(rows.count, 210, "and only a few more than those of 10,000 elements")
            XCTAssertLessThan(WidgetTree.all(popover).count, 1_000, "the popover has a few hundred widgets, not tens of thousands")
            XCTAssertEqual(rows.map(Self.label(of:)).prefix(3), ["Page 0", "Page 1", "Page 2"])
            for row in rows {
                XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(row)), GTK_ACCESSIBLE_ROLE_MENU_ITEM, "each row is a menu item")
                XCTAssertEqual(String(cString: gtk_widget_get_css_name(row)), "modelbutton", "drawn as GTK's menu items")
            }
            // The list is one custom slot of the menu model; its elements are not items.
            let items = MenuModelReader.read(control!.menu.menuModel)
            XCTAssertEqual(items.count, 3, "Clear History, the list's section, the toggle's section: \(items)")
            watcher.watch(view.widget)
            for row in rows { watcher.watch(row) }

            // Down from the item above the list enters it at its first row; Up leaves it again.
            let clear = ControlProbes.labels(in: popover, text: "Clear History").first.flatMap { gtk_widget_get_ancestor($0, g_type_from_name("GtkModelButton")) }
            XCTAssertNotNil(clear)
            if let clear { _ = gtk_widget_grab_focus(clear) }
            try RealInput.xdotool("key", "Down")
            MainLoop.turn { Self.focusedRowLabel(popover, view) != nil }
            XCTAssertEqual(Self.focusedRowLabel(popover, view), "Page 0", "Down enters the list at its first row")
            try RealInput.xdotool("key", "Down", "Down")
            MainLoop.turn { Self.focusedRowLabel(popover, view) == "Page 2" }
            XCTAssertEqual(Self.focusedRowLabel(popover, view), "Page 2", "Down moves through the rows")
            try RealInput.xdotool("key", "Up", "Up", "Up")
            MainLoop.turn { Self.focusWidget(of: popover) == clear }
            XCTAssertTrue(Self.focusWidget(of: popover) == clear, "Up on the first row goes to the item above the list")

            // Typing jumps to the first row whose label begins with what was typed; Return chooses it.
            try RealInput.xdotool("key", "Down")
            MainLoop.turn { Self.focusedRowLabel(popover, view) != nil }
            try RealInput.xdotool("type", "--delay", "50", "zeb")
            MainLoop.turn { Self.focusedRowLabel(popover, view) == "Zebra Crossing" }
            XCTAssertEqual(Self.focusedRowLabel(popover, view), "Zebra Crossing", "type-to-select finds row 7,000")
            XCTAssertLessThanOrEqual(view.rowWidgets.count, 210, "scrolling there made no rows for the rows between")
            try RealInput.xdotool("key", "Down")
            MainLoop.turn { Self.focusedRowLabel(popover, view) == "Page 7001" }
            try RealInput.xdotool("key", "Return")
            MainLoop.turn { gtk_widget_get_visible(popover) == 0 }
            XCTAssertEqual(history.chosen, [7001], "Return runs the focused row's element's action")
            XCTAssertEqual(gtk_widget_get_visible(popover), 0, "and closes the menu, as an item does")
            XCTAssertEqual(history.cleared, 0)

            // A click on a row runs its element's action.
            try RealInput.click(control!.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 && !view.rowWidgets.isEmpty }
            MainLoop.drain()
            let fourth = view.rowWidgets.first { Self.label(of: $0) == "Page 3" }
            XCTAssertNotNil(fourth, "the list opens again at its top: \(view.rowWidgets.map(Self.label(of:)).prefix(5))")
            if let fourth { try RealInput.click(fourth) }
            MainLoop.turn { history.chosen.count == 2 }
            XCTAssertEqual(history.chosen, [7001, 3], "a click runs the row's action")
            MainLoop.turn { gtk_widget_get_visible(popover) == 0 }

            // Changes while open: one element inserted, one relabelled, one removed, each one
            // items-changed of the rows it touches.
            try RealInput.click(control!.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 && !view.rowWidgets.isEmpty }
            MainLoop.drain()
            let recorder = ListChangeRecorder(view)
            history.entries.insert(.init(id: -1, title: "Just Visited"), at: 0)
            MainLoop.drain()
            XCTAssertEqual(recorder.changes, [ListChangeRecorder.Change(position: 0, removed: 0, added: 1)])
            MainLoop.turn { view.rowWidgets.contains { Self.label(of: $0) == "Just Visited" } }
            XCTAssertTrue(view.rowWidgets.contains { Self.label(of: $0) == "Just Visited" }, "the new element's row shows")
            history.entries[3].title = "Renamed Page"
            MainLoop.drain()
            XCTAssertEqual(recorder.changes.last, ListChangeRecorder.Change(position: 3, removed: 1, added: 1))
            MainLoop.turn { view.rowWidgets.contains { Self.label(of: $0) == "Renamed Page" } }
            XCTAssertTrue(view.rowWidgets.contains { Self.label(of: $0) == "Renamed Page" }, "the relabelled row shows its new label")
            history.entries.remove(at: 1)
            MainLoop.drain()
            XCTAssertEqual(recorder.changes.last, ListChangeRecorder.Change(position: 1, removed: 1, added: 0))
            XCTAssertEqual(recorder.changes.count, 3, "each change is one items-changed: \(recorder.changes)")
            XCTAssertEqual(view.rows.count, 10_000)
            XCTAssertLessThanOrEqual(view.rowWidgets.count, 210)
            recorder.stop()

            // End goes to the last of the 10,000 rows; Down there leaves the list for the item below.
            if let first = view.rowWidgets.first(where: { Self.label(of: $0) == "Just Visited" }) { _ = gtk_widget_grab_focus(first) }
            try RealInput.xdotool("key", "End")
            MainLoop.turn { Self.focusedRowLabel(popover, view) == "Page 9999" }
            XCTAssertEqual(Self.focusedRowLabel(popover, view), "Page 9999", "End goes to the last row")
            let below = ControlProbes.labels(in: popover, text: "Show Hidden Pages").first.flatMap { gtk_widget_get_ancestor($0, g_type_from_name("GtkModelButton")) }
            try RealInput.xdotool("key", "Down")
            MainLoop.turn { below != nil && Self.focusWidget(of: popover) == below }
            XCTAssertTrue(below != nil && Self.focusWidget(of: popover) == below, "Down on the last row goes to the item below the list")
            // GTK's list view would give the focus back to the row it had last: the first, here.
            try RealInput.xdotool("key", "Up")
            MainLoop.turn { Self.focusedRowLabel(popover, view) != nil }
            try RealInput.xdotool("key", "Home")
            MainLoop.turn { Self.focusedRowLabel(popover, view) == "Just Visited" }
            XCTAssertEqual(Self.focusedRowLabel(popover, view), "Just Visited", "Home goes to the first row")
            if let below { _ = gtk_widget_grab_focus(below) }
            MainLoop.drain()
            try RealInput.xdotool("key", "Up")
            MainLoop.turn { Self.focusedRowLabel(popover, view) == "Page 9999" }
            XCTAssertEqual(Self.focusedRowLabel(popover, view), "Page 9999", "Up from the item below enters the list at its last row")
            XCTAssertLessThanOrEqual(view.rowWidgets.count, 210)

            // Escape closes the menu.
            if let first = view.rowWidgets.first { _ = gtk_widget_grab_focus(first) }
            try RealInput.xdotool("key", "Escape")
            MainLoop.turn { gtk_widget_get_visible(popover) == 0 }
            XCTAssertEqual(gtk_widget_get_visible(popover), 0, "Escape closes the menu")

            gtk_window_destroy(gmk_window(window))
            control = nil
            MainLoop.drain()
            XCTAssertTrue(watcher.allFinalized, "the list and its rows went with the menu: \(watcher.finalizedCount) of \(watcher.watchedCount)")
        }
    }

    func testAListOfTogglesShowsTheirStateAndAShortListStaysOrdinaryItems() throws {
        try GtkSession.start()
        try onMain {
            let flags = Flags()
            let menu = RenderedMenu(Menu("Flags", content: {
                ForEach(0..<500) { index in
                    Toggle("Flag \(index)", isOn: Binding(get: { flags.on.contains(index) },
                                                          set: { if $0 { flags.on.insert(index) } else { flags.on.remove(index) } }))
                }
                .menuListStyle(.scrolling(visibleRows: 5))
                Section {
                    ForEach(0..<3) { index in Button("Short \(index)") {} }
                }
            }), actionPrefix: "menu", isPresented: true)
            guard let (opened, view) = try Self.openScrollingList(menu, inWindowTitled: "Scrolling Flags") else { return }
            let third = view.rowWidgets.first { Self.label(of: $0) == "Flag 2" }
            XCTAssertEqual(third.map { gtk_accessible_get_accessible_role(OpaquePointer($0)) }, GTK_ACCESSIBLE_ROLE_MENU_ITEM_CHECKBOX)
            let indicator = third.flatMap { WidgetTree.all($0).first { WidgetTree.isWidget($0, ofType: "GtkImage") } }
            XCTAssertEqual(indicator.map { gtk_widget_get_opacity($0) }, 1, "a toggle that is on shows its checkmark")
            let second = view.rowWidgets.first { Self.label(of: $0) == "Flag 1" }
            XCTAssertEqual(second.flatMap { WidgetTree.all($0).first { WidgetTree.isWidget($0, ofType: "GtkImage") } }.map { gtk_widget_get_opacity($0) }, 0)
            if let second { try RealInput.click(second) }
            MainLoop.turn { flags.on.count == 2 }
            XCTAssertEqual(flags.on, [1, 2], "choosing a toggle row flips its binding")

            // The short list is GTK's own items: model buttons, no list.
            XCTAssertEqual(ControlProbes.labels(in: opened.popover, text: "Short 1").count, 1)
            let items = MenuModelReader.read(menu.menuModel)
            XCTAssertEqual(items.last?.section?.map(\.label), ["Short 0", "Short 1", "Short 2"], "a list without the style stays items")
            opened.close()
        }
    }
}

extension ScrollingMenuListTests {
    /// Elements a scrolling list cannot show as rows (pickers here) are reported, once for the
    /// list however many rows are bound, with the element's title.
    func testElementsWithoutAButtonOrToggleAreReportedOnce() throws {
        try GtkSession.start()
        try onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let menu = RenderedMenu(Menu("Sorting", content: {
                ForEach(0..<300) { index in
                    Picker("Sort \(index)", selection: .constant("name")) {
                        Text("Name").tag("name")
                        Text("Date").tag("date")
                    }
                }
                .menuListStyle(.scrolling(visibleRows: 5))
            }), actionPrefix: "menu", isPresented: true)
            guard let (opened, view) = try Self.openScrollingList(menu, inWindowTitled: "Scrolling Pickers") else { return }
            let reported = collector.collected.filter { $0.message.contains("scrolling list shows each element's first button or toggle") }
            XCTAssertEqual(reported.count, 1, "one report for the list: \(collector.collected)")
            XCTAssertEqual(reported.first?.path, "(scrolling list) › Sort 0")
            XCTAssertEqual(reported.first?.severity, .warning)
            opened.close()
        }
    }

    /// A scrolling list in a menu GTK shows alone (no control, no `present(in:)`) is left out,
    /// and the diagnostic says so in words, never by GMenuKit's internal name for it.
    func testAListLeftOutOfAMenuGTKShowsAloneIsNamedInWords() throws {
        try GtkSession.start()
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            _ = RenderedMenu(Menu("History") {
                Button("Clear History") {}
                ForEach(0..<100) { index in Button("Page \(index)") {} }.menuListStyle(.scrolling(visibleRows: 12))
            })
            let reported = collector.collected.filter { $0.message.contains("the scrolling list shows only in a GMenuKit control or a menu given to present(in:)") }
            XCTAssertEqual(reported.map(\.path), ["History › Scrolling List"], "\(collector.collected)")
            XCTAssertFalse(collector.collected.contains { $0.path.contains("gmk-") || $0.message.contains("gmk-") },
                           "no internal identity: \(collector.collected)")
        }
    }
}

extension ScrollingMenuListTests {
    /// A destructive row asks first, as the menu's own destructive items do: clicked, it shows
    /// the confirmation and runs nothing until the red button is chosen.
    func testADestructiveRowAsksBeforeItActs() throws {
        try GtkSession.start()
        try onMain {
            var deleted: [Int] = []
            let menu = RenderedMenu(Menu("Trash", content: {
                ForEach(0..<400) { index in
                    Button("Delete Page \(index)…", role: .destructive) { deleted.append(index) }
                        .confirmationMessage("The page is removed for good.")
                }
                .menuListStyle(.scrolling(visibleRows: 5))
            }), actionPrefix: "menu", isPresented: true)
            guard let (opened, view) = try Self.openScrollingList(menu, inWindowTitled: "Scrolling Trash") else { return }
            guard let row = view.rowWidgets.first(where: { Self.label(of: $0) == "Delete Page 2…" }) else {
                XCTFail("no row for page 2")
                opened.close()
                return
            }
            try RealInput.click(row)
            MainLoop.turn { !toplevelWindows(titled: "Delete Page 2?").isEmpty }
            guard let dialog = toplevelWindows(titled: "Delete Page 2?").first,
                  let confirm = WidgetTree.all(dialog).first(where: { gtk_widget_has_css_class($0, "destructive-action") != 0 })
            else {
                XCTFail("no confirmation")
                opened.close()
                return
            }
            XCTAssertEqual(deleted, [], "nothing is deleted before the answer")
            XCTAssertTrue(WidgetTree.labels(in: dialog).contains("The page is removed for good."))
            try RealInput.click(confirm)
            MainLoop.turn { deleted == [2] }
            XCTAssertEqual(deleted, [2], "the red button runs the row's action")
            MainLoop.turn { toplevelWindows(titled: "Delete Page 2?").isEmpty }
            opened.close()
        }
    }
}

@Observable @MainActor private final class PageNaming {
    var prefix = "Page"
}

extension ScrollingMenuListTests {
    /// Rows follow the state their element's content read while they are bound, and only then:
    /// type-to-select reading every title, and rows bound again as the list scrolls, leave no
    /// tracking behind in the model, so a change to it runs about one handler a bound row, not
    /// one for every title ever read.
    func testRowsLeaveNoTrackingBehindWhenReadOrBoundAgain() throws {
        try GtkSession.start()
        try onMain {
            let naming = PageNaming()
            let menu = RenderedMenu(Menu("Pages", content: {
                ForEach(0..<3_000) { index in Button("\(naming.prefix) \(index)") {} }
                    .menuListStyle(.scrolling(visibleRows: 5))
            }), actionPrefix: "menu", isPresented: true)
            guard let (opened, view) = try Self.openScrollingList(menu, inWindowTitled: "Scrolling Pages") else { return }
            _ = gtk_widget_grab_focus(view.rowWidgets[0])
            // Type-to-select reads titles until one matches ("Page 2999": every one before it),
            // and the jumps bind rows again.
            for keys in ["End", "Home", "End", "Home"] {
                try RealInput.xdotool("key", keys)
                MainLoop.drain()
            }
            try RealInput.xdotool("type", "--delay", "50", "x")
            MainLoop.turn { Self.focusedRowLabel(opened.popover, view) != nil }
            MainLoop.drain()
            let before = ObservationRetirement.delivered
            naming.prefix = "Sheet"
            let handlers = ObservationRetirement.delivered - before
            XCTAssertGreaterThan(handlers, 0, "the bound rows follow the model")
            XCTAssertLessThanOrEqual(handlers, 2 * 210 + 2, "about one handler a bound row, not one a title read (3,000)")
            MainLoop.turn { view.rowWidgets.contains { Self.label(of: $0) == "Sheet 0" } }
            XCTAssertTrue(view.rowWidgets.contains { Self.label(of: $0) == "Sheet 0" }, "a bound row shows the new label")
            opened.close()
        }
    }
}

/// Records the items-changed of a scrolling list's model.
@MainActor
final class ListChangeRecorder {
    struct Change: Equatable, CustomStringConvertible {
        var position: Int, removed: Int, added: Int
        var description: String { "(\(position), -\(removed), +\(added))" }
    }

    var changes: [Change] = []
    private let model: OpaquePointer
    private var handler: gulong = 0

    init(_ view: ScrollingListView) {
        model = view.listModel
        handler = gmk_connect_list_items_changed(gmk_list_model(UnsafeMutableRawPointer(model)), { _, position, removed, added, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                let recorder = Unmanaged<ListChangeRecorder>.fromOpaque(data!).takeUnretainedValue()
                recorder.changes.append(Change(position: Int(position), removed: Int(removed), added: Int(added)))
            }
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    func stop() { g_signal_handler_disconnect(UnsafeMutableRawPointer(model), handler) }
}

