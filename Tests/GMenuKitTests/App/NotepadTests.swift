import CGtk
import Foundation
import XCTest

@testable import GMenuKit
@testable import NotepadApp
import GMenuKitTesting

/// The example app, in this process, with real input: header-bar buttons clicked, shortcuts
/// typed in both windows, windows switched by giving them the keyboard focus (xdotool).
final class NotepadTests: GtkTestCase {
    /// Two windows, "Document 1" and "Document 2"; the first has the focus.
    @MainActor
    static func twoWindows() throws -> (notepad: Notepad, first: NotepadWindow, second: NotepadWindow) {
        let notepad = Notepad()
        XCTAssertTrue(notepad.app.register())
        notepad.app.openWindow()
        notepad.app.openWindow()
        let windows = notepad.windows.sorted { $0.document.number < $1.document.number }
        XCTAssertEqual(windows.count, 2)
        for window in windows {
            MainLoop.turn { gtk_widget_get_mapped(window.textView) != 0 }
        }
        // X gave the first window the focus as it mapped, before GTK listened for it: GTK
        // learns of the focus only when it moves.
        try focus(windows[1])
        try focus(windows[0])
        return (notepad, windows[0], windows[1])
    }

    /// Raises the window above the other (both stand at the screen's corner: there is no window
    /// manager), so that clicks reach it, and gives it the keyboard and its text view the focus.
    @MainActor
    static func focus(_ window: NotepadWindow) throws {
        let id = try RealInput.xdotool("search", "--sync", "--name", "^\(window.document.name)$").split(separator: "\n").first.map(String.init) ?? ""
        try RealInput.xdotool("windowraise", id)
        try RealInput.focusWindow(titled: window.document.name)
        MainLoop.turn { window.window.map { gtk_window_is_active($0.window) != 0 } ?? false }
        gtk_widget_grab_focus(window.textView)
        MainLoop.turn { window.window.map { $0.application?.activeWindow === $0 } ?? false }
        MainLoop.drain()
    }

    @MainActor
    static func type(_ text: String, into window: NotepadWindow) throws {
        try RealInput.xdotool("type", "--delay", "20", text)
        MainLoop.turn { window.document.text.hasSuffix(text) }
        XCTAssertTrue(window.document.text.hasSuffix(text), "typed into \(window.document.name): \(window.document.text)")
    }

    @MainActor
    static func isSensitive(_ button: UnsafeMutablePointer<GtkButton>) -> Bool {
        gtk_widget_is_sensitive(gmk_widget(button.gpointer)) != 0
    }

    @MainActor
    static func statusText(_ window: NotepadWindow) -> String {
        String(cString: gtk_label_get_text(gmk_label(window.statusLabel.gpointer)))
    }

    func testSaveFollowsTheActiveWindowInTheHeaderBarButtonTheMenusAndItsShortcut() throws {
        try GtkSession.start()
        try onMain {
            let (notepad, first, second) = try Self.twoWindows()
            let app = gmk_action_group(notepad.app.gtkApplication.gpointer)!
            let barChanges = first.menuBar.map { ItemsChangedRecorder(MenuModelReader.linkedModel($0.menu.menuModel, at: [0])) }
            XCTAssertFalse(actionEnabled(app, "save"), "a new document has nothing to save")
            XCTAssertFalse(Self.isSensitive(first.saveButton))

            try Self.type("alpha", into: first)
            MainLoop.turn { actionEnabled(app, "save") }
            XCTAssertTrue(actionEnabled(app, "save"), "the active window's document is edited")
            XCTAssertTrue(Self.isSensitive(first.saveButton))
            XCTAssertEqual(gtk_widget_get_tooltip_text(gmk_widget(first.saveButton.gpointer)).map { String(cString: $0) }, "Save (Ctrl+S)")

            // The second window is active: its document is clean, so Save is dimmed everywhere.
            try Self.focus(second)
            MainLoop.turn { !actionEnabled(app, "save") }
            XCTAssertFalse(actionEnabled(app, "save"), "Save follows the active window's document")
            XCTAssertFalse(Self.isSensitive(second.saveButton))
            XCTAssertFalse(Self.isSensitive(first.saveButton), "one action: every window's button follows it")

            // Back to the first: a click on its header-bar button saves its document.
            try Self.focus(first)
            MainLoop.turn { actionEnabled(app, "save") }
            XCTAssertTrue(Self.isSensitive(first.saveButton))
            try RealInput.click(gmk_widget(first.saveButton.gpointer))
            MainLoop.turn { !first.document.isDirty }
            XCTAssertFalse(first.document.isDirty, "the click saved the first document")
            XCTAssertEqual(first.document.history.count, 1)
            MainLoop.turn { Self.statusText(first) == "Saved Document 1" }
            XCTAssertEqual(Self.statusText(first), "Saved Document 1", "the label follows the document")

            // Ctrl+S in the second window saves the second document only. (The click gave the
            // button the focus; the text view takes it back, as a click into the text would.)
            gtk_widget_grab_focus(first.textView)
            try Self.type("beta", into: first)
            try Self.focus(second)
            try Self.type("gamma", into: second)
            MainLoop.turn { actionEnabled(app, "save") }
            try RealInput.xdotool("key", "ctrl+s")
            MainLoop.turn { !second.document.isDirty }
            XCTAssertFalse(second.document.isDirty, "Ctrl+S saved the active window's document")
            XCTAssertTrue(first.document.isDirty, "and not the other window's")
            try Self.focus(first)
            try RealInput.xdotool("key", "ctrl+s")
            MainLoop.turn { !first.document.isDirty }
            XCTAssertFalse(first.document.isDirty, "Ctrl+S in the first window saved its document")
            XCTAssertEqual(first.document.history.count, 2)
            XCTAssertEqual(barChanges?.changes ?? [], [], "switching windows changed actions, not menus")
            notepad.app.quit()
            MainLoop.drain()
        }
    }

    func testTheMenusShowTheApplicationsShortcutsAndTheBoldButtonFollowsItsCommand() throws {
        try GtkSession.start()
        try onMain {
            let (notepad, first, second) = try Self.twoWindows()
            let app = gmk_action_group(notepad.app.gtkApplication.gpointer)!
            // GTK's own items in the bar show the application's accelerators.
            let bar = try! XCTUnwrap(first.menuBar)
            let buttons = ControlProbes.barPopovers(bar.widget).flatMap(WidgetTree.all).filter { WidgetTree.isWidget($0, ofType: "GtkModelButton") }
            func button(_ label: String) -> UnsafeMutablePointer<GtkWidget>? {
                buttons.first { button in
                    guard let text = gmk_object_dup_string(button, "text") else { return false }
                    defer { g_free(text) }
                    return String(cString: text) == label
                }
            }
            XCTAssertEqual(button("Save").flatMap(ControlProbes.drawnAccelerator), "Ctrl+S")
            XCTAssertEqual(button("Quit").flatMap(ControlProbes.drawnAccelerator), "Ctrl+Q")
            XCTAssertEqual(button("Bold").flatMap(ControlProbes.role), "check", "a toggle command is a checkmark item")

            try RealInput.click(gmk_widget(first.boldButton.gpointer))
            MainLoop.turn { first.document.isBold }
            XCTAssertTrue(first.document.isBold, "the toggle button flipped the active document's Bold")
            XCTAssertEqual(actionState(app, "bold"), "true")
            XCTAssertNotEqual(gtk_toggle_button_get_active(first.boldButton), 0)
            MainLoop.turn { gtk_widget_has_css_class(first.textView, "bold") != 0 }
            XCTAssertNotEqual(gtk_widget_has_css_class(first.textView, "bold"), 0, "the text view follows the document")

            try Self.focus(second)
            MainLoop.turn { actionState(app, "bold") == "false" }
            XCTAssertEqual(actionState(app, "bold"), "false", "Bold follows the active window's document")
            XCTAssertEqual(gtk_toggle_button_get_active(second.boldButton), 0)
            try RealInput.xdotool("key", "ctrl+b")
            MainLoop.turn { second.document.isBold }
            XCTAssertTrue(second.document.isBold, "Ctrl+B in the second window")
            XCTAssertTrue(first.document.isBold)
            notepad.app.quit()
            MainLoop.drain()
        }
    }

    func testExportRunsAsyncDimmedWhileItRunsAndUpdatesTheStatusLabel() throws {
        try GtkSession.start()
        try onMain {
            let (notepad, first, _) = try Self.twoWindows()
            let app = gmk_action_group(notepad.app.gtkApplication.gpointer)!
            try Self.type("four", into: first)
            XCTAssertTrue(actionEnabled(app, "export"))
            try RealInput.xdotool("key", "ctrl+e")
            MainLoop.turn { Self.statusText(first).hasPrefix("Exporting") }
            XCTAssertEqual(Self.statusText(first), "Exporting Document 1…")
            XCTAssertFalse(actionEnabled(app, "export"), "dimmed while it runs")
            MainLoop.turn { Self.statusText(first).hasPrefix("Exported") }
            XCTAssertEqual(Self.statusText(first), "Exported Document 1: 4 characters", "the awaited result, on screen")
            MainLoop.turn { actionEnabled(app, "export") }
            XCTAssertTrue(actionEnabled(app, "export"), "enabled again once done")

            // A click on the primary menu's Export…, then the awaited result on screen.
            first.document.exportDuration = .milliseconds(100)
            try Self.type("!", into: first)
            try RealInput.click(first.primaryMenuButton)
            let popover = gtk_menu_button_get_popover(gmk_menu_button(first.primaryMenuButton.gpointer)).map { gmk_widget($0.gpointer)! }
            MainLoop.turn { popover.map { gtk_widget_get_mapped($0) != 0 } ?? false }
            let export = popover.flatMap { popover in
                WidgetTree.all(popover).first { button in
                    guard WidgetTree.isWidget(button, ofType: "GtkModelButton"), let text = gmk_object_dup_string(button, "text") else { return false }
                    defer { g_free(text) }
                    return String(cString: text) == "Export…"
                }
            }
            XCTAssertNotNil(export, "the primary menu has Export…")
            if let export {
                try RealInput.click(export)
                MainLoop.turn { Self.statusText(first) == "Exported Document 1: 5 characters" }
            }
            XCTAssertEqual(Self.statusText(first), "Exported Document 1: 5 characters", "the click's export, awaited, on screen")
            notepad.app.quit()
            MainLoop.drain()
        }
    }

    func testTheTextViewsContextMenuSavesThroughTheApplicationsActionAndTheHistoryListsTheVersion() throws {
        try GtkSession.start()
        try onMain {
            let (notepad, first, _) = try Self.twoWindows()
            try Self.type("alpha beta", into: first)
            // A secondary click on the text: GTK's menu for text, with the app's items in it.
            try RealInput.click(first.textView, button: .secondary)
            var save: UnsafeMutablePointer<GtkWidget>?
            MainLoop.turn {
                save = WidgetTree.all(first.textView).first { button in
                    guard WidgetTree.isWidget(button, ofType: "GtkModelButton"), gtk_widget_get_mapped(button) != 0,
                          let text = gmk_object_dup_string(button, "text") else { return false }
                    defer { g_free(text) }
                    return String(cString: text) == "Save"
                }
                return save != nil
            }
            XCTAssertNotNil(save, "the context menu shows Save")
            // GTK gives a model button its action's state once the popover has settled.
            MainLoop.drain()
            if let save {
                XCTAssertNotEqual(gtk_widget_is_sensitive(save), 0, "enabled with the command")
                try RealInput.click(save)
            }
            MainLoop.turn { !first.document.isDirty }
            XCTAssertFalse(first.document.isDirty, "the context menu's Save saved the document")
            let history = try! XCTUnwrap(first.historyButton)
            MainLoop.drain()
            let items = flatten(MenuModelReader.read(history.menu.menuModel)).compactMap(\.label)
            XCTAssertEqual(items, ["Version 1: alpha beta", "Clear History"])
            notepad.app.quit()
            MainLoop.drain()
        }
    }

    func testCtrlQInTheSecondWindowQuitsAndEveryObjectIsFinalized() throws {
        try GtkSession.start()
        try onMain {
            let watcher = FinalizationWatcher()
            weak var weakNotepad: Notepad?
            weak var weakApplication: Application?
            weak var weakDocument: Document?
            weak var weakWindow: ApplicationWindow?
            weak var weakController: NotepadWindow?
            weak var weakBar: MenuBar?
            do {
                let (notepad, first, second) = try Self.twoWindows()
                weakNotepad = notepad
                weakApplication = notepad.app
                weakDocument = second.document
                weakWindow = second.window
                weakController = second
                weakBar = second.menuBar
                watcher.watch(notepad.app.gtkApplication.gpointer)
                for window in [first, second] {
                    watcher.watch(window.window!.window.gpointer)
                    watcher.watch(window.textView.gpointer)
                }
                try Self.type("some text", into: first)
                try Self.focus(second)
                try RealInput.xdotool("key", "ctrl+q")
                MainLoop.turn { notepad.app.windows.isEmpty }
                XCTAssertTrue(notepad.app.windows.isEmpty, "Ctrl+Q closed every window")
                MainLoop.drain()
            }
            MainLoop.drain()
            XCTAssertNil(weakNotepad)
            XCTAssertNil(weakApplication)
            XCTAssertNil(weakDocument)
            XCTAssertNil(weakWindow)
            XCTAssertNil(weakController)
            XCTAssertNil(weakBar)
            XCTAssertTrue(watcher.allFinalized, "\(watcher.finalizedCount) of \(watcher.watchedCount) GObjects finalized")
        }
    }
}

/// The example stays mostly GMenuKit: at most 15% of its lines are raw GTK and GLib plumbing,
/// by the rule scripts/count-raw-gtk-lines.py states.
final class NotepadPlumbingTests: GtkTestCase {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/count-raw-gtk-lines.py")

    /// Runs the counter with `arguments`: its exit status and what it printed.
    private static func count(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    func testAtMostFifteenPercentOfTheExamplesLinesAreRawGTK() throws {
        let sources = Self.script.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let report = try Self.count(["--max", "15", sources.appendingPathComponent("NotepadApp").path,
                                     sources.appendingPathComponent("ExampleNotepad").path])
        XCTAssertEqual(report.status, 0, report.output)
        XCTAssertTrue(report.output.contains("lines are raw"), report.output)
    }

    /// The counter reads `--help` as a question, not as a folder, and a folder that is not
    /// there as a mistake.
    func testTheCounterAnswersHelpAndRefusesWhatIsNoFolder() throws {
        let help = try Self.count(["--help"])
        XCTAssertEqual(help.status, 0, help.output)
        XCTAssertTrue(help.output.contains("Usage: scripts/count-raw-gtk-lines.py"), help.output)
        XCTAssertFalse(help.output.contains("lines are raw"), "--help counts nothing: \(help.output)")
        let missing = try Self.count(["no-such-folder"])
        XCTAssertEqual(missing.status, 2, missing.output)
        XCTAssertTrue(missing.output.contains("no-such-folder: no such folder"), missing.output)
        XCTAssertEqual(try Self.count(["--max"]).status, 2, "--max without a percentage")
    }
}
