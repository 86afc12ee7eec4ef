import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

@MainActor
private final class SaveLog {
    var saves = 0
    var isBold = false
}

/// Shortcuts people change (`Application.setShortcut(_:forCommand:)`): the new keys fire and the
/// old ones do not (real keys, xdotool), every menu and bound button follows, a conflict is
/// refused, and the change is kept in a key file across a restart of the application.
final class UserShortcutTests: GtkTestCase {
    @MainActor
    private static func application(_ log: SaveLog, file: String) -> Application {
        let app = Application(id: "org.gmenukit.UserShortcuts", flags: G_APPLICATION_NON_UNIQUE, name: "Shortcuts")
        app.shortcutsFile = file
        app.commands {
            CommandGroup(replacing: .saveItem) {
                Button("Save") { log.saves += 1 }.keyboardShortcut("<Control>s")
            }
            CommandMenu("Format") {
                Toggle("Bold", isOn: Binding(get: { log.isBold }, set: { log.isBold = $0 })).keyboardShortcut("<Control>b")
            }
        }
        return app
    }

    func testARemappedShortcutFiresTheOldOneDoesNotAndTheChangeLastsAcrossARestart() throws {
        try GtkSession.start()
        let file = temporaryPath("shortcuts.ini")
        defer { try? FileManager.default.removeItem(atPath: file) }
        try onMain {
            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            let log = SaveLog()
            let app = Self.application(log, file: file)
            XCTAssertTrue(app.register())
            let button = gtk_button_new_with_label("Save")!
            app.bind(button, toCommand: "save")
            let bar = app.makeMenuBar()
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
            gtk_box_append(gmk_box(box.gpointer), bar.widget)
            gtk_box_append(gmk_box(box.gpointer), button)
            let window = gtk_application_window_new(app.gtkApplication)!
            gtk_window_set_title(gmk_window(window.gpointer), "User Shortcuts")
            gtk_window_set_child(gmk_window(window.gpointer), box)
            gtk_window_present(gmk_window(window.gpointer))
            defer {
                gtk_window_destroy(gmk_window(window.gpointer))
                MainLoop.drain()
                app.quit()
            }
            try MainLoop.wait(for: "the window to show") { gtk_widget_get_mapped(button) != 0 }
            try RealInput.focusWindow(titled: "User Shortcuts")

            // Bold's keys are Bold's: refused, and said so.
            XCTAssertEqual(app.command(holdingShortcut: "<Control>b", except: "save"), "bold")
            XCTAssertFalse(app.setShortcut("<Control>b", forCommand: "save"))
            XCTAssertTrue(diagnostics.collected.contains { $0.path == "Keyboard Shortcuts › save" && $0.message.contains("bold's shortcut") },
                          "\(diagnostics.collected)")
            XCTAssertFalse(app.setShortcut("<Super>s", forCommand: "save"), "a key the desktop keeps is refused")
            XCTAssertFalse(app.setShortcut("Ctrl+S", forCommand: "save"), "no GTK accelerator")
            XCTAssertEqual(app.shortcut(forCommand: "save"), "<Control>s")

            XCTAssertTrue(app.setShortcut("<Shift><Control>s", forCommand: "save"))
            MainLoop.drain()
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.save"), ["<Shift><Control>s"])
            XCTAssertEqual(app.shortcut(forCommand: "save"), "<Shift><Control>s")
            XCTAssertEqual(gtk_widget_get_tooltip_text(button).map { String(cString: $0) }, "Save (Shift+Ctrl+S)")
            let items = MenuModelReader.read(bar.menu.menuModel)
            XCTAssertEqual(item(labelled: "Save", in: items)?.attributes["accel"], "<Shift><Control>s", "the menu shows the new keys")

            // The old keys do nothing; the new ones save.
            gtk_widget_grab_focus(button)
            MainLoop.drain()
            try RealInput.key("ctrl+s")
            MainLoop.rest(seconds: 0.2)
            MainLoop.drain()
            XCTAssertEqual(log.saves, 0, "Ctrl+S no longer saves")
            try RealInput.key("ctrl+shift+s")
            try MainLoop.wait(for: "Ctrl+Shift+S to save") { log.saves == 1 }

            // Kept in the key file.
            let kept = try String(contentsOfFile: file, encoding: .utf8)
            XCTAssertTrue(kept.contains("[Shortcuts]") && kept.contains("save=<Shift><Control>s"), kept)
        }

        // A new run of the application reads it back.
        try onMain {
            let log = SaveLog()
            let app = Self.application(log, file: file)
            XCTAssertTrue(app.register())
            defer { app.quit() }
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.save"), ["<Shift><Control>s"], "the change outlived the run")
            // Taken away, then all reset to what the app declares.
            XCTAssertTrue(app.setShortcut(nil, forCommand: "bold"))
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.bold"), [])
            XCTAssertNil(app.shortcut(forCommand: "bold"))
            app.resetAllShortcuts()
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.save"), ["<Control>s"])
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.bold"), ["<Control>b"])
            XCTAssertEqual(try ShortcutStorage.keyFile(file).read(), [:])
        }
    }

    /// Swapping two commands' keys, exported to a file and imported into another run.
    func testShortcutsSwapAndMoveBetweenMachinesThroughAFile() throws {
        try GtkSession.start()
        let file = temporaryPath("swap.ini")
        let exported = temporaryPath("exported.ini")
        defer {
            try? FileManager.default.removeItem(atPath: file)
            try? FileManager.default.removeItem(atPath: exported)
        }
        try onMain {
            let app = Self.application(SaveLog(), file: file)
            XCTAssertTrue(app.register())
            defer { app.quit() }
            // A swap: Bold gives its keys up first.
            XCTAssertTrue(app.setShortcut(nil, forCommand: "bold"))
            XCTAssertTrue(app.setShortcut("<Control>b", forCommand: "save"))
            XCTAssertTrue(app.setShortcut("<Control>s", forCommand: "bold"))
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.save"), ["<Control>b"])
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.bold"), ["<Control>s"])
            try app.exportShortcuts(to: exported)
            app.resetAllShortcuts()
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.save"), ["<Control>s"])
            try app.importShortcuts(from: exported)
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.save"), ["<Control>b"])
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.bold"), ["<Control>s"])
            XCTAssertEqual(try ShortcutStorage.keyFile(file).read(), try ShortcutStorage.keyFile(exported).read(), "imported, and kept")
        }
    }

    /// A stored shortcut that GTK cannot read, that names no command, or that another command
    /// has is reported once and the declared one is used.
    func testAStoredShortcutThatIsInvalidOrTakenIsReportedAndTheDeclaredOneUsed() throws {
        try GtkSession.start()
        let file = temporaryPath("bad.ini")
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "[Shortcuts]\nsave=<Nonsense>q\nbold=<Control>s\nprint=<Control>p\n".write(toFile: file, atomically: true, encoding: .utf8)
        try onMain {
            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            let app = Self.application(SaveLog(), file: file)
            XCTAssertTrue(app.register())
            defer { app.quit() }
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.save"), ["<Control>s"])
            XCTAssertEqual(ApplicationTests.accelerators(app, "app.bold"), ["<Control>b"])
            let reported = diagnostics.collected.filter { $0.path.hasPrefix("Keyboard Shortcuts › ") }
            XCTAssertEqual(Set(reported.map(\.path)), ["Keyboard Shortcuts › save", "Keyboard Shortcuts › bold", "Keyboard Shortcuts › print"],
                           "\(diagnostics.collected)")
            XCTAssertEqual(reported.count, 3, "each once: \(reported)")
            XCTAssertTrue(reported.allSatisfy { $0.message.hasSuffix("the declared one is used") }, "\(reported)")
        }
    }

    /// An application that installs a GSettings schema with `keyboard-shortcuts` (a{ss}) keeps
    /// the shortcuts there; one whose key has another type is reported and uses the key file.
    func testShortcutsAreKeptInGSettingsWhenTheApplicationInstallsASchema() throws {
        try GtkSession.start()
        let directory = temporaryPath("schemas")
        let keyFile = temporaryPath("settings.ini")
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: keyFile)
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <schemalist>
          <schema id="org.gmenukit.UserShortcuts" path="/org/gmenukit/UserShortcuts/">
            <key name="keyboard-shortcuts" type="a{ss}"><default>{}</default></key>
          </schema>
          <schema id="org.gmenukit.WrongType" path="/org/gmenukit/WrongType/">
            <key name="keyboard-shortcuts" type="as"><default>[]</default></key>
          </schema>
        </schemalist>
        """.write(toFile: directory + "/org.gmenukit.UserShortcuts.gschema.xml", atomically: true, encoding: .utf8)
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compile.arguments = ["glib-compile-schemas", directory]
        try compile.run()
        compile.waitUntilExit()
        XCTAssertEqual(compile.terminationStatus, 0, "glib-compile-schemas")

        try onMain {
            let source = try XCTUnwrap(g_settings_schema_source_new_from_directory(directory, nil, 0, nil))
            defer { g_settings_schema_source_unref(source) }
            // GLib's key-file backend, declared only behind G_SETTINGS_ENABLE_BACKEND.
            typealias KeyFileBackendNew = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<CChar>?) -> OpaquePointer?
            let process = try XCTUnwrap(dlopen(nil, RTLD_NOW))
            defer { dlclose(process) }
            let newBackend = unsafeBitCast(try XCTUnwrap(dlsym(process, "g_keyfile_settings_backend_new")), to: KeyFileBackendNew.self)
            @MainActor func settings() throws -> ObjectReference {
                let backend = try XCTUnwrap(newBackend(keyFile, "/", nil))
                defer { g_object_unref(UnsafeMutableRawPointer(backend)) }
                return try XCTUnwrap(ShortcutStorage.settings(forSchema: "org.gmenukit.UserShortcuts", in: source, backend: backend))
            }

            let app = Self.application(SaveLog(), file: temporaryPath("unused.ini"))
            app.keepShortcuts(in: .settings(try settings()))
            XCTAssertNil(app.shortcutsFile, "no key file while settings keep them")
            XCTAssertTrue(app.register())
            defer { app.quit() }
            XCTAssertTrue(app.setShortcut("<Shift><Control>s", forCommand: "save"))
            XCTAssertTrue(app.setShortcut(nil, forCommand: "bold"))
            XCTAssertEqual(try ShortcutStorage.settings(try settings()).read(), ["save": "<Shift><Control>s", "bold": ""],
                           "read back through a new GSettings")
            let written = try String(contentsOfFile: keyFile, encoding: .utf8)
            XCTAssertTrue(written.contains("[org/gmenukit/UserShortcuts]") && written.contains("keyboard-shortcuts="), written)

            // A new run reads them back from the settings.
            let again = Self.application(SaveLog(), file: temporaryPath("unused.ini"))
            again.keepShortcuts(in: .settings(try settings()))
            XCTAssertTrue(again.register())
            defer { again.quit() }
            XCTAssertEqual(ApplicationTests.accelerators(again, "app.save"), ["<Shift><Control>s"])
            XCTAssertEqual(ApplicationTests.accelerators(again, "app.bold"), [])

            // A key of another type is reported, and no settings are used.
            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            XCTAssertNil(ShortcutStorage.settings(forSchema: "org.gmenukit.WrongType", in: source))
            XCTAssertTrue(diagnostics.collected.contains { $0.message.contains("org.gmenukit.WrongType has the key keyboard-shortcuts, but not of type a{ss}") },
                          "\(diagnostics.collected)")
            XCTAssertNil(ShortcutStorage.settings(forSchema: "org.gmenukit.NoSuchSchema", in: source))
        }
    }

    /// A changed shortcut in a menu bar with 1,000 commands: one `items-changed` in the menu
    /// that shows it, none anywhere else.
    func testAChangedShortcutChangesOnlyTheItemThatShowsIt() throws {
        try GtkSession.start()
        let file = temporaryPath("thousand.ini")
        defer { try? FileManager.default.removeItem(atPath: file) }
        try onMain {
            let app = Application(id: "org.gmenukit.ThousandShortcuts", flags: G_APPLICATION_NON_UNIQUE, name: "Thousand")
            app.shortcutsFile = file
            app.commands {
                CommandGroup(replacing: .saveItem) { Button("Save") {}.keyboardShortcut("<Control>s") }
                CommandMenu("Tools") {
                    ForEach(0..<1000, id: \.self) { index in Button("Tool \(index)") {} }
                }
            }
            XCTAssertTrue(app.register())
            defer { app.quit() }
            let bar = app.makeMenuBar()
            MainLoop.drain()
            // Every model of the bar: its menus, their sections and submenus.
            var models: [UnsafeMutablePointer<GMenuModel>] = []
            func collect(_ model: UnsafeMutablePointer<GMenuModel>) {
                models.append(model)
                for index in 0..<g_menu_model_get_n_items(model) {
                    for link in ["submenu", "section"] {
                        guard let linked = g_menu_model_get_item_link(model, index, link) else { continue }
                        collect(linked)
                        g_object_unref(linked)
                    }
                }
            }
            collect(bar.menu.menuModel)
            XCTAssertGreaterThan(models.count, 3)
            let recorders = models.map(ItemsChangedRecorder.init)

            XCTAssertTrue(app.setShortcut("<Control>t", forCommand: "tool-500"))
            MainLoop.drain()
            let changed = recorders.enumerated().filter { !$0.element.changes.isEmpty }
            XCTAssertEqual(changed.count, 1, "one menu changes: \(changed.map { ($0.offset, $0.element.changes) })")
            XCTAssertEqual(changed.first?.element.changes, [ItemsChangedRecorder.Change(position: 500, removed: 1, added: 1)])
            let items = MenuModelReader.read(bar.menu.menuModel)
            XCTAssertEqual(item(labelled: "Tool 500", in: items)?.attributes["accel"], "<Control>t")
        }
    }
}
