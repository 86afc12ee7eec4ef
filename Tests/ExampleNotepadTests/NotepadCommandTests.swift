import GMenuKit
import GMenuKitTesting
import NotepadApp
import XCTest

/// The example app's commands, tested as its developer would: no display, no main loop.
@MainActor
final class NotepadCommandTests: XCTestCase {
    private var notepad: Notepad!

    override func setUp() async throws {
        notepad = Notepad()
    }

    override func tearDown() async throws {
        notepad = nil
    }

    private func focus(_ document: Document?) { notepad.activateWindow(showing: document) }

    func testSaveIsDimmedUntilTheDocumentChanges() async throws {
        let document = Document(number: 1)
        focus(document)
        let bar = InspectedMenu(menuBarOf: notepad.app)
        let save = try bar.item("File", "Save")
        XCTAssertEqual(save.shortcut, "Ctrl+S")
        XCTAssertFalse(save.isEnabled)
        document.edited(to: "Hello")
        XCTAssertTrue(save.isEnabled)
        try save.activate()
        XCTAssertFalse(document.isDirty)
        XCTAssertFalse(save.isEnabled)
    }

    func testBoldIsCheckedInTheActiveWindowOnly() async throws {
        let first = Document(number: 1), second = Document(number: 2)
        let bar = InspectedMenu(menuBarOf: notepad.app)
        focus(first)
        let bold = try bar.item("Format", "Bold")
        XCTAssertEqual(bold.isChecked, false)
        try bold.activate()
        XCTAssertTrue(first.isBold)
        XCTAssertEqual(bold.isChecked, true)
        focus(second)
        XCTAssertEqual(bold.isChecked, false, "window B's document is not bold")
        XCTAssertFalse(second.isBold)
        focus(nil)
        XCTAssertFalse(bold.isEnabled, "no window: nothing to make bold")
    }

    func testExportIsSeenRunningThenFinished() async throws {
        let document = Document(number: 1)
        document.exportDuration = .milliseconds(50)
        focus(document)
        let bar = InspectedMenu(menuBarOf: notepad.app)
        let export = try bar.item("File", "Export…")
        try export.activate()
        XCTAssertTrue(export.isRunning)
        XCTAssertFalse(export.isEnabled, "dimmed while it runs")
        await bar.waitForActions()
        XCTAssertFalse(export.isRunning)
        XCTAssertTrue(export.isEnabled)
        XCTAssertTrue(document.status.hasPrefix("Exported"), document.status)
    }

    func testTheBoundButtonsNameTheirCommands() async throws {
        let bar = InspectedMenu(menuBarOf: notepad.app)
        XCTAssertEqual(try bar.command("save").title, "Save")
        XCTAssertEqual(try bar.command("bold").kind, .toggle)
        XCTAssertThrowsError(try bar.command("print"))
    }

    func testTheMenusKeepTheGuidelines() async throws {
        focus(Document(number: 1))
        try InspectedMenu(menuBarOf: notepad.app).requireNoGuidelineErrors()
        try InspectedMenu(primaryMenuOf: notepad.app).requireNoGuidelineErrors()
    }
}
