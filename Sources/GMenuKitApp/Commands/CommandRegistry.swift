import CGtk
import Observation
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// The application's commands, declared once, as one set of actions on the `GtkApplication`
/// (`app.save`) that the menu bar, the primary menu and bound buttons all use.
///
/// The declarations resolve under observation tracking of their own; each change resolves
/// them again, once, from the GLib main loop. A hidden ``RenderedMenu`` with the prefix
/// `app` plans and keeps the actions (its names, async runs, toggles' states, confirmations),
/// and its actions are added to the application's action map. The menus show the same tree
/// with every command item rewritten to name its action (`app.save`): they make no action of
/// their own for a command, and change only when the commands' structure changes (an item
/// comes, goes or is relabelled), not when one is enabled or disabled. Shortcuts are the
/// application's (`gtk_application_set_accels_for_action`): they work in every window, and
/// GTK shows them beside every item and in bound buttons' tooltips; a key a focused text field
/// or list uses runs after that widget instead (`WindowShortcuts`).
@MainActor
package final class CommandRegistry {
    /// The application's GTK object, which outlives the registry (the application invalidates it first).
    private let gtkApplication: UnsafeMutablePointer<GtkApplication>
    private let declarations: @MainActor () -> [CommandDeclaration]
    private let standardContent: @MainActor (CommandGroupPlacement) -> (any MenuContent)?
    /// Made at the first apply, with the first tree: a menu renders once as it is made.
    private var actions: RenderedMenu!
    private var observedUpdate: ObservedUpdate!
    /// The actions this registry added to the application, by name.
    private var installed: [String: OpaquePointer] = [:]
    /// The accelerators set for each detailed action name.
    private var accelerators: [String: String] = [:]
    package let layout: CommandLayout
    /// The shortcuts people gave commands (`UserShortcuts`), by action name.
    private let userShortcuts: @MainActor () -> [String: String]
    /// The stored shortcuts reported as unusable, so that each is reported once.
    private var reportedUserShortcuts: Set<String> = []
    /// Each command's shortcut as declared, before people changed it.
    private var declaredShortcuts: [String: String?] = [:]

    package init(application: UnsafeMutablePointer<GtkApplication>, layout: CommandLayout,
         declarations: @escaping @MainActor () -> [CommandDeclaration],
         standardContent: @escaping @MainActor (CommandGroupPlacement) -> (any MenuContent)?,
         userShortcuts: @escaping @MainActor () -> [String: String] = { [:] }) {
        gtkApplication = application
        self.layout = layout
        self.declarations = declarations
        self.standardContent = standardContent
        self.userShortcuts = userShortcuts
        treeBox = TreeBox()
        observedUpdate = ObservedUpdate({ [unowned self] in self.resolve() }, then: { [unowned self] in self.apply() })
        observedUpdate.start()
    }

    private let treeBox: TreeBox

    /// Resolves the declarations again now: the application changed what its standard
    /// commands are (a window builder, preferences, help).
    package func update() { observedUpdate.runNow() }

    /// Removes the commands' actions and accelerators from the application.
    package func invalidate() {
        observedUpdate.cancel()
        actions?.invalidate()
        treeBox.nodes = []
        arrangement = CommandArrangement()
        let map = gmk_action_map(gtkApplication.gpointer)
        for name in installed.keys { g_action_map_remove_action(map, name) }
        installed = [:]
        for name in accelerators.keys { setAccelerators([], for: name, in: gtkApplication) }
        accelerators = [:]
        windowShortcuts.install([:])
    }

    /// Resolves the declarations (under the observed update's tracking), renders the actions,
    /// and brings the application's actions, accelerators and the menus' layout in step.
    private var arrangement = CommandArrangement()
    /// Where the declarations resolve: lists at once, `@State` kept across resolutions.
    private let graph = RenderGraph()

    private func resolve() {
        arrangement = graph.readAgain {
            CommandArrangement.arrange(declarations(), standard: standardContent)
        }
    }

    /// Outside the declarations' tracking: rendering reads the toggles' bindings, each under
    /// an observation of its own, which must not become a change of the whole set.
    private func apply() {
        treeBox.nodes = arrangement.menuBar
        if let actions {
            actions.refresh()
        } else {
            let box = treeBox
            actions = RenderedMenu(Menu("", content: { StoredNodes { box.nodes } }), actionPrefix: "app")
        }
        installActions()
        var shared = arrangement.sharing { [actions] identity in actions.actionName(forItem: identity) }
        declaredShortcuts = shared.commands.mapValues(\.shortcut)
        applyUserShortcuts(userShortcuts(), to: &shared, reported: &reportedUserShortcuts)
        installAccelerators(shared.commands)
        layout.take(shared)
    }

    private func installActions() {
        let map = gmk_action_map(gtkApplication.gpointer)
        let group = actions.actionGroup.unsafePointer
        let groupMap = gmk_action_map(group.gpointer)
        var current: [String: OpaquePointer] = [:]
        for name in actionNames(of: group) {
            guard let action = g_action_map_lookup_action(groupMap, name) else { continue }
            current[name] = action
            if installed[name] != action || g_action_map_lookup_action(map, name) != action {
                g_action_map_add_action(map, action)
            }
        }
        for name in installed.keys where current[name] == nil {
            g_action_map_remove_action(map, name)
        }
        installed = current
    }

    /// Each command's shortcut in the phase its scope asks for: before the focused widget as an
    /// application accelerator (GTK's capture phase, every window), or after it in a
    /// bubble-phase controller on every window of the application (`windowShortcuts`), so that
    /// a key a focused text field or list uses (Delete, Ctrl+A) reaches it first.
    private func installAccelerators(_ commands: [String: CommandInfo]) {
        var wanted: [String: String] = [:]
        var afterFocus: [String: (accelerator: String, unlessText: Bool)] = [:]
        var taken: Set<String> = []
        for (name, command) in commands.sorted(by: { $0.key < $1.key }) {
            guard let accelerator = command.shortcut, let label = acceleratorLabel(accelerator),
                  taken.insert(label).inserted, let parsed = parseAccelerator(accelerator) else { continue }
            switch command.scope.phase(isEditingKey: parsed.isEditingKey, automaticPhase: .beforeFocusedWidget) {
            case .beforeFocusedWidget:
                // An editing key taken before the focused widget is reported where the
                // commands are planned (`ShortcutPlanning`), once.
                wanted["app." + name] = accelerator
            case .afterFocusedWidget: afterFocus["app." + name] = (accelerator, false)
            case .afterFocusedWidgetUnlessText: afterFocus["app." + name] = (accelerator, true)
            }
        }
        for (detailed, accelerator) in wanted where accelerators[detailed] != accelerator {
            setAccelerators([accelerator], for: detailed, in: gtkApplication)
        }
        for detailed in accelerators.keys where wanted[detailed] == nil {
            setAccelerators([], for: detailed, in: gtkApplication)
        }
        accelerators = wanted
        windowShortcuts.install(afterFocus)
    }

    /// The commands' shortcuts that run after the focused widget.
    private lazy var windowShortcuts = WindowShortcuts(application: gtkApplication)

    /// A command's shortcut as the app declared it (nil: none, or no such command).
    package func declaredShortcut(of name: String) -> String? {
        declaredShortcuts[name] ?? nil
    }

    /// The commands' items as GTK sees them, for tests: the hidden menu's model.
    package var actionsMenuModel: UnsafeMutablePointer<GMenuModel> { actions.menuModel }
}

/// The resolved tree the hidden menu renders; read by its content, written by the registry.
@MainActor
private final class TreeBox {
    var nodes: [MenuNode] = []
}

/// Content that is nodes resolved already: the commands' tree, or the menus' rewritten one.
package struct StoredNodes: MenuContent {
    package let nodes: @MainActor () -> [MenuNode]

    package func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        nodes.append(contentsOf: self.nodes())
    }
}

/// What the menus and bound buttons show, changed only when the commands' structure does.
@Observable
@MainActor
package final class CommandLayout {
    package private(set) var menuBar: [MenuNode] = []
    package private(set) var primaryMenu: [MenuNode] = []
    /// Every command with an action of its own, by action name (without `app.`).
    package private(set) var commands: [String: CommandInfo] = [:]
    /// In menu order, for the shortcuts window.
    package private(set) var commandOrder: [String] = []
    @ObservationIgnored private var signature = ""

    /// Empties the layout: the application quit.
    package func clear() {
        take(CommandArrangement.Shared())
        signature = ""
    }

    package func take(_ shared: CommandArrangement.Shared) {
        guard shared.signature != signature else { return }
        signature = shared.signature
        menuBar = shared.menuBar
        primaryMenu = shared.primaryMenu
        if commands != shared.commands { commands = shared.commands }
        if commandOrder != shared.order { commandOrder = shared.order }
    }
}
