import CGtk
import CMainQueueBridge
import Dispatch
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Swift's main queue on the GLib main loop: main-actor tasks, `DispatchQueue.main` and
/// `MainActor.run` from other threads run while a GLib loop runs, and an idle loop has
/// nothing to do.
final class MainLoopBridgeTests: GtkTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { XCTAssertTrue(MainLoopBridge.install()) }
    }

    func testMainActorTaskRunsWhileAGLibMainLoopRuns() {
        onMain {
            let loop = MainLoopRun()
            let recorder = Recorder<Bool>()
            Task { @MainActor in
                recorder.record(gmk_main_queue_is_main_thread() != 0)
                loop.quit()
            }
            XCTAssertTrue(loop.run(), "the task never ran while g_main_loop_run ran")
            XCTAssertEqual(recorder.values, [true])
        }
    }

    func testMainActorTaskRunsWhileTheDefaultContextIsIterated() {
        onMain {
            let recorder = Recorder<String>()
            Task { @MainActor in recorder.record("first line") }
            // Blocking iterations: each waits for a source to be ready, the bridge's here. A
            // timeout ends the wait should the task never run.
            let timeout = g_timeout_add_seconds(20, { _ in 0 }, nil)
            while recorder.values.isEmpty && g_main_context_find_source_by_id(nil, timeout) != nil {
                g_main_context_iteration(nil, 1)
            }
            if g_main_context_find_source_by_id(nil, timeout) != nil { g_source_remove(timeout) }
            XCTAssertEqual(recorder.values, ["first line"])
        }
    }

    func testAwaitInsideAMainActorTaskResumesOnTheLoop() {
        onMain {
            let loop = MainLoopRun()
            let recorder = Recorder<String>()
            Task { @MainActor in
                recorder.record("before")
                await Task.yield()
                try? await Task.sleep(nanoseconds: 1_000_000)
                recorder.record("after")
                loop.quit()
            }
            XCTAssertTrue(loop.run())
            XCTAssertEqual(recorder.values, ["before", "after"])
        }
    }

    func testDispatchMainAsyncRuns() {
        onMain {
            let loop = MainLoopRun()
            let recorder = Recorder<Int>()
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    recorder.record(1)
                    loop.quit()
                }
            }
            XCTAssertTrue(loop.run(), "DispatchQueue.main.async never ran while g_main_loop_run ran")
            XCTAssertEqual(recorder.values, [1])
        }
    }

    func testMainActorRunFromABackgroundThreadReachesTheMainThread() {
        onMain {
            let loop = MainLoopRun()
            let recorder = Recorder<String>()
            Task.detached {
                let startedOnMain = gmk_main_queue_is_main_thread() != 0
                let onMainThere = await MainActor.run {
                    recorder.record(startedOnMain ? "started on main" : "started in background")
                    return gmk_main_queue_is_main_thread() != 0
                }
                await MainActor.run {
                    recorder.record(onMainThere ? "ran on main" : "ran elsewhere")
                    loop.quit()
                }
            }
            XCTAssertTrue(loop.run())
            XCTAssertEqual(recorder.values, ["started in background", "ran on main"])
        }
    }

    func testManyHopsFromManyThreadsAllArrive() {
        onMain {
            let loop = MainLoopRun()
            let recorder = Recorder<Int>()
            let count = 1_000
            for index in 0..<count {
                DispatchQueue.global().async {
                    Task { @MainActor in
                        recorder.record(index)
                        if recorder.values.count == count { loop.quit() }
                    }
                }
            }
            XCTAssertTrue(loop.run())
            XCTAssertEqual(Set(recorder.values).count, count)
        }
    }

    func testAnIdleLoopHasNothingToDo() throws {
        try onMain {
            // Whatever earlier work left is drained first.
            MainLoop.drain()
            let drains = gmk_main_queue_source_drain_count()
            // Nothing is pending: no iteration dispatches anything, the bridge's source included.
            for _ in 0..<100 { XCTAssertEqual(g_main_context_iteration(nil, 0), 0) }
            XCTAssertEqual(g_main_context_pending(nil), 0)
            XCTAssertEqual(gmk_main_queue_source_drain_count(), drains)
            // The bridge is a file descriptor source, not a timer: it has no ready time.
            let source = try XCTUnwrap(g_main_context_find_source_by_id(nil, gmk_main_queue_source_id()))
            XCTAssertEqual(g_source_get_ready_time(source), -1)
            XCTAssertEqual(String(cString: g_source_get_name(source)), "GMenuKit: Swift main queue")
        }
    }

    func testInstallingAgainKeepsOneSource() {
        onMain {
            let id = gmk_main_queue_source_id()
            XCTAssertTrue(MainLoopBridge.install())
            XCTAssertEqual(gmk_main_queue_source_id(), id)
            XCTAssertTrue(MainLoopBridge.isInstalled)
        }
    }

    func testInstallingOffTheMainThreadDoesNothing() {
        // A thread of its own: DispatchQueue.global().sync would run the block on this one.
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var installed: guint = 1
        DispatchQueue.global().async {
            installed = gmk_main_queue_source_install(0)
            done.signal()
        }
        done.wait()
        XCTAssertEqual(installed, 0)
    }

    func testARenderedMenuInstallsTheBridge() {
        onMain {
            _ = RenderedMenu(Menu("Edit") { Button("Copy") {} })
            XCTAssertTrue(MainLoopBridge.isInstalled)
        }
    }
}
