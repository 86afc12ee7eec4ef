import CGtk
import CTreeViewFixtures
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Press and hold on a row opens the list's menu for that row's item, as a secondary click does.
///
/// Driven with xdotool's primary button held past GTK's long-press time: X (XTest) has no
/// touch events, so a real touch screen is not tested; the gesture's `pressed` is the same
/// for both, the touch-only flag being GTK's (``ContextMenu/opensOnHeldPrimaryButton``).
final class ListPressAndHoldTests: GtkTestCase {
    /// Holds the primary button at `title`'s row until the menu opens (or GTK's long-press time
    /// is well past), then releases it.
    @MainActor
    static func hold(_ title: String, in notes: NoteList, window: InputWindow, selecting selection: [Int]? = nil,
                     until opened: () -> Bool) throws {
        let point = notes.point(of: title)
        window.movePointer(onto: notes.list, at: point.x, point.y)
        // Once the pointer is there: a list view that activates on one click selects the row
        // the pointer enters (GTK's hover selection).
        if let selection {
            ListContextMenuTests.spin()
            notes.select(selection)
        }
        try RealInput.xdotool("mousedown", "1")
        // GtkGestureLongPress fires after gtk-long-press-time (500 ms) times its delay factor (1).
        let deadline = Date().addingTimeInterval(2)
        while !opened() && Date() < deadline {
            g_main_context_iteration(nil, 0)
            g_usleep(2_000)
        }
        try RealInput.xdotool("mouseup", "1")
        ListContextMenuTests.spin()
    }

    func testPressAndHoldOnARowOpensItsMenuAndNeitherActivatesNorSelectsOtherwise() throws {
        try GtkSession.start()
        try onMain {
            for kind in ListContextMenuTests.kinds {
                for singleClick in [false, true] {
                    let name = "\(kind) \(singleClick ? "single-click" : "double-click")"
                    var activated: [[String]] = []
                    let notes = NoteList(kind, count: 6, singleClickActivate: singleClick)
                    let context = ListContextMenuTests.attachMenu(to: notes, primary: { activated.append($0) })
                    context.opensOnHeldPrimaryButton = true
                    let window = try InputWindow(titled: "List hold \(kind.rawValue) \(singleClick)", child: notes.scroller)
                    defer { window.destroy() }
                    notes.select([1, 2])

                    // Held on an unselected row: its item, selected alone first, as a secondary click.
                    try Self.hold("Note 4", in: notes, window: window) {
                        context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false
                    }
                    guard let popover = context.popoverWidget, gtk_widget_get_mapped(popover) != 0 else {
                        XCTFail("\(name): press and hold opened no menu")
                        continue
                    }
                    XCTAssertEqual(NoteList.titles(context.listItems), ["Note 4"], "\(name): the menu acts on the held row's item")
                    XCTAssertEqual(ListContextMenuTests.labels(context), ["Open Note", "Delete Note…"], "\(name)")
                    XCTAssertEqual(notes.selectedTitles, ["Note 4"], "\(name): the held item was selected, alone")
                    XCTAssertEqual(activated, [], "\(name): the release after a long press runs no primary action")
                    XCTAssertEqual(gtk_widget_get_mapped(popover), 1, "\(name): releasing the button leaves the menu open")
                    ListContextMenuTests.close(popover, in: window)

                    // Held on a selected row, with others selected: the whole selection, which
                    // stays. (Above the first menu: X, without a window manager, leaves GTK
                    // believing the pointer is on the closed popover's surface until it leaves
                    // that area, and a press there reaches the row alone.)
                    try Self.hold("Note 1", in: notes, window: window, selecting: [1, 3]) { gtk_widget_get_mapped(popover) != 0 }
                    XCTAssertEqual(gtk_widget_get_mapped(popover), 1, "\(name): press and hold on a selected row")
                    XCTAssertEqual(NoteList.titles(context.listItems), ["Note 1", "Note 3"], "\(name): the selection")
                    if !singleClick || kind == .listBox {
                        // (A single-click list view selects the row the pointer enters again
                        // as the menu takes and gives back the pointer: GTK's hover selection.)
                        XCTAssertEqual(notes.selectedTitles, ["Note 1", "Note 3"], "\(name): the selection stayed")
                    }
                    XCTAssertEqual(activated, [], "\(name)")
                    ListContextMenuTests.close(popover, in: window)

                    // A click still clicks: GTK selects the row (and activates it in a
                    // single-click list), and no menu opens.
                    let point = notes.point(of: "Note 2")
                    window.click(1, onto: notes.list, at: point.x, point.y)
                    ListContextMenuTests.spin()
                    XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "\(name): a click opens no menu")
                    if kind == .listBox && singleClick {
                        // A list box that activates on one click adds the row to a multiple selection.
                        XCTAssertEqual(notes.selectedTitles, ["Note 1", "Note 2", "Note 3"], "\(name): a click selects")
                        XCTAssertEqual(activated, [["Note 1", "Note 2", "Note 3"]], "\(name): and activates, for the selection")
                    } else {
                        XCTAssertEqual(notes.selectedTitles, ["Note 2"], "\(name): a click selects")
                        XCTAssertEqual(activated, singleClick ? [["Note 2"]] : [], "\(name): a click activates only where one click does")
                    }
                }
            }
        }
    }

    func testAHeldPrimaryButtonIsAClickUnlessTheMenuAsksForIt() throws {
        try GtkSession.start()
        try onMain {
            for kind in [ListKind.listView, .listBox] {
                let notes = NoteList(kind, count: 6)
                let context = ListContextMenuTests.attachMenu(to: notes)
                XCTAssertFalse(context.opensOnHeldPrimaryButton, "\(kind): off by default, as in GNOME Files")
                let window = try InputWindow(titled: "List hold off \(kind.rawValue)", child: notes.scroller)
                defer { window.destroy() }
                var waited = false
                let start = Date()
                // Touch only: the held button is a slow click.
                try Self.hold("Note 3", in: notes, window: window) {
                    waited = Date().timeIntervalSince(start) > 1.2
                    return waited
                }
                XCTAssertTrue(waited)
                XCTAssertFalse(context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false, "\(kind): no menu")
                // A list view selects on release however long the press; a list box's click
                // gesture stops at GTK's double-click time and a slower click selects nothing.
                if kind == .listView {
                    XCTAssertEqual(notes.selectedTitles, ["Note 3"], "\(kind): the slow click selected the row")
                }
            }
        }
    }

    /// A tree view selects the row under any button as it is pressed (its own click gesture),
    /// before a long press is one: the menu puts back the selection of that moment.
    func testPressAndHoldOnATreeViewRowOpensItsMenuWithoutActivatingIt() throws {
        try GtkSession.start()
        try onMain {
            var activated: [[String]] = []
            let tree = NoteTree(count: 6)
            let context = TreeViewContextMenuTests.attachMenu(to: tree, primary: { activated.append($0) })
            context.opensOnHeldPrimaryButton = true
            let window = try InputWindow(titled: "Tree hold", child: tree.scroller)
            defer { window.destroy() }
            tree.select([1, 2])
            @MainActor func hold(_ position: Int) throws {
                let point = tree.point(of: position)
                try tree.movePointer(in: window, at: point.x, point.y)
                try RealInput.xdotool("mousedown", "1")
                let deadline = Date().addingTimeInterval(2)
                while !(context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false) && Date() < deadline {
                    g_main_context_iteration(nil, 0)
                    g_usleep(2_000)
                }
                try RealInput.xdotool("mouseup", "1")
                ListContextMenuTests.spin()
            }
            try hold(4)
            guard let popover = context.popoverWidget, gtk_widget_get_mapped(popover) != 0 else {
                return XCTFail("press and hold opened no menu")
            }
            XCTAssertEqual(NoteTree.titles(context.treeRows), ["Note 4"], "the held row, selected alone")
            XCTAssertEqual(tree.selectedTitles, ["Note 4"])
            XCTAssertEqual(activated, [], "no row-activated")
            ListContextMenuTests.close(popover, in: window)

            // On a selected row (above the first menu): the whole selection, which stays.
            tree.select([1, 2])
            try hold(1)
            XCTAssertEqual(gtk_widget_get_mapped(popover), 1, "press and hold on a selected row")
            XCTAssertEqual(NoteTree.titles(context.treeRows), ["Note 1", "Note 2"], "the selection")
            XCTAssertEqual(tree.selectedTitles, ["Note 1", "Note 2"], "the selection stayed")
            XCTAssertEqual(activated, [])
            ListContextMenuTests.close(popover, in: window)
            // A click still clicks (above the menu).
            let other = tree.point(of: 0)
            try tree.click(1, in: window, at: other.x, other.y)
            ListContextMenuTests.spin()
            XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "a click opens no menu")
            XCTAssertEqual(tree.selectedTitles, ["Note 0"], "a click selects")
        }
    }
}
