import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

@Observable @MainActor private final class NamedCommand: Identifiable {
    let id: Int
    var title: String
    init(_ id: Int) { (self.id, title) = (id, "Command \(id)") }
}

/// The shortcuts of borrowed actions are the application's (`gtk_application_set_accels_for_action`):
/// shown from its accels, and installed by GMenuKit only when the app has none, so F11 is not
/// bound twice. Context menus show shortcuts when the app asks.
final class BorrowedShortcutTests: GtkTestCase {
    /// A GtkApplication as the default application with accels for two window actions; released after `body`.
    private func withApplication(_ body: @MainActor () -> Void) throws {
        try GtkSession.start()
        onMain {
            let application = gtk_application_new("org.gmenukit.BorrowedShortcutTests", G_APPLICATION_NON_UNIQUE)!
            for (action, accels) in [("win.fullscreen", ["F11"]), ("win.zoom('in')", ["<Control>plus", "<Control>equal"])] {
                Self.setAccels(accels, for: action, application: application)
            }
            g_application_set_default(gmk_g_application(application))
            let watcher = FinalizationWatcher()
            watcher.watch(application)
            body()
            g_application_set_default(nil)
            g_object_unref(application)
            XCTAssertTrue(watcher.allFinalized, "the application went")
        }
    }

    /// `gtk_application_set_accels_for_action` on `application`, or on the default application.
    @MainActor
    private static func setAccels(_ accels: [String], for action: String,
                                  application: UnsafeMutablePointer<GtkApplication>? = nil) {
        let app = application ?? gmk_gtk_application(g_application_get_default())
        var pointers = accels.map { strdup($0) } + [nil]
        pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(app, action, $0)
            }
        }
        pointers.forEach { free($0) }
    }

    /// The triggers of the shortcuts GMenuKit installed on `widget` (its shortcut controllers' models).
    @MainActor
    private static func installedTriggers(on widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        let controllers = gtk_widget_observe_controllers(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        var triggers: [String] = []
        for index in 0..<g_list_model_get_n_items(controllers) {
            let controller = g_list_model_get_item(controllers, index)!
            defer { g_object_unref(controller) }
            guard gmk_is_shortcut_controller(controller) != 0 else { continue }
            for position in 0..<g_list_model_get_n_items(gmk_list_model(controller)) {
                let shortcut = g_list_model_get_item(gmk_list_model(controller), position)!
                defer { g_object_unref(shortcut) }
                if let trigger = gtk_shortcut_get_trigger(gmk_shortcut(shortcut)), let text = gtk_shortcut_trigger_to_string(trigger) {
                    triggers.append(String(cString: text))
                    g_free(text)
                }
            }
        }
        return triggers
    }

    func testTheApplicationsAccelsAreShownAndNotInstalledTwice() throws {
        try withApplication {
            let collected = DiagnosticCollector()
            defer { collected.stop() }
            let rendered = RenderedMenu(Menu("View") {
                Button("Fullscreen", actionName: "win.fullscreen").keyboardShortcut("F11")
                Button("Zoom In", actionName: "win.zoom", target: "in")
                Button("Save", actionName: "win.save").keyboardShortcut("<Control>s")
                Button("Reload", actionName: "win.fullscreen").keyboardShortcut("F5").id("wrong")
            })
            let widget = g_object_ref_sink(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))!
            let box = gmk_widget(widget)!
            rendered.insertActionGroup(into: box)
            let accels = MenuModelReader.read(rendered.menuModel).map { $0.attributes["accel"] }
            XCTAssertEqual(accels, ["F11", "<Control>plus", "<Control>s", "F11"],
                           "the app's accels, its first one for a target, the written one where the app has none")
            XCTAssertEqual(Self.installedTriggers(on: box), ["<Control>s"], "only the shortcut the app does not fire is installed")
            XCTAssertTrue(rendered.diagnostics.contains { $0.message == "the application's shortcut for win.fullscreen is F11, not F5; the item shows F11" },
                          "\(rendered.diagnostics)")
            rendered.invalidate()
            g_object_unref(widget)
        }
    }

    /// Past a planning pass's first asks, the actions the app has accels for are listed once
    /// (asking GTK for every item cost 40% of an import): a long menu shows the accels a short
    /// one does, for string and typed targets, and a list's change asks again, so an accel the
    /// app set after the render shows.
    func testALongMenuShowsTheApplicationsAccelsAndAListsChangeAsksAgain() throws {
        try withApplication {
            Self.setAccels(["<Control>2"], for: "win.scale(2)")
            let imported = try! BuilderMenuContent(BuilderDocument(xml: """
                <interface><menu id="m"><item><attribute name="label">Double</attribute>
                <attribute name="action">win.scale</attribute><attribute name="target" type="i">2</attribute></item></menu></interface>
                """), id: "m")
            let commands = (0..<12).map(NamedCommand.init)
            let rendered = RenderedMenu(Menu("Commands") {
                ForEach(commands) { command in Button(command.title, actionName: "win.command-\(command.id)") }
                Button("Fullscreen", actionName: "win.fullscreen")
                Button("Zoom In", actionName: "win.zoom", target: "in")
                imported
            })
            let accels = MenuModelReader.read(rendered.menuModel).map { $0.attributes["accel"] }
            XCTAssertEqual(accels.count, 15)
            XCTAssertEqual(Array(accels.suffix(3)), ["F11", "<Control>plus", "<Control>2"])
            XCTAssertEqual(accels.prefix(12).compactMap { $0 }, [], "no accels for the app's other actions")
            Self.setAccels(["<Control>5"], for: "win.command-5")
            commands[5].title = "Renamed"
            MainLoop.drain()
            let changed = MenuModelReader.read(rendered.menuModel)[5].attributes
            XCTAssertEqual(changed["label"], "Renamed")
            XCTAssertEqual(changed["accel"], "<Control>5", "the list's change asked the app again")
            rendered.invalidate()
        }
    }

    func testAContextMenuShowsShortcutsWhenAsked() throws {
        try withApplication {
            let widget = g_object_ref_sink(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))!
            let box = gmk_widget(widget)!
            let contextMenu = ContextMenu(Menu("Page") {
                Button("Fullscreen", actionName: "win.fullscreen")
                Button("Copy") {}.keyboardShortcut("<Control>c")
            }, attachedTo: box)
            XCTAssertFalse(contextMenu.showsShortcuts, "hidden by default (rules L5, C2)")
            XCTAssertEqual(MenuModelReader.read(contextMenu.menu.menuModel).map { $0.attributes["accel"] }, ["", ""],
                           "an empty accel hides even the one GTK would find")
            XCTAssertEqual(contextMenu.menu.guidelineDiagnostics().compactMap(\.rule), ["L5"])
            contextMenu.showsShortcuts = true
            XCTAssertEqual(MenuModelReader.read(contextMenu.menu.menuModel).map { $0.attributes["accel"] }, ["F11", "<Control>c"])
            XCTAssertEqual(contextMenu.menu.guidelineDiagnostics().compactMap(\.rule), [], "asked for: no L5")
            XCTAssertTrue(Self.installedTriggers(on: box).contains("<Control>c"))
            XCTAssertFalse(Self.installedTriggers(on: box).contains("F11"))
            // The widget owns its context menu: both go with it.
            g_object_unref(widget)
            MainLoop.drain()
        }
    }
}
