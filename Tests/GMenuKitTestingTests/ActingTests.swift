import GMenuKit
import GMenuKitTesting
import Observation
import XCTest

@Observable
@MainActor
private final class NoteModel {
    var isPinned = false
    var sort = "date"
    var fontSize = 12
    var volume = 0.5
    var deleted: [String] = []
    var hasSelection = false
}

/// Acting on items as a person would, and the menu following its models.
@MainActor
final class ActingTests: XCTestCase {
    func testAToggleFlipsAndTheMenuFollows() async throws {
        let model = NoteModel()
        let menu = InspectedMenu("View") {
            Toggle("Pinned", isOn: Binding(model, \.isPinned)).keyboardShortcut("<Control>p")
        }
        let pinned = try menu.item("Pinned")
        XCTAssertEqual(pinned.isChecked, false)
        try pinned.toggle()
        XCTAssertTrue(model.isPinned)
        XCTAssertEqual(pinned.isChecked, true)
        model.isPinned = false
        XCTAssertEqual(pinned.isChecked, false, "a change made elsewhere shows")
    }

    func testAPickerOptionIsChosenInlineAndInASubmenu() async throws {
        let model = NoteModel()
        let menu = InspectedMenu("View") {
            Picker("Sort By", selection: Binding(model, \.sort)) {
                Text("Date").tag("date")
                Text("Name").tag("name")
            }
            .pickerStyle(.menu)
            Picker("Order", selection: Binding(model, \.sort)) {
                Text("By Date").tag("date")
                Text("By Name").tag("name")
            }
        }
        XCTAssertTrue(try menu.item("Sort By", "Date").isSelected)
        try menu.item("Sort By").select("Name")
        XCTAssertEqual(model.sort, "name")
        XCTAssertTrue(try menu.item("Sort By", "Name").isSelected)
        XCTAssertTrue(try menu.item("Order", "By Name").isSelected, "the inline picker reads the same selection")
        try menu.item("By Date").select()
        XCTAssertEqual(model.sort, "date")
        XCTAssertThrowsError(try menu.item("Sort By").select("Size"))
    }

    func testAStepperStepsWithinItsBoundsAndASliderFitsItsValue() async throws {
        let model = NoteModel()
        let menu = InspectedMenu("Text") {
            Stepper("Font Size: \(model.fontSize)", value: Binding(model, \.fontSize), in: 8...13)
            Slider("Volume", value: Binding(model, \.volume), in: 0...1, step: 0.25)
        }
        let size = try menu.item(titled: "Font Size: 12")
        XCTAssertEqual(size.kind, .stepper)
        XCTAssertEqual(size.value, 12)
        try size.increment()
        XCTAssertEqual(model.fontSize, 13)
        XCTAssertEqual(size.value, 13)
        XCTAssertEqual(size.title, "Font Size: 13", "the title follows the value")
        XCTAssertThrowsError(try size.increment(), "the increase button is dimmed at the upper bound")
        try size.decrement()
        XCTAssertEqual(model.fontSize, 12)

        let volume = try menu.item("Volume")
        XCTAssertEqual(volume.kind, .slider)
        XCTAssertEqual(volume.value, 0.5)
        XCTAssertTrue(volume.keepsMenuOpen)
        try volume.setValue(0.8)
        XCTAssertEqual(model.volume, 0.75, "fitted to the step")
        try volume.setValue(7)
        XCTAssertEqual(volume.value, 1, "fitted to the bounds")
    }

    func testADestructiveItemAsksAndTheTestAnswersBothWays() async throws {
        let model = NoteModel()
        let menu = InspectedMenu("Note") {
            Button("Delete Note…", role: .destructive) { model.deleted.append("note") }
                .confirmationMessage("The note cannot be restored.")
        }
        let delete = try menu.item("Delete Note")
        XCTAssertTrue(delete.isDestructive)
        try delete.activate()
        XCTAssertEqual(model.deleted, [], "nothing happens before the answer")
        let asked = try XCTUnwrap(menu.pendingConfirmation)
        XCTAssertEqual(asked.request.question, "Delete Note?")
        XCTAssertEqual(asked.request.confirmLabel, "Delete Note")
        XCTAssertEqual(asked.request.message, "The note cannot be restored.")
        asked.cancel()
        XCTAssertNil(menu.pendingConfirmation)
        XCTAssertEqual(model.deleted, [], "cancelled")

        try delete.activate()
        menu.pendingConfirmation?.confirm()
        XCTAssertEqual(model.deleted, ["note"], "confirmed")

        menu.confirmationAnswer = .confirm
        try delete.activate()
        XCTAssertEqual(model.deleted, ["note", "note"], "answered in advance")
        XCTAssertNil(menu.pendingConfirmation)
    }

    func testAnAsyncActionIsSeenRunningThenFinished() async throws {
        var finished = 0
        let gate = AsyncGate()
        let menu = InspectedMenu("File") {
            Button("Export…") {
                await gate.wait()
                finished += 1
            }
        }
        let export = try menu.item("Export…")
        try export.activate()
        // Let the task start and reach the gate.
        for _ in 0..<5 { await Task.yield() }
        XCTAssertTrue(export.isRunning)
        XCTAssertFalse(export.isEnabled, "dimmed while it runs")
        XCTAssertThrowsError(try export.activate(), "a dimmed item cannot be chosen")
        XCTAssertEqual(finished, 0)
        gate.open()
        await menu.waitForActions()
        XCTAssertEqual(finished, 1)
        XCTAssertFalse(export.isRunning)
        XCTAssertTrue(export.isEnabled)
    }

    func testDimmedAndHiddenItemsCannotBeChosen() async throws {
        let model = NoteModel()
        let menu = InspectedMenu("Edit") {
            Button("Copy") {}.disabled(!model.hasSelection)
            Button("Cut") {}.disabled(!model.hasSelection).hiddenWhenDisabled()
        }
        XCTAssertFalse(try menu.item("Copy").isEnabled)
        XCTAssertFalse(try menu.item("Cut").isVisible)
        XCTAssertThrowsError(try menu.item("Cut").activate()) { XCTAssertTrue("\($0)".hasPrefix("'Cut' is hidden"), "\($0)") }
        model.hasSelection = true
        XCTAssertTrue(try menu.item("Copy").isEnabled)
        XCTAssertTrue(try menu.item("Cut").isVisible)
    }

    func testABorrowedActionIsNotedAndItsStateIsTheTests() async throws {
        let menu = InspectedMenu("App") {
            Button("Quit", actionName: "app.quit")
            Toggle("Dark Style", actionName: "app.dark")
        }
        menu.borrowedActions["app.dark"] = BorrowedActionState(state: "true")
        XCTAssertEqual(try menu.item("Dark Style").isChecked, true)
        try menu.item("Quit").activate()
        XCTAssertEqual(menu.activatedBorrowedActions, ["app.quit"])
        menu.borrowedActions["app.quit"] = BorrowedActionState(isEnabled: false)
        XCTAssertFalse(try menu.item("Quit").isEnabled)
    }

    func testAContextMenuIsReadForASelection() async throws {
        @MenuContentBuilder func noteMenu(_ selected: [String]) -> any MenuContent {
            if selected.isEmpty {
                Button("New Note") {}
            } else {
                Button(selected.count == 1 ? "Open" : "Open \(selected.count) Notes") {}
            }
        }
        let none = InspectedMenu(contextMenuFor: [String]()) { noteMenu($0) }
        XCTAssertEqual(none.items.map(\.title), ["New Note"])
        let two = InspectedMenu(contextMenuFor: ["a", "b"]) { noteMenu($0) }
        XCTAssertEqual(two.items.map(\.title), ["Open 2 Notes"])
    }
}

/// Holds an async action until the test lets it go.
@MainActor
private final class AsyncGate {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }
    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
