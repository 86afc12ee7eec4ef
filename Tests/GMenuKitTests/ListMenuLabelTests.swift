import CGtk
import XCTest

@testable import GMenuKit

/// Labels that say how many items a list's menu acts on pass the guideline checks.
final class ListMenuLabelTests: GtkTestCase {
    func testLabelsThatCountTheItemsPassTheGuidelineChecks() {
        onMain {
            for count in [2, 3, 12, 1_000] {
                let menu = Menu("Notes") {
                    Button("Open \(count) Notes") {}
                    Button("Open \(count) Files") {}
                    Button("Duplicate \(count) Notes", icon: "edit-copy-symbolic") {}
                    Divider()
                    Button("Delete \(count) Notes…", role: .destructive) {}
                }
                let diagnostics = MenuGuidelines.check(menu, context: .contextMenu)
                XCTAssertEqual(diagnostics.map(\.description), [], "\(count)")
            }
            // The checks still read such labels: a count does not hide a lower-case word.
            let wrong = MenuGuidelines.check(Menu("Notes") { Button("Delete 3 notes…", role: .destructive) {} }, context: .contextMenu)
            XCTAssertFalse(wrong.isEmpty, "a lower-case noun after the count is still reported")
        }
    }
}
