import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

@MainActor
private final class ScopeLog {
    var trashed = 0
    var selectedAll = 0
    var refreshed = 0
    var saved = 0
}

/// Where a command's shortcut runs, with real keys (xdotool) in a window of the application: a
/// key a focused text field, text view or list uses reaches it first (GTK would run an
/// application accelerator before it), and the command runs only when the widget lets it
/// through; other shortcuts stay the application's accelerators.
final class ShortcutScopeTests: GtkTestCase {
    func testEditingKeysReachTheFocusedWidgetFirstAndCommandsRunWhereNoWidgetTakesThem() throws {
        try GtkSession.start()
        try onMain {
            let log = ScopeLog()
            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            let app = Application(id: "org.gmenukit.ShortcutScope", flags: G_APPLICATION_NON_UNIQUE, name: "Scope")
            app.commands {
                CommandMenu("Notes") {
                    Button("Move to Trash") { log.trashed += 1 }.keyboardShortcut("Delete")
                    Button("Select All Notes") { log.selectedAll += 1 }.keyboardShortcut("<Control>a")
                    Button("Refresh") { log.refreshed += 1 }.keyboardShortcut("F5").shortcutScope(.whenNoTextIsFocused)
                    Button("Save") { log.saved += 1 }.keyboardShortcut("<Control>s")
                    Button("Empty Trash") {}.keyboardShortcut("<Shift>Delete").shortcutScope(.application)
                }
            }
            XCTAssertTrue(app.register())
            defer { app.quit() }
            // Save stays an application accelerator; the keys a focused widget uses do not.
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.save"), ["<Control>s"])
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.move-to-trash"), [])
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.select-all-notes"), [])

            let textView = gtk_text_view_new()!
            let buffer = gtk_text_view_get_buffer(gmk_text_view(textView.gpointer))
            gtk_text_buffer_set_text(buffer, "abc", -1)
            let entry = gtk_entry_new()!
            gtk_editable_set_text(gmk_editable(entry.gpointer), "hello")
            let list = gtk_list_box_new()!
            gtk_list_box_append(gmk_list_box(list.gpointer), gtk_label_new("A note"))
            let row = try XCTUnwrap(gtk_list_box_get_row_at_index(gmk_list_box(list.gpointer), 0))
            let button = gtk_button_new_with_label("Plain")!
            let bar = app.makeMenuBar()
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
            for child in [bar.widget, textView, entry, list, button] { gtk_box_append(gmk_box(box.gpointer), child) }
            let window = gtk_application_window_new(app.gtkApplication)!
            gtk_window_set_title(gmk_window(window.gpointer), "Shortcut Scope")
            gtk_window_set_default_size(gmk_window(window.gpointer), 400, 300)
            gtk_window_set_child(gmk_window(window.gpointer), box)
            gtk_window_present(gmk_window(window.gpointer))
            defer {
                gtk_window_destroy(gmk_window(window.gpointer))
                MainLoop.drain()
            }
            try MainLoop.wait(for: "the window to show") { gtk_widget_get_mapped(list) != 0 }
            try RealInput.focusWindow(titled: "Shortcut Scope")

            // The menu still shows the shortcuts beside the commands.
            let items = MenuModelReader.read(bar.menu.menuModel)
            XCTAssertEqual(item(labelled: "Move to Trash", in: items)?.attributes["accel"], "Delete")
            XCTAssertEqual(item(labelled: "Select All Notes", in: items)?.attributes["accel"], "<Control>a")

            // Delete in the text view deletes a character; on a list row it runs the command.
            var start = GtkTextIter()
            gtk_text_buffer_get_start_iter(buffer, &start)
            gtk_text_buffer_place_cursor(buffer, &start)
            try Self.press("Delete", focusing: textView)
            try MainLoop.wait(for: "Delete to delete a character") { Self.text(of: buffer) == "bc" }
            XCTAssertEqual(log.trashed, 0, "the text view took Delete")
            try Self.press("Delete", focusing: gmk_widget(row.gpointer))
            try MainLoop.wait(for: "Delete on the row to move to the trash") { log.trashed == 1 }
            XCTAssertEqual(Self.text(of: buffer), "bc")

            // Ctrl+A in the entry selects its text; on a button, which has no use for it, it
            // runs Select All Notes. (A list box takes Ctrl+A too: it selects its rows.)
            gtk_widget_grab_focus(entry)
            MainLoop.drain()
            gtk_editable_select_region(gmk_editable(entry.gpointer), 0, 0)
            try Self.press("ctrl+a", focusing: nil)
            try MainLoop.wait(for: "Ctrl+A to select the entry's text") { Self.selection(of: entry) == 0..<5 }
            XCTAssertEqual(log.selectedAll, 0, "the entry took Ctrl+A")
            try Self.press("ctrl+a", focusing: button)
            try MainLoop.wait(for: "Ctrl+A on a button to select every note") { log.selectedAll == 1 }

            // F5 `.whenNoTextIsFocused`: nothing while the entry has the focus (the entry lets
            // F5 through), the command on the row.
            try Self.press("F5", focusing: entry)
            MainLoop.rest(seconds: 0.2)
            MainLoop.drain()
            XCTAssertEqual(log.refreshed, 0, "no refresh while text has the focus")
            try Self.press("F5", focusing: gmk_widget(row.gpointer))
            try MainLoop.wait(for: "F5 on the row to refresh") { log.refreshed == 1 }

            // A command in the application scope on an editing key is GTK's accelerator, and said once.
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.empty-trash"), ["<Shift>Delete"])
            let taking = diagnostics.collected.filter { $0.message.contains("runs before the focused widget") }
            XCTAssertEqual(taking.map(\.path), ["Notes › Empty Trash"], "\(diagnostics.collected)")

            // Ctrl+S is still the application's accelerator, before the text view.
            try Self.press("ctrl+s", focusing: textView)
            try MainLoop.wait(for: "Ctrl+S in the text view to save") { log.saved == 1 }
            XCTAssertEqual(Self.text(of: buffer), "bc", "the text view typed nothing")
        }
    }

    /// A menu's own shortcuts (a pull-down's, a menu bar's) already run after the focused
    /// widget; `.application` puts one before it, as GTK's application accelerators, and says
    /// that it takes the key from text.
    func testAMenusShortcutInTheApplicationScopeRunsBeforeTheFocusedWidgetAndIsReported() throws {
        try GtkSession.start()
        try onMain {
            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            var deleted = 0, cleared = 0
            let control = PullDownButton(Menu("Edit") {
                Button("Delete Line") { deleted += 1 }.keyboardShortcut("<Control>Delete")
                Button("Clear") { cleared += 1 }.keyboardShortcut("<Control>BackSpace").shortcutScope(.application)
                Button("Copy Link") {}.keyboardShortcut("<Control>l")
            })
            let textView = gtk_text_view_new()!
            let buffer = gtk_text_view_get_buffer(gmk_text_view(textView.gpointer))
            gtk_text_buffer_set_text(buffer, "one two", -1)
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
            for child in [control.widget, textView] { gtk_box_append(gmk_box(box.gpointer), child) }
            let window = try TestWindow(titled: "Menu Shortcut Scope", child: box)
            defer { window.close() }
            var start = GtkTextIter()
            gtk_text_buffer_get_start_iter(buffer, &start)
            gtk_text_buffer_place_cursor(buffer, &start)
            // Ctrl+Delete deletes a word in the text view: the menu's shortcut waits for it.
            try Self.press("ctrl+Delete", focusing: textView)
            try MainLoop.wait(for: "Ctrl+Delete to delete a word") { Self.text(of: buffer) != "one two" }
            XCTAssertEqual(deleted, 0, "the text view took Ctrl+Delete")
            // Ctrl+BackSpace in the application scope runs before the text view.
            let before = Self.text(of: buffer)
            try Self.press("ctrl+BackSpace", focusing: textView)
            try MainLoop.wait(for: "Ctrl+BackSpace to run Clear") { cleared == 1 }
            XCTAssertEqual(Self.text(of: buffer), before, "the text view never saw Ctrl+BackSpace")
            let reported = diagnostics.collected.filter { $0.path == "Edit › Clear" }
            XCTAssertEqual(reported.count, 1, "\(diagnostics.collected)")
            XCTAssertTrue(reported.first?.message.contains("runs before the focused widget") == true, "\(reported)")
            XCTAssertFalse(diagnostics.collected.contains { $0.path == "Edit › Delete Line" || $0.path == "Edit › Copy Link" },
                           "\(diagnostics.collected)")
        }
    }

    @MainActor
    private static func press(_ key: String, focusing widget: UnsafeMutablePointer<GtkWidget>?) throws {
        if let widget {
            gtk_widget_grab_focus(widget)
            MainLoop.drain()
        }
        try RealInput.key(key)
        MainLoop.drain()
    }

    @MainActor
    private static func text(of buffer: UnsafeMutablePointer<GtkTextBuffer>?) -> String {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    @MainActor
    private static func selection(of entry: UnsafeMutablePointer<GtkWidget>) -> Range<Int> {
        var start: gint = 0, end: gint = 0
        gtk_editable_get_selection_bounds(gmk_editable(entry.gpointer), &start, &end)
        return Int(start)..<Int(end)
    }
}
