import Foundation
import GMenuKit
import GMenuKitTesting
import XCTest

/// A real app's GtkBuilder menu read without GTK, and what a menu's checks report.
@MainActor
final class ImportedAndCheckedMenuTests: XCTestCase {
    private static let textEditor = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/builder/text-editor-window.ui").standardized.path

    func testGnomeTextEditorsPrimaryMenuReadsAsGtkShowsIt() async throws {
        let menu = InspectedMenu(try Menu(builderFile: Self.textEditor, id: "primary_menu_model", title: "Main Menu"))
        // The window's actions, as Text Editor has them while a window is not fullscreen.
        menu.borrowedActions["win.fullscreen"] = BorrowedActionState()
        menu.borrowedActions["win.unfullscreen"] = BorrowedActionState(isEnabled: false)
        menu.borrowedActions["page.print"] = BorrowedActionState(isEnabled: false)

        let saveAs = try menu.item("Save As")
        XCTAssertEqual(saveAs.title, "Save As…")
        XCTAssertEqual(saveAs.accessKey, "a")
        XCTAssertEqual(saveAs.titleWithAccessKey, "Save _As…")
        XCTAssertEqual(saveAs.shortcut, "Shift+Ctrl+S")
        XCTAssertEqual(saveAs.actionName, "page.save-as")
        XCTAssertTrue(try menu.item("Fullscreen").isVisible)
        XCTAssertFalse(try menu.item("Leave Fullscreen").isVisible, "hidden-when action-disabled")
        XCTAssertFalse(try menu.item("Print…").isEnabled)

        try menu.item("Discard Changes").activate()
        XCTAssertEqual(menu.activatedBorrowedActions, ["page.discard-changes(false)"], "the target as written, a Boolean")
    }

    func testDiagnosticsAndGuidelineFindingsAreRead() async throws {
        let menu = InspectedMenu("Edit") {
            Button("Undo") {}.keyboardShortcut("Ctrl+Z")
            Menu("Empty") {}
        }
        XCTAssertTrue(menu.diagnostics.contains { $0.path == "Edit › Undo" && $0.severity == .error },
                      "a shortcut GTK cannot parse: \(menu.diagnostics)")
        XCTAssertThrowsError(try menu.requireNoGuidelineErrors()) { error in
            XCTAssertTrue("\(error)".hasPrefix("'Edit' has "), "\(error)")
            XCTAssertTrue("\(error)".contains("Edit › Undo"), "\(error)")
        }
        let popUp = InspectedMenu("Repeat", context: .popUp) {
            Button("Every Day") {}
        }
        XCTAssertTrue(popUp.guidelineFindings().contains { $0.rule == "U1" }, "\(popUp.guidelineFindings())")
        XCTAssertNoThrow(try InspectedMenu("Edit") { Button("Undo") {}.keyboardShortcut("<Control>z") }.requireNoGuidelineErrors())
    }
}
