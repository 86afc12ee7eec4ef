import Observation

/// `withObservationTracking` for content that runs on the main actor. A main-actor closure
/// handed straight to Observation (a module built without strict concurrency checking) checks
/// at every call that it runs there (`swift_task_isCurrentExecutor`, about 270 instructions a
/// call); handed on through this function, which is not isolated, it reaches Observation as a
/// plain closure, which Observation calls at once, on the caller's actor. The change handler
/// is made, as Observation makes it, only when `apply` read observable state.
package func trackingObservation<T>(_ apply: () -> T, onChange: @autoclosure () -> @Sendable () -> Void) -> T {
    withObservationTracking(apply, onChange: onChange())
}
