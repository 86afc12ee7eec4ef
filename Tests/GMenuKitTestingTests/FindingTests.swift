import GMenuKit
import GMenuKitTesting
import XCTest

@MainActor
final class FindingTests: XCTestCase {
    func testAPathFindsItsItemThroughSectionsAndSubmenus() async throws {
        let menu = InspectedMenu("Edit") {
            Section { Button("Undo") {}.keyboardShortcut("<Control>z") }
            Menu("Sort By") {
                Button("Date") {}
                Button("Name") {}
            }
        }
        XCTAssertEqual(try menu.item("Sort By", "Date").path, ["Sort By", "Date"])
        XCTAssertEqual(try menu.item("Undo").shortcut, "Ctrl+Z")
    }
}
