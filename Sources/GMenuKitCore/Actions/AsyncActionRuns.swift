import Observation

/// What a second activation of an async action does while the first still runs.
///
/// ```swift
/// Button("Export…") { await document.export() }                      // dimmed while it runs
/// Button("Refresh") { await feed.reload() }.asyncActionPolicy(.cancelPrevious)
/// Button("Ping") { await server.ping() }.asyncActionPolicy(.allowConcurrent)
/// ```
public enum AsyncActionPolicy: Sendable, Hashable {
    /// The default: the item is dimmed while its action runs, and an activation that comes
    /// anyway (a shortcut pressed twice, another reader of the action group) does nothing.
    /// One export at a time is what people expect of a command, and the dimmed item says that
    /// it is under way. Items of generated content share one action, so they are not dimmed;
    /// a second activation of the same item is ignored all the same.
    case ignoreWhileRunning
    /// Every activation starts its own task; nothing is dimmed.
    case allowConcurrent
    /// An activation cancels the task still running (`Task.isCancelled`, `CancellationError`
    /// from cancellable awaits) and starts a new one; nothing is dimmed.
    case cancelPrevious
}

/// The tasks of a rendered menu's async actions, by item identity, for as long as they run.
///
/// Items are rebuilt on every refresh, and their closures with them; the runs are kept here,
/// by the item's identity, so that a refresh while an action runs (the action changed the
/// model) keeps the policy and the dimming.
@MainActor
package final class AsyncActionRuns {
    package init() {}

    private struct Runs {
        var tasks: [Int: Task<Void, Never>] = [:]
        var policy: AsyncActionPolicy
        /// The item's own action, when it has one (generated items share theirs), and whether
        /// the plan wants it enabled, to restore when the last run ends.
        var actionName: String?
        var plannedEnabled = true
    }

    private var runs: [String: Runs] = [:]
    private var nextRun = 0
    /// The items dimmed now because their action runs, observable: a scrolling list's row
    /// reads it while it binds, and is bound again when the run ends.
    private let dimmed = DimmedItems()
    /// Dims or restores an item's own action, in the menu's group.
    package var setActionEnabled: ((String, Bool) -> Void)?

    /// Whether an item's action is dimmed now: its policy dims, and it runs.
    package func isDimmed(_ key: String) -> Bool {
        guard let item = runs[key] else { return false }
        return item.policy == .ignoreWhileRunning && !item.tasks.isEmpty
    }

    /// Whether the item is dimmed now, read as observable state: an observation around the
    /// reading fires when the item's run ends.
    package func isDimmedObserved(_ key: String) -> Bool {
        dimmed.keys.contains(key)
    }

    /// Notes, while planning, the action an item's activation runs under.
    package func plan(_ key: String, actionName: String?, enabled: Bool) {
        guard runs[key] != nil else { return }
        runs[key]!.actionName = actionName
        runs[key]!.plannedEnabled = enabled
    }

    package var runningCount: Int { runs.values.reduce(0) { $0 + $1.tasks.count } }

    /// Whether an activation of the item `key` still runs, under any policy.
    package func isRunning(_ key: String) -> Bool { runs[key] != nil }

    /// Waits until every run started so far, and every run those start, has ended (tests read
    /// the menu after an async action as a person would once it finished).
    package func waitUntilIdle() async {
        while let task = runs.values.lazy.flatMap(\.tasks.values).first {
            await task.value
            // `finish` runs on the same actor right after the body; let it.
            await Task.yield()
        }
    }

    /// An activation of the item `key`.
    package func activate(_ key: String, policy: AsyncActionPolicy, actionName: String?,
                  _ body: @escaping @MainActor () async -> Void) {
        var item = runs[key] ?? Runs(policy: policy, actionName: actionName)
        item.policy = policy
        switch policy {
        case .ignoreWhileRunning where !item.tasks.isEmpty:
            return
        case .cancelPrevious:
            for task in item.tasks.values { task.cancel() }
        default:
            break
        }
        nextRun += 1
        let run = nextRun
        let wasIdle = item.tasks.isEmpty
        item.tasks[run] = Task { @MainActor [weak self] in
            await body()
            self?.finish(key, run: run)
        }
        runs[key] = item
        if wasIdle && policy == .ignoreWhileRunning {
            dimmed.keys.insert(key)
            if let name = item.actionName { setActionEnabled?(name, false) }
        }
    }

    private func finish(_ key: String, run: Int) {
        guard var item = runs[key], item.tasks.removeValue(forKey: run) != nil else { return }
        if item.tasks.isEmpty {
            runs[key] = nil
            if dimmed.keys.contains(key) { dimmed.keys.remove(key) }
            if item.policy == .ignoreWhileRunning, let name = item.actionName {
                setActionEnabled?(name, item.plannedEnabled)
            }
        } else {
            runs[key] = item
        }
    }
}

/// The keys of the items an async run dims, as observable state.
@Observable
@MainActor
private final class DimmedItems {
    var keys: Set<String> = []
}
