import CMainQueueBridge

/// Enters the main actor from a callback of the main loop that runs for every change a model
/// makes (a standing observation's notice, a list's idle update), as `MainActor.assumeIsolated`
/// does, but checked by the thread's identity: the main actor's executor is the main queue,
/// which libdispatch drains on the process's main thread alone, so running there is what
/// isolation to it means. `assumeIsolated` asks the runtime for the current executor (about
/// 650 instructions, 5% of a toggle's flip); this check reads a thread-local flag
/// (`gmk_main_queue_is_main_thread`). Off the main thread it stops the program, as
/// `assumeIsolated` does.
@inline(__always)
package func enteringMainActor<T>(_ body: @MainActor () -> T) -> T {
    precondition(gmk_main_queue_is_main_thread() != 0, "main-actor work called off the main thread")
    return withoutActuallyEscaping(body) { body in
        // The same function value without its isolation, which the check above established.
        unsafeBitCast(body, to: (() -> T).self)()
    }
}
