import XCTest

@testable import GMenuKitCore

/// An icon name is ASCII letters, digits, '-', '_' and '.' (`IconChecks.isIconName`): every
/// ASCII character is checked against the rule written out, alone and inside a name.
final class IconNameTests: XCTestCase {
    func testEveryASCIICharacterFollowsTheRule() {
        for value in UInt8(0)...UInt8(127) {
            let character = Character(Unicode.Scalar(value))
            let allowed = ("a"..."z").contains(character) || ("A"..."Z").contains(character)
                || ("0"..."9").contains(character) || "-_.".contains(character)
            XCTAssertEqual(IconChecks.isIconName(String(character)), allowed, "byte \(value) '\(character)'")
            // In the middle of a name, too.
            XCTAssertEqual(IconChecks.isIconName("edit\(character)copy"), allowed, "byte \(value) inside a name")
        }
    }

    func testNamesAndNonNames() {
        for name in ["edit-copy-symbolic", "org.gnome.Nautilus", "view_list_2", "A", "9"] {
            XCTAssertTrue(IconChecks.isIconName(name), name)
        }
        for name in ["", "/etc/passwd", "file:///icon.png", "edit copy", "édit-copy", "edit-copy\u{0}", "图标",
                     "an-icon-name-long-enough-to-live-on-the-heap/"] {
            XCTAssertFalse(IconChecks.isIconName(name), name)
        }
    }
}
