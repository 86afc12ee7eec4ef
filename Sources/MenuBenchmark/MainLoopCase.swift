import CGtk
import CMainQueueBridge
import Dispatch
import GMenuKit

#if canImport(Glibc)
    import Glibc
#endif

// Swift concurrency on the GLib main loop (MainLoopBridge), against plain g_idle_add doing the
// same hop:
//   MenuBenchmark --main-loop [--runs N]     latency, main actor task and MainActor.run
//   MenuBenchmark --main-loop-idle with|without
//       one idle 2-second g_main_loop_run; prints the main thread's voluntary context switches
//   LATENCY kind=<name> samples=<n> median_us=<us> worst_us=<us>
//   IDLE bridge=<with|without> seconds=2 voluntary_switches=<n>

func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Latencies in nanoseconds; an unsynchronized buffer written by one side at a time.
final class Samples: @unchecked Sendable {
    var started: UInt64 = 0
    var latencies: [UInt64] = []
    let done = DispatchSemaphore(value: 0)
    init(capacity: Int) { latencies.reserveCapacity(capacity) }

    func report(_ kind: String) {
        let sorted = latencies.sorted()
        let median = Double(sorted[sorted.count / 2]) / 1_000
        let worst = Double(sorted.last!) / 1_000
        print("LATENCY kind=\(kind) samples=\(sorted.count) median_us=\(median) worst_us=\(worst)")
    }
}

@MainActor
enum MainLoopCase {
    static func run(samples count: Int) {
        MainLoopBridge.install()
        let loop = g_main_loop_new(nil, 0)!
        defer { g_main_loop_unref(loop) }
        // Warm-up: the first hops build the runtime's executor and threads.
        _ = taskLatency(count: 200, loop: loop)
        _ = idleLatency(count: 200, loop: loop)
        var results: [(String, Samples)] = []
        results.append(("task-main-actor", taskLatency(count: count, loop: loop)))
        results.append(("g_idle_add-main", idleLatency(count: count, loop: loop)))
        results.append(("mainactor-run-background", mainActorRunLatency(count: count, loop: loop)))
        results.append(("g_idle_add-background", backgroundIdleLatency(count: count, loop: loop)))
        for (kind, samples) in results { samples.report(kind) }
    }

    /// From `Task { @MainActor in … }` created on the main thread, inside the running loop, to
    /// its first line; each sample starts the next.
    static func taskLatency(count: Int, loop: OpaquePointer) -> Samples {
        let samples = Samples(capacity: count)
        func next() {
            samples.started = monotonicNanoseconds()
            Task { @MainActor in
                samples.latencies.append(monotonicNanoseconds() - samples.started)
                if samples.latencies.count == count { g_main_loop_quit(loop) } else { next() }
            }
        }
        _ = g_idle_add_once({ data in
            MainActor.assumeIsolated { (Unmanaged<Box>.fromOpaque(data!).takeRetainedValue().body)() }
        }, Unmanaged.passRetained(Box { next() }).toOpaque())
        g_main_loop_run(loop)
        return samples
    }

    /// The same hop through GLib: `g_idle_add` on the main thread to its callback.
    static func idleLatency(count: Int, loop: OpaquePointer) -> Samples {
        let samples = Samples(capacity: count)
        let context = IdleContext(samples: samples, count: count, loop: loop)
        let pointer = Unmanaged.passRetained(context).toOpaque()
        // A new idle source each time, as the task case makes a new task.
        idleLatencyAgain(context)
        g_main_loop_run(loop)
        Unmanaged<IdleContext>.fromOpaque(pointer).release()
        return samples
    }

    nonisolated static func idleLatencyAgain(_ context: IdleContext) {
        context.samples.started = monotonicNanoseconds()
        g_idle_add_once({ data in
            let context = Unmanaged<IdleContext>.fromOpaque(data!).takeUnretainedValue()
            context.samples.latencies.append(monotonicNanoseconds() - context.samples.started)
            if context.samples.latencies.count == context.count { g_main_loop_quit(context.loop); return }
            MainLoopCase.idleLatencyAgain(context)
        }, Unmanaged.passUnretained(context).toOpaque())
    }

    /// From a background task's `await MainActor.run { … }` to the first line on the main
    /// thread; the next sample starts when the await has returned.
    static func mainActorRunLatency(count: Int, loop: OpaquePointer) -> Samples {
        let samples = Samples(capacity: count)
        nonisolated(unsafe) let loop = loop
        Task.detached {
            for _ in 0..<count {
                samples.started = monotonicNanoseconds()
                await MainActor.run {
                    samples.latencies.append(monotonicNanoseconds() - samples.started)
                }
            }
            await MainActor.run { g_main_loop_quit(loop) }
        }
        g_main_loop_run(loop)
        return samples
    }

    /// The same hop through GLib: a background thread's `g_idle_add` (which wakes the main
    /// context) to its callback on the main thread; the thread waits for it before the next.
    static func backgroundIdleLatency(count: Int, loop: OpaquePointer) -> Samples {
        let samples = Samples(capacity: count)
        let context = IdleContext(samples: samples, count: count, loop: loop)
        DispatchQueue.global().async {
            let pointer = Unmanaged.passUnretained(context).toOpaque()
            for _ in 0..<count {
                samples.started = monotonicNanoseconds()
                g_idle_add_once({ data in
                    let context = Unmanaged<IdleContext>.fromOpaque(data!).takeUnretainedValue()
                    context.samples.latencies.append(monotonicNanoseconds() - context.samples.started)
                    context.samples.done.signal()
                }, pointer)
                samples.done.wait()
            }
            g_idle_add_once({ data in
                g_main_loop_quit(Unmanaged<IdleContext>.fromOpaque(data!).takeUnretainedValue().loop)
            }, pointer)
        }
        g_main_loop_run(loop)
        withExtendedLifetime(context) {}
        return samples
    }

    /// One idle window of `g_main_loop_run`, two seconds long, and the main thread's voluntary
    /// context switches during it (each is a wake-up from poll).
    static func idle(withBridge: Bool) {
        if withBridge {
            MainLoopBridge.install()
            // The runtime's executor made and used once, as in an app that runs tasks.
            let loop = g_main_loop_new(nil, 0)!
            Task { @MainActor in g_main_loop_quit(loop) }
            g_main_loop_run(loop)
            g_main_loop_unref(loop)
        }
        let loop = g_main_loop_new(nil, 0)!
        _ = g_timeout_add_seconds(2, { data in
            g_main_loop_quit(OpaquePointer(data!))
            return 0
        }, UnsafeMutableRawPointer(loop))
        let before = voluntarySwitches()
        g_main_loop_run(loop)
        let after = voluntarySwitches()
        g_main_loop_unref(loop)
        print("IDLE bridge=\(withBridge ? "with" : "without") seconds=2 voluntary_switches=\(after - before)")
    }

    /// voluntary_ctxt_switches of /proc/self/status: the main thread's.
    static func voluntarySwitches() -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return -1 }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0 {
            let text = String(cString: line!)
            if text.hasPrefix("voluntary_ctxt_switches:") {
                return Int(text.dropFirst("voluntary_ctxt_switches:".count).trimmingCharacters()) ?? -1
            }
        }
        return -1
    }
}

final class Box {
    let body: @MainActor () -> Void
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }
}

final class IdleContext: @unchecked Sendable {
    let samples: Samples
    let count: Int
    nonisolated(unsafe) let loop: OpaquePointer
    init(samples: Samples, count: Int, loop: OpaquePointer) {
        self.samples = samples
        self.count = count
        self.loop = loop
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        String(drop { $0 == " " || $0 == "\t" }.prefix { $0.isNumber })
    }
}
