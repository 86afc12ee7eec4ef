import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A scrolling list's rows act through the menu's one action interpreter, as the menu's own
/// items do: an async row runs under its item's `asyncActionPolicy`.
extension ScrollingMenuListTests {
    /// The default policy, `.ignoreWhileRunning`: clicked, the row's action starts; while it
    /// runs the row is dimmed and a second click runs nothing; once it ends the row is
    /// sensitive again and a click runs it again. (A list's rows used to start a bare task on
    /// every click, dimmed nothing, and ran the action again.)
    func testAnAsyncRowIsDimmedWhileItRunsAndNotRunAgain() throws {
        try GtkSession.start()
        try onMain {
            var started: [Int] = []
            var finished: [Int] = []
            var pending: [CheckedContinuation<Void, Never>] = []
            let menu = RenderedMenu(Menu("Exports", content: {
                ForEach(0..<400) { index in
                    Button("Export Page \(index)") {
                        started.append(index)
                        await withCheckedContinuation { pending.append($0) }
                        finished.append(index)
                    }
                }
                .menuListStyle(.scrolling(visibleRows: 5))
            }), actionPrefix: "menu", isPresented: true)
            guard let (opened, view) = try Self.openScrollingList(menu, inWindowTitled: "Scrolling Exports") else { return }
            defer {
                for continuation in pending { continuation.resume() }
                pending = []
                MainLoop.turn { menu.asyncActions.runningCount == 0 }
                opened.close()
            }
            @MainActor func row() -> UnsafeMutablePointer<GtkWidget>? {
                view.rowWidgets.first { ScrollingListView.title(ofRow: $0) == "Export Page 2" }
            }
            guard let first = row() else { return XCTFail("no row for page 2") }
            XCTAssertEqual(gtk_widget_get_sensitive(first), 1)
            try RealInput.click(first)
            MainLoop.turn { started == [2] && pending.count == 1 }
            XCTAssertEqual(started, [2], "the click starts the row's action")
            MainLoop.turn { gtk_widget_get_mapped(opened.popover) == 0 }

            opened.open()
            MainLoop.turn { row().map { gtk_widget_get_sensitive($0) == 0 } ?? false }
            guard let running = row() else { return XCTFail("no row for page 2 once opened again") }
            XCTAssertEqual(gtk_widget_get_sensitive(running), 0, "dimmed while its action runs")
            try RealInput.click(running)
            MainLoop.drain()
            XCTAssertEqual(started, [2], "a click while it runs runs nothing")

            pending.removeFirst().resume()
            MainLoop.turn { finished == [2] && (row().map { gtk_widget_get_sensitive($0) == 1 } ?? false) }
            XCTAssertEqual(finished, [2])
            guard let again = row() else { return XCTFail("no row for page 2 after the run") }
            XCTAssertEqual(gtk_widget_get_sensitive(again), 1, "sensitive again once the run ended")
            if gtk_widget_get_mapped(opened.popover) == 0 { opened.open() }
            try RealInput.click(again)
            MainLoop.turn { started == [2, 2] }
            XCTAssertEqual(started, [2, 2], "after the run a click runs it again")
        }
    }
}
