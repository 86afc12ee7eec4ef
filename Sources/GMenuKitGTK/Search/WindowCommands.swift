import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// One command a window's menus offer, read from their `GMenuModel`s as GTK shows them:
/// GMenuKit's menus, imported GtkBuilder menus and borrowed actions alike.
@MainActor
public struct WindowCommand {
    /// The item's label, without access-key marks.
    public let title: String
    /// The menus leading to it ("Edit", "Sort By").
    public let path: [String]
    /// Words it is found by beside its title (`.searchKeywords`).
    public let keywords: [String]
    /// The shortcut as GTK writes it ("Ctrl+S"), if the item shows one.
    public let shortcut: String?
    /// What the item's state says: "✓" for a checked toggle or the chosen option, nil otherwise.
    public let state: String?
    /// False when its action is disabled or missing: the item is dimmed.
    public let isAvailable: Bool
    /// What the item says of itself (`.help`): for a dimmed one, why it is unavailable.
    public let help: String?
    /// `prefix.name`, as the menu item activates it; empty for an element of a scrolling list,
    /// which runs as choosing its row does.
    public let actionName: String
    fileprivate let target: ParsedVariant?
    fileprivate let owner: WeakObjectPointer<GtkWidget>
    /// For a row of a scrolling list, which has no action of its own: runs its element.
    fileprivate var perform: (@MainActor () -> Bool)? = nil
    /// That element's item's identity in its menu, after the menu's path (identities are
    /// a menu's own: two menus' lists may have the same).
    fileprivate var rowIdentity = ""

    /// What it does: its action and target, the same whichever menu shows it.
    var identity: String {
        if perform != nil { return "row " + rowIdentity }
        guard let target else { return actionName }
        let printed = g_variant_print(target.variant, 1)!
        defer { g_free(printed) }
        return actionName + " " + String(cString: printed)
    }

    /// The search's view of it.
    public var searchEntry: CommandSearchIndex.Entry {
        CommandSearchIndex.Entry(title: title, path: path, keywords: keywords, isAvailable: isAvailable)
    }

    /// Does what choosing the menu item does: activates its action, with its target, from the
    /// widget its menu hangs off (the same action, interpreted as the item's: a destructive
    /// item still asks first, an async one runs under its policy). False when the widget is gone
    /// or GTK finds no such action.
    @discardableResult
    public func activate() -> Bool {
        if let perform { return perform() }
        guard let widget = owner.object else { return false }
        return gtk_widget_activate_action_variant(widget, actionName, target?.variant) != 0
    }
}

/// Reads the commands of a window: the menu bars and menu buttons inside it (the primary
/// menu, GMenuKit's pull-down and pop-up buttons, GTK's own) and the context menu of the focused
/// widget or of the nearest ancestor that has one, for its current selection.
@MainActor
public enum WindowCommands {
    /// Each command once, where a person would look first: the menu bar, then the menu
    /// buttons, then the context menu (the same action and target in two menus is one command).
    public static func read(in window: UnsafeMutablePointer<GtkWidget>) -> [WindowCommand] {
        var bars: [UnsafeMutablePointer<GtkWidget>] = [], buttons: [UnsafeMutablePointer<GtkWidget>] = []
        var pending = [window]
        while let widget = pending.popLast() {
            if gtk_widget_get_visible(widget) == 0 || gmk_is_popover(widget.gpointer) != 0 { continue }
            if gmk_is_popover_menu_bar(widget.gpointer) != 0 {
                bars.append(widget)
                continue
            }
            if gmk_is_menu_button(widget.gpointer) != 0 {
                buttons.append(widget)
                continue
            }
            var child = gtk_widget_get_last_child(widget)
            while let current = child {
                pending.append(current)
                child = gtk_widget_get_prev_sibling(current)
            }
        }
        var commands: [WindowCommand] = []
        for bar in bars {
            if let model = gtk_popover_menu_bar_get_menu_model(gmk_popover_menu_bar(bar)) { read(model, path: [], owner: bar, into: &commands) }
        }
        for button in buttons { readMenuButton(button, into: &commands) }
        if let root = gtk_widget_get_root(window), let focus = gtk_root_get_focus(root) {
            var candidate: UnsafeMutablePointer<GtkWidget>? = focus
            while let widget = candidate {
                if let context = ContextMenu.attached(to: widget), let model = context.modelForCurrentSelection() {
                    // Its popover, and so its scrolling lists' views, exist only once it opens.
                    read(model, path: [context.menu.title], owner: context.actionWidget ?? widget, rendered: context.menu,
                         into: &commands)
                    break
                }
                candidate = gtk_widget_get_parent(widget)
            }
        }
        var seen = Set<String>()
        return commands.filter { seen.insert($0.identity).inserted }
    }

    private static func readMenuButton(_ button: UnsafeMutablePointer<GtkWidget>, into commands: inout [WindowCommand]) {
        let menuButton = gmk_menu_button(button)
        var model = gtk_menu_button_get_menu_model(menuButton)
        var owner = button
        if model == nil, let popover = gtk_menu_button_get_popover(menuButton), gmk_is_popover_menu(popover.gpointer) != 0 {
            model = gtk_popover_menu_get_menu_model(gmk_popover_menu(popover.gpointer))
            owner = gmk_widget(popover)
        } else if let popover = gtk_menu_button_get_popover(menuButton) {
            // Actions inserted on the popover are found from it, and from the button's window.
            owner = gmk_widget(popover)
        }
        guard let model else { return }
        let title = buttonTitle(button)
        read(model, path: title.map { [$0] } ?? [], owner: owner, into: &commands)
    }

    /// What a person calls the button: its label, else its tooltip or accessible name.
    private static func buttonTitle(_ button: UnsafeMutablePointer<GtkWidget>) -> String? {
        if let label = gtk_menu_button_get_label(gmk_menu_button(button)) { return MenuLabelText.parsingUnderline(String(cString: label)).text }
        if let tooltip = gtk_widget_get_tooltip_text(button) { return String(cString: tooltip) }
        if gtk_menu_button_get_primary(gmk_menu_button(button)) != 0 { return "Main Menu" }
        return nil
    }

    /// `rendered`: the menu the model is, where its scrolling lists may have no view to read.
    private static func read(_ model: UnsafeMutablePointer<GMenuModel>, path: [String], owner: UnsafeMutablePointer<GtkWidget>,
                             rendered: RenderedMenu? = nil, into commands: inout [WindowCommand]) {
        for index in 0..<g_menu_model_get_n_items(model) {
            // GTK takes any string `use-markup` as markup (gtkmenutrackeritem.c), GMenuKit's "true".
            let label = string(model, index, "label").map { plainLabel($0, isMarkup: string(model, index, "use-markup") != nil) }
            if let section = g_menu_model_get_item_link(model, index, G_MENU_LINK_SECTION) {
                // A section's header ("Sort By" over an inline picker) names its items' place too.
                read(section, path: path + (label.map { $0.isEmpty ? [] : [$0] } ?? []), owner: owner, rendered: rendered,
                     into: &commands)
                g_object_unref(section)
                continue
            }
            if let submenu = g_menu_model_get_item_link(model, index, G_MENU_LINK_SUBMENU) {
                read(submenu, path: path + [label ?? ""], owner: owner, rendered: rendered, into: &commands)
                g_object_unref(submenu)
                continue
            }
            if let slot = string(model, index, "custom"),
               let rows = ScrollingListRows.shown(inSlot: slot, under: owner)
                   ?? rendered.flatMap({ ScrollingListRows.held(inSlot: slot, of: $0) }) {
                readRows(rows, path: path, owner: owner, into: &commands)
                continue
            }
            guard let label, !label.isEmpty, let action = string(model, index, "action") else { continue }
            let target = g_menu_model_get_item_attribute_value(model, index, "target", nil).map { ParsedVariant(taking: $0) }
            let status = ActionStatus.of(action, from: owner)
            if let hiddenWhen = string(model, index, "hidden-when") {
                if hiddenWhen == "action-missing", !status.exists { continue }
                if hiddenWhen == "action-disabled", !status.isEnabled { continue }
            }
            if target == nil, let range = string(model, index, MenuAttributeName.range),
               let value = status.state.flatMap({ Variants.double($0.variant) }) {
                // A slider: no one value to choose, so its steps down and up, as a stepper offers.
                commands += sliderSteps(label, value: value, range: SliderValue.range(fromAttribute: range), path: path,
                                        status: status, action: action, owner: owner)
                continue
            }
            var state: String?
            if let current = status.state {
                if let target {
                    state = g_variant_equal(UnsafeRawPointer(current.variant), UnsafeRawPointer(target.variant)) != 0 ? "✓" : nil
                } else if Variants.bool(current.variant) == true {
                    state = "✓"
                }
            }
            commands.append(WindowCommand(
                title: label, path: path,
                keywords: string(model, index, MenuAttributeName.keywords)?.split(separator: ",").map(String.init) ?? [],
                shortcut: string(model, index, "accel").flatMap(acceleratorLabel),
                state: state, isAvailable: status.exists && status.isEnabled && status.accepts(target),
                help: string(model, index, MenuAttributeName.help), actionName: action, target: target,
                owner: WeakObjectPointer(owner)))
        }
    }

    /// Each element of a scrolling list, which its model holds as one slot: resolved now, as
    /// the rows are, and run as choosing its row does when it is still where it was read.
    private static func readRows(_ rows: ScrollingListRows, path: [String], owner: UnsafeMutablePointer<GtkWidget>,
                                 into commands: inout [WindowCommand]) {
        let widget = WeakObjectPointer(owner)
        for index in 0..<rows.count {
            guard let row = rows.row(at: index), !row.title.isEmpty else { continue }
            let identity = row.node.identity.path
            commands.append(WindowCommand(
                title: MenuLabelText.normalize(row.title).text, path: path, keywords: [], shortcut: nil,
                state: row.kind == .check(isOn: true) ? "✓" : nil, isAvailable: !row.isDisabled, help: nil,
                actionName: "", target: nil, owner: widget,
                perform: { [weak rows] in
                    guard let rows, let owner = widget.object else { return false }
                    return rows.perform(at: index, identity: identity, from: owner)
                }, rowIdentity: path.joined(separator: "\u{1F}") + "\u{1F}" + identity))
        }
    }

    /// "Decrease" and "Increase" under "Volume: 0.5": one step each way (a tenth of the range
    /// for a slider of any value), each unavailable at its bound.
    private static func sliderSteps(_ title: String, value: Double, range: (lower: Double, upper: Double, step: Double),
                                    path: [String], status: ActionStatus, action: String,
                                    owner: UnsafeMutablePointer<GtkWidget>) -> [WindowCommand] {
        let step = range.step > 0 ? range.step : (range.upper - range.lower) / 10
        let place = path + ["\(title): \(valueText(value))"]
        return [("Decrease", max(range.lower, value - step)), ("Increase", min(range.upper, value + step))].map { name, next in
            WindowCommand(title: name, path: place, keywords: [title], shortcut: nil, state: nil,
                          isAvailable: status.exists && status.isEnabled && next != value, help: nil, actionName: action,
                          target: ParsedVariant(taking: g_variant_ref_sink(g_variant_new_double(next))),
                          owner: WeakObjectPointer(owner))
        }
    }

    /// A whole number as one ("12"), any other to two decimals ("0.35").
    private static func valueText(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String((value * 100).rounded() / 100)
    }

    /// A label as people read it: without access-key marks, and without markup where the item
    /// uses it (a destructive item's colour).
    private static func plainLabel(_ label: String, isMarkup: Bool) -> String {
        guard isMarkup else { return MenuLabelText.parsingUnderline(label).text }
        // Pango reads the markup, the underscores kept; the access-key marks go as in a plain label.
        var text: UnsafeMutablePointer<CChar>?
        guard pango_parse_markup(label, -1, 0, nil, &text, nil, nil) != 0, let text else {
            return MenuLabelText.parsingUnderline(label).text
        }
        defer { g_free(text) }
        return MenuLabelText.parsingUnderline(String(cString: text)).text
    }

    private static func string(_ model: UnsafeMutablePointer<GMenuModel>, _ index: gint, _ name: String) -> String? {
        guard let value = g_menu_model_get_item_attribute_value(model, index, name, nil) else { return nil }
        defer { g_variant_unref(value) }
        return Variants.string(value)
    }
}

/// What an action's group says of it, found as GTK's muxer would from the menu's widget:
/// `app.` in the application, `win.` in the window, other prefixes in the groups GMenuKit knows
/// are inserted on the widget or its ancestors (``InsertedActionGroups``).
@MainActor
struct ActionStatus {
    var exists = false
    var isEnabled = false
    var state: ParsedVariant?
    /// The type of parameter the action takes ("" for none); nil when the group is not known.
    var parameterType: String? = nil

    /// Whether activating it with `target` works: GTK dims an item whose target is not of the
    /// action's parameter type (gtkmenutrackeritem.c), and GLib would refuse the activation.
    func accepts(_ target: ParsedVariant?) -> Bool {
        guard let parameterType else { return true }
        guard let target else { return parameterType.isEmpty }
        return String(cString: g_variant_get_type_string(target.variant)) == parameterType
    }

    static func of(_ detailedName: String, from widget: UnsafeMutablePointer<GtkWidget>) -> ActionStatus {
        guard let dot = detailedName.firstIndex(of: ".") else { return ActionStatus() }
        let prefix = String(detailedName[..<dot]), name = String(detailedName[detailedName.index(after: dot)...])
        let group: OpaquePointer?
        switch prefix {
        case "app": group = g_application_get_default().map { OpaquePointer($0) }
        case "win":
            let root = gtk_widget_get_root(widget).map { UnsafeMutableRawPointer($0) }
            group = root.flatMap { gmk_is_action_group($0) != 0 ? OpaquePointer($0) : nil }
        default: group = InsertedActionGroups.groups(from: widget)[prefix]
        }
        // A group GMenuKit does not know: GTK shows the item, and activating it will tell.
        guard let group else { return ActionStatus(exists: prefix != "app" && prefix != "win", isEnabled: true) }
        guard g_action_group_has_action(group, name) != 0 else { return ActionStatus() }
        let parameterType = g_action_group_get_action_parameter_type(group, name)
            .map { type in
                // A type's string is not terminated where the type ends: `dup` gives one that is.
                let text = g_variant_type_dup_string(type)!
                defer { g_free(text) }
                return String(cString: text)
            } ?? ""
        return ActionStatus(exists: true, isEnabled: g_action_group_get_action_enabled(group, name) != 0,
                            state: g_action_group_get_action_state(group, name).map { ParsedVariant(taking: $0) },
                            parameterType: parameterType)
    }
}
