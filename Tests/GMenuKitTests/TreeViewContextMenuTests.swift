import CGtk
import CTreeViewFixtures
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A `GtkTreeView` of notes ("Note 0", "Note 1", …) in a scrolled window, built in C
/// (`CTreeViewFixtures`: GtkTreeView is deprecated from GTK 4.10).
@MainActor
struct NoteTree {
    let view: UnsafeMutablePointer<GtkWidget>
    let scroller: UnsafeMutablePointer<GtkWidget>
    /// The view's `GtkListStore`; the view holds it.
    let store: UnsafeMutablePointer<GtkListStore>

    init(count: Int, height: Int = 300, singleClickActivate: Bool = false) {
        var store: UnsafeMutablePointer<GtkListStore>?
        view = gmk_fixture_note_tree_view(Int32(count), singleClickActivate ? 1 : 0, &store)!
        self.store = store!
        scroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(gmk_scrolled_window(scroller.gpointer), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_min_content_height(gmk_scrolled_window(scroller.gpointer), gint(height))
        gtk_scrolled_window_set_max_content_height(gmk_scrolled_window(scroller.gpointer), gint(height))
        gtk_scrolled_window_set_child(gmk_scrolled_window(scroller.gpointer), view)
    }

    func title(at position: Int) -> String {
        guard let text = gmk_fixture_tree_store_title(store, Int32(position)) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The titles of the selected rows, read from the view's GtkTreeSelection.
    var selectedTitles: [String] {
        guard let paths = gmk_tree_view_selected_paths(view) else { return [] }
        defer { gmk_tree_paths_free(paths) }
        var titles: [String] = []
        var link: UnsafeMutablePointer<GList>? = paths
        while let current = link {
            var depth: Int32 = 0
            if let indices = gmk_tree_path_indices(OpaquePointer(current.pointee.data), &depth), depth > 0 {
                titles.append(title(at: Int(indices[0])))
            }
            link = current.pointee.next
        }
        return titles
    }

    func select(_ positions: [Int]) {
        let indices = positions.map { Int32($0) }
        gmk_fixture_tree_view_select(view, indices, Int32(indices.count))
    }

    /// The row at `position`, in the view's coordinates.
    func area(of position: Int, file: StaticString = #filePath, line: UInt = #line) -> GdkRectangle {
        var area = GdkRectangle()
        XCTAssertEqual(gmk_fixture_tree_view_row_area(view, Int32(position), &area), 1, "row \(position) has an area", file: file, line: line)
        return area
    }

    /// The middle of the row at `position`, in the view's coordinates.
    func point(of position: Int) -> (x: Double, y: Double) {
        let area = area(of: position)
        return (60, Double(area.y) + Double(area.height) / 2)
    }

    static func titles(_ rows: [TreeRow]) -> [String] { rows.map { $0.string(column: 0) ?? "?" } }

    /// Moves the pointer to `(x, y)` of the view from outside the window: a tree view has no
    /// widgets for its rows, and GTK reports the pointer arriving on it only when it comes from
    /// outside (a pointer already there when the window opened, or left by the last click, is
    /// not seen to arrive).
    func movePointer(in window: InputWindow, at x: Double, _ y: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        try RealInput.xdotool("mousemove", "700", "500")
        ListContextMenuTests.spin()
        window.movePointer(onto: view, at: x, y, file: file, line: line)
    }

    func click(_ button: Int, in window: InputWindow, at x: Double, _ y: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        try movePointer(in: window, at: x, y, file: file, line: line)
        try RealInput.xdotool("click", String(button))
    }
}

final class TreeViewContextMenuTests: GtkTestCase {
    @MainActor
    static func attachMenu(to tree: NoteTree, unselectedItemClick: UnselectedItemClick = .selectsItem,
                           opened: @escaping @MainActor ([String]) -> Void = { _ in },
                           primary: (@MainActor ([String]) -> Void)? = nil) -> ContextMenu {
        ContextMenu(for: tree.view, unselectedItemClick: unselectedItemClick, row: { $0.string(column: 0) ?? "?" }) { titles in
            if titles.isEmpty {
                Button("New Note") { opened([]) }
                Button("Select All") {}
            } else {
                Button(titles.count == 1 ? "Open Note" : "Open \(titles.count) Notes") { opened(titles) }
                Button("Delete \(titles.count == 1 ? "Note" : "\(titles.count) Notes")…", role: .destructive) {}
            }
        } primaryAction: { titles in primary?(titles) }
    }

    func testSecondaryClickOnSelectedUnselectedEmptySpaceAndTheHeader() throws {
        try GtkSession.start()
        try onMain {
            let tree = NoteTree(count: 5)
            let context = Self.attachMenu(to: tree)
            let window = try InputWindow(titled: "Tree menu", child: tree.scroller)
            defer { window.destroy() }
            tree.select([1, 2])

            // On a selected row: the whole selection, which stays (GtkTreeView's own gesture,
            // which selects under any button, does not see the press).
            let selected = tree.point(of: 2)
            try tree.click(3, in: window, at: selected.x, selected.y)
            guard let popover = ListContextMenuTests.openedMenu(context) else { return XCTFail("no menu on a selected row") }
            XCTAssertEqual(NoteTree.titles(context.treeRows), ["Note 1", "Note 2"], "the menu acts on the selection")
            XCTAssertEqual(ListContextMenuTests.labels(context), ["Open 2 Notes", "Delete 2 Notes…"])
            XCTAssertEqual(tree.selectedTitles, ["Note 1", "Note 2"], "the selection stayed")
            XCTAssertTrue(gtk_widget_get_parent(popover) == tree.view, "one menu, on the tree view")
            ListContextMenuTests.close(popover, in: window)

            // On an unselected row (above the first menu): that row, selected alone first.
            let unselected = tree.point(of: 0)
            try tree.click(3, in: window, at: unselected.x, unselected.y)
            guard ListContextMenuTests.openedMenu(context) != nil else { return XCTFail("no menu on an unselected row") }
            XCTAssertEqual(NoteTree.titles(context.treeRows), ["Note 0"])
            XCTAssertEqual(ListContextMenuTests.labels(context), ["Open Note", "Delete Note…"])
            XCTAssertEqual(tree.selectedTitles, ["Note 0"], "the clicked row was selected, alone")
            ListContextMenuTests.close(popover, in: window)

            // Below the rows: no row, and the selection is cleared.
            try tree.click(3, in: window, at: 60, Double(gtk_widget_get_height(tree.view)) - 12)
            guard ListContextMenuTests.openedMenu(context) != nil else { return XCTFail("no menu on empty space") }
            XCTAssertEqual(NoteTree.titles(context.treeRows), [])
            XCTAssertEqual(ListContextMenuTests.labels(context), ["New Note", "Select All"], "the menu for no row")
            XCTAssertEqual(tree.selectedTitles, [])
            ListContextMenuTests.close(popover, in: window)

            // On the column header: no menu.
            tree.select([3])
            let header = tree.area(of: 0).y / 2
            XCTAssertGreaterThan(header, 2, "the header is above the first row")
            try tree.click(3, in: window, at: 60, Double(header))
            ListContextMenuTests.spin()
            XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "no menu on the header")
            XCTAssertEqual(tree.selectedTitles, ["Note 3"], "and the selection stayed")
        }
    }

    func testAMenuThatActsOnAnUnselectedRowAloneLeavesTheSelection() throws {
        try GtkSession.start()
        try onMain {
            let tree = NoteTree(count: 6)
            let context = Self.attachMenu(to: tree, unselectedItemClick: .actsOnItemAlone)
            let window = try InputWindow(titled: "Tree menu alone", child: tree.scroller)
            defer { window.destroy() }
            tree.select([0, 1])
            let point = tree.point(of: 3)
            try tree.click(3, in: window, at: point.x, point.y)
            guard let popover = ListContextMenuTests.openedMenu(context) else { return XCTFail("no menu") }
            XCTAssertEqual(NoteTree.titles(context.treeRows), ["Note 3"])
            XCTAssertEqual(tree.selectedTitles, ["Note 0", "Note 1"], "the selection did not change")
            ListContextMenuTests.close(popover, in: window)
        }
    }

    func testMenuKeyAndShiftF10AtTheCursorRowOfAScrolledTreePointThere() throws {
        try GtkSession.start()
        try onMain {
            let tree = NoteTree(count: 300, height: 240)
            let context = Self.attachMenu(to: tree)
            let window = try InputWindow(titled: "Tree keys", child: tree.scroller)
            defer { window.destroy() }
            let first = tree.point(of: 0)
            try tree.click(1, in: window, at: first.x, first.y)
            settle { tree.selectedTitles == ["Note 0"] }
            window.key("End")
            settle { tree.selectedTitles == ["Note 299"] }
            XCTAssertEqual(tree.selectedTitles, ["Note 299"], "End moved the cursor and the selection")
            for key in ["Menu", "shift+F10"] {
                // GtkTreeView scrolls to its cursor row at its next layout, animated: the key is
                // pressed once the row is shown and still.
                var lastTop: Int32 = -1
                for _ in 0..<100 {
                    ListContextMenuTests.spin()
                    let row = tree.area(of: 299)
                    if row.y == lastTop && row.y + row.height <= gtk_widget_get_height(tree.view) { break }
                    lastTop = row.y
                }
                window.key(key)
                guard let popover = ListContextMenuTests.openedMenu(context) else {
                    return XCTFail("\(key) opened no menu; the focus was \(ListContextMenuTests.focusChain(in: tree.view))")
                }
                XCTAssertEqual(NoteTree.titles(context.treeRows), ["Note 299"], "\(key) acts on the cursor's row")
                let row = tree.area(of: 299)
                let offset = PopoverPlacement.pointingToOffset(of: tree.view)
                var area = GdkRectangle()
                XCTAssertEqual(gtk_popover_get_pointing_to(gmk_popover(popover), &area), 1, "\(key): the menu points at a rectangle")
                XCTAssertEqual(Int(area.y - offset.y), Int(row.y), "\(key): at the cursor row's top")
                XCTAssertEqual(Int(area.height), Int(row.height), "\(key): the row's height")
                XCTAssertGreaterThan(row.y, 100, "the row is far below the pointer, at the end of the scrolled view")
                XCTAssertLessThan(Int(row.y + row.height), Int(gtk_widget_get_height(tree.view)) + 1, "and shown")
                ListContextMenuTests.close(popover, in: window)
                XCTAssertTrue(ListContextMenuTests.focusChain(in: tree.view).hasPrefix("GtkTreeView (the list)"),
                              "\(key): the focus went back to the view, not \(ListContextMenuTests.focusChain(in: tree.view))")
            }
        }
    }

    func testDoubleClickAndReturnRunThePrimaryActionAsRowActivated() throws {
        try GtkSession.start()
        try onMain {
            var activated: [[String]] = []
            let tree = NoteTree(count: 8)
            _ = Self.attachMenu(to: tree, primary: { activated.append($0) })
            let window = try InputWindow(titled: "Tree activate", child: tree.scroller)
            defer { window.destroy() }
            let point = tree.point(of: 1)
            try tree.movePointer(in: window, at: point.x, point.y)
            try RealInput.xdotool("click", "--repeat", "2", "--delay", "60", "1")
            settle { !activated.isEmpty }
            XCTAssertEqual(activated, [["Note 1"]], "a double click runs it for the row")

            window.key("shift+Down")
            settle { tree.selectedTitles.count == 2 }
            XCTAssertEqual(tree.selectedTitles, ["Note 1", "Note 2"])
            // Return selects the cursor's row (GtkTreeView's select-cursor-row), then activates it.
            var selectedThen: [String] = []
            _ = Self.attachMenu(to: tree, primary: { activated.append($0); selectedThen = tree.selectedTitles })
            window.key("Return")
            settle { activated.count == 2 }
            XCTAssertEqual(activated.last, selectedThen, "Return runs it for the selection it is part of")
            XCTAssertTrue(activated.last?.contains("Note 2") ?? false, "for the cursor's row")
        }
    }

    func testTheMenuFollowsItsRowThroughModelChangesAndClosesWhenItGoes() throws {
        try GtkSession.start()
        try onMain {
            var opened: [[String]] = []
            let tree = NoteTree(count: 10)
            let context = Self.attachMenu(to: tree, opened: { opened.append($0) })
            let window = try InputWindow(titled: "Tree model", child: tree.scroller)
            defer { window.destroy() }
            let point = tree.point(of: 3)
            try tree.click(3, in: window, at: point.x, point.y)
            guard let popover = ListContextMenuTests.openedMenu(context) else { return XCTFail("no menu") }

            // Rows come and go around it: the menu stays, on the same note.
            gmk_fixture_tree_store_remove(tree.store, 0)
            gmk_fixture_tree_store_insert(tree.store, 0, "Note new")
            gmk_fixture_tree_store_remove(tree.store, 6)
            ListContextMenuTests.spin()
            XCTAssertEqual(gtk_widget_get_mapped(popover), 1, "changes beside its row leave the menu open")
            XCTAssertEqual(context.treeRows.first?.indices, [3], "the row reference followed the model")
            guard let open = item(labelled: "Open Note", in: flatten(MenuModelReader.read(context.menu.menuModel))) else {
                return XCTFail("no Open Note")
            }
            activate(open, in: context.menu.actionGroup.unsafePointer)
            XCTAssertEqual(opened, [["Note 3"]], "the menu still acts on the note it opened for")

            // Its row goes: the menu closes.
            guard let position = (0..<Int(gmk_fixture_tree_store_count(tree.store))).first(where: { tree.title(at: $0) == "Note 3" }) else {
                return XCTFail("Note 3 is gone too early")
            }
            gmk_fixture_tree_store_remove(tree.store, Int32(position))
            settle { gtk_widget_get_mapped(popover) == 0 }
            XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "the menu closed when its row went")
            XCTAssertEqual(context.treeRows.first?.isValid, false)
        }
    }

    func testEverythingIsFinalizedWhenTheTreeViewGoes() throws {
        try GtkSession.start()
        try onMain {
            let watcher = FinalizationWatcher()
            weak var weakContext: ContextMenu?
            do {
                let tree = NoteTree(count: 20)
                let context = Self.attachMenu(to: tree)
                weakContext = context
                let window = try InputWindow(titled: "Tree lifetime", child: tree.scroller)
                tree.select([2, 3])
                let point = tree.point(of: 3)
                try tree.click(3, in: window, at: point.x, point.y)
                guard let popover = ListContextMenuTests.openedMenu(context) else { return XCTFail("no menu") }
                XCTAssertEqual(NoteTree.titles(context.treeRows), ["Note 2", "Note 3"])
                watcher.watch(popover)
                watcher.watch(tree.view)
                // The menu's rows hold the model through their row references until they go.
                watcher.watch(tree.store.gpointer)
                window.destroy()
            }
            MainLoop.drain()
            XCTAssertTrue(watcher.allFinalized, "\(watcher.finalizedCount) of \(watcher.watchedCount) finalized")
            XCTAssertNil(weakContext, "the context menu went with the tree view")
        }
    }

    func testAContextMenuForATreeViewOnAnotherWidgetIsReported() throws {
        try GtkSession.start()
        onMain {
            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            let label = gtk_label_new("Not a tree")!
            g_object_ref_sink(label.gpointer)
            defer { g_object_unref(label.gpointer) }
            let context = ContextMenu(for: label, row: { $0.indices ?? [] }) { _ in Button("Open") {} }
            XCTAssertTrue(context.treeRows.isEmpty)
            XCTAssertTrue(diagnostics.collected.contains { $0.message.contains("needs a GtkTreeView, not a GtkLabel") },
                          "\(diagnostics.collected.map(\.message))")
            // And the list form on a tree view says which form to use.
            var store: UnsafeMutablePointer<GtkListStore>?
            let view = gmk_fixture_note_tree_view(2, 0, &store)!
            g_object_ref_sink(view.gpointer)
            defer { g_object_unref(view.gpointer) }
            _ = ContextMenu(for: view, selection: nil) { _ in Button("Open") {} }
            XCTAssertTrue(diagnostics.collected.contains { $0.message.contains("ContextMenu(for:row:content:)") },
                          "\(diagnostics.collected.map(\.message))")
        }
    }
}
