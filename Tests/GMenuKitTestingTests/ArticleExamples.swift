// The Swift blocks of Sources/GMenuKitTesting/GMenuKitTesting.docc, compiled and run as tests
// (DocumentationExampleTests checks that every block is found here, line for line).
import GMenuKit
import GMenuKitTesting
import Observation
import Testing
import XCTest

@Observable @MainActor
final class Draft {
    var text = ""
    var isDirty = false
    var isBold = false
    var sortOrder = "date"
    var deleted = false

    func save() { isDirty = false }
    func publish() async { try? await Task.sleep(for: .milliseconds(20)) }
}

@MainActor
func draftMenu(_ draft: Draft) -> Menu {
    Menu("Draft") {
        Menu("File") {
            Button("Save") { draft.save() }
                .keyboardShortcut("<Control>s")
                .disabled(!draft.isDirty)
            Button("Publish…") { await draft.publish() }
        }
        Toggle("Bold", isOn: Binding(draft, \.isBold)).keyboardShortcut("<Control>b")
        Picker("Sort By", selection: Binding(draft, \.sortOrder)) {
            Text("Date").tag("date")
            Text("Title").tag("title")
        }
        .pickerStyle(.menu)
        Button("Delete Draft…", role: .destructive) { draft.deleted = true }
    }
}

@MainActor
final class DraftMenuTests: XCTestCase {
    func testSaveIsDimmedUntilTheDraftChanges() async throws {
        let draft = Draft()
        let menu = InspectedMenu(draftMenu(draft))
        let save = try menu.item("File", "Save")
        XCTAssertFalse(save.isEnabled)
        XCTAssertEqual(save.shortcut, "Ctrl+S")

        draft.isDirty = true            // the menu follows the model
        XCTAssertTrue(save.isEnabled)
        try save.activate()
        XCTAssertFalse(draft.isDirty)
    }

    func testTogglesAndPickersAreChosenAsPeopleChooseThem() async throws {
        let draft = Draft()
        let menu = InspectedMenu(draftMenu(draft))
        try menu.item("Bold").activate()
        XCTAssertEqual(try menu.item("Bold").isChecked, true)
        try menu.item("Sort By").select("Title")
        XCTAssertEqual(draft.sortOrder, "title")
    }

    func testDeletingAsksFirst() async throws {
        let draft = Draft()
        let menu = InspectedMenu(draftMenu(draft))
        try menu.item("Delete Draft…").activate()
        XCTAssertEqual(menu.pendingConfirmation?.request.question, "Delete Draft?")
        menu.pendingConfirmation?.cancel()
        XCTAssertFalse(draft.deleted)
    }

    func testPublishingRunsThenFinishes() async throws {
        let menu = InspectedMenu(draftMenu(Draft()))
        let publish = try menu.item("File", "Publish…")
        try publish.activate()
        XCTAssertTrue(publish.isRunning)
        XCTAssertFalse(publish.isEnabled)       // dimmed while it runs
        await menu.waitForActions()
        XCTAssertTrue(publish.isEnabled)
    }

    func testTheMenuKeepsTheGuidelines() async throws {
        try InspectedMenu(draftMenu(Draft())).requireNoGuidelineErrors()
    }
}

@MainActor
@Suite struct DraftMenuSuite {
    @Test func boldFollowsTheDraft() throws {
        let draft = Draft()
        let menu = InspectedMenu(draftMenu(draft))
        #expect(try menu.item("Bold").isChecked == false)
        draft.isBold = true
        #expect(try menu.item("Bold").isChecked == true)
    }

    @Test func theMenuMatchesItsSnapshot() throws {
        let menu = InspectedMenu(draftMenu(Draft()))
        #expect(MenuSnapshot.text(of: menu) == """
            Draft
              File ›
                Save  Ctrl+S  [dimmed]
                Publish…
              [ ] Bold  Ctrl+B
              Sort By ›
                (*) Date
                ( ) Title
              Delete Draft…  [destructive]

            """)
    }
}

/// GTK's reading of the same menu: the model and actions GMenuKit makes for GTK, read back
/// through GIO, equal the headless reading. No display is needed for either.
@MainActor
final class DraftMenuAsGTKReadsItTests: XCTestCase {
    func testGTKReadsWhatTheHeadlessMenuSays() async throws {
        let draft = Draft()
        let menu = draftMenu(draft)
        let gtk = LiveMenu(RenderedMenu(menu))
        XCTAssertEqual(gtk.items, InspectedMenu(menu).items)
        try gtk.item("Bold").activate()         // through the GAction GTK would activate
        XCTAssertTrue(draft.isBold)
    }
}
