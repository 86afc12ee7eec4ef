import CGtk

/// A GLib main loop run until something quits it, or until a safety timeout (which only
/// ends a test that would otherwise hang; no test asserts on time).
@MainActor
final class MainLoopRun {
    nonisolated(unsafe) private let loop: OpaquePointer = g_main_loop_new(nil, 0)
    private(set) var timedOut = false

    deinit { g_main_loop_unref(loop) }

    func quit() { g_main_loop_quit(loop) }

    /// Runs the loop; true when it was quit before `seconds` passed.
    func run(seconds: UInt32 = 20) -> Bool {
        timedOut = false
        let timeout = g_timeout_add_seconds(seconds, { data in
            let run = Unmanaged<MainLoopRun>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated {
                run.timedOut = true
                run.quit()
            }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        g_main_loop_run(loop)
        if !timedOut { g_source_remove(timeout) }
        return !timedOut
    }
}

/// A value main-actor tasks set and tests read.
@MainActor
final class Recorder<Value> {
    var values: [Value] = []
    func record(_ value: Value) { values.append(value) }
}
