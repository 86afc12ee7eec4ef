import CGtk
import CMenuObjects
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// The command palette: every command of a window, found by typing (Help › Search…,
/// Ctrl+Shift+P, or ``Application/showCommandPalette()``).
///
/// It lists what the window's menus offer when it opens (``WindowCommands``): the menu bar,
/// the primary menu and the other menu buttons, and the context menu of the focused widget
/// for its current selection. Each result shows its title, the menus leading to it, its
/// state (✓) and its shortcut; an unavailable one is dimmed, says so and comes last, and
/// Return never chooses it. Choosing one closes the palette and does what choosing the menu
/// item does, in the window the palette was opened for. Escape closes it; the window keeps
/// the focus it had.
///
/// An app can also place one in its own window (``init(embeddedIn:usage:)``): the same field and
/// results as a widget of that window, which reads the window's commands each time it shows
/// and after each choice.
@MainActor
public final class CommandPalette {
    /// The palette's own window, over the window it searches; nil for a palette placed in the
    /// app's window.
    public let window: UnsafeMutablePointer<GtkWindow>?
    /// The search field, the count and the results: the palette's window's content, or the
    /// widget an app places.
    public let widget: UnsafeMutablePointer<GtkWidget>
    private let entry: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    private let status: UnsafeMutablePointer<GtkWidget>
    private let searched: WeakObjectPointer<GtkWidget>
    private var commands: [WindowCommand] = []
    private var index = CommandSearchIndex([])
    private let usage: CommandUsageStore
    /// The commands the rows show, in their order.
    private var shown: [Int] = []

    /// At most this many results are shown: a person refines the words rather than scrolls.
    static let shownResults = 50

    /// Opens the palette for `searched`, with the commands its menus offer now.
    public convenience init(searching searched: UnsafeMutablePointer<GtkWindow>, usage: CommandUsageStore) {
        let window = gmk_window(gtk_window_new().gpointer)!
        gtk_window_set_title(window, "Commands")
        gtk_window_set_transient_for(window, searched)
        gtk_window_set_modal(window, 1)
        gtk_window_set_default_size(window, 520, 400)
        gtk_window_set_destroy_with_parent(window, 1)
        self.init(window: window, searched: gmk_widget(searched.gpointer), usage: usage)
        gtk_window_set_child(window, widget)
        WidgetOwnership.give(self, to: gmk_widget(window.gpointer), key: "gmenukit-command-palette")
        connectWidgetSignal(gmk_widget(window.gpointer), "destroy") { [weak self] _ in
            if let self, Self.current === self { Self.current = nil }
        }
        readCommands()
    }

    /// A palette an app places in `window` (a sidebar, a popover of its header bar): put
    /// ``widget`` where it belongs. It reads the window's commands as it shows and after each
    /// choice; choosing leaves it in place with an empty field, and Escape empties the field.
    public convenience init(embeddedIn window: UnsafeMutablePointer<GtkWindow>, usage: CommandUsageStore) {
        self.init(window: nil, searched: gmk_widget(window.gpointer), usage: usage)
        WidgetOwnership.give(self, to: widget, key: "gmenukit-command-palette")
        connectWidgetSignal(widget, "map") { [weak self] _ in self?.readCommands() }
    }

    private init(window: UnsafeMutablePointer<GtkWindow>?, searched: UnsafeMutablePointer<GtkWidget>, usage: CommandUsageStore) {
        self.window = window
        self.searched = WeakObjectPointer(searched)
        self.usage = usage
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        for set in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            set(box, 12)
        }
        widget = box
        entry = gtk_search_entry_new()!
        gmk_accessible_set_label(entry, "Search commands")
        status = gmk_widget_new_with_role(gtk_label_get_type(), GTK_ACCESSIBLE_ROLE_STATUS, nil)
        gtk_label_set_xalign(gmk_label(status), 0)
        gtk_widget_add_css_class(status, "dim-label")
        list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_SINGLE)
        gmk_accessible_set_label(list, "Commands")
        // The entry keeps the keyboard: Up and Down move the selection, as in GNOME Shell's search.
        gtk_widget_set_focusable(list, 0)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(gmk_scrolled_window(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(gmk_scrolled_window(scroller), list)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_box_append(gmk_box(box), entry)
        gtk_box_append(gmk_box(box), status)
        gtk_box_append(gmk_box(box), scroller)

        connectWidgetSignal(entry, "changed") { [weak self] _ in self?.showResults() }
        onRowActivated(list) { [weak self] row in self?.choose(Int(gtk_list_box_row_get_index(row))) }
        installKeys()
    }

    /// What the searched window's menus offer now.
    private func readCommands() {
        commands = searched.object.map { WindowCommands.read(in: $0) } ?? []
        index = CommandSearchIndex(commands.map(\.searchEntry), fold: SearchFolding.fold)
        showResults()
    }

    /// The palette open now, if any.
    public private(set) static weak var current: CommandPalette?

    /// Shows the palette and puts the keyboard in its search field.
    public func present() {
        if let window {
            Self.current = self
            gtk_window_present(window)
        }
        gtk_widget_grab_focus(entry)
    }

    /// The titles of the results shown now, with their menus ("Insert › Date"), for tests and
    /// for what a screen reader reads.
    public var shownTitles: [String] {
        shown.map { MenuLabelText.path(commands[$0].path + [commands[$0].title]) }
    }

    /// What the search field holds.
    public var query: String {
        get { String(cString: gtk_editable_get_text(OpaquePointer(entry))) }
        set { gtk_editable_set_text(OpaquePointer(entry), newValue) }
    }

    // MARK: Results

    private func showResults() {
        let matches = index.search(query, usage: usage.usage, now: CommandUsageStore.now(), limit: Self.shownResults)
        shown = matches.map(\.index)
        while let row = gtk_widget_get_first_child(list) { gtk_list_box_remove(OpaquePointer(list), row) }
        for position in shown { gtk_list_box_append(OpaquePointer(list), row(for: commands[position])) }
        // Return chooses the best available result; an unavailable one is never chosen by it.
        if let firstAvailable = shown.firstIndex(where: { commands[$0].isAvailable }),
           let row = gtk_list_box_get_row_at_index(OpaquePointer(list), gint(firstAvailable)) {
            gtk_list_box_select_row(OpaquePointer(list), row)
        } else {
            gtk_list_box_unselect_all(OpaquePointer(list))
        }
        let count = shown.count
        let text = query.isEmpty
            ? (count == 0 ? "Type to find a command" : "Recently used")
            : count == 0 ? "No commands match" : count == 1 ? "1 command" : "\(count) commands"
        gtk_label_set_text(gmk_label(status), text)
        // Named by its text on GTK 4.8 (4.18 prohibits a status's name; its text is read), and
        // announced as it changes where GTK can (4.14 and later).
        gmk_accessible_set_label(status, text)
        if !query.isEmpty { _ = gmk_accessible_announce(status, text) }
    }

    private func row(for command: WindowCommand) -> UnsafeMutablePointer<GtkWidget> {
        let row = gtk_list_box_row_new()!
        let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_set_margin_top(line, 4)
        gtk_widget_set_margin_bottom(line, 4)
        gtk_widget_set_margin_start(line, 6)
        gtk_widget_set_margin_end(line, 6)
        let check = gtk_label_new(command.state ?? "")!
        gtk_label_set_width_chars(gmk_label(check), 2)
        let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_hexpand(texts, 1)
        let title = gtk_label_new(command.title)!
        gtk_label_set_xalign(gmk_label(title), 0)
        let where_ = command.path.isEmpty ? "" : MenuLabelText.path(command.path)
        // A dimmed command says so, and why where the app says (its `.help`).
        let unavailable = command.help.map { "Unavailable: " + $0 } ?? "Unavailable"
        let detail = gtk_label_new(command.isAvailable ? where_ : [where_, unavailable].filter { !$0.isEmpty }.joined(separator: " · "))!
        gtk_label_set_xalign(gmk_label(detail), 0)
        gtk_widget_add_css_class(detail, "dim-label")
        gtk_widget_add_css_class(detail, "caption")
        gtk_box_append(gmk_box(texts), title)
        if !(where_.isEmpty && command.isAvailable) { gtk_box_append(gmk_box(texts), detail) }
        gtk_box_append(gmk_box(line), check)
        gtk_box_append(gmk_box(line), texts)
        if let shortcut = command.shortcut {
            let keys = gtk_label_new(shortcut)!
            gtk_widget_add_css_class(keys, "dim-label")
            gtk_box_append(gmk_box(line), keys)
        }
        if !command.isAvailable { gtk_widget_add_css_class(line, "dim-label") }
        gtk_list_box_row_set_child(row.withMemoryRebound(to: GtkListBoxRow.self, capacity: 1) { $0 }, line)
        // Heard as one item: what it is, where, its state and its keys.
        let spoken = [command.title, where_, command.state == nil ? nil : "checked",
                      command.isAvailable ? nil : command.help.map { "unavailable: " + $0 } ?? "unavailable",
                      command.shortcut].compactMap { $0 }.filter { !$0.isEmpty }
        gmk_accessible_set_label(row, spoken.joined(separator: ", "))
        return row
    }

    // MARK: Choosing

    private func installKeys() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        gmk_connect_key_pressed(keys, { _, keyval, _, _, data in
            nonisolated(unsafe) let data = data
            return MainActor.assumeIsolated {
                SwiftClosureData.object(data, as: WeakPalette.self).palette?.pressed(keyval) ?? false ? 1 : 0
            }
        }, SwiftClosureData.retained(WeakPalette(self)), SwiftClosureData.releaseOnClosureDestroy)
        gtk_widget_add_controller(window.map { gmk_widget($0.gpointer) } ?? widget, keys)
    }

    private func pressed(_ key: guint) -> Bool {
        switch Int32(key) {
        case GDK_KEY_Escape:
            guard window != nil else {
                // Placed in the app's window: Escape empties the field, and goes on when it is empty.
                if query.isEmpty { return false }
                query = ""
                return true
            }
            close()
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            if let row = gtk_list_box_get_selected_row(OpaquePointer(list)) { choose(Int(gtk_list_box_row_get_index(row))) }
        case GDK_KEY_Down, GDK_KEY_KP_Down: moveSelection(by: 1)
        case GDK_KEY_Up, GDK_KEY_KP_Up: moveSelection(by: -1)
        default: return false
        }
        return true
    }

    private func moveSelection(by step: Int) {
        guard !shown.isEmpty else { return }
        let current = gtk_list_box_get_selected_row(OpaquePointer(list)).map { Int(gtk_list_box_row_get_index($0)) } ?? -1
        let next = max(0, min(shown.count - 1, current + step))
        guard let row = gtk_list_box_get_row_at_index(OpaquePointer(list), gint(next)) else { return }
        gtk_list_box_select_row(OpaquePointer(list), row)
        gtk_widget_grab_focus(entry)
    }

    /// Closes the palette (or, placed in the app's window, empties it), then acts as the menu
    /// item would, in the window searched.
    private func choose(_ position: Int) {
        guard shown.indices.contains(position) else { return }
        let command = commands[shown[position]]
        guard command.isAvailable else { return }
        usage.recordChoice(of: command.searchEntry.usageKey)
        if window != nil {
            close()
            command.activate()
        } else {
            command.activate()
            query = ""
            // States changed (a toggle flipped): read again once the action has run.
            runAfterThisEvent { [weak self] in self?.readCommands() }
        }
    }

    /// Closes the palette's window and gives the keyboard back to the window searched, whose
    /// focused widget is the one it had (a window manager would, and X without one would not).
    /// Nothing for a palette placed in the app's window.
    public func close() {
        guard let window else { return }
        let searched = searched.object
        gtk_window_destroy(window)
        if let searched { gtk_window_present(gmk_window(searched.gpointer)) }
    }
}

/// Reaches the palette from GTK's callbacks without keeping it alive: its widget owns it.
@MainActor
private final class WeakPalette {
    weak var palette: CommandPalette?
    init(_ palette: CommandPalette) { self.palette = palette }
}
