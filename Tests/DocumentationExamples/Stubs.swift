// The Swift blocks of README.md and of the DocC catalog (Sources/GMenuKit/GMenuKit.docc),
// compiled: DocumentationExampleTests fails when a block is not found here line for line
// (indentation and import lines aside), so an example that stops compiling fails the build.
// Each file holds the blocks of one document; this one, what the examples call.
import CGtk
import GMenuKit
import Observation

func copy() {}
func delete() {}
func duplicate() {}
func showComments() {}
func share() {}
func selectAll() {}

// The SwiftUI forms example's model.
enum Appearance: Hashable { case icons, list }
@Observable @MainActor final class ComponentModel {
    var isFavorite = false
    var appearance = Appearance.icons
    var quantity = 1
}

// The GtkBuilder import example's model.
@Observable @MainActor final class ViewSettings { var showsSidebar = true }

// The Application example: a window with a document, published for the commands.
@Observable @MainActor final class NotepadDocument {
    private(set) var isDirty = false
    var isBold = false
    func save() { isDirty = false }
    func export() async {}
}

struct FocusedNotepadDocument: FocusedValueKey { typealias Value = NotepadDocument }

extension FocusedValues {
    var document: NotepadDocument? {
        get { self[FocusedNotepadDocument.self] }
        set { self[FocusedNotepadDocument.self] = newValue }
    }
}

@MainActor final class NotepadWindow {
    let window: ApplicationWindow
    let document = NotepadDocument()

    init(_ app: Application) {
        window = ApplicationWindow(application: app, title: "Notepad")
        window.focusedSceneValue(\.document, document)
    }
}

// The list context menu example: a notes store and what its menu does.
struct Note: Identifiable, Equatable { let id: Int; var title: String }
@Observable @MainActor final class Notes {
    var items: [Note] = []
    func note(for object: UnsafeMutablePointer<GObject>) -> Note {
        items.first ?? Note(id: 0, title: "")
    }
    func add() { items.append(Note(id: items.count + 1, title: "New Note")) }
}
@MainActor func open(_ notes: [Note]) {}
@MainActor func delete(_ notes: [Note]) {}
@MainActor func openTitled(_ titles: [String]) {}

// The long generated menu example: a browsing history of any length.
struct HistoryEntry: Identifiable, Equatable { let id: Int; var title: String }
@Observable @MainActor final class BrowsingHistory {
    var entries: [HistoryEntry] = []
    func clear() { entries.removeAll() }
    func open(_ entry: HistoryEntry) {}
}
