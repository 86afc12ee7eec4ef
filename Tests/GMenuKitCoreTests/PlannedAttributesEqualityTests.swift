import XCTest

@testable import GMenuKitCore

/// `PlannedAttributes.equal`, the comparison a refresh makes of every item it keeps where the
/// attributes are, field by field: it must say what `==` says, for every field.
final class PlannedAttributesEqualityTests: XCTestCase {
    /// A field added to the attributes and left out of `equal` would make a refresh keep an
    /// item whose new field changed.
    func testEqualComparesEveryStoredField() {
        XCTAssertEqual(Mirror(reflecting: PlannedAttributes()).children.count, PlannedAttributes.storedFieldCount,
                       "a stored field was added or removed: compare it in PlannedAttributes.equal and count it")
    }

    func testEqualSaysWhatEqualityOperatorSaysForEachField() {
        var base = PlannedAttributes(linkKind: .section)
        base.label = "Open"
        base.action = "menu.open"
        base.icon = "document-open-symbolic"
        let changes: [(String, (inout PlannedAttributes) -> Void)] = [
            ("label", { $0.label = "Close" }),
            ("label removed", { $0.label = nil }),
            ("markup", { $0.useMarkup = true }),
            ("action", { $0.action = "menu.close" }),
            ("target", { $0.target = "a" }),
            ("typed target", { $0.targetValue = MenuActionTarget(type: "i", text: "3") }),
            ("icon", { $0.icon = "edit-copy-symbolic" }),
            ("accel", { $0.accel = "<Control>o" }),
            ("application's accel", { $0.accelIsApplications = true }),
            ("accel phase", { $0.accelPhase = .beforeFocusedWidget }),
            ("keeps the menu open", { $0.keepsMenuOpen = true }),
            ("row extras", { $0.rowExtras = RowExtras(help: "Opens a file", badge: nil, showsIconOnly: false) }),
            ("row", { $0.row = .check }),
            ("link", { $0.linkKind = .submenu }),
            ("rare", { $0.verbIcon = "list-add-symbolic" }),
        ]
        XCTAssertEqual(changes.count - 1, PlannedAttributes.storedFieldCount, "one change a field (the label twice)")
        for (field, change) in changes {
            var changed = base
            change(&changed)
            XCTAssertNotEqual(changed, base, field)
            XCTAssertFalse(Self.equal(changed, base), field)
            XCTAssertFalse(Self.equal(base, changed), field)
            // Equal values in storage of their own (new strings, new boxes) are equal.
            var again = base
            change(&again)
            XCTAssertTrue(Self.equal(changed, again), field)
        }
        XCTAssertTrue(Self.equal(base, base))
    }

    private static func equal(_ some: PlannedAttributes, _ other: PlannedAttributes) -> Bool {
        var (some, other) = (some, other)
        return withUnsafePointer(to: &some) { some in withUnsafePointer(to: &other) { PlannedAttributes.equal(some, $0) } }
    }
}
