import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

@MainActor
private final class EditorLog {
    var saves = 0
    var isBold = false
    var duplicates = 0
}

/// The Keyboard Shortcuts window as an editor, used with real clicks and keys (xdotool): new
/// keys recorded, conflicts shown before anything changes (another command: swap, replace or
/// cancel; the desktop's keys: refused; the window's menus and editing keys: use anyway or
/// cancel), disabled with Backspace, reset one and all, and every menu following at once.
final class ShortcutsEditorTests: GtkTestCase {
    @MainActor
    private static func application(_ log: EditorLog, file: String) -> Application {
        let app = Application(id: "org.gmenukit.ShortcutsEditor", flags: G_APPLICATION_NON_UNIQUE, name: "Editor")
        app.shortcutsFile = file
        app.commands {
            CommandGroup(replacing: .saveItem) {
                Button("Save") { log.saves += 1 }.keyboardShortcut("<Control>s")
            }
            CommandMenu("Format") {
                Toggle("Bold", isOn: Binding(get: { log.isBold }, set: { log.isBold = $0 })).keyboardShortcut("<Control>b")
                Button("Clear Formatting") {}
            }
        }
        return app
    }

    private struct Opened {
        let app: Application
        let window: UnsafeMutablePointer<GtkWidget>
        let bar: MenuBar
        let editorWindow: UnsafeMutablePointer<GtkWindow>
        let editor: ShortcutsEditor
        let editorAlive: WeakObjectPointer<GtkWindow>
    }

    /// The application's window (a menu bar and a pull-down with Ctrl+D) and the editor over it.
    @MainActor
    private static func open(_ log: EditorLog, file: String) throws -> Opened {
        let app = application(log, file: file)
        XCTAssertTrue(app.register())
        let bar = app.makeMenuBar()
        let note = PullDownButton(Menu("Note") { Button("Duplicate") { log.duplicates += 1 }.keyboardShortcut("<Control>d") })
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_box_append(gmk_box(box.gpointer), bar.widget)
        gtk_box_append(gmk_box(box.gpointer), note.widget)
        let window = gtk_application_window_new(app.gtkApplication)!
        gtk_window_set_title(gmk_window(window.gpointer), "Editor Test")
        gtk_window_set_default_size(gmk_window(window.gpointer), 600, 640)
        gtk_window_set_child(gmk_window(window.gpointer), box)
        gtk_window_present(gmk_window(window.gpointer))
        try MainLoop.wait(for: "the window to show") { gtk_widget_get_mapped(note.widget) != 0 }
        let editorWindow = try XCTUnwrap(app.showKeyboardShortcuts())
        let editor = try XCTUnwrap(ShortcutsEditor.of(editorWindow))
        try MainLoop.wait(for: "the editor to show") { gtk_widget_get_mapped(editor.buttons(of: "save")!.keys) != 0 }
        try RealInput.focusWindow(titled: "Keyboard Shortcuts")
        return Opened(app: app, window: window, bar: bar, editorWindow: editorWindow, editor: editor,
                      editorAlive: WeakObjectPointer(editorWindow))
    }

    @MainActor
    private static func close(_ opened: Opened) {
        if let editor = opened.editorAlive.object { gtk_window_destroy(editor) }
        gtk_window_destroy(gmk_window(opened.window.gpointer))
        MainLoop.drain()
        opened.app.quit()
        MainLoop.drain()
    }

    @MainActor
    private static func label(_ button: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_button_get_label(gmk_button(button.gpointer)).map { String(cString: $0) } ?? ""
    }

    @MainActor
    private static func conflict(_ editor: ShortcutsEditor) -> String? {
        guard gtk_widget_get_visible(editor.conflictBox) != 0 else { return nil }
        return String(cString: gtk_label_get_text(gmk_label(editor.conflictLabel)))
    }

    /// Clicks a command's keys button and presses `keys`.
    @MainActor
    private static func record(_ keys: String, for name: String, in editor: ShortcutsEditor) throws {
        let button = try XCTUnwrap(editor.buttons(of: name)?.keys)
        // Rows move when a conflict shows or goes: click where the button is drawn now.
        gtk_test_widget_wait_for_draw(gmk_widget(editor.window.gpointer))
        try RealInput.click(button)
        try MainLoop.wait(for: "\(name)'s button to wait for keys") { label(button) == ShortcutsEditor.capturingText }
        try RealInput.key(keys)
        try MainLoop.wait(for: "\(keys) to be taken") { label(button) != ShortcutsEditor.capturingText }
        MainLoop.drain()
    }

    /// Runs `body` with the application's window and the editor open over it, and a shortcuts
    /// file of the test's own; closes and removes them after.
    private func withEditor(file name: String, _ body: @MainActor (Opened, EditorLog, String) throws -> Void) throws {
        try GtkSession.start()
        let file = temporaryPath(name)
        defer { try? FileManager.default.removeItem(atPath: file) }
        try onMain {
            let log = EditorLog()
            let opened = try Self.open(log, file: file)
            defer { Self.close(opened) }
            try body(opened, log, file)
        }
    }

    func testNewKeysAreRecordedAndEveryMenuFollowsAtOnce() throws {
        try withEditor(file: "editor.ini") { opened, log, file in
            let editor = opened.editor
            let save = try XCTUnwrap(editor.buttons(of: "save"))
            XCTAssertEqual(Self.label(save.keys), "Ctrl+S")
            XCTAssertEqual(Self.label(try XCTUnwrap(editor.buttons(of: "clear-formatting")).keys), ShortcutsEditor.disabledText)
            XCTAssertEqual(gtk_widget_get_sensitive(save.reset), 0, "nothing to reset yet")
            XCTAssertEqual(gtk_widget_get_sensitive(editor.resetAllButton), 0)

            // Free keys are taken at once; modifiers pressed alone wait for the key.
            try Self.record("ctrl+shift+e", for: "save", in: editor)
            XCTAssertNil(Self.conflict(editor))
            XCTAssertEqual(Self.label(save.keys), "Shift+Ctrl+E")
            XCTAssertEqual(opened.app.shortcut(forCommand: "save"), "<Shift><Control>e")
            XCTAssertEqual(ApplicationTests.accelerators(opened.app, "app.save"), ["<Shift><Control>e"])
            let items = MenuModelReader.read(opened.bar.menu.menuModel)
            XCTAssertEqual(item(labelled: "Save", in: items)?.attributes["accel"], "<Shift><Control>e", "the menu bar shows the new keys")
            XCTAssertEqual(gtk_widget_get_sensitive(save.reset), 1)
            XCTAssertEqual(gtk_widget_get_sensitive(editor.resetAllButton), 1)
            XCTAssertEqual(try ShortcutStorage.keyFile(file).read(), ["save": "<Shift><Control>e"], "kept for the next run")

            // A command without keys gets some.
            try Self.record("ctrl+alt+c", for: "clear-formatting", in: editor)
            XCTAssertEqual(opened.app.shortcut(forCommand: "clear-formatting"), "<Control><Alt>c")

            // Escape cancels recording; Backspace disables the shortcut.
            let bold = try XCTUnwrap(editor.buttons(of: "bold"))
            try Self.record("Escape", for: "bold", in: editor)
            XCTAssertEqual(Self.label(bold.keys), "Ctrl+B")
            XCTAssertEqual(gtk_widget_get_visible(gmk_widget(opened.editorWindow.gpointer)), 1, "Escape while recording keeps the window")
            try Self.record("BackSpace", for: "bold", in: editor)
            XCTAssertEqual(Self.label(bold.keys), ShortcutsEditor.disabledText)
            XCTAssertNil(opened.app.shortcut(forCommand: "bold"))
            XCTAssertEqual(gtk_widget_get_sensitive(bold.disable), 0)

            // Reset one, then all, by clicking.
            try RealInput.click(bold.reset)
            try MainLoop.wait(for: "Bold to get Ctrl+B back") { opened.app.shortcut(forCommand: "bold") == "<Control>b" }
            XCTAssertEqual(Self.label(bold.keys), "Ctrl+B")
            try RealInput.click(editor.resetAllButton)
            try MainLoop.wait(for: "every shortcut to be reset") { opened.app.shortcut(forCommand: "save") == "<Control>s" }
            XCTAssertNil(opened.app.shortcut(forCommand: "clear-formatting"))
            XCTAssertEqual(try ShortcutStorage.keyFile(file).read(), [:])
            XCTAssertEqual(Self.label(save.keys), "Ctrl+S")

            // The disable button, and Escape with nothing pending closes the window.
            try RealInput.click(save.disable)
            try MainLoop.wait(for: "Save to lose its keys") { opened.app.shortcut(forCommand: "save") == nil }
            XCTAssertEqual(ApplicationTests.accelerators(opened.app, "app.save"), [])
            let closed = WeakObjectPointer(opened.editorWindow)
            gtk_widget_grab_focus(save.keys)
            g_object_ref(opened.editorWindow.gpointer)
            try RealInput.key("Escape")
            try MainLoop.wait(for: "Escape to close the editor") { gtk_widget_get_visible(gmk_widget(opened.editorWindow.gpointer)) == 0 }
            g_object_unref(opened.editorWindow.gpointer)
            MainLoop.drain()
            XCTAssertNil(closed.object, "the editor went with its window")
        }
    }

    func testAConflictIsShownBeforeAnythingChangesAndOffersSwapReplaceOrCancel() throws {
        try withEditor(file: "conflicts.ini") { opened, log, file in
            let editor = opened.editor
            let app = opened.app

            // Another command's keys: nothing changes until the person chooses.
            try Self.record("ctrl+b", for: "save", in: editor)
            XCTAssertEqual(Self.conflict(editor), "Ctrl+B is the shortcut of “Bold”.")
            XCTAssertEqual(gtk_widget_get_visible(editor.swapButton), 1)
            XCTAssertEqual(Self.label(editor.replaceButton), "Replace")
            XCTAssertEqual(app.shortcut(forCommand: "save"), "<Control>s", "unchanged while the choice waits")
            // Escape cancels the choice.
            try RealInput.key("Escape")
            try MainLoop.wait(for: "the conflict to go") { Self.conflict(editor) == nil }
            XCTAssertEqual(app.shortcut(forCommand: "save"), "<Control>s")
            XCTAssertEqual(app.shortcut(forCommand: "bold"), "<Control>b")

            // Swap: the focus is on Swap, and Return chooses it.
            try Self.record("ctrl+b", for: "save", in: editor)
            XCTAssertNotNil(Self.conflict(editor))
            XCTAssertEqual(gtk_widget_has_focus(editor.swapButton), 1, "the focus moves to the first choice")
            try RealInput.key("Return")
            try MainLoop.wait(for: "the swap") { app.shortcut(forCommand: "save") == "<Control>b" }
            XCTAssertEqual(app.shortcut(forCommand: "bold"), "<Control>s")
            XCTAssertEqual(Self.label(try XCTUnwrap(editor.buttons(of: "bold")).keys), "Ctrl+S")
            XCTAssertNil(Self.conflict(editor))

            // Replace: Bold gives its keys up.
            try Self.record("ctrl+b", for: "bold", in: editor)
            XCTAssertEqual(Self.conflict(editor), "Ctrl+B is the shortcut of “Save”.")
            try RealInput.click(editor.replaceButton)
            try MainLoop.wait(for: "the replacement") { app.shortcut(forCommand: "bold") == "<Control>b" }
            XCTAssertNil(app.shortcut(forCommand: "save"))

            // The desktop's keys are refused: no way to go on.
            try Self.record("super+p", for: "save", in: editor)
            XCTAssertTrue(Self.conflict(editor)?.hasPrefix("Super+P cannot be used: the desktop keeps Super shortcuts") ?? false,
                          Self.conflict(editor) ?? "no conflict")
            XCTAssertEqual(gtk_widget_get_visible(editor.swapButton), 0)
            XCTAssertEqual(gtk_widget_get_visible(editor.replaceButton), 0)
            try RealInput.key("Escape")
            try MainLoop.wait(for: "the refusal to go") { Self.conflict(editor) == nil }
            XCTAssertNil(app.shortcut(forCommand: "save"))

            // The window's menus: F10 opens its menu bar, Alt+F its File menu, Ctrl+D is an item's.
            for (keys, expected) in [("F10", "F10 opens the menu bar."), ("alt+f", "Alt+F opens the File menu."),
                                     ("ctrl+d", "Ctrl+D is the shortcut of “Duplicate” in a menu of the window.")] {
                try Self.record(keys, for: "save", in: editor)
                XCTAssertEqual(Self.conflict(editor), expected)
                XCTAssertEqual(Self.label(editor.replaceButton), "Use Anyway")
                XCTAssertEqual(gtk_widget_get_visible(editor.swapButton), 0)
                try RealInput.key("Escape")
                try MainLoop.wait(for: "the conflict to go") { Self.conflict(editor) == nil }
            }

            // An editing key: used anyway, it runs where the focused widget lets it through.
            try Self.record("Delete", for: "save", in: editor)
            XCTAssertEqual(Self.conflict(editor), "Text fields and lists use Delete: “Save” will get it only where the focused widget does not use it.")
            try RealInput.click(editor.replaceButton)
            try MainLoop.wait(for: "Save to get Delete") { app.shortcut(forCommand: "save") == "Delete" }
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.save"), [], "after the focused widget, not an application accelerator")
            XCTAssertEqual(try ShortcutStorage.keyFile(file).read(), ["save": "Delete"])
        }
    }

    /// The new keys work in the application's window and the old ones do not.
    func testRecordedKeysRunTheCommandInTheWindow() throws {
        try withEditor(file: "run.ini") { opened, log, file in
            try Self.record("ctrl+shift+e", for: "save", in: opened.editor)
            gtk_window_destroy(opened.editorWindow)
            MainLoop.drain()
            try RealInput.focusWindow(titled: "Editor Test")
            try RealInput.key("ctrl+s")
            MainLoop.rest(seconds: 0.2)
            MainLoop.drain()
            XCTAssertEqual(log.saves, 0, "the old keys do nothing")
            try RealInput.key("ctrl+shift+e")
            try MainLoop.wait(for: "the new keys to save") { log.saves == 1 }
        }
    }

    /// Screenshots of the editor with a conflict shown, light and dark, when asked for.
    func testScreenshotsOfTheEditorInLightAndDark() throws {
        try GtkSession.start()
        var directory = ""
        try onMain { directory = try ControlProbes.screenshotDirectory() }
        let file = temporaryPath("shots.ini")
        defer { try? FileManager.default.removeItem(atPath: file) }
        try onMain {
            let opened = try Self.open(EditorLog(), file: file)
            defer {
                ThemeVariant.set(dark: false)
                Self.close(opened)
            }
            try Self.record("ctrl+shift+e", for: "save", in: opened.editor)
            try Self.record("ctrl+b", for: "clear-formatting", in: opened.editor)
            for dark in [false, true] {
                ThemeVariant.set(dark: dark)
                ControlProbes.saveScreenshot(of: gmk_widget(opened.editorWindow.gpointer),
                                             as: "\(directory)/shortcuts-editor-\(dark ? "dark" : "light").png", size: (560, 520))
            }
        }
    }

    /// What a screen reader hears of the editor in the example app, used from the keyboard
    /// alone: each command's keys button named by the command with its keys as description,
    /// recording heard as such, a change heard at once, and a conflict heard on the choice the
    /// focus moves to. (Keys, not clicks: GTK 4.18 reports extents that do not place a widget of
    /// a second window.)
    func testAScreenReaderHearsEachCommandsKeysAndTheirChange() throws {
        let configuration = temporaryPath("atspi-config")
        defer { try? FileManager.default.removeItem(atPath: configuration) }
        // New Window's keys have the focus; Tab passes its disable button (reset is dimmed).
        let steps = ["key:ctrl+question", "key:Tab", "key:Tab", "key:Return", "key:ctrl+shift+e", "key:Return", "key:ctrl+b"]
        let readings = try ControlAccessibilityTests.read(program: "ExampleNotepad", steps: steps,
                                                          environment: ["XDG_CONFIG_HOME": configuration])
        XCTAssertEqual(readings.map(\.step), steps)
        guard readings.count == steps.count else { return }
        func button(_ name: String, in reading: Int) -> ControlAccessibilityTests.Node? {
            readings[reading].nodes.first { $0.name == name && $0.isButton }
        }
        XCTAssertEqual(button("Save Shortcut", in: 0)?.description, "Ctrl+S")
        XCTAssertEqual(button("Bold Shortcut", in: 0)?.description, "Ctrl+B")
        XCTAssertEqual(button("New Window Shortcut", in: 0)?.states.contains("focused"), true, "the first command's keys have the focus")
        XCTAssertNotNil(button("Reset All", in: 0))
        XCTAssertEqual(button("Disable Save", in: 0)?.states.contains("focusable"), true)
        XCTAssertEqual(button("Save Shortcut", in: 2)?.states.contains("focused"), true)
        XCTAssertEqual(button("Save Shortcut", in: 3)?.description, "New shortcut… Escape cancels; Backspace disables the shortcut.",
                       "recording keeps the command's name")
        XCTAssertEqual(button("Save Shortcut", in: 4)?.description, "Shift+Ctrl+E", "the change is heard at once")
        let swap = button("Swap", in: 6)
        XCTAssertEqual(swap?.description, "Ctrl+B is the shortcut of “Bold”.")
        XCTAssertEqual(swap?.states.contains("focused"), true, "the focus is on the first choice")
        XCTAssertEqual(button("Save Shortcut", in: 6)?.description, "Shift+Ctrl+E", "nothing changed yet")
    }
}
