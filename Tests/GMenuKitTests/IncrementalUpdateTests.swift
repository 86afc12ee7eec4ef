import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

@Observable
@MainActor
final class DocumentModel {
    var isBold = false
    var showsMap = false
    var sortKey = "name"
    var recentFiles: [String] = []
}

/// State flows both ways, and a refresh changes only what differs.
final class IncrementalUpdateTests: GtkTestCase {
    func testChangedBindingUpdatesStateWithoutTouchingTheMenu() {
        onMain {
            var isBold = false
            let rendered = RenderedMenu(Menu("Format") {
                Toggle("Bold", isOn: Binding(get: { isBold }, set: { isBold = $0 }))
                Button("Plain") { isBold = false }
            })
            let recorder = ItemsChangedRecorder(rendered.menuModel)
            isBold = true
            rendered.refresh()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "bold"), "true")
            XCTAssertEqual(recorder.changes, [], "a state change is not a menu change")
        }
    }

    func testObservableModelChangeUpdatesStateBeforeTheNextFrame() {
        onMain {
            let document = DocumentModel()
            let rendered = RenderedMenu(Menu("Format") {
                Toggle("Bold", isOn: Binding(document, \.isBold))
                Picker("Sort By", selection: Binding(document, \.sortKey)) {
                    Text("Name").tag("name")
                    Text("Date").tag("date")
                }
            })
            let recorder = ItemsChangedRecorder(rendered.menuModel)
            document.isBold = true
            document.sortKey = "date"
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "bold"), "true")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "sort-by"), "date")
            XCTAssertEqual(recorder.changes, [])

            // And the other way: choosing the item changes the model.
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "bold", nil)
            XCTAssertFalse(document.isBold)
        }
    }

    func testStateChangeDoesNotEvenResolveTheContentAgain() {
        onMain {
            let document = DocumentModel()
            var resolutions = 0
            let rendered = RenderedMenu(Menu("Format") {
                let _ = resolutions += 1
                Toggle("Bold", isOn: Binding(document, \.isBold))
                Picker("Sort By", selection: Binding(document, \.sortKey)) {
                    Text("Name").tag("name")
                    Text("Date").tag("date")
                }
                ForEach(0..<1_000, id: \.self) { index in Button("Item \(index)") {} }
            })
            XCTAssertEqual(resolutions, 1)
            for round in 1...3 {
                document.isBold.toggle()
                document.sortKey = round.isMultiple(of: 2) ? "name" : "date"
                MainLoop.drain()
                XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "bold"), document.isBold ? "true" : "false")
                XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "sort-by"), document.sortKey)
            }
            XCTAssertEqual(resolutions, 1, "only the two actions' states were read again")
        }
    }

    func testChangedLabelReplacesOnlyThatItem() {
        onMain {
            let document = DocumentModel()
            let rendered = RenderedMenu(Menu("View") {
                Button("Zoom In") {}
                Button(document.showsMap ? "Hide Map" : "Show Map") { document.showsMap.toggle() }
                Button("Zoom Out") {}
            })
            let recorder = ItemsChangedRecorder(rendered.menuModel)
            let actionBefore = MenuModelReader.read(rendered.menuModel)[1].action
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, localActionName(MenuModelReader.read(rendered.menuModel)[1]), nil)
            MainLoop.drain()
            let items = MenuModelReader.read(rendered.menuModel)
            XCTAssertEqual(items.map(\.label), ["Zoom In", "Hide Map", "Zoom Out"])
            XCTAssertEqual(recorder.changes, [.init(position: 1, removed: 1, added: 1)])
            XCTAssertEqual(items[1].action, actionBefore, "the action name follows the item, not its label")
        }
    }

    func testChangeInsideASubmenuTouchesOnlyThatSubmenu() {
        onMain {
            let document = DocumentModel()
            let rendered = RenderedMenu(Menu("File") {
                Button("New") {}
                Menu("Open Recent") {
                    ForEach(document.recentFiles, id: \.self) { file in
                        Button(file) {}
                    }
                }
            })
            let submenu = MenuModelReader.linkedModel(rendered.menuModel, at: [1])
            let topRecorder = ItemsChangedRecorder(rendered.menuModel)
            let submenuRecorder = ItemsChangedRecorder(submenu)
            document.recentFiles = ["a.txt", "b.txt"]
            MainLoop.drain()
            document.recentFiles = ["c.txt", "a.txt", "b.txt"]
            MainLoop.drain()
            document.recentFiles = ["c.txt", "b.txt"]
            MainLoop.drain()
            XCTAssertEqual(topRecorder.changes, [])
            // Items that arrive together arrive at once.
            XCTAssertEqual(submenuRecorder.changes, [
                .init(position: 0, removed: 0, added: 2),
                .init(position: 0, removed: 0, added: 1),
                .init(position: 1, removed: 1, added: 0),
            ])
            XCTAssertEqual(MenuModelReader.read(submenu).map(\.label), ["c.txt", "b.txt"])
        }
    }

    func testMovedItemIsMovedNotRebuilt() {
        onMain {
            var order = ["Name", "Date", "Size"]
            let rendered = RenderedMenu(Menu("Sort") {
                ForEach(order, id: \.self) { key in Button(key) {} }
            })
            let recorder = ItemsChangedRecorder(rendered.menuModel)
            order = ["Size", "Name", "Date"]
            rendered.refresh()
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).map(\.label), ["Size", "Name", "Date"])
            XCTAssertEqual(recorder.changes, [.init(position: 2, removed: 1, added: 0), .init(position: 0, removed: 0, added: 1)])
        }
    }

    func testUnchangedRefreshEmitsNothing() {
        onMain {
            let rendered = RenderedMenu(Menu("Edit") {
                Button("Undo") {}
                Divider()
                Section("Clipboard") { Button("Copy") {} }
                Menu("Find") { Button("Find…") {} }
            })
            let recorders = [
                ItemsChangedRecorder(rendered.menuModel),
                ItemsChangedRecorder(MenuModelReader.linkedModel(rendered.menuModel, at: [0])),
                ItemsChangedRecorder(MenuModelReader.linkedModel(rendered.menuModel, at: [1])),
            ]
            rendered.refresh()
            rendered.refresh()
            XCTAssertEqual(recorders.flatMap(\.changes), [])
        }
    }

    func testMenuRebuiltFromInsideItsOwnAction() {
        onMain {
            var items = ["One"]
            var rendered: RenderedMenu?
            rendered = RenderedMenu(Menu("List") {
                ForEach(items, id: \.self) { item in Button(item) {} }
                Button("Add") {
                    items.append("Item \(items.count + 1)")
                    rendered?.refresh()
                }
            })
            g_action_group_activate_action(rendered!.actionGroup.unsafePointer, "add", nil)
            g_action_group_activate_action(rendered!.actionGroup.unsafePointer, "add", nil)
            XCTAssertEqual(MenuModelReader.read(rendered!.menuModel).map(\.label), ["One", "Item 2", "Item 3", "Add"])
            // The content refers to the variable that holds the menu: letting go breaks the circle.
            rendered = nil
        }
    }
}
