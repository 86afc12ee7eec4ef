import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// One context menu for a whole list (`ContextMenu(for:)`), opened by real input on each of
/// GTK's list widgets and read back from GTK: which items it acts on, what the selection
/// becomes, where it points, what it does when rows are recycled or the model changes while
/// it is open, and that nothing of it outlives the list.
final class ListContextMenuTests: GtkTestCase {
    static let kinds: [ListKind] = [.listView, .gridView, .columnView, .listBox]

    /// The menu the tests attach: its labels say how many notes it acts on.
    @MainActor
    static func attachMenu(to notes: NoteList, unselectedItemClick: UnselectedItemClick = .selectsItem,
                           opened: @escaping @MainActor ([String]) -> Void = { _ in },
                           primary: (@MainActor ([String]) -> Void)? = nil) -> ContextMenu {
        ContextMenu(for: notes.list, selection: notes.menuModel, unselectedItemClick: unselectedItemClick,
                    item: { NoteList.title($0) }) { titles in
            if titles.isEmpty {
                Button("New Note") { opened([]) }
                Button("Select All") {}
            } else {
                Button(titles.count == 1 ? "Open Note" : "Open \(titles.count) Notes") { opened(titles) }
                Button("Delete \(titles.count == 1 ? "Note" : "\(titles.count) Notes")…", role: .destructive) {}
            }
        } primaryAction: { titles in primary?(titles) }
    }

    @MainActor
    static func labels(_ context: ContextMenu) -> [String] {
        // A destructive item's label is coloured through markup.
        flatten(MenuModelReader.read(context.menu.menuModel)).compactMap(\.label)
            .map { $0.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression) }
    }

    @MainActor
    static func openedMenu(_ context: ContextMenu) -> UnsafeMutablePointer<GtkWidget>? {
        settle { context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false }
        guard let popover = context.popoverWidget, gtk_widget_get_mapped(popover) != 0 else { return nil }
        return popover
    }

    @MainActor
    static func close(_ popover: UnsafeMutablePointer<GtkWidget>, in window: InputWindow) {
        window.key("Escape")
        settle { gtk_widget_get_mapped(popover) == 0 }
        XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "Escape closed the menu")
    }

    /// The focused widget and its ancestors up to the window, by type, for failure messages.
    @MainActor
    static func focusChain(in widget: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return "nowhere" }
        var names: [String] = []
        var current: UnsafeMutablePointer<GtkWidget>? = focus
        while let candidate = current {
            names.append(String(cString: gmk_type_name_of(candidate)) + (candidate == widget ? " (the list)" : ""))
            current = gtk_widget_get_parent(candidate)
        }
        return names.joined(separator: " < ")
    }

    /// Turns the main loop for a moment: input GTK has not reported yet arrives.
    @MainActor
    static func spin() {
        for _ in 0..<40 { g_main_context_iteration(nil, 0); g_usleep(2_000) }
        MainLoop.drain()
    }

    // MARK: Which items

    func testSecondaryClickOnSelectedUnselectedAndEmptySpaceInEveryListKind() throws {
        try GtkSession.start()
        try onMain {
            for kind in Self.kinds {
                let notes = NoteList(kind, count: 5)
                let context = Self.attachMenu(to: notes)
                let window = try InputWindow(titled: "List menu \(kind.rawValue)", child: notes.scroller)
                defer { window.destroy() }
                notes.select([1, 2])

                // On a selected item: the whole selection, which stays.
                let selected = notes.point(of: "Note 2")
                window.click(3, onto: notes.list, at: selected.x, selected.y)
                guard let popover = Self.openedMenu(context) else { return XCTFail("\(kind): no menu on a selected item") }
                XCTAssertEqual(NoteList.titles(context.listItems), ["Note 1", "Note 2"], "\(kind): the menu acts on the selection")
                XCTAssertEqual(Self.labels(context), ["Open 2 Notes", "Delete 2 Notes…"], "\(kind)")
                XCTAssertEqual(notes.selectedTitles, ["Note 1", "Note 2"], "\(kind): the selection stayed")
                XCTAssertTrue(gtk_widget_get_parent(popover) == notes.list, "\(kind): one menu, on the list")
                Self.close(popover, in: window)

                // On an unselected item: that item, selected alone first. (Above the first menu:
                // X, without a window manager, leaves GTK believing the pointer is on the closed
                // popover's surface until it leaves that area.)
                let unselected = notes.point(of: "Note 0")
                window.click(3, onto: notes.list, at: unselected.x, unselected.y)
                guard Self.openedMenu(context) != nil else { return XCTFail("\(kind): no menu on an unselected item") }
                XCTAssertEqual(NoteList.titles(context.listItems), ["Note 0"], "\(kind)")
                XCTAssertEqual(Self.labels(context), ["Open Note", "Delete Note…"], "\(kind)")
                XCTAssertEqual(notes.selectedTitles, ["Note 0"], "\(kind): the clicked item was selected, alone")
                Self.close(popover, in: window)

                // Below the rows: no item, and the selection is cleared.
                window.click(3, onto: notes.list, at: 60, Double(gtk_widget_get_height(notes.list)) - 12)
                guard Self.openedMenu(context) != nil else { return XCTFail("\(kind): no menu on empty space") }
                XCTAssertEqual(NoteList.titles(context.listItems), [], "\(kind)")
                XCTAssertEqual(Self.labels(context), ["New Note", "Select All"], "\(kind): the menu for no item")
                XCTAssertEqual(notes.selectedTitles, [], "\(kind)")
                Self.close(popover, in: window)
            }
        }
    }

    /// Issue 27: a list's menu opened on a row after one beside the rows lost the height of its
    /// separator (GtkPopoverMenu shows separators in an idle, and GTK 4.8 kept the reused popover
    /// at the size it was first presented with): "Delete" was cut off behind a scroll. Every
    /// opening now shows all its items, with nothing to scroll, from its first frame.
    func testAMenuReopenedWithMoreSectionsShowsEveryItemFromItsFirstFrame() throws {
        try GtkSession.start()
        try onMain {
            for dark in [false, true] {
                ThemeVariant.set(dark: dark)
                defer { ThemeVariant.set(dark: false) }
                for kind in [ListKind.listBox, .listView] {
                    try Self.checkReopenedMenu(on: kind, variant: dark ? "dark" : "light")
                }
            }
        }
    }

    @MainActor
    private static func checkReopenedMenu(on kind: ListKind, variant: String) throws {
        let notes = NoteList(kind, count: 3)
        let context = ContextMenu(for: notes.list, selection: notes.menuModel) { items in
            if items.isEmpty {
                Button("New Note") {}
            } else {
                Button("Open") {}
                Button("Duplicate") {}
                Divider()
                Button("Delete", icon: "user-trash-symbolic", role: .destructive) {}.confirmationDisabled()
            }
        }
        let window = try InputWindow(titled: "List menu sizes \(kind.rawValue) \(variant)", child: notes.scroller)
        defer { window.destroy() }
        let row = notes.point(of: "Note 1")
        let besideTheRows = (x: 60.0, y: Double(gtk_widget_get_height(notes.list)) - 12)
        for (step, point) in [("row", row), ("beside the rows", besideTheRows), ("row again", row)] {
            let name = "\(kind) \(variant) \(step)"
            window.click(3, onto: notes.list, at: point.x, point.y)
            guard let popover = openedMenu(context) else { return XCTFail("\(name): no menu") }
            gtk_test_widget_wait_for_draw(popover)
            var natural: Int32 = 0
            gtk_widget_measure(popover, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
            // Within 2 px: GTK 4.8 may settle a one-item menu's height a frame after showing it (2 px
            // seen once, in CI, in the dark theme) and keeps a reused popover at the size it showed;
            // the separator lost before the fix was 13 px.
            XCTAssertEqual(Double(gtk_widget_get_height(popover)), Double(natural), accuracy: 2,
                           "\(name): the menu has the height of its items")
            for scroller in WidgetTree.all(popover) where WidgetTree.isWidget(scroller, ofType: "GtkScrolledWindow") {
                let adjustment = gtk_scrolled_window_get_vadjustment(gmk_scrolled_window(scroller))
                XCTAssertEqual(gtk_adjustment_get_upper(adjustment), gtk_adjustment_get_page_size(adjustment),
                               "\(name): no item is hidden behind a scroll")
            }
            if step == "row again", kind == .listBox {
                Screenshot.saveIfAsked(name: "list-menu-reopened-\(variant)", variable: RowColorTests.screenshotVariable, size: "420x260")
            }
            close(popover, in: window)
        }
    }

    func testAMenuThatActsOnAnUnselectedItemAloneLeavesTheSelection() throws {
        try GtkSession.start()
        try onMain {
            for kind in [ListKind.listView, .listBox] {
                let notes = NoteList(kind, count: 6)
                let context = Self.attachMenu(to: notes, unselectedItemClick: .actsOnItemAlone)
                let window = try InputWindow(titled: "List menu alone \(kind.rawValue)", child: notes.scroller)
                defer { window.destroy() }
                notes.select([0, 1])
                let point = notes.point(of: "Note 3")
                window.click(3, onto: notes.list, at: point.x, point.y)
                guard let popover = Self.openedMenu(context) else { return XCTFail("\(kind): no menu") }
                XCTAssertEqual(NoteList.titles(context.listItems), ["Note 3"], "\(kind)")
                XCTAssertEqual(notes.selectedTitles, ["Note 0", "Note 1"], "\(kind): the selection did not change")
                Self.close(popover, in: window)
                window.click(3, onto: notes.list, at: 60, Double(gtk_widget_get_height(notes.list)) - 12)
                guard Self.openedMenu(context) != nil else { return XCTFail("\(kind): no menu on empty space") }
                XCTAssertEqual(notes.selectedTitles, ["Note 0", "Note 1"], "\(kind): empty space leaves the selection too")
                Self.close(popover, in: window)
            }
        }
    }

    /// (Not on a column view: in GTK 4.8 a Ctrl+click there toggles nothing, with or without a
    /// context menu; tried without one, the focus moves to the clicked row and the selection
    /// stays. A column view's cell and its row are both `GtkListItemWidget`s with a click
    /// gesture each, and each asks `list.select-item` to toggle the item on release, which
    /// undoes the other; plain and Shift clicks ask the same twice and are not affected.)
    func testControlAndShiftClickSelectionThenSecondaryClickActsOnAllOfIt() throws {
        try GtkSession.start()
        try onMain {
            for kind in [ListKind.listView, .gridView, .listBox] {
                let notes = NoteList(kind, count: 8)
                let context = Self.attachMenu(to: notes)
                let window = try InputWindow(titled: "List selection \(kind.rawValue)", child: notes.scroller)
                defer { window.destroy() }
                @MainActor func click(_ title: String, holding modifier: String?) throws {
                    let point = notes.point(of: title)
                    window.movePointer(onto: notes.list, at: point.x, point.y)
                    if let modifier { try RealInput.xdotool("keydown", modifier) }
                    try RealInput.xdotool("click", "1")
                    if let modifier { try RealInput.xdotool("keyup", modifier) }
                    Self.spin()
                }
                try click("Note 1", holding: nil)
                try click("Note 3", holding: "shift")
                try click("Note 4", holding: "ctrl")
                XCTAssertEqual(notes.selectedTitles, ["Note 1", "Note 2", "Note 3", "Note 4"], "\(kind): GTK selected by Shift and Ctrl")

                let point = notes.point(of: "Note 2")
                window.click(3, onto: notes.list, at: point.x, point.y)
                guard let popover = Self.openedMenu(context) else { return XCTFail("\(kind): no menu") }
                XCTAssertEqual(NoteList.titles(context.listItems), ["Note 1", "Note 2", "Note 3", "Note 4"], "\(kind)")
                XCTAssertEqual(Self.labels(context).first, "Open 4 Notes", "\(kind)")
                Self.close(popover, in: window)
            }
        }
    }

    // MARK: Keyboard

    /// The Menu key opens the menu for the focused row, pointing at that row, deep in a scrolled list.
    func testMenuKeyOnTheFocusedRowOfAScrolledListPointsAtThatRow() throws {
        try GtkSession.start()
        try onMain {
            for kind in [ListKind.listView, .columnView, .listBox] {
                let notes = NoteList(kind, count: 300, height: 240)
                let context = Self.attachMenu(to: notes)
                let window = try InputWindow(titled: "List keys \(kind.rawValue)", child: notes.scroller)
                defer { window.destroy() }
                let first = notes.point(of: "Note 0")
                window.click(1, onto: notes.list, at: first.x, first.y)
                settle { notes.selectedTitles == ["Note 0"] }
                // The pointer stays on the first row; the focus goes to the last, scrolled to.
                window.key("End")
                // Until the list has scrolled to the row (under load, a frame or more after the
                // selection moved): a menu key before that finds the row outside the part shown.
                settle { notes.isInView("Note 299") && notes.selectedTitles == ["Note 299"] }
                XCTAssertEqual(notes.selectedTitles, ["Note 299"], "\(kind): End moved the focus and the selection")
                XCTAssertTrue(notes.isInView("Note 299"), "\(kind): End scrolled to the last row")
                for key in ["Menu", "shift+F10"] {
                    let focusBefore = Self.focusChain(in: notes.list)
                    window.key(key)
                    guard let popover = Self.openedMenu(context) else {
                        return XCTFail("\(kind): \(key) opened no menu; the focus was \(focusBefore)")
                    }
                    XCTAssertEqual(NoteList.titles(context.listItems), ["Note 299"], "\(kind): \(key) acts on the focused item")
                    guard let label = notes.label(showing: "Note 299") else { return XCTFail("\(kind): the row went") }
                    var row = label
                    while let parent = gtk_widget_get_parent(row), parent != notes.list,
                          gmk_is_list_view(parent) == 0, gmk_is_list_box(parent) == 0 { row = parent }
                    var bounds = graphene_rect_t()
                    XCTAssertEqual(gtk_widget_compute_bounds(row, notes.list, &bounds), 1)
                    let offset = PopoverPlacement.pointingToOffset(of: notes.list)
                    var area = GdkRectangle()
                    XCTAssertEqual(gtk_popover_get_pointing_to(gmk_popover(popover), &area), 1, "\(kind): the menu points at a rectangle")
                    XCTAssertEqual(Int(area.y - offset.y), Int(bounds.origin.y.rounded(.down)), "\(kind): \(key): at the focused row's top")
                    XCTAssertEqual(Int(area.height), Int(bounds.size.height.rounded(.up)), "\(kind): \(key): the row's height")
                    XCTAssertGreaterThan(bounds.origin.y, 100, "\(kind): the row is far below the pointer, at the end of the list")
                    Self.close(popover, in: window)
                    // GTK 4.18 gives the focus to the menu's parent after closing it: the list
                    // box took it from its row so, and took it back (PopdownFocusKeeping).
                    XCTAssertTrue(Self.focusChain(in: notes.list).hasPrefix(kind == .listBox ? "GtkListBoxRow" : "GtkListItemWidget")
                                  || Self.focusChain(in: notes.list).hasPrefix("GtkColumnViewRowWidget"),
                                  "\(kind): \(key): the focus went back to the row, not \(Self.focusChain(in: notes.list))")
                }
            }
        }
    }

    func testMenuKeyWithTheFocusOnTheListItselfActsOnTheSelectionAtThePartOfTheListShown() throws {
        try GtkSession.start()
        try onMain {
            let (notes, context, window) = try Self.listBoxAtItsLastRow(titled: "List box keys")
            defer { window.destroy() }
            // A list box takes the focus itself (gtk_widget_grab_focus_self), as GTK 4.18 gives it
            // when a popover over it closes.
            gtk_widget_grab_focus(notes.list)
            XCTAssertTrue(Self.focusChain(in: notes.list).hasPrefix("GtkListBox (the list)"), Self.focusChain(in: notes.list))
            // The viewport scrolls to the list's top, animated: the menu points at what it shows then.
            var shownTop: Float = -1
            for _ in 0..<50 {
                Self.spin()
                var shown = graphene_rect_t()
                _ = gtk_widget_compute_bounds(notes.scroller, notes.list, &shown)
                if shown.origin.y == shownTop { break }
                shownTop = shown.origin.y
            }
            window.key("shift+F10")
            guard let popover = Self.openedMenu(context) else { return XCTFail("shift+F10 opened no menu") }
            XCTAssertEqual(NoteList.titles(context.listItems), ["Note 299"], "the selection")
            // The list is 300 rows tall; the menu points at the 240 pixels of it the scrolled window shows.
            Self.assertPointsAtThePartShown(popover, of: notes)
            XCTAssertGreaterThan(gtk_widget_get_height(notes.list), 2_000)
            Self.close(popover, in: window)
        }
    }

    /// The focus on a row the view was scrolled away from (the wheel moves the view, not the
    /// focus): the menu key acts on that row and points at the part of the list shown.
    func testMenuKeyOnAFocusedRowScrolledOutOfViewPointsAtThePartShown() throws {
        try GtkSession.start()
        try onMain {
            let (notes, context, window) = try Self.listBoxAtItsLastRow(titled: "List box scrolled away")
            defer { window.destroy() }
            let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(notes.scroller))
            gtk_adjustment_set_value(adjustment, 0)
            settle { notes.isInView("Note 0") }
            XCTAssertFalse(notes.isInView("Note 299"), "the focused row is out of view")
            XCTAssertTrue(Self.focusChain(in: notes.list).hasPrefix("GtkListBoxRow"), Self.focusChain(in: notes.list))
            window.key("Menu")
            guard let popover = Self.openedMenu(context) else { return XCTFail("Menu opened no menu") }
            XCTAssertEqual(NoteList.titles(context.listItems), ["Note 299"], "the focused row")
            Self.assertPointsAtThePartShown(popover, of: notes)
            if let directory = ProcessInfo.processInfo.environment["GMENUKIT_SCREENSHOT_DIR"] {
                ControlProbes.saveScreenshot(of: popover, as: directory + "/list-menu-row-scrolled-away.png", size: (420, 360))
            }
            Self.close(popover, in: window)
        }
    }

    /// A list box of 300 notes with a menu, in a window, its last row focused and selected by
    /// the End key and scrolled to.
    @MainActor
    static func listBoxAtItsLastRow(titled title: String) throws -> (NoteList, ContextMenu, InputWindow) {
        let notes = NoteList(.listBox, count: 300, height: 240)
        let context = attachMenu(to: notes)
        let window = try InputWindow(titled: title, child: notes.scroller)
        let first = notes.point(of: "Note 0")
        window.click(1, onto: notes.list, at: first.x, first.y)
        window.key("End")
        settle { notes.isInView("Note 299") && notes.selectedTitles == ["Note 299"] }
        return (notes, context, window)
    }

    /// Fails unless `popover` points at the part of the list its scrolled window shows.
    @MainActor
    static func assertPointsAtThePartShown(_ popover: UnsafeMutablePointer<GtkWidget>, of notes: NoteList, line: UInt = #line) {
        var area = GdkRectangle()
        XCTAssertEqual(gtk_popover_get_pointing_to(gmk_popover(popover), &area), 1, "the menu points at a rectangle", line: line)
        let offset = PopoverPlacement.pointingToOffset(of: notes.list)
        var shown = graphene_rect_t()
        XCTAssertEqual(gtk_widget_compute_bounds(notes.scroller, notes.list, &shown), 1, line: line)
        XCTAssertEqual(Int(area.y - offset.y), Int(shown.origin.y.rounded(.down)), "at the top of what is shown", line: line)
        XCTAssertEqual(Int(area.height), Int(shown.size.height.rounded(.up)), "as tall as what is shown", line: line)
    }

    // MARK: Recycling and model changes

    func testTheMenuFollowsItsItemThroughModelChangesAndClosesWhenItGoes() throws {
        try GtkSession.start()
        try onMain {
            for kind in [ListKind.listView, .listBox] {
                var opened: [[String]] = []
                let notes = NoteList(kind, count: 10)
                let context = Self.attachMenu(to: notes, opened: { opened.append($0) })
                let window = try InputWindow(titled: "List model \(kind.rawValue)", child: notes.scroller)
                defer { window.destroy() }
                let point = notes.point(of: "Note 3")
                window.click(3, onto: notes.list, at: point.x, point.y)
                guard let popover = Self.openedMenu(context) else { return XCTFail("\(kind): no menu") }

                // Items come and go around it: the menu stays, on the same note.
                g_list_store_remove(notes.store, 0)
                let inserted = gtk_string_object_new("Note new")!
                g_list_store_insert(notes.store, 0, inserted.gpointer)
                g_object_unref(inserted.gpointer)
                let replacement = gtk_string_object_new("Note replacement")!
                var items: [gpointer?] = [replacement.gpointer]
                g_list_store_splice(notes.store, 6, 1, &items, 1)
                g_object_unref(replacement.gpointer)
                Self.spin()
                XCTAssertEqual(gtk_widget_get_mapped(popover), 1, "\(kind): changes beside its item leave the menu open")
                guard let open = item(labelled: "Open Note", in: flatten(MenuModelReader.read(context.menu.menuModel))) else { return }
                activate(open, in: context.menu.actionGroup.unsafePointer)
                XCTAssertEqual(opened, [["Note 3"]], "\(kind): the menu still acts on the note it opened for")

                // Its item goes: the menu closes.
                guard let position = (0..<g_list_model_get_n_items(gmk_list_model(notes.store.gpointer))).first(where: { position in
                    let item = g_list_model_get_item(gmk_list_model(notes.store.gpointer), position)!
                    defer { g_object_unref(item) }
                    return NoteList.title(gmk_object(item)) == "Note 3"
                }) else { return XCTFail("Note 3 is not in the store") }
                // Replaced by itself (a splice that takes it out and puts it back): still there.
                let same = g_list_model_get_item(gmk_list_model(notes.store.gpointer), position)!
                var again: [gpointer?] = [same]
                g_list_store_splice(notes.store, position > 0 ? position - 1 : position, 3, &again, 1)
                g_object_unref(same)
                Self.spin()
                XCTAssertEqual(gtk_widget_get_mapped(popover), 1, "\(kind): its item taken out and put back: the menu stays")
                guard let back = (0..<g_list_model_get_n_items(gmk_list_model(notes.store.gpointer))).first(where: { position in
                    let item = g_list_model_get_item(gmk_list_model(notes.store.gpointer), position)!
                    defer { g_object_unref(item) }
                    return NoteList.title(gmk_object(item)) == "Note 3"
                }) else { return XCTFail("Note 3 is not in the store") }
                g_list_store_remove(notes.store, back)
                settle { gtk_widget_get_mapped(popover) == 0 }
                XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "\(kind): the menu closed when its item left the model")
            }
        }
    }

    /// (Not on a grid view: after a programmatic scroll its rows, under Xvfb, were never mapped
    /// again in this test, so which note a row shows could not be read.)
    func testARowRecycledByScrollingWhileTheMenuIsOpenChangesNothingTheMenuActsOn() throws {
        try GtkSession.start()
        try onMain {
            for kind in [ListKind.listView, .columnView] {
                var opened: [[String]] = []
                let notes = NoteList(kind, count: 2_000, height: 200)
                // Acting on the item alone leaves it unselected: GTK keeps the rows of selected
                // and focused items alive, and would not recycle this one.
                let context = Self.attachMenu(to: notes, unselectedItemClick: .actsOnItemAlone, opened: { opened.append($0) })
                let window = try InputWindow(titled: "List recycling \(kind.rawValue)", child: notes.scroller)
                defer { window.destroy() }
                let point = notes.point(of: "Note 2")
                window.click(3, onto: notes.list, at: point.x, point.y)
                guard let popover = Self.openedMenu(context) else { return XCTFail("\(kind): no menu") }

                let adjustment = gtk_scrolled_window_get_vadjustment(gmk_scrolled_window(notes.scroller.gpointer))
                gtk_adjustment_set_value(adjustment, 1_500)
                Self.spin()
                XCTAssertEqual(gtk_widget_get_mapped(popover), 1, "\(kind): scrolling leaves the menu open")
                // The rows are laid out again after the menu closes: GTK 4.8 does not allocate the
                // list's new rows while its popover is up.
                gtk_popover_popdown(gmk_popover(popover))
                let shownNumbers = { notes.shownTitles.compactMap { Int($0.dropFirst("Note ".count)) } }
                settle { gtk_widget_get_mapped(popover) == 0 && (shownNumbers().min() ?? 0) > 30 }
                XCTAssertGreaterThan(shownNumbers().min() ?? 0, 30, "\(kind): the rows show notes far down the list")
                XCTAssertNil(notes.label(showing: "Note 2"), "\(kind): no row shows Note 2 any more: its row went to another note")

                guard let open = item(labelled: "Open Note", in: flatten(MenuModelReader.read(context.menu.menuModel))) else { return }
                activate(open, in: context.menu.actionGroup.unsafePointer)
                XCTAssertEqual(opened, [["Note 2"]], "\(kind): the menu acts on the note it opened for, not the row's new one")
            }
        }
    }

    func testEverythingIsFinalizedWhenTheListGoes() throws {
        try GtkSession.start()
        try onMain {
            for kind in Self.kinds {
                let watcher = FinalizationWatcher()
                weak var weakContext: ContextMenu?
                do {
                    let notes = NoteList(kind, count: 20)
                    let context = Self.attachMenu(to: notes)
                    weakContext = context
                    let window = try InputWindow(titled: "List lifetime \(kind.rawValue)", child: notes.scroller)
                    notes.select([2, 3])
                    let point = notes.point(of: "Note 3")
                    window.click(3, onto: notes.list, at: point.x, point.y)
                    guard let popover = Self.openedMenu(context) else { return XCTFail("\(kind): no menu") }
                    watcher.watch(popover)
                    watcher.watch(notes.list)
                    watcher.watch(notes.store.gpointer)
                    if let selection = notes.selection { watcher.watch(selection.gpointer) }
                    // The factories GMenuKit listens to, and a column view's columns.
                    for factory in kind.factories(of: notes.list) { watcher.watch(factory.gpointer) }
                    for column in kind.columns(of: notes.list) { watcher.watch(column.gpointer) }
                    for position in [guint(2), 3] {
                        let item = g_list_model_get_item(gmk_list_model(notes.store.gpointer), position)!
                        watcher.watch(item)
                        g_object_unref(item)
                    }
                    // Closed with the window, while open.
                    window.destroy()
                }
                MainLoop.drain()
                XCTAssertTrue(watcher.allFinalized, "\(kind): \(watcher.finalizedCount) of \(watcher.watchedCount) finalized")
                XCTAssertNil(weakContext, "\(kind): the context menu went with the list")
            }
        }
    }

    // MARK: Primary action

    func testDoubleClickReturnAndSingleClickRunThePrimaryActionAsGTKsActivate() throws {
        try GtkSession.start()
        try onMain {
            for kind in Self.kinds {
                var activated: [[String]] = []
                let notes = NoteList(kind, count: 8)
                _ = Self.attachMenu(to: notes, primary: { activated.append($0) })
                let window = try InputWindow(titled: "List activate \(kind.rawValue)", child: notes.scroller)
                defer { window.destroy() }

                let point = notes.point(of: "Note 1")
                window.movePointer(onto: notes.list, at: point.x, point.y)
                try RealInput.xdotool("click", "--repeat", "2", "--delay", "60", "1")
                settle { !activated.isEmpty }
                XCTAssertEqual(activated, [["Note 1"]], "\(kind): a double click runs it for the item")

                // Shift+Down extends the selection to the next note, which gets the focus; Return
                // activates it: the primary action runs for the whole selection.
                window.key(kind == .gridView ? "shift+Right" : "shift+Down")
                settle { notes.selectedTitles.count == 2 }
                XCTAssertEqual(notes.selectedTitles, ["Note 1", "Note 2"], "\(kind)")
                window.key("Return")
                settle { activated.count == 2 }
                XCTAssertEqual(activated.last, ["Note 1", "Note 2"], "\(kind): Return on a selected item runs it for the selection")
            }
            // A list that activates on a single click.
            for kind in Self.kinds {
                var activated: [[String]] = []
                var selectedThen: [String] = []
                let notes = NoteList(kind, count: 8, singleClickActivate: true)
                _ = Self.attachMenu(to: notes, primary: { activated.append($0); selectedThen = notes.selectedTitles })
                let window = try InputWindow(titled: "List single click \(kind.rawValue)", child: notes.scroller)
                defer { window.destroy() }
                let point = notes.point(of: "Note 5")
                window.click(1, onto: notes.list, at: point.x, point.y)
                settle { !activated.isEmpty }
                XCTAssertEqual(activated.count, 1, "\(kind): one click runs it")
                XCTAssertTrue(activated.first?.contains("Note 5") ?? false, "\(kind): for the clicked note")
                // GTK selects the clicked note (a list box adds it to a multiple selection):
                // the action runs for the selection it is part of.
                XCTAssertEqual(activated.first, selectedThen, "\(kind)")
            }
        }
    }
}

/// A list's menu attached late, a factory replaced, a menu replaced, and lists it cannot act on.
final class ListContextMenuAttachmentTests: GtkTestCase {
    func testAMenuAttachedToAListAlreadyOnScreenAndANewFactoryStillFindTheClickedItem() throws {
        try GtkSession.start()
        try onMain {
            for kind in [ListKind.listView, .gridView, .columnView] {
                let notes = NoteList(kind, count: 6)
                let window = try InputWindow(titled: "List late \(kind.rawValue)", child: notes.scroller)
                defer { window.destroy() }
                // The rows exist before the menu does.
                let context = ListContextMenuTests.attachMenu(to: notes)
                settle { notes.label(showing: "Note 0") != nil }
                let point = notes.point(of: "Note 0")
                window.click(3, onto: notes.list, at: point.x, point.y)
                guard let popover = ListContextMenuTests.openedMenu(context) else { return XCTFail("\(kind): no menu") }
                XCTAssertEqual(NoteList.titles(context.listItems), ["Note 0"], "\(kind): the rows shown before were made again and found")
                ListContextMenuTests.close(popover, in: window)

                // The same factory's rows are rebuilt with another one: still found.
                if kind != .columnView {
                    let factory = kind == .listView ? gtk_list_view_get_factory(gmk_list_view(notes.list.gpointer))
                                                    : gtk_grid_view_get_factory(gmk_grid_view(notes.list.gpointer))
                    let copy = NoteList(kind, count: 1)
                    let other = kind == .listView ? gtk_list_view_get_factory(gmk_list_view(copy.list.gpointer))
                                                  : gtk_grid_view_get_factory(gmk_grid_view(copy.list.gpointer))
                    XCTAssertFalse(factory == other)
                    if kind == .listView { gtk_list_view_set_factory(gmk_list_view(notes.list.gpointer), other) }
                    else { gtk_grid_view_set_factory(gmk_grid_view(notes.list.gpointer), other) }
                    g_object_ref_sink(copy.scroller.gpointer)
                    g_object_unref(copy.scroller.gpointer)
                    settle { notes.label(showing: "Note 0") != nil }
                    let point = notes.point(of: "Note 0")
                    window.click(3, onto: notes.list, at: point.x, point.y)
                    guard ListContextMenuTests.openedMenu(context) != nil else { return XCTFail("\(kind): no menu with the new factory") }
                    XCTAssertEqual(NoteList.titles(context.listItems), ["Note 0"], "\(kind): the new factory's rows are found")
                    ListContextMenuTests.close(popover, in: window)
                }
            }
        }
    }

    func testAReplacedMenuRunsItsPrimaryActionOnceAndListsItCannotActOnAreReported() throws {
        try GtkSession.start()
        onMain {
            var first: [[String]] = [], second: [[String]] = []
            let notes = NoteList(.listView, count: 4)
            _ = ListContextMenuTests.attachMenu(to: notes, primary: { first.append($0) })
            _ = ListContextMenuTests.attachMenu(to: notes, primary: { second.append($0) })
            // GTK's own path to `activate`, as a double click or Return takes it.
            gtk_widget_activate_action_variant(notes.list, "list.activate-item", g_variant_new_uint32(2))
            XCTAssertEqual(first, [], "the replaced menu's action does not run")
            XCTAssertEqual(second, [["Note 2"]], "the menu attached now runs once")
            g_object_ref_sink(notes.scroller.gpointer)
            g_object_unref(notes.scroller.gpointer)

            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            let label = gtk_label_new("Not a list")!
            g_object_ref_sink(label.gpointer)
            _ = ContextMenu(for: label) { _ in Button("Open") {} }
            let box = gtk_list_box_new()!
            g_object_ref_sink(box.gpointer)
            _ = ContextMenu(for: box) { _ in Button("Open") {} }
            let messages = diagnostics.collected.filter { $0.severity == .error }.map(\.message)
            XCTAssertEqual(messages.count, 2, "\(messages)")
            XCTAssertTrue(messages.first?.contains("not a GtkLabel") ?? false, "\(messages)")
            XCTAssertTrue(messages.last?.contains("GListModel bound to the box") ?? false, "\(messages)")
            g_object_unref(label.gpointer)
            g_object_unref(box.gpointer)
        }
    }
}

/// Rows made by a factory without signals cannot be told apart: the menu acts on the selection.
final class ListContextMenuBuilderFactoryTests: GtkTestCase {
    func testRowsOfABuilderFactoryGiveTheSelectionAndAWarning() throws {
        try GtkSession.start()
        try onMain {
            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            let notes = NoteList(.listView, count: 5)
            let ui = """
            <interface><template class="GtkListItem"><property name="child"><object class="GtkLabel">
            <binding name="label"><lookup name="string" type="GtkStringObject"><lookup name="item">GtkListItem</lookup></lookup></binding>
            </object></property></template></interface>
            """
            let bytes = ui.withCString { g_bytes_new($0, gsize(strlen($0))) }!
            let factory = gtk_builder_list_item_factory_new_from_bytes(nil, bytes)!
            g_bytes_unref(bytes)
            gtk_list_view_set_factory(gmk_list_view(notes.list.gpointer), factory)
            g_object_unref(factory.gpointer)
            let context = ListContextMenuTests.attachMenu(to: notes)
            XCTAssertTrue(diagnostics.collected.contains { $0.severity == .warning && $0.message.contains("GtkSignalListItemFactory") },
                          "\(diagnostics.collected.map(\.message))")
            let window = try InputWindow(titled: "List builder factory", child: notes.scroller)
            defer { window.destroy() }
            notes.select([1, 3])
            settle { notes.label(showing: "Note 2") != nil }
            let point = notes.point(of: "Note 2")
            window.click(3, onto: notes.list, at: point.x, point.y)
            guard let popover = ListContextMenuTests.openedMenu(context) else { return XCTFail("no menu") }
            XCTAssertEqual(NoteList.titles(context.listItems), ["Note 1", "Note 3"], "the menu acts on the selection")
            ListContextMenuTests.close(popover, in: window)
        }
    }
}
