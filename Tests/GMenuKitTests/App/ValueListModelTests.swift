import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

private struct Doc: Identifiable, Equatable {
    let id: Int
    var title: String
}

/// A list of Swift values shown by a GtkListBox with rows made in Swift: only what changed
/// reaches GTK, rows are made again for changed values, the selection reads as values, and a
/// context menu opened with a real secondary click acts on the row's value, with no C callback.
final class ValueListModelTests: GtkTestCase {
    func testAListOfValuesTellsGTKOnlyWhatChangedAndItsRowsFollow() throws {
        try GtkSession.start()
        onMain {
            let documents = ValueListModel([Doc(id: 1, title: "Notes"), Doc(id: 2, title: "Plans"), Doc(id: 3, title: "Ideas")])
            let listBox = gtk_list_box_new()!
            g_object_ref_sink(listBox.gpointer)
            defer { g_object_unref(listBox.gpointer) }
            documents.bind(listBox) { doc in gtk_label_new(doc.title)! }
            func rowTitles() -> [String] {
                var titles: [String] = []
                var index: Int32 = 0
                while let row = gtk_list_box_get_row_at_index(gmk_list_box(listBox.gpointer), index) {
                    let label = gtk_list_box_row_get_child(row)!
                    titles.append(String(cString: gtk_label_get_text(gmk_label(label.gpointer))))
                    index += 1
                }
                return titles
            }
            XCTAssertEqual(rowTitles(), ["Notes", "Plans", "Ideas"])
            let model = documents.model.unsafePointer
            let firstObject = g_list_model_get_item(model, 0)!
            defer { g_object_unref(firstObject) }
            var changes: [[UInt32]] = []
            let recorder = StoreChangeRecorder(model) { changes.append([$0, $1, $2]) }

            documents.elements.insert(Doc(id: 4, title: "Drafts"), at: 1)
            XCTAssertEqual(changes, [[1, 0, 1]], "one insertion")
            documents.elements[2].title = "Plans for 2027"
            XCTAssertEqual(changes.last, [2, 1, 1], "a changed value: its item alone")
            documents.elements.removeLast()
            XCTAssertEqual(changes.last, [3, 1, 0])
            documents.elements = documents.elements
            XCTAssertEqual(changes.count, 3, "nothing changed, nothing told")
            XCTAssertEqual(rowTitles(), ["Notes", "Drafts", "Plans for 2027"], "rows made again for what changed")
            XCTAssertEqual(g_list_model_get_item(model, 0).map { $0 == firstObject } ?? false, true,
                           "an element that stays keeps its object (and GTK its row)")
            gtk_list_box_select_row(gmk_list_box(listBox.gpointer), gtk_list_box_get_row_at_index(gmk_list_box(listBox.gpointer), 2))
            XCTAssertEqual(documents.selectedElements(in: listBox).map(\.id), [2])
            XCTAssertEqual(documents.element(for: firstObject.assumingMemoryBound(to: GObject.self))?.title, "Notes")
            _ = recorder
        }
    }

    /// The model, its objects and the rows go when the list and the box that shows it go.
    func testTheObjectsGoWithTheListAndTheBox() throws {
        try GtkSession.start()
        onMain {
            let watcher = FinalizationWatcher()
            do {
                let documents = ValueListModel([Doc(id: 1, title: "Notes"), Doc(id: 2, title: "Plans")])
                let listBox = gtk_list_box_new()!
                g_object_ref_sink(listBox.gpointer)
                documents.bind(listBox) { doc in gtk_label_new(doc.title)! }
                watcher.watch(UnsafeMutableRawPointer(documents.model.unsafePointer))
                let object = g_list_model_get_item(documents.model.unsafePointer, 0)!
                watcher.watch(object)
                g_object_unref(object)
                documents.elements.removeAll()
                watcher.watch(listBox.gpointer)
                g_object_unref(listBox.gpointer)
            }
            MainLoop.drain()
            XCTAssertTrue(watcher.allFinalized, "\(watcher.finalizedCount) of \(watcher.watchedCount) finalized")
        }
    }

    func testAContextMenuOnARowActsOnItsValue() throws {
        try GtkSession.start()
        try onMain {
            let documents = ValueListModel([Doc(id: 1, title: "Notes"), Doc(id: 2, title: "Plans")])
            let window = gtk_window_new()!
            gtk_window_set_title(gmk_window(window.gpointer), "List Model")
            gtk_window_set_default_size(gmk_window(window.gpointer), 320, 240)
            let listBox = gtk_list_box_new()!
            gtk_widget_set_vexpand(listBox, 1)
            documents.bind(listBox) { doc in gtk_label_new(doc.title)! }
            gtk_window_set_child(gmk_window(window.gpointer), listBox)
            gtk_window_present(gmk_window(window.gpointer))
            defer {
                gtk_window_destroy(gmk_window(window.gpointer))
                MainLoop.drain()
            }
            var shownFor: [[String]] = []
            var opened: [String] = []
            let menu = ContextMenu(for: listBox, model: documents, title: "Documents") { selected in
                if selected.isEmpty {
                    Button("New Document") {}
                } else {
                    Button("Open") { opened += selected.map(\.title) }
                }
            }
            _ = menu
            let second = try XCTUnwrap(gtk_list_box_get_row_at_index(gmk_list_box(listBox.gpointer), 1))
            try MainLoop.wait(for: "the rows to show") { gtk_widget_get_mapped(gmk_widget(second.gpointer)) != 0 }
            try RealInput.focusWindow(titled: "List Model")
            try RealInput.click(gmk_widget(second.gpointer), button: .secondary)
            try MainLoop.wait(for: "the menu to open") { menu.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false }
            shownFor.append(ShownMenuItems.items(in: menu.popoverWidget!).map(\.title))
            XCTAssertEqual(shownFor, [["Open"]])
            XCTAssertEqual(documents.selectedElements(in: listBox).map(\.title), ["Plans"], "the clicked row is selected")
            try RealInput.key("Return")
            try MainLoop.wait(for: "Open to run") { opened == ["Plans"] }
        }
    }
}

extension ValueListModelTests {
    /// A list view made from the list: rows set up and bound in Swift, bound again when a value
    /// changes, the selection read as values, and a real secondary click's menu acting on the
    /// row's value.
    func testAListViewOfValuesBindsItsRowsAndItsContextMenuActsOnValues() throws {
        try GtkSession.start()
        try onMain {
            let documents = ValueListModel([Doc(id: 1, title: "Notes"), Doc(id: 2, title: "Plans"), Doc(id: 3, title: "Ideas")])
            var bound: [String] = []
            let listView = documents.makeListView(selection: .multiple, setup: { gtk_label_new("")! }, bind: { label, doc in
                bound.append(doc.title)
                gtk_label_set_text(gmk_label(label.gpointer), doc.title)
            })
            let window = gtk_window_new()!
            gtk_window_set_title(gmk_window(window.gpointer), "Value List View")
            gtk_window_set_default_size(gmk_window(window.gpointer), 320, 240)
            gtk_window_set_child(gmk_window(window.gpointer), listView)
            gtk_window_present(gmk_window(window.gpointer))
            defer {
                gtk_window_destroy(gmk_window(window.gpointer))
                MainLoop.drain()
            }
            var opened: [String] = []
            let menu = ContextMenu(for: listView, model: documents, title: "Documents") { selected in
                Button(selected.isEmpty ? "New Document" : "Open") { opened += selected.map(\.title) }
            }
            @MainActor func shownTitles() -> [String] {
                WidgetTree.all(listView).filter { gmk_is_label($0.gpointer) != 0 && gtk_widget_get_mapped($0) != 0 }
                    .map { String(cString: gtk_label_get_text(gmk_label($0.gpointer))) }
            }
            // As a set: GTK 4.18 keeps its row widgets in no particular order.
            try MainLoop.wait(for: "the rows to show") { Set(shownTitles()) == ["Notes", "Plans", "Ideas"] }
            bound = []
            documents.elements[1].title = "Plans for 2027"
            try MainLoop.wait(for: "the changed row to be bound again") { Set(shownTitles()) == ["Notes", "Plans for 2027", "Ideas"] }
            // One items-changed for the one element; GTK 4.8's list view binds the row of the next
            // item again too (its recycling), never the rows before.
            XCTAssertTrue(bound.contains("Plans for 2027") && !bound.contains("Notes"), "\(bound)")

            let row = try XCTUnwrap(WidgetTree.all(listView).first { gmk_is_label($0.gpointer) != 0 && String(cString: gtk_label_get_text(gmk_label($0.gpointer))) == "Ideas" })
            try RealInput.focusWindow(titled: "Value List View")
            try RealInput.click(row, button: .secondary)
            try MainLoop.wait(for: "the menu to open") { menu.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false }
            XCTAssertEqual(documents.selectedElements(inListView: listView).map(\.title), ["Ideas"], "the clicked row is selected")
            try RealInput.key("Return")
            try MainLoop.wait(for: "Open to run") { opened == ["Ideas"] }
        }
    }
}

/// Records a GListModel's `items-changed` as (position, removed, added).
@MainActor
private final class StoreChangeRecorder {
    private let record: (UInt32, UInt32, UInt32) -> Void
    private var handler: gulong = 0
    private let model: OpaquePointer

    init(_ model: OpaquePointer, _ record: @escaping (UInt32, UInt32, UInt32) -> Void) {
        self.model = model
        self.record = record
        let callback: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, position, removed, added, data in
            Unmanaged<StoreChangeRecorder>.fromOpaque(data!).takeUnretainedValue().record(position, removed, added)
        }
        handler = g_signal_connect_data(UnsafeMutableRawPointer(model), "items-changed", unsafeBitCast(callback, to: GCallback.self),
                                        Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(0))
    }

    isolated deinit { g_signal_handler_disconnect(UnsafeMutableRawPointer(model), handler) }
}
