import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A one-shot signal a task waits on and a test sends: the test decides when an async action's
/// await returns.
@MainActor
final class Gate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private(set) var isOpen = false

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        let resumed = waiters
        waiters = []
        for waiter in resumed { waiter.resume() }
    }
}

@Observable @MainActor final class ExportModel {
    var exports = 0
    var status = "idle"
}

/// Async menu actions: `Button("Export…") { await … }` runs as a main-actor task from the GLib
/// main loop, activated through GIO as GTK's menus activate, under its policy.
final class AsyncActionTests: GtkTestCase {
    func testAsyncButtonCompletesItsAwaitAndUpdatesState() {
        onMain {
            let model = ExportModel()
            let rendered = RenderedMenu(Menu("File") {
                Button("Export…") {
                    model.status = "exporting"
                    await Task.detached { try? await Task.sleep(nanoseconds: 1_000_000) }.value
                    model.exports += 1
                    model.status = "exported"
                }
                Button(model.status) {}
            })
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "export", nil)
            // The task runs from the loop, not inside the activation.
            XCTAssertEqual(model.exports, 0)
            XCTAssertTrue(MainLoop.turn { model.exports == 1 }, "the loop stopped before the condition held")
            XCTAssertEqual(model.status, "exported")
            MainLoop.drain()
            // The menu followed the model the action changed.
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).map(\.label).last, "exported")
            XCTAssertTrue(actionEnabled(rendered.actionGroup.unsafePointer, "export"))
        }
    }

    func testSecondActivationWhileRunningIsIgnoredAndTheItemDimmed() {
        onMain {
            let gate = Gate()
            let recorder = Recorder<String>()
            let rendered = RenderedMenu(Menu("File") {
                Button("Export…") {
                    recorder.record("start")
                    await gate.wait()
                    recorder.record("end")
                }
            })
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "export", nil)
            XCTAssertTrue(MainLoop.turn { recorder.values == ["start"] }, "the loop stopped before the condition held")
            XCTAssertFalse(actionEnabled(rendered.actionGroup.unsafePointer, "export"), "a running action is dimmed")
            // Through GIO a disabled action refuses; the handler would ignore it too.
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "export", nil)
            // A refresh while it runs keeps it dimmed.
            rendered.refresh()
            XCTAssertFalse(actionEnabled(rendered.actionGroup.unsafePointer, "export"))
            MainLoop.drain()
            XCTAssertEqual(recorder.values, ["start"])
            gate.open()
            XCTAssertTrue(MainLoop.turn { recorder.values == ["start", "end"] }, "the loop stopped before the condition held")
            XCTAssertTrue(actionEnabled(rendered.actionGroup.unsafePointer, "export"), "enabled again when it ends")
            XCTAssertEqual(rendered.asyncActions.runningCount, 0)
            // A refresh after it ended leaves it enabled (the group compares with what was set last).
            rendered.refresh()
            XCTAssertTrue(actionEnabled(rendered.actionGroup.unsafePointer, "export"))
            // And it runs again.
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "export", nil)
            XCTAssertTrue(MainLoop.turn { recorder.values == ["start", "end", "start", "end"] }, "the loop stopped before the condition held")
        }
    }

    func testIgnoredActivationOfASharedGeneratedAction() {
        onMain {
            let gate = Gate()
            let recorder = Recorder<String>()
            let rendered = RenderedMenu(Menu("History") {
                ForEach(["a", "b"], id: \.self) { name in
                    Button("Open \(name)") {
                        recorder.record(name)
                        await gate.wait()
                    }
                }
                .generatedContent()
            })
            let items = MenuModelReader.read(rendered.menuModel)
            activate(items[0], in: rendered.actionGroup.unsafePointer)
            activate(items[0], in: rendered.actionGroup.unsafePointer)
            activate(items[1], in: rendered.actionGroup.unsafePointer)
            XCTAssertTrue(MainLoop.turn { recorder.values.count == 2 }, "the loop stopped before the condition held")
            MainLoop.drain()
            // One run per item: the second activation of "a" was ignored, "b" ran beside it.
            XCTAssertEqual(recorder.values.sorted(), ["a", "b"])
            XCTAssertEqual(rendered.asyncActions.runningCount, 2)
            gate.open()
            XCTAssertTrue(MainLoop.turn { rendered.asyncActions.runningCount == 0 }, "the loop stopped before the condition held")
        }
    }

    func testAllowConcurrentRunsEveryActivation() {
        onMain {
            let gate = Gate()
            let recorder = Recorder<Int>()
            var started = 0
            let rendered = RenderedMenu(Menu("Net") {
                Button("Ping") {
                    started += 1
                    let run = started
                    await gate.wait()
                    recorder.record(run)
                }
                .asyncActionPolicy(.allowConcurrent)
            })
            for _ in 0..<3 { g_action_group_activate_action(rendered.actionGroup.unsafePointer, "ping", nil) }
            XCTAssertTrue(MainLoop.turn { started == 3 }, "the loop stopped before the condition held")
            XCTAssertTrue(actionEnabled(rendered.actionGroup.unsafePointer, "ping"), "concurrent actions are not dimmed")
            XCTAssertEqual(rendered.asyncActions.runningCount, 3)
            gate.open()
            XCTAssertTrue(MainLoop.turn { recorder.values.count == 3 }, "the loop stopped before the condition held")
            XCTAssertEqual(recorder.values.sorted(), [1, 2, 3])
            XCTAssertTrue(MainLoop.turn { rendered.asyncActions.runningCount == 0 }, "the loop stopped before the condition held")
        }
    }

    func testCancelPreviousCancelsTheRunningTask() {
        onMain {
            let recorder = Recorder<String>()
            var started = 0
            let rendered = RenderedMenu(Menu("Feed") {
                Button("Reload") {
                    started += 1
                    let run = started
                    do {
                        // Cancellable: returns early with CancellationError when cancelled.
                        try await Task.sleep(nanoseconds: run == 1 ? 60_000_000_000 : 1_000_000)
                        recorder.record("run \(run) finished")
                    } catch {
                        recorder.record("run \(run) cancelled")
                    }
                }
                .asyncActionPolicy(.cancelPrevious)
            })
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "reload", nil)
            XCTAssertTrue(MainLoop.turn { started == 1 }, "the loop stopped before the condition held")
            XCTAssertTrue(actionEnabled(rendered.actionGroup.unsafePointer, "reload"))
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "reload", nil)
            XCTAssertTrue(MainLoop.turn { recorder.values.count == 2 }, "the loop stopped before the condition held")
            XCTAssertEqual(Set(recorder.values), ["run 1 cancelled", "run 2 finished"])
            XCTAssertTrue(MainLoop.turn { rendered.asyncActions.runningCount == 0 }, "the loop stopped before the condition held")
        }
    }

    func testSynchronousButtonsStaySynchronous() {
        onMain {
            var copies = 0
            let rendered = RenderedMenu(Menu("Edit") { Button("Copy") { copies += 1 } })
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "copy", nil)
            // Ran inside the activation: the synchronous initializer was chosen.
            XCTAssertEqual(copies, 1)
            XCTAssertEqual(rendered.asyncActions.runningCount, 0)
        }
    }

    func testDestructiveAsyncActionAsksFirst() {
        onMain {
            let recorder = Recorder<String>()
            let rendered = RenderedMenu(Menu("File") {
                Button("Delete…", role: .destructive) {
                    await Task.yield()
                    recorder.record("deleted")
                }
            })
            var asked: [String] = []
            rendered.confirmDestructiveAction = { request, proceed in
                asked.append(request.confirmLabel)
                proceed()
            }
            rendered.refresh()
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "delete", nil)
            XCTAssertEqual(asked.count, 1)
            XCTAssertTrue(MainLoop.turn { recorder.values == ["deleted"] }, "the loop stopped before the condition held")
        }
    }

    func testAMenuDroppedWhileItsActionRunsLetsTheTaskFinish() {
        onMain {
            let gate = Gate()
            let recorder = Recorder<String>()
            var rendered: RenderedMenu? = RenderedMenu(Menu("File") {
                Button("Export…") {
                    await gate.wait()
                    recorder.record("done")
                }
            })
            weak var weakMenu = rendered
            g_action_group_activate_action(rendered!.actionGroup.unsafePointer, "export", nil)
            MainLoop.drain()
            rendered = nil
            XCTAssertNil(weakMenu, "a running task does not keep its menu alive")
            gate.open()
            XCTAssertTrue(MainLoop.turn { recorder.values == ["done"] }, "the loop stopped before the condition held")
        }
    }
}
