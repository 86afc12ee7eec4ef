/// What choosing an item does, in one place for every place an item acts: a menu's own
/// action (the planner wraps each button's closure here once), a scrolling list's row (which
/// runs its element's node here when chosen), and through those a command and the buttons
/// bound to it, whose actions the planner makes.
///
/// An async button runs as a main-actor task under its item's ``AsyncActionPolicy`` (dimmed and
/// not run again while it runs, by default); a destructive button asks first (rule P6) and
/// acts only if the person goes ahead; a borrowed action (`.named`) is the GTK layer's to
/// activate, in the widget tree where the item stands.
@MainActor
package struct ItemActionInterpreter {
    /// Asks before a destructive item acts, and runs `proceed` only if the person goes ahead.
    /// Nil leaves destructive items unconfirmed (content planned outside a rendered menu).
    package var confirm: (@MainActor (ConfirmationRequest, @escaping @MainActor () -> Void) -> Void)?
    /// The runs of the menu's async actions, by item; nil: every activation starts a task.
    package var asyncActions: AsyncActionRuns?

    package init(
        confirm: (@MainActor (ConfirmationRequest, @escaping @MainActor () -> Void) -> Void)?,
        asyncActions: AsyncActionRuns?
    ) {
        self.confirm = confirm
        self.asyncActions = asyncActions
    }

    /// The action a button of `node` runs when chosen: an async body becomes an activation that
    /// starts its task under the item's policy (`key` names the item's runs; `actionName`, its
    /// own action, dimmed while it runs), and a destructive item's action asks first. `problem`
    /// says why a destructive item cannot be confirmed (it borrows an action GMenuKit does not
    /// run).
    package func action(
        _ action: ButtonAction, of node: MenuNode, key: String, actionName: String?
    ) -> (action: ButtonAction, problem: String?) {
        var action = action
        if case .performAsync(let body) = action {
            action = startingTask(body, key: key, actionName: actionName, policy: node.asyncActionPolicy)
        }
        guard Self.confirms(node), !node.confirmedByItsAction, let confirm else { return (action, nil) }
        switch action {
        case .perform(let perform):
            let request = ConfirmationRequest(itemTitle: node.title, message: node.confirmationMessage)
            return (.perform { confirm(request, perform) }, nil)
        case .performAsync:
            return (action, nil)
        case .named(let name, _):
            return (action, "a destructive item that borrows an action (\(name)) cannot be confirmed by GMenuKit; confirm in the action, or mark the item .confirmationDisabled()")
        }
    }

    /// Whether `node` asks before it acts: a destructive item not opted out (rule P6).
    package nonisolated static func confirms(_ node: MenuNode) -> Bool {
        node.role == .destructive && node.confirmsBeforeActing
    }

    /// Runs what choosing `node` does, as its menu item would: a button's action (`activateNamed`
    /// activates a borrowed one), or a toggle's flip. False when the node does nothing when
    /// chosen (dimmed, running under its policy, or of another kind).
    package func activate(
        _ node: MenuNode, key: String, activateNamed: (_ name: String, _ target: MenuActionTarget?) -> Void
    ) -> Bool {
        guard !node.isDisabled, !isDimmed(key) else { return false }
        switch node.kind {
        case .button(let button):
            switch action(button, of: node, key: key, actionName: nil).action {
            case .perform(let perform): perform()
            case .performAsync(let perform): Task { @MainActor in await perform() }
            case .named(let name, let target): activateNamed(name, target)
            }
            return true
        case .toggle(let isOn):
            isOn.wrappedValue.toggle()
            return true
        default:
            return false
        }
    }

    /// Whether the item `key` is dimmed because its action runs, read as observable state: an
    /// observation around the reading fires when the run ends.
    package func isDimmed(_ key: String) -> Bool {
        asyncActions?.isDimmedObserved(key) ?? false
    }

    /// An activation of an async button: a main-actor task, run under the item's policy. An
    /// item's own action is dimmed while it runs (`.ignoreWhileRunning`); generated items
    /// share one action, which stays enabled.
    private func startingTask(
        _ body: @escaping @MainActor () async -> Void, key: String, actionName: String?, policy: AsyncActionPolicy
    ) -> ButtonAction {
        guard let runs = asyncActions else {
            return .perform { Task { @MainActor in await body() } }
        }
        return .perform { runs.activate(key, policy: policy, actionName: actionName, body) }
    }
}
