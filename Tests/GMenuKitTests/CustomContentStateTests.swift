import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Counts how often a custom content's body is read.
@MainActor
private final class BodyReads {
    var count = 0
}

/// A condition the content reads, changed between refreshes.
@MainActor
private final class Shown {
    var isShown = true
}

private struct Counter: MenuContent {
    let title: String
    @State private var count = 0

    var body: some MenuContent {
        Button("\(title) \(count)") { count += 1 }
    }
}

private struct DetailsPanel: MenuContent {
    let reads: BodyReads
    @State private var showsSidebar = false
    @State private var showsDetails = false

    var body: some MenuContent {
        let _ = reads.count += 1
        Toggle("Show Sidebar", isOn: $showsSidebar)
        Button(showsDetails ? "Hide Details" : "Show Details") { showsDetails.toggle() }
    }
}

/// Custom content inside custom content, each with state of its own.
private struct ToolsMenu: MenuContent {
    @State private var isExpanded = false

    var body: some MenuContent {
        Toggle("Expanded", isOn: $isExpanded)
        if isExpanded {
            Counter(title: "Inner")
        }
        Menu("More") {
            Counter(title: "Nested")
        }
    }
}

/// A body written without the builder resolves its content at the same identity: their
/// state must not be confused.
private struct Wrapper: MenuContent {
    @State private var wrapperCount = 100

    var body: some MenuContent {
        return Counter(title: "Wrapped \(wrapperCount)")
    }
}

@Observable @MainActor private final class Settings {
    var isOn = false
}

private struct Formatting: Equatable {
    var isItalic = false
}

@Observable @MainActor private final class Note {
    var isFavorite = false
    var formatting = Formatting()
    let settings = Settings()
}

private struct NoteMenu: MenuContent {
    @Bindable var note: Note
    let reads: BodyReads

    var body: some MenuContent {
        let _ = reads.count += 1
        Toggle("Favorite", isOn: $note.isFavorite)
        Toggle("Italic", isOn: $note.formatting.isItalic)
        Toggle("Sync", isOn: $note.settings.isOn)
    }
}

/// A parent's state handed to a child through `@Binding`.
private struct ShowsHiddenFiles: MenuContent {
    @Binding var isOn: Bool

    var body: some MenuContent {
        Toggle("Show Hidden Files", isOn: $isOn)
    }
}

private struct FilesMenu: MenuContent {
    @State private var showsHidden = false

    var body: some MenuContent {
        ShowsHiddenFiles(isOn: $showsHidden)
        Button(showsHidden ? "Hidden Files Shown" : "Hidden Files Not Shown") {}.disabled()
    }
}

/// Content that is a class: its state is found by reflection every time, its layout being
/// the object's, not the value's.
@MainActor
private final class ClassCounter: MenuContent {
    @State private var count = 0
    let title: String
    init(title: String) { self.title = title }

    var body: some MenuContent {
        Button("\(title) \(count)") { self.count += 1 }
    }
}

private final class StateToken {}

/// Keeps an object in its state, to see when the state is let go.
private struct TokenKeeper: MenuContent {
    let made: (StateToken) -> Void
    @State private var token: StateToken?

    var body: some MenuContent {
        Button("Keep") {
            let kept = StateToken()
            made(kept)
            token = kept
        }
    }
}

/// A row of its own for each element of a list, keeping whether it is pinned.
private struct PinRow: MenuContent {
    let name: String
    @State private var isPinned = false

    var body: some MenuContent {
        Toggle("Pin \(name)", isOn: $isPinned)
    }
}

@Observable @MainActor private final class PinnedFolder: Identifiable {
    let id: Int
    var name: String
    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

@Observable @MainActor private final class PinLibrary {
    var folders: [PinnedFolder] = []
}

/// Content written with `var body`, composed like SwiftUI views, with `@State` kept by identity,
/// `@Bindable` models and bindings of every kind; each read back through GIO.
final class CustomContentStateTests: GtkTestCase {
    func testABodyResolvesAsTheSameContentWrittenInline() {
        onMain {
            struct Inline: MenuContent {
                var body: some MenuContent {
                    Button("Copy") {}
                    Section("View") {
                        Button("Zoom In") {}
                    }
                    Menu("Sort By") { Button("Name") {} }
                }
            }
            let custom = RenderedMenu(Menu("Edit") { Inline() })
            let inline = RenderedMenu(Menu("Edit") {
                Button("Copy") {}
                Section("View") { Button("Zoom In") {} }
                Menu("Sort By") { Button("Name") {} }
            })
            XCTAssertEqual(MenuModelReader.read(custom.menuModel), MenuModelReader.read(inline.menuModel))
            XCTAssertEqual(flatten(MenuModelReader.read(custom.menuModel)).compactMap(\.label), ["Copy", "View", "Zoom In", "Sort By", "Name"])
        }
    }

    func testStateIsKeptAcrossRefreshesByIdentityAndGoesWithIt() {
        onMain {
            let showsCounter = Shown()
            let rendered = RenderedMenu(Menu("Tools") {
                if showsCounter.isShown { Counter(title: "Count") }
                Button("Other") {}
            })
            XCTAssertNotNil(item(labelled: "Count 0", in: MenuModelReader.read(rendered.menuModel)))
            activate(item(labelled: "Count 0", in: MenuModelReader.read(rendered.menuModel))!, in: rendered.actionGroup.unsafePointer)
            MainLoop.drain()
            XCTAssertNotNil(item(labelled: "Count 1", in: MenuModelReader.read(rendered.menuModel)), "the state change re-rendered")
            // A refresh makes the content anew: the count is kept by where the counter stands.
            for _ in 0..<3 { rendered.refresh() }
            activate(item(labelled: "Count 1", in: MenuModelReader.read(rendered.menuModel))!, in: rendered.actionGroup.unsafePointer)
            MainLoop.drain()
            XCTAssertNotNil(item(labelled: "Count 2", in: MenuModelReader.read(rendered.menuModel)))
            XCTAssertEqual(rendered.graph.stateCount, 1)

            showsCounter.isShown = false
            rendered.refresh()
            XCTAssertEqual(flatten(MenuModelReader.read(rendered.menuModel)).compactMap(\.label), ["Other"])
            XCTAssertEqual(rendered.graph.stateCount, 0, "the state went with its content")
            showsCounter.isShown = true
            rendered.refresh()
            XCTAssertNotNil(item(labelled: "Count 0", in: MenuModelReader.read(rendered.menuModel)), "content that comes back starts anew")
        }
    }

    func testAStateToggleChangesOnlyItsActionAndALabelOnlyItsItem() {
        onMain {
            let reads = BodyReads()
            let rendered = RenderedMenu(Menu("View") { DetailsPanel(reads: reads) })
            let recorder = ItemsChangedRecorder(rendered.menuModel)
            let sidebar = item(labelled: "Show Sidebar", in: MenuModelReader.read(rendered.menuModel))!
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, localActionName(sidebar)), "false")
            let readsBefore = reads.count

            activate(sidebar, in: rendered.actionGroup.unsafePointer)
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, localActionName(sidebar)), "true")
            XCTAssertEqual(recorder.changes, [], "a $state toggle is a state change, not a menu change")
            XCTAssertEqual(reads.count, readsBefore, "the body did not read the toggle's state: it is not read again")

            // State the body reads changes its item, and only that one.
            activate(item(labelled: "Show Details", in: MenuModelReader.read(rendered.menuModel))!, in: rendered.actionGroup.unsafePointer)
            MainLoop.drain()
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).compactMap(\.label), ["Show Sidebar", "Hide Details"])
            XCTAssertEqual(recorder.changes, [.init(position: 1, removed: 1, added: 1)])
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, localActionName(sidebar)), "true", "the re-render kept the other state")
        }
    }

    func testNestedCustomContentKeepsEachStateApart() {
        onMain {
            let rendered = RenderedMenu(Menu("Tools") {
                ToolsMenu()
                Wrapper()
            })
            let expanded = item(labelled: "Expanded", in: MenuModelReader.read(rendered.menuModel))!
            activate(item(labelled: "Nested 0", in: MenuModelReader.read(rendered.menuModel))!, in: rendered.actionGroup.unsafePointer)
            MainLoop.drain()
            XCTAssertNotNil(item(labelled: "Nested 1", in: MenuModelReader.read(rendered.menuModel)))
            // The wrapper's own state and its counter's, at the same identity, are apart.
            activate(item(labelled: "Wrapped 100 0", in: MenuModelReader.read(rendered.menuModel))!, in: rendered.actionGroup.unsafePointer)
            MainLoop.drain()
            XCTAssertNotNil(item(labelled: "Wrapped 100 1", in: MenuModelReader.read(rendered.menuModel)))

            activate(expanded, in: rendered.actionGroup.unsafePointer)
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, localActionName(expanded)), "true")
            XCTAssertEqual(flatten(MenuModelReader.read(rendered.menuModel)).compactMap(\.label),
                           ["Expanded", "Inner 0", "More", "Nested 1", "Wrapped 100 1"])
            activate(item(labelled: "Inner 0", in: MenuModelReader.read(rendered.menuModel))!, in: rendered.actionGroup.unsafePointer)
            MainLoop.drain()
            XCTAssertEqual(flatten(MenuModelReader.read(rendered.menuModel)).compactMap(\.label),
                           ["Expanded", "Inner 1", "More", "Nested 1", "Wrapped 100 1"])
            XCTAssertEqual(rendered.graph.stateCount, 5, "expanded, inner, nested, the wrapper's and its counter's")
        }
    }

    func testBindableMakesBindingsThatFollowTheModelWithoutARender() {
        onMain {
            let note = Note()
            let reads = BodyReads()
            let rendered = RenderedMenu(Menu("Note") { NoteMenu(note: note, reads: reads) })
            let recorder = ItemsChangedRecorder(rendered.menuModel)
            let items = MenuModelReader.read(rendered.menuModel)
            let favorite = localActionName(item(labelled: "Favorite", in: items))
            let italic = localActionName(item(labelled: "Italic", in: items))
            let sync = localActionName(item(labelled: "Sync", in: items))
            let readsBefore = reads.count

            // The binding knows what it reads, as Binding(note, \.isFavorite) does.
            @Bindable var bindable = note
            XCTAssertEqual($bindable.isFavorite.source, Binding(note, \.isFavorite).source)
            XCTAssertNotNil($bindable.settings.isOn.source)

            note.isFavorite = true
            note.formatting.isItalic = true
            note.settings.isOn = true
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, favorite), "true")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, italic), "true")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, sync), "true")
            XCTAssertEqual(recorder.changes, [])
            XCTAssertEqual(reads.count, readsBefore, "toggles follow the model without reading the body again")

            // And the other way: choosing them writes the model.
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, favorite, nil)
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, italic, nil)
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, sync, nil)
            XCTAssertFalse(note.isFavorite)
            XCTAssertFalse(note.formatting.isItalic)
            XCTAssertFalse(note.settings.isOn)
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, sync), "false")
            XCTAssertEqual(recorder.changes, [])
        }
    }

    func testClosureAndConstantBindings() {
        onMain {
            var isOn = false
            var writes = 0
            let rendered = RenderedMenu(Menu("Options") {
                Toggle("Wrap Lines", isOn: Binding(get: { isOn }, set: { isOn = $0; writes += 1 }))
                Toggle("Read Only", isOn: .constant(true))
            })
            let items = MenuModelReader.read(rendered.menuModel)
            let wrap = localActionName(item(labelled: "Wrap Lines", in: items))
            let readOnly = localActionName(item(labelled: "Read Only", in: items))
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, readOnly), "true")
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, wrap, nil)
            XCTAssertTrue(isOn)
            XCTAssertEqual(writes, 1)
            rendered.refresh()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, wrap), "true")
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, readOnly, nil)
            MainLoop.drain()
            rendered.refresh()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, readOnly), "true", "a constant binding does not change")
        }
    }

    func testStateInsideListElementsGoesWithTheElement() {
        onMain {
            let library = PinLibrary()
            library.folders = (0..<4).map { PinnedFolder(id: $0, name: "F\($0)") }
            let rendered = RenderedMenu(Menu("Folders") {
                ForEach(library.folders) { folder in PinRow(name: folder.name) }
            })
            XCTAssertEqual(rendered.graph.stateCount, 4)
            let pin2 = localActionName(item(labelled: "Pin F2", in: MenuModelReader.read(rendered.menuModel)))
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, pin2, nil)
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, pin2), "true")

            let updates = rendered.listUpdates
            library.folders.remove(at: 1)
            MainLoop.drain()
            XCTAssertEqual(rendered.listUpdates, updates + 1, "the list updated on its own")
            XCTAssertEqual(rendered.graph.stateCount, 3, "the removed element's state went with it")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, pin2), "true", "the others' state stayed")

            // A change inside one element resolves it again, keeping its state.
            library.folders[1].name = "Two"
            MainLoop.drain()
            XCTAssertEqual(rendered.listUpdates, updates + 2)
            let renamed = localActionName(item(labelled: "Pin Two", in: MenuModelReader.read(rendered.menuModel)))
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, renamed), "true")
            XCTAssertEqual(rendered.graph.stateCount, 3)
        }
    }

    func testABindingPropertyWritesTheParentsState() {
        onMain {
            let rendered = RenderedMenu(Menu("Files") { FilesMenu() })
            let toggle = item(labelled: "Show Hidden Files", in: MenuModelReader.read(rendered.menuModel))!
            activate(toggle, in: rendered.actionGroup.unsafePointer)
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, localActionName(toggle)), "true")
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).compactMap(\.label), ["Show Hidden Files", "Hidden Files Shown"],
                           "the parent read its state, which the child's toggle changed")
        }
    }

    func testStateIsLetGoWhenItsContentGoesAndWithTheMenu() {
        onMain {
            weak var first: StateToken?
            weak var second: StateToken?
            let shows = Shown()
            var rendered: RenderedMenu? = RenderedMenu(Menu("Keep") {
                if shows.isShown { TokenKeeper { first = $0 } }
                TokenKeeper { second = $0 }
            })
            for item in flatten(MenuModelReader.read(rendered!.menuModel)) { activate(item, in: rendered!.actionGroup.unsafePointer) }
            MainLoop.drain()
            XCTAssertNotNil(first)
            XCTAssertNotNil(second)
            rendered!.refresh()
            XCTAssertNotNil(first, "kept across a refresh")
            shows.isShown = false
            rendered!.refresh()
            XCTAssertNil(first, "the state went with its content")
            XCTAssertNotNil(second)
            rendered = nil
            XCTAssertNil(second, "and the rest with the menu")
        }
    }

    /// `$state` and `$model.property` know what they read: however often the menu refreshes,
    /// one observation per binding, so one change notice per change.
    func testRefreshesAddNoObservationsToStateOrBindableBindings() {
        onMain {
            let note = Note()
            let reads = BodyReads()
            let rendered = RenderedMenu(Menu("Note") {
                NoteMenu(note: note, reads: reads)
                DetailsPanel(reads: reads)
            })
            let sidebar = localActionName(item(labelled: "Show Sidebar", in: MenuModelReader.read(rendered.menuModel)))
            for _ in 0..<200 { rendered.refresh() }
            var before = ChangeNotice.delivered
            note.isFavorite = true
            XCTAssertEqual(ChangeNotice.delivered - before, 1, "one observation of isFavorite, not one per refresh")
            before = ChangeNotice.delivered
            note.formatting.isItalic = true
            XCTAssertEqual(ChangeNotice.delivered - before, 1)
            before = ChangeNotice.delivered
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, sidebar, nil)
            XCTAssertEqual(ChangeNotice.delivered - before, 1, "one observation of the sidebar state")
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, sidebar), "true")
        }
    }

    func testABindingToAnOptionalUnwraps() {
        onMain {
            var wraps: Bool? = true
            let optional = Binding(get: { wraps }, set: { wraps = $0 })
            XCTAssertNil(Binding(Binding<Bool?>.constant(nil)), "nothing to bind to while the value is nil")
            guard let unwrapped = Binding(optional) else { return XCTFail("a binding to a value that is there") }
            let rendered = RenderedMenu(Menu("View") { Toggle("Wrap Lines", isOn: unwrapped) })
            let wrap = localActionName(item(labelled: "Wrap Lines", in: MenuModelReader.read(rendered.menuModel)))
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, wrap), "true")
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, wrap, nil)
            XCTAssertEqual(wraps, false)
            let widened = Binding<Bool?>(unwrapped)
            widened.wrappedValue = true
            XCTAssertEqual(wraps, true)
            widened.wrappedValue = nil
            XCTAssertEqual(wraps, true, "nil is not written through a binding to a non-optional")
        }
    }

    func testStateOfManyValuesOfOneTypeAndOfClassContentIsKeptApart() {
        onMain {
            let rendered = RenderedMenu(Menu("Counters") {
                ForEach(0..<20) { index in Counter(title: "C\(index)") }
                ClassCounter(title: "Object")
            })
            for label in ["C3 0", "C17 0", "Object 0"] {
                activate(item(labelled: label, in: MenuModelReader.read(rendered.menuModel))!, in: rendered.actionGroup.unsafePointer)
                MainLoop.drain()
            }
            rendered.refresh()
            let labels = MenuModelReader.read(rendered.menuModel).compactMap(\.label)
            XCTAssertEqual(labels.filter { $0.hasSuffix(" 1") }, ["C3 1", "C17 1", "Object 1"])
            XCTAssertEqual(labels.filter { $0.hasSuffix(" 0") }.count, 18)
            XCTAssertEqual(rendered.graph.stateCount, 21)
        }
    }

    func testStateOutsideARenderStartsFromItsInitialValue() {
        onMain {
            let nodes = Counter(title: "Count").resolveNodes(at: MenuIdentity())
            XCTAssertEqual(nodes.map(\.title), ["Count 0"])
        }
    }
}
