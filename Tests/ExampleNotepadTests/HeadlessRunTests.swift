import CGtk
import Foundation
import GMenuKit
import GMenuKitTesting
import NotepadApp
import XCTest

/// `make test` runs this target with DISPLAY unset (GMENUKIT_EXPECT_NO_DISPLAY=1): the
/// menus are read and acted on without an X server, and GTK never opened a display.
@MainActor
final class HeadlessRunTests: XCTestCase {
    func testTheAppsMenusNeedNoDisplay() async throws {
        guard ProcessInfo.processInfo.environment["GMENUKIT_EXPECT_NO_DISPLAY"] == "1" else {
            throw XCTSkip("run by make test with DISPLAY unset")
        }
        XCTAssertNil(ProcessInfo.processInfo.environment["DISPLAY"])
        let notepad = Notepad()
        let document = Document(number: 1)
        notepad.activateWindow(showing: document)
        let bar = InspectedMenu(menuBarOf: notepad.app)
        try bar.item("Format", "Bold").activate()
        XCTAssertTrue(document.isBold)
        XCTAssertTrue(MenuSnapshot.text(of: bar).contains("[x] Bold  Ctrl+B"))
        XCTAssertNil(gdk_display_get_default(), "GTK opened no display")
    }
}
