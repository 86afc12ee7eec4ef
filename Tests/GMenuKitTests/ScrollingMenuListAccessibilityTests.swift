import CGtk
import Foundation
import XCTest

/// What a screen reader hears of a scrolling list's rows, through AT-SPI as Orca reads it (the
/// showcase's History menu: 10,000 visits, `MenuShowcase --open history`; see AccessibilityTests).
final class ScrollingMenuListAccessibilityTests: GtkTestCase {
    func testEachRowIsAMenuItemNamedByItsLabel() throws {
        let items = try AccessibilityTests.menuItems(opening: "history", button: "History")
        // GTK's item above the list. GTK 4.18 names its own items by a label it hides from the
        // accessibility tree, and AT-SPI reports them without a name (see AccessibilityTests).
        let gtkNamesItsItems = gtk_get_minor_version() < 10
        let clearHistory = items.first
        XCTAssertEqual(clearHistory?.name, gtkNamesItsItems ? "Clear History" : "", "GTK's item above the list: \(items.prefix(3))")
        let rows = items.filter { $0.name.hasPrefix("Visited Page ") }
        XCTAssertEqual(rows.prefix(3).map(\.name), ["Visited Page 1", "Visited Page 2", "Visited Page 3"], "the rows, in order")
        XCTAssertGreaterThanOrEqual(rows.count, 10, "the visible rows are heard")
        XCTAssertLessThan(rows.count, 250, "and only the rows that exist, not 10,000")
        for row in rows {
            XCTAssertEqual(row.role, "menu item", "'\(row.name)' is a menu item")
            XCTAssertTrue(row.states.contains("sensitive") && row.states.contains("focusable"), "'\(row.name)' can be chosen: \(row.states)")
        }
        XCTAssertEqual(clearHistory?.role, "menu item", "heard as GTK's own item beside it")
    }
}
