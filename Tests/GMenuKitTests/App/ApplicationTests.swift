import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

@Observable
@MainActor
final class CommandModel {
    var canSave = false
    var isBold = false
    var title = "First"
    var saves = 0
}

/// The application and its commands, read back from GTK: the application's actions and
/// accelerators, the menus' models and model buttons, bound buttons, focused values.
final class ApplicationTests: GtkTestCase {
    @MainActor
    static func application(_ model: CommandModel) -> Application {
        let app = Application(id: "org.gmenukit.ApplicationTests", flags: G_APPLICATION_NON_UNIQUE, name: "Tests")
        app.commands {
            CommandGroup(replacing: .saveItem) {
                Button("Save") { model.saves += 1 }
                    .keyboardShortcut("<Control>s")
                    .disabled(!model.canSave)
            }
            CommandMenu("Format") {
                Toggle("Bold", isOn: Binding(model, \.isBold)).keyboardShortcut("<Control>b")
            }
        }
        return app
    }

    @MainActor
    static func accelerators(_ app: Application, _ action: String) -> [String] {
        gtk_application_get_accels_for_action(app.gtkApplication, action).map(strings(taking:)) ?? []
    }

    func testEachCommandIsOneApplicationActionThatTheMenuBarAndThePrimaryMenuName() throws {
        try GtkSession.start()
        onMain {
            let model = CommandModel()
            let app = Self.application(model)
            XCTAssertTrue(app.register())
            let bar = app.makeMenuBar()
            let primary = app.makePrimaryMenuButton()
            let appGroup = gmk_action_group(app.gtkApplication.gpointer)!

            let barItems = MenuModelReader.read(bar.menu.menuModel)
            XCTAssertEqual(barItems.map { $0.label?.replacingOccurrences(of: "_", with: "") }, ["File", "Format", "Help"])
            let file = flatten(barItems[0].submenu ?? [])
            XCTAssertEqual(file.compactMap(\.label), ["Save", "Close Window", "Quit"])
            XCTAssertEqual(item(labelled: "Save", in: barItems)?.action, "app.save")
            // The shortcut shown is the application's own (gtk_application_get_accels_for_action):
            // a borrowed action's shortcut is shown from it and installed by no menu.
            XCTAssertEqual(item(labelled: "Save", in: barItems)?.attributes["accel"], "<Control>s",
                           "the menu shows the application's accelerator for its action")
            XCTAssertEqual(item(labelled: "Bold", in: barItems)?.action, "app.bold")
            let help = flatten(barItems[2].submenu ?? []).compactMap(\.label)
            XCTAssertEqual(help, ["Search…", "Keyboard Shortcuts", "About Tests"])

            let primaryItems = flatten(MenuModelReader.read(primary.menu.menuModel))
            XCTAssertEqual(primaryItems.compactMap(\.label), ["Save", "Keyboard Shortcuts", "About Tests"])
            XCTAssertEqual(primaryItems.first { $0.label == "Save" }?.action, "app.save", "the same action as the bar's")

            for name in ["save", "bold", "quit", "close-window", "keyboard-shortcuts", "about"] {
                XCTAssertNotEqual(g_action_group_has_action(appGroup, name), 0, "app.\(name)")
            }
            XCTAssertFalse(actionEnabled(appGroup, "save"))
            XCTAssertEqual(Self.accelerators(app, "app.save"), ["<Control>s"])
            XCTAssertEqual(Self.accelerators(app, "app.quit"), ["<Control>q"])
            XCTAssertEqual(Self.accelerators(app, "app.bold"), ["<Control>b"])

            // Enabling a command changes its action: no menu model changes.
            let barChanges = ItemsChangedRecorder(MenuModelReader.linkedModel(bar.menu.menuModel, at: [0]))
            let primaryChanges = ItemsChangedRecorder(primary.menu.menuModel)
            model.canSave = true
            MainLoop.drain()
            XCTAssertTrue(actionEnabled(appGroup, "save"))
            XCTAssertEqual(barChanges.changes, [])
            XCTAssertEqual(primaryChanges.changes, [])

            g_action_group_activate_action(appGroup, "save", nil)
            XCTAssertEqual(model.saves, 1)
            g_action_group_activate_action(appGroup, "bold", nil)
            XCTAssertTrue(model.isBold, "a toggle command flips its binding")
            model.isBold = false
            MainLoop.drain()
            XCTAssertEqual(actionState(appGroup, "bold"), "false", "and its state follows the model")

        }
    }
}

extension ApplicationTests {
    func testKeyboardShortcutsListsEveryCommandsShortcutAndAboutSaysWhatTheApplicationIs() throws {
        try GtkSession.start()
        onMain {
            let app = Self.application(CommandModel())
            app.version = "2.1"
            XCTAssertTrue(app.register())
            MainLoop.drain()
            let shortcuts = try! XCTUnwrap(app.showKeyboardShortcuts())
            MainLoop.drain()
            let editor = try! XCTUnwrap(ShortcutsEditor.of(shortcuts))
            // Every command, by menu, with the keys it has.
            let rows = ["save", "close-window", "quit", "bold", "keyboard-shortcuts"].map { name -> String in
                guard let keys = editor.buttons(of: name)?.keys else { return "\(name): no row" }
                return "\(name) " + String(cString: gtk_button_get_label(gmk_button(keys.gpointer)))
            }
            XCTAssertEqual(rows, ["save Ctrl+S", "close-window Ctrl+W", "quit Ctrl+Q", "bold Ctrl+B", "keyboard-shortcuts Ctrl+?"])
            let headings = WidgetTree.all(gmk_widget(shortcuts.gpointer))
                .filter { WidgetTree.isWidget($0, ofType: "GtkLabel") && gtk_widget_has_css_class($0, "heading") != 0 }
                .map { String(cString: gtk_label_get_text(gmk_label($0))) }
            XCTAssertEqual(headings, ["File", "Format", "Help"])
            gtk_window_destroy(shortcuts)

            let about = try! XCTUnwrap(app.showAbout())
            let dialog = OpaquePointer(about)
            XCTAssertEqual(String(cString: gtk_about_dialog_get_program_name(dialog)), "Tests")
            XCTAssertEqual(String(cString: gtk_about_dialog_get_version(dialog)), "2.1")
            app.quit()
            MainLoop.drain()
            XCTAssertTrue(app.windows.isEmpty)
        }
    }
}

extension ApplicationTests {
    func testTwoCommandsWithTheSameShortcutAreDiagnosedAndTheFirstKeepsIt() throws {
        try GtkSession.start()
        onMain {
            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            let app = Application(id: "org.gmenukit.ShortcutClash", flags: G_APPLICATION_NON_UNIQUE)
            app.commands {
                CommandGroup(replacing: .saveItem) { Button("Save") {}.keyboardShortcut("<Control>s") }
                CommandMenu("Tools") {
                    Button("Sort") {}.keyboardShortcut("<Primary>s")
                    Button("Spell Check") {}.keyboardShortcut("<Control><Nonsense>k")
                }
            }
            XCTAssertTrue(app.register())
            XCTAssertEqual(Self.accelerators(app, "app.save"), ["<Control>s"])
            XCTAssertEqual(Self.accelerators(app, "app.sort"), [], "the second command with the same keys has none")
            XCTAssertEqual(Self.accelerators(app, "app.spell-check"), [], "an accelerator GTK cannot parse is not set")
            let paths = diagnostics.collected.map(\.path)
            XCTAssertTrue(paths.contains("Tools › Sort"), "\(diagnostics.collected)")
            XCTAssertTrue(paths.contains("Tools › Spell Check"), "\(diagnostics.collected)")
            app.quit()
        }
    }
}

extension ApplicationTests {
    func testFilesOpenedAreHandedToOnOpenAndActivationMakesAWindow() throws {
        try GtkSession.start()
        onMain {
            let app = Application(id: "org.gmenukit.OpenTests", flags: G_APPLICATION_NON_UNIQUE)
            var opened: [String] = []
            app.onOpen = { _, uris in opened += uris }
            app.makeWindow = { app in ApplicationWindow(application: app, title: "Opened") }
            XCTAssertNotEqual(g_application_get_flags(app.gApplication).rawValue & G_APPLICATION_HANDLES_OPEN.rawValue, 0)
            XCTAssertTrue(app.register())
            let file = g_file_new_for_path("/tmp/notes.txt")!
            var files: [OpaquePointer?] = [file]
            files.withUnsafeMutableBufferPointer { g_application_open(app.gApplication, $0.baseAddress, 1, "") }
            g_object_unref(file.gpointer)
            XCTAssertEqual(opened, ["file:///tmp/notes.txt"])
            XCTAssertTrue(app.windows.isEmpty)
            g_application_activate(app.gApplication)
            XCTAssertEqual(app.windows.map(\.title), ["Opened"], "activation without onActivate makes a window")
            g_application_activate(app.gApplication)
            XCTAssertEqual(app.windows.count, 1, "and presents it the next time")
            app.quit()
            MainLoop.drain()
        }
    }
}

/// Quitting, or dropping, an application leaves no GObject and no Swift object behind.
final class ApplicationLifetimeTests: GtkTestCase {
    /// GTK's application holds itself through its action muxer from `startup` until
    /// `shutdown`, which only `g_application_run` emits: registered and dropped, it lives on.
    /// This fails on a GTK that no longer does so; `Application` then need not shut down.
    func testGTKKeepsARegisteredApplicationThatNeverRanUntilItShutsDown() throws {
        try GtkSession.start()
        onMain {
            let watcher = FinalizationWatcher()
            let plain = gtk_application_new("org.gmenukit.Plain", G_APPLICATION_NON_UNIQUE)!
            watcher.watch(plain.gpointer)
            XCTAssertNotEqual(g_application_register(gmk_g_application(plain.gpointer), nil, nil), 0)
            g_object_ref(plain.gpointer)
            g_object_unref(plain.gpointer)
            g_object_unref(plain.gpointer)
            XCTAssertEqual(watcher.finalizedCount, 0, "GTK still keeps it")
            gmk_application_emit_shutdown(gmk_g_application(plain.gpointer))
            XCTAssertEqual(watcher.finalizedCount, 1, "shutdown lets go of it")
        }
    }

    func testAnApplicationWithCommandsAndWindowsIsFinalizedWhenItQuitsAndIsDropped() throws {
        try GtkSession.start()
        onMain {
            let watcher = FinalizationWatcher()
            weak var weakApplication: Application?
            weak var weakModel: CommandModel?
            weak var weakWindow: ApplicationWindow?
            do {
                let model = CommandModel()
                weakModel = model
                let app = ApplicationTests.application(model)
                weakApplication = app
                // Closures that capture the application strongly, as apps write them.
                app.makeWindow = { app in
                    let window = ApplicationWindow(application: app, title: "Lifetime")
                    window.addMenuBar(to: gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
                    return window
                }
                XCTAssertTrue(app.register())
                let window = app.openWindow()
                weakWindow = window
                watcher.watch(app.gtkApplication.gpointer)
                window.map { watcher.watch($0.window.gpointer) }
                MainLoop.drain()
                XCTAssertTrue(app.activeWindow === window)
                app.quit()
                MainLoop.drain()
            }
            MainLoop.drain()
            XCTAssertNil(weakWindow)
            XCTAssertNil(weakApplication)
            XCTAssertNil(weakModel, "the commands' closures let go of what they captured")
            XCTAssertTrue(watcher.allFinalized, "\(watcher.finalizedCount) of \(watcher.watchedCount)")
        }
    }
}

extension ApplicationTests {
    /// A destructive command asks before it acts (its application action does): the menu bars
    /// of its windows, whose items name that action, break no P6 (the check said "acts without
    /// asking first" once per window), and choosing the item still asks.
    func testADestructiveCommandThatAsksIsNoP6InAnyWindowsMenuBar() throws {
        try GtkSession.start()
        try onMain {
            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            var trashed = 0
            let app = Application(id: "org.gmenukit.DestructiveCommand", flags: G_APPLICATION_NON_UNIQUE, name: "Trash")
            app.commands {
                CommandGroup(replacing: .textEditing) {
                    Button("Move to Trash", role: .destructive) { trashed += 1 }
                }
            }
            XCTAssertTrue(app.register())
            defer { app.quit() }
            var windows: [UnsafeMutablePointer<GtkWidget>] = []
            for _ in 0..<2 {
                let window = gtk_application_window_new(app.gtkApplication)!
                gtk_window_set_child(gmk_window(window.gpointer), app.makeMenuBar().widget)
                gtk_window_present(gmk_window(window.gpointer))
                windows.append(window)
            }
            defer {
                for window in windows { gtk_window_destroy(gmk_window(window.gpointer)) }
                MainLoop.drain()
            }
            try MainLoop.wait(for: "both windows to show") { windows.allSatisfy { gtk_widget_get_mapped($0) != 0 } }
            MainLoop.drain()
            XCTAssertFalse(diagnostics.collected.contains { $0.rule == "P6" }, "\(diagnostics.collected)")
            XCTAssertFalse(diagnostics.collected.contains { $0.message.contains("cannot be confirmed") }, "\(diagnostics.collected)")
            // Chosen, the command asks in its window (ConfirmationDialog) and has not acted.
            g_action_group_activate_action(gmk_action_group(app.gtkApplication.gpointer), "move-to-trash", nil)
            MainLoop.drain()
            let questions = TestWindow.openWindows.filter { gtk_widget_has_css_class($0, "gmenukit-confirmation") != 0 }
            XCTAssertEqual(questions.count, 1, "the command asked first")
            XCTAssertEqual(trashed, 0)
            for question in questions { gtk_window_destroy(gmk_window(question.gpointer)) }
            MainLoop.drain()
            XCTAssertEqual(trashed, 0, "closing the question keeps things as they are")
        }
    }

    /// Start-up runs once as the application registers, with its commands installed; shut-down
    /// once as it quits; the standard windows and the preferences open from code as from
    /// their items.
    func testStartUpAndShutDownRunOnceAndTheStandardWindowsOpenFromCode() throws {
        try GtkSession.start()
        onMain {
            var events: [String] = []
            let app = Self.application(CommandModel())
            app.onStartup = { app in
                events.append("startup, save is \(g_action_group_has_action(gmk_action_group(app.gtkApplication.gpointer), "save") != 0 ? "installed" : "missing")")
            }
            app.onShutdown = { _ in events.append("shutdown") }
            app.onPreferences = { _ in events.append("preferences") }
            XCTAssertEqual(events, [], "nothing before the application registers")
            XCTAssertTrue(app.register())
            XCTAssertEqual(events, ["startup, save is installed"])
            app.showPreferences()
            XCTAssertEqual(events.last, "preferences")
            let shortcuts = app.showKeyboardShortcuts()
            XCTAssertNotNil(shortcuts.flatMap { ShortcutsEditor.of($0) })
            if let shortcuts { gtk_window_destroy(shortcuts) }
            if let about = app.showAbout() { gtk_window_destroy(about) }
            MainLoop.drain()
            app.quit()
            MainLoop.drain()
            XCTAssertEqual(events, ["startup, save is installed", "preferences", "shutdown"])
        }
    }

    /// A command with an identity keeps its action, its bound button and its changed shortcut
    /// when its label changes; the standard commands have GNOME's names (About is `app.about`
    /// whatever the application is called).
    func testACommandIdentityOutlivesItsLabel() throws {
        try GtkSession.start()
        onMain {
            let model = CommandModel()
            var label = "Export as PDF…"
            let app = Application(id: "org.gmenukit.CommandIDs", flags: G_APPLICATION_NON_UNIQUE, name: "Identities")
            app.shortcutsFile = temporaryPath("ids.ini")
            defer { try? FileManager.default.removeItem(atPath: app.shortcutsFile ?? "") }
            app.commands {
                CommandGroup(replacing: .importExport) {
                    Button(label) { model.saves += 1 }.commandID("export-pdf").keyboardShortcut("<Control>e")
                }
            }
            XCTAssertTrue(app.register())
            defer { app.quit() }
            let group = gmk_action_group(app.gtkApplication.gpointer)!
            XCTAssertEqual(g_action_group_has_action(group, "export-pdf"), 1)
            XCTAssertEqual(g_action_group_has_action(group, "about"), 1, "About is app.about")
            let button = gtk_button_new_with_label("PDF")!
            g_object_ref_sink(button.gpointer)
            defer { g_object_unref(button.gpointer) }
            app.bind(button, to: "export-pdf")
            XCTAssertTrue(app.setShortcut("<Shift><Control>e", for: "export-pdf"))
            MainLoop.drain()
            XCTAssertEqual(gtk_widget_get_tooltip_text(button).map { String(cString: $0) }, "Export as PDF… (Shift+Ctrl+E)")

            label = "Als PDF exportieren…"
            app.commands {
                CommandGroup(replacing: .importExport) {
                    Button(label) { model.saves += 1 }.commandID("export-pdf").keyboardShortcut("<Control>e")
                }
            }
            MainLoop.drain()
            XCTAssertEqual(g_action_group_has_action(group, "export-pdf"), 1, "the same action under the new label")
            XCTAssertEqual(app.shortcut(for: "export-pdf"), "<Shift><Control>e", "the changed shortcut stays the command's")
            XCTAssertEqual(gtk_widget_get_tooltip_text(button).map { String(cString: $0) }, "Als PDF exportieren… (Shift+Ctrl+E)")
            XCTAssertEqual(gtk_actionable_get_action_name(gmk_actionable(button.gpointer)).map { String(cString: $0) }, "app.export-pdf")
            g_action_group_activate_action(group, "export-pdf", nil)
            XCTAssertEqual(model.saves, 1, "the action the button names runs the renamed command")
        }
    }

    /// Where each command is shown is the app's to say: kept out of the primary menu, put in
    /// it from a place GNOME's layout leaves out (Quit's), or shown there alone; each works by
    /// its action and shortcut wherever it is shown.
    func testEachCommandIsShownInTheMenusTheAppSays() throws {
        try GtkSession.start()
        onMain {
            let app = Application(id: "org.gmenukit.CommandMenus", flags: G_APPLICATION_NON_UNIQUE, name: "Menus")
            app.commands {
                CommandGroup(replacing: .saveItem) {
                    Button("Save") {}.keyboardShortcut("<Control>s")
                    Button("Save a Copy") {}.commandMenus(.menuBarOnly)
                }
                CommandGroup(after: .appTermination) {
                    Button("Quit and Keep Windows") {}.commandMenus(.both)
                }
                CommandMenu("Tools") {
                    Button("Inspect") {}.keyboardShortcut("<Control>i").commandMenus(.primaryMenuOnly)
                    Button("Measure") {}
                }
                CommandMenu("Hidden") {
                    Button("Only Primary") {}.commandMenus(.primaryMenuOnly)
                }
            }
            XCTAssertTrue(app.register())
            defer { app.quit() }
            let bar = MenuModelReader.read(app.makeMenuBar().menu.menuModel)
            XCTAssertEqual(bar.map { $0.label?.replacingOccurrences(of: "_", with: "") }, ["File", "Tools", "Help"],
                           "a menu whose commands are all the primary menu's is left out of the bar")
            XCTAssertEqual(flatten(bar[0].submenu ?? []).compactMap(\.label),
                           ["Save", "Save a Copy", "Close Window", "Quit", "Quit and Keep Windows"])
            XCTAssertEqual(flatten(bar[1].submenu ?? []).compactMap(\.label), ["Measure"])
            let primary = flatten(MenuModelReader.read(app.makePrimaryMenuButton().menu.menuModel)).compactMap(\.label)
            XCTAssertEqual(primary, ["Save", "Keyboard Shortcuts", "About Menus", "Quit and Keep Windows", "Inspect", "Only Primary"])
            let group = gmk_action_group(app.gtkApplication.gpointer)!
            for name in ["inspect", "only-primary", "save-a-copy"] {
                XCTAssertEqual(g_action_group_has_action(group, name), 1, "app.\(name) works wherever it is shown")
            }
            XCTAssertEqual(Self.accelerators(app, "app.inspect"), ["<Control>i"])
        }
    }
}
