import GMenuKit
import GMenuKitTesting
import NotepadApp
import Testing

/// The same kind of test written with Swift Testing, as the DocC article shows it.
@MainActor
@Suite struct NotepadMenuSwiftTestingTests {
    @Test func saveFollowsTheActiveDocument() throws {
        let notepad = Notepad()
        let document = Document(number: 1)
        notepad.activateWindow(showing: document)

        let bar = InspectedMenu(menuBarOf: notepad.app)
        let save = try bar.item("File", "Save")
        #expect(!save.isEnabled)
        document.edited(to: "Hello")
        #expect(save.isEnabled)
        try save.activate()
        #expect(!document.isDirty)
    }

    @Test func theMenuBarMatchesItsSnapshot() throws {
        let notepad = Notepad()
        notepad.activateWindow(showing: nil)
        let golden = String(#filePath.dropLast("NotepadMenuSwiftTestingTests.swift".count)) + "Snapshots/menu-bar.txt"
        try MenuSnapshot.assertMatches(InspectedMenu(menuBarOf: notepad.app), goldenFile: golden)
    }
}
