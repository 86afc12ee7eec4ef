import GMenuKit
import GMenuKitTesting
import XCTest

/// Finding items by path, title and kind; failures name what is there and show the outline.
/// XCTest on Linux runs a main-actor test method when it is async.
@MainActor
final class FindingTests: XCTestCase {
    private func editMenu() -> InspectedMenu {
        InspectedMenu("Edit") {
            Section { Button("Undo") {}.keyboardShortcut("<Control>z") }
            Menu("Sort By") {
                Button("Date") {}
                Button("Name") {}
            }
            Section("Export") {
                Button("Save As…") {}
                Button("Copy") {}
            }
            Button("Copy") {}
        }
    }

    func testAPathFindsItsItemThroughSectionsAndSubmenus() async throws {
        let menu = editMenu()
        XCTAssertEqual(try menu.item("Sort By", "Date").path, ["Sort By", "Date"])
        XCTAssertEqual(try menu.item("Undo").shortcut, "Ctrl+Z")
        XCTAssertEqual(try menu.item("Save As").title, "Save As…", "the ellipsis may be left out")
        XCTAssertEqual(try menu.item("Export", "Copy").path, ["Export", "Copy"], "a section's header narrows the level")
    }

    func testAnAmbiguousPathFailsWithTheOutline() async throws {
        let menu = editMenu()
        XCTAssertThrowsError(try menu.item("Copy")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("2 items 'Copy' at the top: the path is ambiguous"), message)
            XCTAssertTrue(message.contains("Sort By ›\n    Date"), "the outline: \(message)")
        }
        XCTAssertThrowsError(try menu.item(titled: "Copy")) { error in
            XCTAssertTrue("\(error)".hasPrefix("2 items (Export › Copy; Copy) titled 'Copy'"), "\(error)")
        }
    }

    func testAPathThatMatchesNothingSaysWhatIsThere() async throws {
        let menu = editMenu()
        XCTAssertThrowsError(try menu.item("Sort By", "Size")) { error in
            XCTAssertTrue("\(error)".hasPrefix("no item 'Size' in Sort By (items there: 'Date', 'Name')"), "\(error)")
        }
        XCTAssertThrowsError(try menu.item("Undo", "Again")) { error in
            XCTAssertTrue("\(error)".hasPrefix("'Undo' has no items; the path goes on with 'Again'"), "\(error)")
        }
    }

    func testItemsAreFoundByKindAndRole() async throws {
        var on = false
        let menu = InspectedMenu("Note") {
            Toggle("Pinned", isOn: Binding(get: { on }, set: { on = $0 }))
            Button("Delete Note…", role: .destructive) {}
            Button("Share") {}
        }
        XCTAssertEqual(try menu.item { $0.isDestructive }.title, "Delete Note…")
        XCTAssertEqual(try menu.item { $0.kind == .toggle }.path, ["Pinned"])
        XCTAssertEqual(menu.items { $0.kind == .command }.map(\.title), ["Delete Note…", "Share"])
    }
}
