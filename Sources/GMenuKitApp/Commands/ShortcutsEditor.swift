import CGtk
import CMenuObjects
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// The Keyboard Shortcuts window every ``Application`` has (Ctrl+?): every command by menu, its
/// keys on a button. Choosing the button and pressing keys gives the command those keys
/// (Escape cancels, Backspace disables it); a conflict is shown before anything changes, with
/// the choice to swap, replace or cancel. Each row can go back to the declared keys, and the
/// header bar resets them all. Changes go through ``Application/setShortcut(_:forCommand:)``:
/// every menu, tooltip and bound button follows at once, and they last across runs.
@MainActor
package final class ShortcutsEditor {
    package let window: UnsafeMutablePointer<GtkWindow>
    private weak var application: Application?
    /// The window it was opened for: its menus' keys are conflicts.
    private let forWindow: WeakObjectPointer<GtkWidget>?
    private var rows: [String: Row] = [:]
    private var order: [String] = []
    package let resetAllButton: UnsafeMutablePointer<GtkWidget>
    package let conflictBox: UnsafeMutablePointer<GtkWidget>
    package let conflictLabel: UnsafeMutablePointer<GtkWidget>
    package let swapButton: UnsafeMutablePointer<GtkWidget>
    package let replaceButton: UnsafeMutablePointer<GtkWidget>
    /// The command whose button waits for keys.
    private var capturing: String?
    /// Keys pressed for a command that conflict, waiting for the person's choice.
    private var proposal: (command: String, accelerator: String, conflicts: [ShortcutConflict])?

    private struct Row {
        var title: String
        var keysButton: UnsafeMutablePointer<GtkWidget>
        var resetButton: UnsafeMutablePointer<GtkWidget>
        var disableButton: UnsafeMutablePointer<GtkWidget>
    }

    package static let capturingText = "New shortcut…"
    package static let disabledText = "Disabled"
    private static let ownerKey = "gmenukit-shortcuts-editor"

    /// Builds the window; the window owns the editor.
    package init(application: Application, for parent: UnsafeMutablePointer<GtkWindow>?) {
        self.application = application
        forWindow = parent.map { WeakObjectPointer(gmk_widget($0.gpointer)) }
        window = gmk_window(gtk_window_new().gpointer)
        gtk_window_set_title(window, "Keyboard Shortcuts")
        gtk_window_set_default_size(window, 520, 600)
        gtk_window_set_transient_for(window, parent)
        gtk_window_set_modal(window, 1)
        // Not an application window: GTK's application accelerators must not take the keys
        // being recorded.

        let header = gtk_header_bar_new()!
        resetAllButton = gtk_button_new_with_label("Reset All")!
        gtk_widget_set_tooltip_text(resetAllButton, "Give every command the shortcut the application declares")
        gtk_header_bar_pack_start(OpaquePointer(header), resetAllButton)
        gtk_window_set_titlebar(window, header)

        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let hint = gtk_label_new("Choose a shortcut, then press the new keys. Escape cancels; Backspace disables the shortcut.")!
        gtk_label_set_wrap(gmk_label(hint), 1)
        gtk_label_set_xalign(gmk_label(hint), 0)
        gtk_widget_add_css_class(hint, "dim-label")
        Self.margins(hint, 12)
        gtk_box_append(gmk_box(content.gpointer), hint)

        conflictBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_add_css_class(conflictBox, "gmenukit-shortcut-conflict")
        Self.margins(conflictBox, 12)
        conflictLabel = gtk_label_new("")!
        gtk_label_set_wrap(gmk_label(conflictLabel), 1)
        gtk_label_set_xalign(gmk_label(conflictLabel), 0)
        gtk_widget_set_hexpand(conflictLabel, 1)
        swapButton = gtk_button_new_with_label("Swap")!
        replaceButton = gtk_button_new_with_label("Replace")!
        let cancelButton = gtk_button_new_with_label("Cancel")!
        let warning = gtk_image_new_from_icon_name("dialog-warning-symbolic")!
        gtk_widget_add_css_class(warning, "warning")
        gmk_accessible_set_hidden(warning)
        for widget in [warning, conflictLabel, swapButton, replaceButton, cancelButton] { gtk_box_append(gmk_box(conflictBox.gpointer), widget) }
        gtk_widget_set_visible(conflictBox, 0)
        gtk_box_append(gmk_box(content.gpointer), conflictBox)

        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "rich-list")
        gmk_accessible_set_label(list, "Keyboard Shortcuts")
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(gmk_scrolled_window(scrolled.gpointer), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(gmk_scrolled_window(scrolled.gpointer), list)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_box_append(gmk_box(content.gpointer), scrolled)
        gtk_window_set_child(window, content)

        WidgetOwnership.give(self, to: gmk_widget(window.gpointer), key: Self.ownerKey)
        fill(list, from: application)
        connect(resetAllButton) { $0.resetAll() }
        connect(swapButton) { $0.resolve(swapping: true) }
        connect(replaceButton) { $0.resolve(swapping: false) }
        connect(cancelButton) { $0.cancel() }
        listenForKeys()
        if let first = order.first, let row = rows[first] { gtk_window_set_focus(window, row.keysButton) }
        // Changes from anywhere (the API, an import, another row's swap) show at once.
        observe(gmk_widget(window.gpointer)) { [weak self] in self?.showShortcuts() }
    }

    /// One row per command with an action of its own, under a heading per menu.
    private func fill(_ list: UnsafeMutablePointer<GtkWidget>, from application: Application) {
        let layout = application.commandLayout
        var menu: String?
        for name in layout.commandOrder {
            guard let command = layout.commands[name] else { continue }
            if command.menu != menu {
                menu = command.menu
                let heading = gtk_label_new(ShortcutConflicts.withoutAccessKeys(command.menu))!
                gtk_label_set_xalign(gmk_label(heading), 0)
                gtk_widget_add_css_class(heading, "heading")
                Self.margins(heading, 6)
                gtk_widget_set_margin_top(heading, 12)
                gtk_list_box_append(OpaquePointer(list), heading)
                let row = gtk_widget_get_parent(heading)!
                gtk_list_box_row_set_activatable(gmk_list_box_row(row.gpointer), 0)
                gtk_widget_set_focusable(row, 0)
            }
            let title = MenuLabelText.normalize(command.title).text
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            let label = gtk_label_new(title)!
            gtk_label_set_xalign(gmk_label(label), 0)
            gtk_widget_set_hexpand(label, 1)
            let keys = gtk_button_new_with_label("")!
            gtk_widget_set_size_request(keys, 150, -1)
            let reset = Self.iconButton("edit-undo-symbolic", name: "Reset \(title)")
            let disable = Self.iconButton("edit-clear-symbolic", name: "Disable \(title)")
            gtk_widget_set_tooltip_text(disable, "Disable Shortcut")
            for widget in [label, keys, reset, disable] { gtk_box_append(gmk_box(box.gpointer), widget) }
            Self.margins(box, 6)
            gtk_list_box_append(OpaquePointer(list), box)
            let row = gtk_widget_get_parent(box)!
            gtk_list_box_row_set_activatable(gmk_list_box_row(row.gpointer), 0)
            gtk_widget_set_focusable(row, 0)
            rows[name] = Row(title: title, keysButton: keys, resetButton: reset, disableButton: disable)
            order.append(name)
            connect(keys) { $0.startCapture(name) }
            connect(reset) { editor in
                editor.application?.resetShortcut(forCommand: name)
                editor.showShortcuts()
            }
            connect(disable) { $0.change(name, to: nil) }
        }
    }

    /// Each row's keys, reset and disable buttons as the commands have them now.
    private func showShortcuts() {
        guard let application else { return }
        let commands = application.commandLayout.commands
        var anyChanged = false
        for name in order {
            guard let row = rows[name] else { continue }
            let shortcut = commands[name]?.shortcut
            let shown = shortcut.flatMap(acceleratorLabel)
            let declared = application.declaredShortcut(ofCommand: name)
            let changed = shortcut.flatMap(parseAccelerator)?.canonical != declared.flatMap(parseAccelerator)?.canonical
            anyChanged = anyChanged || changed
            if capturing != name {
                gtk_button_set_label(gmk_button(row.keysButton.gpointer), shown ?? Self.disabledText)
                Self.name(row, description: shown ?? Self.disabledText)
            }
            if shown == nil { gtk_widget_add_css_class(row.keysButton, "dim-label") } else { gtk_widget_remove_css_class(row.keysButton, "dim-label") }
            gtk_widget_set_sensitive(row.resetButton, changed ? 1 : 0)
            gtk_widget_set_tooltip_text(row.resetButton, "Reset to \(declared.flatMap(acceleratorLabel) ?? Self.disabledText)")
            gtk_widget_set_sensitive(row.disableButton, shortcut == nil ? 0 : 1)
        }
        gtk_widget_set_sensitive(resetAllButton, anyChanged ? 1 : 0)
    }

    // MARK: Recording keys

    private func startCapture(_ name: String) {
        cancel()
        guard let row = rows[name] else { return }
        capturing = name
        gtk_button_set_label(gmk_button(row.keysButton.gpointer), Self.capturingText)
        Self.name(row, description: "\(Self.capturingText) Escape cancels; Backspace disables the shortcut.")
        gtk_widget_add_css_class(row.keysButton, "suggested-action")
    }

    private func stopCapture() {
        guard let name = capturing, let row = rows[name] else { return }
        capturing = nil
        gtk_widget_remove_css_class(row.keysButton, "suggested-action")
        showShortcuts()
    }

    /// Takes the next key pressed anywhere in the window while a button waits for keys, before
    /// any widget of the window sees it.
    private func listenForKeys() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        gmk_connect_key_pressed(keys, { controller, keyval, _, state, data in
            nonisolated(unsafe) let (controller, data) = (controller, data)
            return MainActor.assumeIsolated {
                let editor = SwiftClosureData.object(data, as: WeakEditor.self).editor
                let isModifier = controller.flatMap { gtk_event_controller_get_current_event($0) }.map { gdk_key_event_is_modifier($0) != 0 } ?? false
                return editor?.pressed(keyval, state, isModifier: isModifier) ?? false ? 1 : 0
            }
        }, SwiftClosureData.retained(WeakEditor(self)), SwiftClosureData.releaseOnClosureDestroy)
        gtk_widget_add_controller(gmk_widget(window.gpointer), keys)
    }

    private func pressed(_ keyval: guint, _ state: GdkModifierType, isModifier: Bool) -> Bool {
        let modifiers = GdkModifierType(rawValue: state.rawValue & gtk_accelerator_get_default_mod_mask().rawValue)
        guard let name = capturing else {
            // Escape cancels a conflict's choice, else closes the window.
            guard keyval == guint(GDK_KEY_Escape), modifiers.rawValue == 0 else { return false }
            if proposal != nil { cancel() } else { gtk_window_close(window) }
            return true
        }
        guard !isModifier else { return true }
        if modifiers.rawValue == 0, keyval == guint(GDK_KEY_Escape) {
            stopCapture()
            return true
        }
        if modifiers.rawValue == 0, keyval == guint(GDK_KEY_BackSpace) {
            stopCapture()
            change(name, to: nil)
            return true
        }
        let key = gdk_keyval_to_lower(keyval)
        guard gtk_accelerator_valid(key, modifiers) != 0, let written = gtk_accelerator_name(key, modifiers) else {
            return true
        }
        defer { g_free(written) }
        stopCapture()
        propose(String(cString: written), for: name)
        return true
    }

    // MARK: Conflicts

    /// Gives `name` the keys at once when nothing stands in the way; else shows what does, with
    /// the choices it allows.
    package func propose(_ accelerator: String, for name: String) {
        guard let application, let parsed = parseAccelerator(accelerator) else { return }
        let commands = application.commandLayout.commands
        let holders = application.commandLayout.commandOrder.map { other in
            ShortcutConflicts.Holder(name: other, title: commands[other].map { MenuLabelText.normalize($0.title).text } ?? other,
                                     canonical: commands[other]?.shortcut.flatMap(parseAccelerator)?.canonical)
        }
        if holders.first(where: { $0.name == name })?.canonical == parsed.canonical { return }
        let conflicts = ShortcutConflicts.find(parsed.canonical, typesText: parsed.typesText, for: name,
                                               commands: holders, windowKeys: windowKeys())
        guard !conflicts.isEmpty else {
            change(name, to: accelerator)
            return
        }
        proposal = (name, accelerator, conflicts)
        let keys = acceleratorLabel(accelerator) ?? accelerator
        let title = rows[name]?.title ?? name
        var lines: [String] = []
        var offersSwap = false
        for conflict in conflicts {
            switch conflict {
            case .keptByDesktop(let reason): lines.append("\(keys) cannot be used: \(reason).")
            case .command(_, let other):
                lines.append("\(keys) is the shortcut of “\(other)”.")
                offersSwap = true
            case .windowMenu(let what): lines.append("\(keys) \(what).")
            case .editingKey: lines.append("Text fields and lists use \(keys): “\(title)” will get it only where the focused widget does not use it.")
            }
        }
        let allowed = conflicts.allSatisfy(\.canBeOverridden)
        gtk_label_set_text(gmk_label(conflictLabel), lines.joined(separator: "\n"))
        gtk_widget_set_visible(swapButton, allowed && offersSwap ? 1 : 0)
        gtk_button_set_label(gmk_button(replaceButton.gpointer), offersSwap ? "Replace" : "Use Anyway")
        gtk_widget_set_visible(replaceButton, allowed ? 1 : 0)
        gtk_widget_set_visible(conflictBox, 1)
        // A screen reader hears the conflict with the button the focus moves to.
        for button in [swapButton, replaceButton] { gmk_accessible_set_description(button, lines.joined(separator: " ")) }
        gtk_widget_grab_focus(allowed ? (offersSwap ? swapButton : replaceButton) : conflictLabel)
    }

    /// Carries out the proposal: the command that had the keys gets this command's old ones
    /// (`swapping`) or none.
    private func resolve(swapping: Bool) {
        guard let proposal, let application else { return }
        self.proposal = nil
        gtk_widget_set_visible(conflictBox, 0)
        let old = application.shortcut(forCommand: proposal.command)
        let others = proposal.conflicts.compactMap { conflict -> String? in
            if case .command(let other, _) = conflict { return other }
            return nil
        }
        for other in others { application.setShortcut(nil, forCommand: other) }
        change(proposal.command, to: proposal.accelerator)
        if swapping, let other = others.first { application.setShortcut(old, forCommand: other) }
        showShortcuts()
        focusKeysButton(of: proposal.command)
    }

    private func cancel() {
        guard let proposal else { return }
        self.proposal = nil
        gtk_widget_set_visible(conflictBox, 0)
        focusKeysButton(of: proposal.command)
    }

    private func change(_ name: String, to accelerator: String?) {
        application?.setShortcut(accelerator, forCommand: name)
        showShortcuts()
    }

    private func resetAll() {
        cancel()
        application?.resetAllShortcuts()
        showShortcuts()
    }

    private func focusKeysButton(of name: String) {
        if let row = rows[name] { gtk_widget_grab_focus(row.keysButton) }
    }

    /// What the menus of the window it was opened for do with keys: its menu bar, and the
    /// shortcuts of GMenuKit's menus in it.
    private func windowKeys() -> [String: String] {
        guard let window = forWindow?.object else { return ShortcutConflicts.windowMenuKeys(barTitles: nil) }
        var keys = ShortcutConflicts.windowMenuKeys(barTitles: Self.menuBarTitles(in: window))
        for (accelerator, title) in ScopedShortcuts.menuKeys(in: window) {
            guard let canonical = parseAccelerator(accelerator)?.canonical, keys[canonical] == nil else { continue }
            keys[canonical] = title.isEmpty ? "is used by a menu of the window"
                : "is the shortcut of “\(MenuLabelText.normalize(title).text)” in a menu of the window"
        }
        return keys
    }

    /// The titles of the first menu bar in `widget`, as GTK shows them (`_` marks), or nil.
    private static func menuBarTitles(in widget: UnsafeMutablePointer<GtkWidget>) -> [String]? {
        if gmk_is_popover_menu_bar(widget) != 0 {
            guard let model = gtk_popover_menu_bar_get_menu_model(OpaquePointer(widget)) else { return [] }
            return (0..<g_menu_model_get_n_items(model)).compactMap { index in
                guard let value = g_menu_model_get_item_attribute_value(model, index, "label", gmk_variant_type_string()) else { return nil }
                defer { g_variant_unref(value) }
                return String(cString: g_variant_get_string(value, nil))
            }
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let titles = menuBarTitles(in: current) { return titles }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    // MARK: Widgets

    private func connect(_ button: UnsafeMutablePointer<GtkWidget>, _ action: @escaping @MainActor (ShortcutsEditor) -> Void) {
        onSignal(button, .clicked) { [weak self] _ in
            guard let self else { return }
            action(self)
        }
    }

    /// Names a keys button by its command, its keys (or what it waits for) as description.
    /// GTK names a button by its label (4.8: the label property it sets; 4.18: the label
    /// widget it is labelled by), again on every `set_label`: call this after each.
    private static func name(_ row: Row, description: String) {
        gmk_accessible_reset_labelled_by(row.keysButton)
        gmk_accessible_set_label(row.keysButton, "\(row.title) Shortcut")
        gmk_accessible_set_description(row.keysButton, description)
    }

    private static func iconButton(_ icon: String, name: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_from_icon_name(icon)!
        gtk_widget_add_css_class(button, "flat")
        gmk_accessible_set_label(button, name)
        ControlAccessibility.hideDecorations(under: button)
        return button
    }

    private static func margins(_ widget: UnsafeMutablePointer<GtkWidget>, _ margin: Int32) {
        gtk_widget_set_margin_start(widget, margin)
        gtk_widget_set_margin_end(widget, margin)
        gtk_widget_set_margin_top(widget, margin / 2)
        gtk_widget_set_margin_bottom(widget, margin / 2)
    }

    /// A command's keys button, its reset and its disable button (for tests).
    package func buttons(of name: String) -> (keys: UnsafeMutablePointer<GtkWidget>, reset: UnsafeMutablePointer<GtkWidget>,
                                               disable: UnsafeMutablePointer<GtkWidget>)? {
        rows[name].map { ($0.keysButton, $0.resetButton, $0.disableButton) }
    }

    /// The editor of an editor window, for tests.
    package static func of(_ window: UnsafeMutablePointer<GtkWindow>) -> ShortcutsEditor? {
        g_object_get_data(gmk_object(window), ownerKey).map { SwiftClosureData.object($0, as: ShortcutsEditor.self) }
    }
}

/// The editor a key callback reaches, without keeping it alive.
private final class WeakEditor {
    weak var editor: ShortcutsEditor?
    init(_ editor: ShortcutsEditor) { self.editor = editor }
}
