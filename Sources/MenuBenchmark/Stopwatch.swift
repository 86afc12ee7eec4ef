#if canImport(Glibc)
    import Glibc
#endif

/// Times a piece of work over several runs and answers the median, in seconds: the median
/// shrugs off the runs a busy machine slows down.
enum Stopwatch {
    static func median(runs: Int, _ work: () -> Void) -> Double {
        work()  // Warm up caches and lazy initialization once, untimed.
        var seconds: [Double] = []
        for _ in 0..<runs {
            seconds.append(time(work))
        }
        return median(seconds)
    }

    /// How long `work` takes once, in seconds.
    static func time(_ work: () -> Void) -> Double {
        let start = ContinuousClock.now
        work()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The CPU time this thread spends in `work`, in seconds: what other processes of a busy
    /// machine take of the CPU meanwhile is not counted.
    static func threadCPUTime(_ work: () -> Void) -> Double {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        work()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// Fixed-width columns for the benchmark's tables.
enum Table {
    static func row(_ cells: [String]) -> String {
        cells.map { $0.count >= 18 ? $0 : $0 + String(repeating: " ", count: 18 - $0.count) }.joined()
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 1_000).rounded() / 1_000
        return String(rounded)
    }
}
