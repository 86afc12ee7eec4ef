import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// When the main loop runs what a change asked for: the list's update waits in GMenuKit's one
/// source of renders, which runs just ahead of the default priority.
final class RenderSchedulingTests: XCTestCase {
    /// A change made on the main thread is rendered at the loop's next turn, ahead of what waits
    /// at the default priority (GDK's next event, a main-actor job, an app's idle), and that turn
    /// does not poll: no file descriptor the context watches is at a priority above the render's
    /// (at high idle priority, every change paid a `poll` system call).
    func testAChangeIsRenderedBeforeTheNextEventWithoutAPoll() {
        onMain {
            let model = TagModel()
            let rendered = RenderedMenu(model.menu)
            MainLoop.drain()
            let original = g_main_context_get_poll_func(nil)
            defer { g_main_context_set_poll_func(nil, original) }
            PollCount.calls = 0
            PollCount.defaultIdleRan = false
            g_idle_add_full(G_PRIORITY_DEFAULT, { _ in
                PollCount.defaultIdleRan = true
                return 0  // G_SOURCE_REMOVE
            }, nil, nil)
            model.tags[1] = "teal"
            g_main_context_set_poll_func(nil, PollCount.poll)
            g_main_context_iteration(nil, 0)
            g_main_context_set_poll_func(nil, original)

            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).map(\.label), ["red", "teal", "blue"])
            XCTAssertEqual(rendered.listUpdates, 1)
            XCTAssertFalse(PollCount.defaultIdleRan, "the render runs first; the default-priority idle waits")
            XCTAssertEqual(PollCount.calls, 0, "the turn that rendered did not poll")
            MainLoop.drain()
            XCTAssertTrue(PollCount.defaultIdleRan)
        }
    }
}

private enum PollCount {
    nonisolated(unsafe) static var calls = 0
    nonisolated(unsafe) static var defaultIdleRan = false

    static let poll: GPollFunc = { fds, count, timeout in
        PollCount.calls += 1
        return g_poll(fds, count, timeout)
    }
}
