import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// ``LiveMenu`` reads what GTK will show, through GIO: the same menu rendered by GMenuKit and
/// planned headless (``InspectedMenu``) reads the same, before and after acting; an app's
/// GtkBuilder menu with its own action group reads as GMenuKit imports it; GTK's own text-view
/// menu is read and acted on; and nothing it held outlives it.
final class LiveMenuTests: GtkTestCase {
    @MainActor
    final class Model {
        var bold = false
        var wraps = true
        var align = "Left"
        var size = 12
        var scoops = 2
        var volume = 0.5
        var deleted = 0
    }

    /// Every kind of item GMenuKit makes: toggles (one that keeps the menu open), pickers
    /// inline and as a submenu, a stepper, a slider, a destructive item, disabled and hidden
    /// items, a submenu, a section with a header, icons, shortcuts, access keys, a subtitle,
    /// a badge, a tooltip.
    @MainActor
    static func formatMenu(_ model: Model) -> Menu {
        Menu("Format") {
            Toggle("Bold", isOn: Binding(get: { model.bold }, set: { model.bold = $0 }))
                .keyboardShortcut("b")
            Toggle("Wrap Lines", isOn: Binding(get: { model.wraps }, set: { model.wraps = $0 }))
                .menuActionDismissBehavior(.disabled)
            Picker("Align", selection: Binding(get: { model.align }, set: { model.align = $0 })) {
                Text("Left").tag("Left")
                Text("Center").tag("Center")
                Text("Right").tag("Right")
            }
            Picker("Size", selection: Binding(get: { model.size }, set: { model.size = $0 })) {
                Text("Small").tag(10)
                Text("Normal").tag(12)
                Text("Large").tag(16)
            }
            .pickerStyle(.menu)
            Stepper("Scoops: \(model.scoops)", value: Binding(get: { model.scoops }, set: { model.scoops = $0 }), in: 1...4)
            Slider("Volume", value: Binding(get: { model.volume }, set: { model.volume = $0 }), in: 0...1, step: 0.1)
            Section("Note") {
                Button("Duplicate", systemImage: "doc.on.doc") {}
                    .keyboardShortcut("d")
                Button {} label: {
                    Text("Rename")
                    Text("Give the note a new name")
                }
                Button("Comments") {}
                    .badge(2)
                    .help("Show the comments on this note")
                Button("Archive") {}.disabled(true)
                Button("Unarchive") {}.disabled(true).hiddenWhenDisabled()
                Button("Quit", actionName: "app.quit").hidden(when: .actionMissing)
            }
            Menu("More") {
                Button("Export…") {}
                Button("Print…") {}.keyboardShortcut("p")
            }
            Divider()
            Button("Delete…", role: .destructive) { model.deleted += 1 }
        }
    }

    /// The menu GMenuKit renders for a control (rows drawn, as InspectedMenu plans it), read
    /// back through GIO, is the headless menu: item for item, attribute for attribute.
    func testTheHeadlessAnswerIsGTKs() throws {
        try GtkSession.start()
        try onMain {
            let model = Model()
            let rendered = RenderedMenu(Self.formatMenu(model), actionPrefix: "menu", isPresented: true)
            let live = LiveMenu(rendered)
            let inspected = InspectedMenu(Self.formatMenu(model))
            // An action the menu borrows and nobody provides: GTK hides its item.
            inspected.borrowedActions["app.quit"] = BorrowedActionState(isPresent: false)
            XCTAssertEqual(live.items, inspected.items, "\n--- GTK\n\(live.outline)--- headless\n\(inspected.outline)")

            // The kinds were told apart, not merely equal.
            XCTAssertEqual(try live.item("Bold").kind, .toggle)
            XCTAssertEqual(try live.item("Bold").shortcut, "Ctrl+B")
            XCTAssertEqual(try live.item("Align", "Center").kind, .option)
            XCTAssertEqual(try live.item("Size").kind, .submenu)
            XCTAssertEqual(try live.item("Scoops: 2").kind, .stepper)
            XCTAssertEqual(try live.item("Volume").value, 0.5)
            XCTAssertEqual(try live.item("Duplicate").icon, inspected.items.flatMapItems.first { $0.title == "Duplicate" }?.icon)
            XCTAssertEqual(try live.item("Rename").subtitle, "Give the note a new name")
            XCTAssertEqual(try live.item("Comments").badge, "2")
            XCTAssertFalse(try live.item("Archive").isEnabled)
            XCTAssertFalse(try live.item("Unarchive").isVisible)
            XCTAssertFalse(try live.item("Quit").isVisible)
            XCTAssertTrue(try live.item("Delete…").isDestructive)
            XCTAssertTrue(try live.item("Wrap Lines").reading.keepsMenuOpen)
        }
    }

    /// Acting through GIO changes what both read: a toggle flipped, an option selected, a
    /// stepper stepped, a slider moved, a command run.
    func testBothFollowWhatIsChosenThroughGTKsActions() throws {
        try GtkSession.start()
        try onMain {
            let model = Model()
            let rendered = RenderedMenu(Self.formatMenu(model), actionPrefix: "menu", isPresented: true)
            let live = LiveMenu(rendered)
            let inspected = InspectedMenu(Self.formatMenu(model))
            inspected.borrowedActions["app.quit"] = BorrowedActionState(isPresent: false)
            do {
                try live.item("Bold").toggle()
                try live.item("Align").select("Right")
                try live.item("Size").select("Large")
                try live.item("Scoops: 2").increment()
                try live.item("Volume").setValue(0.8)
            } catch {
                return XCTFail("\(error)")
            }
            // Actions that change state refresh the rendered menu on the main loop.
            MainLoop.drain()
            rendered.refresh()
            XCTAssertTrue(model.bold)
            XCTAssertEqual(model.align, "Right")
            XCTAssertEqual(model.size, 16)
            XCTAssertEqual(model.scoops, 3)
            XCTAssertEqual(model.volume, 0.8, accuracy: 1e-9)
            XCTAssertEqual(try live.item("Bold").isChecked, true)
            XCTAssertEqual(try live.item("Align", "Right").isChecked, true)
            XCTAssertEqual(try live.item("Scoops: 3").kind, .stepper)
            XCTAssertEqual(live.items, inspected.items, "\n--- GTK\n\(live.outline)--- headless\n\(inspected.outline)")
            XCTAssertThrowsError(try live.item("Archive").activate()) { error in
                XCTAssertTrue("\(error)".contains("dimmed"), "\(error)")
            }
            XCTAssertThrowsError(try live.item("Unarchive").activate()) { error in
                XCTAssertTrue("\(error)".contains("hidden"), "\(error)")
            }
        }
    }

    /// A path that names nothing, or more than one item, fails with the outline GTK shows.
    func testAPathThatNamesNoItemOrSeveralFailsWithTheOutline() throws {
        try GtkSession.start()
        try onMain {
            let rendered = RenderedMenu(Menu("Edit") {
                Section { Button("Copy") {}; Button("Paste") {} }
                Section { Button("Copy") {} }
                Menu("Sort By") { Button("Date") {} }
            })
            let live = LiveMenu(rendered)
            XCTAssertThrowsError(try live.item("Sort By", "Size")) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains("no item 'Size' in Sort By"), text)
                XCTAssertTrue(text.contains("items there: 'Date'"), text)
                XCTAssertTrue(text.contains("Sort By ›"), "the outline follows: \(text)")
            }
            XCTAssertThrowsError(try live.item("Copy")) { error in
                XCTAssertTrue("\(error)".contains("2 items 'Copy' at the top"), "\(error)")
            }
            XCTAssertThrowsError(try live.item(titled: "Copy")) { error in
                XCTAssertTrue("\(error)".contains("2 items (Copy; Copy)"), "\(error)")
            }
            XCTAssertEqual(try live.item("Sort By", "Date").path, ["Sort By", "Date"])
            XCTAssertEqual(live.items(where: { $0.kind == .command }).map(\.description), ["Copy", "Paste", "Copy", "Sort By › Date"])
        }
    }

    /// GTK 4.8 draws an item that names no action as if it could be chosen
    /// (gtkmenutrackeritem.c: no action, sensitive) and dims one whose action is missing: a
    /// dimmed borrowed item, a dimmed picker option and a dimmed generated item name an action
    /// that is never there, and GTK's own buttons, read from the popover GTK built, are dimmed
    /// as the headless menu says.
    func testDimmedItemsWithoutAnActionOfTheirOwnAreDimmedByGTK() throws {
        try GtkSession.start()
        try onMain {
            var quality = "high"
            let menu = Menu("Window") {
                Button("Close", actionName: "win.close").keyboardShortcut("<Control>w").disabled(true)
                Picker("Quality", selection: Binding(get: { quality }, set: { quality = $0 })) {
                    Text("High").tag("high")
                    Text("Lossless").tag("lossless").disabled()
                }
                ForEach(["Recent Note"], id: \.self) { title in Button(title) {}.disabled() }
                    .generatedContent()
                Button("Minimize", actionName: "win.minimize").disabled(true).badge(1)
            }
            let inspected = InspectedMenu(menu)
            // Shown by GTK's own model buttons: not presented by a GMenuKit control.
            let rendered = RenderedMenu(menu)
            let button = gtk_menu_button_new()!
            rendered.attach(toMenuButton: button)
            let window = try InputWindow(titled: "Dimmed without actions", child: button)
            gtk_menu_button_popup(gmk_menu_button(button.gpointer))
            let popover = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(button.gpointer)).gpointer)!
            settle { gtk_widget_get_mapped(popover) != 0 }
            if let live = LiveMenu(popover: popover, title: "Window") {
                for title in ["Close", "Lossless", "Recent Note"] {
                    XCTAssertFalse(try live.item(titled: title).isEnabled, "GTK dims '\(title)'\n\(live.outline)")
                    XCTAssertFalse(try inspected.item(titled: title).isEnabled)
                    XCTAssertThrowsError(try live.item(titled: title).activate())
                }
                XCTAssertTrue(try live.item(titled: "High").isEnabled)
                // Only the item with a shortcut shows it: the action dimmed items share has none.
                XCTAssertEqual(try live.item(titled: "Close").shortcut, "Ctrl+W")
                XCTAssertNil(try live.item(titled: "Lossless").shortcut, "\(live.outline)")
                XCTAssertNil(try live.item(titled: "Recent Note").shortcut)
            } else {
                XCTFail("no menu in the popover")
            }
            // What a person sees, light and dark (GMENUKIT_DIMMED_SCREENSHOTS=directory).
            for dark in [false, true] where ProcessInfo.processInfo.environment["GMENUKIT_DIMMED_SCREENSHOTS"] != nil {
                ThemeVariant.set(dark: dark)
                gtk_test_widget_wait_for_draw(popover)
                Screenshot.saveIfAsked(name: "dimmed-items-\(dark ? "dark" : "light")", variable: "GMENUKIT_DIMMED_SCREENSHOTS", size: "340x500")
                if dark { ThemeVariant.set(dark: false) }
            }
            // Read from the model and the menu's group, too (GMenuKit's rows when presented).
            let model = LiveMenu(RenderedMenu(menu, actionPrefix: "menu", isPresented: true))
            XCTAssertFalse(try model.item("Close").isEnabled)
            XCTAssertEqual(try model.item("Minimize").reading, try inspected.item("Minimize").reading)
            gtk_menu_button_popdown(gmk_menu_button(button.gpointer))
            settle { gtk_widget_get_mapped(popover) == 0 }
            window.destroy()
        }
    }

    // MARK: A GNOME app's menu

    /// System Monitor's menus, loaded by GtkBuilder itself and given an action group of its
    /// own (one action disabled, a string-state picker, a Boolean-state toggle, an int-state
    /// picker in a submenu), read the same as GMenuKit's import of the same file told the same
    /// actions.
    func testAGtkBuilderMenuOfAGNOMEAppReadsAsGMenuKitImportsIt() throws {
        try GtkSession.start()
        try onMain {
            let file = Self.fixtures + "/builder/system-monitor-menus.ui"
            let builder = gtk_builder_new_from_file(file)!
            defer { g_object_unref(builder.gpointer) }
            let win = g_simple_action_group_new()!
            let app = g_simple_action_group_new()!
            defer {
                g_object_unref(win.gpointer)
                g_object_unref(app.gpointer)
            }
            for name in ["refresh", "shortcuts", "about", "process-properties", "memory-maps", "open-files",
                         "set-affinity", "send-signal-stop", "send-signal-cont", "send-signal-term", "send-signal-kill"] {
                Self.add(name, to: win, enabled: !["refresh", "memory-maps", "send-signal-kill"].contains(name))
            }
            Self.add("show-whose-processes", to: win, state: g_variant_new_string("all"), parameter: "s")
            Self.add("show-dependencies", to: win, state: g_variant_new_boolean(1))
            Self.add("priority", to: win, state: g_variant_new_int32(0), parameter: "i")
            for name in ["lsof", "preferences", "help"] { Self.add(name, to: app) }
            let borrowed: [String: BorrowedActionState] = [
                "win.refresh": BorrowedActionState(isEnabled: false),
                "win.memory-maps": BorrowedActionState(isEnabled: false),
                "win.send-signal-kill": BorrowedActionState(isEnabled: false),
                "win.show-whose-processes": BorrowedActionState(state: "all"),
                "win.show-dependencies": BorrowedActionState(state: "true"),
                "win.priority": BorrowedActionState(state: "0"),
            ]
            let groups = ["win": GActionGroupHandle(win), "app": GActionGroupHandle(app)]
            for id in ["process-window-menu", "process-popup-menu"] {
                let object = gtk_builder_get_object(builder, id)!
                let live = LiveMenu(model: gmk_menu_model(object.gpointer), actions: groups, title: id)
                let inspected = InspectedMenu(try Menu(builderFile: file, id: id, title: id))
                inspected.borrowedActions = borrowed
                XCTAssertEqual(live.items, inspected.items, "\n--- GTK\n\(live.outline)--- headless\n\(inspected.outline)")
                XCTAssertFalse(live.items.isEmpty)
            }
            let window = gtk_builder_get_object(builder, "process-window-menu")!
            let live = LiveMenu(model: gmk_menu_model(window.gpointer), actions: groups)
            XCTAssertEqual(try live.item("All Processes").isChecked, true)
            XCTAssertEqual(try live.item("Show Dependencies").kind, .toggle)
            XCTAssertFalse(try live.item("Refresh").isEnabled)
            // Chosen through GIO, with the item's string target.
            try live.item("My Processes").select()
            XCTAssertEqual(try live.item("My Processes").isChecked, true)
            XCTAssertEqual(try live.item("All Processes").isChecked, false)
            let popup = gtk_builder_get_object(builder, "process-popup-menu")!
            let popupMenu = LiveMenu(model: gmk_menu_model(popup.gpointer), actions: groups)
            // An int32 target, not a string.
            try popupMenu.item("Change Priority").select("Very High")
            XCTAssertEqual(Self.state(of: "priority", in: win), "-20")
        }
    }

    // MARK: GTK's own menu

    /// A text view's context menu as GTK builds it, read from the popover: its items by GTK's
    /// names, Copy dimmed until text is selected, and Select All chosen through the inspector.
    func testGTKsOwnTextViewMenuIsReadAndActedOn() throws {
        try GtkSession.start()
        try onMain {
            let textView = gtk_text_view_new()!
            let buffer = gtk_text_view_get_buffer(gmk_text_view(textView.gpointer))!
            gtk_text_buffer_set_text(buffer, "Hello, menus", -1)
            let window = try InputWindow(titled: "Live text view menu", child: textView)
            gtk_widget_grab_focus(textView)
            gtk_widget_activate_action_variant(textView, "menu.popup", nil)
            var popover: UnsafeMutablePointer<GtkWidget>?
            settle {
                popover = popoverChildren(of: textView).first { gmk_is_popover_menu($0.gpointer) != 0 && gtk_widget_get_mapped($0) != 0 }
                return popover != nil
            }
            guard let popover else {
                window.destroy()
                return XCTFail("the text view opened no menu")
            }
            do {
                guard let live = LiveMenu(popover: popover, title: "Text View") else { return XCTFail("no model") }
                let titles = live.items.flatMap(\.children).map(\.title)
                XCTAssertEqual(titles, ["Cut", "Copy", "Paste", "Delete", "Undo", "Redo", "Select All", "Insert Emoji"])
                XCTAssertEqual(try live.item("Copy").accessKey, "c")
                XCTAssertFalse(try live.item("Copy").isEnabled, "nothing is selected\n\(live.outline)")
                XCTAssertTrue(try live.item("Select All").isEnabled, "\(live.outline)")
                XCTAssertEqual(try live.item("Undo").shortcut, "Ctrl+Z", "the accel GTK's button shows")
                try live.item("Select All").activate()
                MainLoop.drain()
                var start = GtkTextIter(), end = GtkTextIter()
                XCTAssertNotEqual(gtk_text_buffer_get_selection_bounds(buffer, &start, &end), 0, "the text is selected")
                XCTAssertEqual(gtk_text_iter_get_offset(&end) - gtk_text_iter_get_offset(&start), 12)
                XCTAssertThrowsError(try live.item("Paste", "Anything"))
            } catch {
                XCTFail("\(error)")
            }
            gtk_popover_popdown(gmk_popover(popover.gpointer))
            settle { gtk_widget_get_mapped(popover) == 0 }
            // The text view sets its actions' states as its menu opens: open it again.
            gtk_widget_activate_action_variant(textView, "menu.popup", nil)
            settle { gtk_widget_get_mapped(popover) != 0 }
            if let live = LiveMenu(popover: popover) {
                XCTAssertTrue(try live.item("Copy").isEnabled, "text is selected\n\(live.outline)")
                XCTAssertTrue(try live.item("Cut").isEnabled, "text is selected\n\(live.outline)")
            }
            // The focus taken out of the popover before it hides: GTK 4.8 keeps a popover that
            // loses the focus as it is unparented (notes: "Popovers that leak").
            gtk_widget_grab_focus(textView)
            gtk_popover_popdown(gmk_popover(popover.gpointer))
            settle { gtk_widget_get_mapped(popover) == 0 }
            window.destroy()
        }
    }

    // MARK: Lifetime

    /// The menu, its submenu and the action groups a LiveMenu read are finalized once the
    /// menu and its items are gone: it holds its references only while it lives.
    func testWhatALiveMenuHeldIsFinalizedAfterIt() throws {
        try GtkSession.start()
        try onMain {
            let watcher = FinalizationWatcher()
            do {
                let menu = g_menu_new()!
                let submenu = g_menu_new()!
                g_menu_append(submenu, "Inner", "x.go")
                g_menu_append(menu, "Go", "x.go")
                g_menu_append_submenu(menu, "More", gmk_menu_model(submenu.gpointer))
                let group = g_simple_action_group_new()!
                Self.add("go", to: group)
                for object in [menu.gpointer, submenu.gpointer, group.gpointer] { watcher.watch(object) }
                let live = LiveMenu(model: gmk_menu_model(menu.gpointer), actions: ["x": GActionGroupHandle(group)])
                g_object_unref(menu.gpointer)
                g_object_unref(submenu.gpointer)
                g_object_unref(group.gpointer)
                let inner = try live.item("More", "Inner")
                try inner.activate()
                XCTAssertEqual(watcher.finalizedCount, 0, "the live menu keeps what it reads")
                XCTAssertEqual(live.items.count, 2)
            }
            XCTAssertTrue(watcher.allFinalized, "\(watcher.finalizedCount) of \(watcher.watchedCount) finalized")
        }
    }

    // MARK: Helpers

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    @MainActor
    static func add(_ name: String, to group: UnsafeMutablePointer<GSimpleActionGroup>, enabled: Bool = true,
                    state: OpaquePointer? = nil, parameter: String? = nil) {
        let type = parameter.flatMap { g_variant_type_new($0) }
        defer { if let type { g_variant_type_free(type) } }
        let action = state.map { g_simple_action_new_stateful(name, type, $0)! } ?? g_simple_action_new(name, type)!
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
        g_action_map_add_action(gmk_action_map(group.gpointer), gmk_action(action.gpointer))
        g_object_unref(action.gpointer)
    }

    @MainActor
    static func state(of name: String, in group: UnsafeMutablePointer<GSimpleActionGroup>) -> String? {
        guard let state = g_action_group_get_action_state(gmk_action_group(group.gpointer), name) else { return nil }
        defer { g_variant_unref(state) }
        let text = g_variant_print(state, 0)!
        defer { g_free(text) }
        return String(cString: text)
    }
}

private extension Array where Element == MenuItemReading {
    /// Every item at any depth, in menu order.
    var flatMapItems: [MenuItemReading] { flatMap { [$0] + $0.children.flatMapItems } }
}
