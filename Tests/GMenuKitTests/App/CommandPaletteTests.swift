import CGtk
import Foundation
import XCTest

@testable import GMenuKit
@testable import NotepadApp
import GMenuKitTesting

/// The command palette in the example app, typed into with real keys (xdotool): Ctrl+Shift+P
/// opens it, words find commands, Return does what the menu item does in the window it was
/// opened for, Escape closes it and leaves that window's focus where it was.
final class CommandPaletteTests: GtkTestCase {
    /// The open palette.
    @MainActor
    static func openPalette() -> CommandPalette? {
        CommandPalette.current.flatMap { gtk_widget_get_mapped($0.widget) != 0 ? $0 : nil }
    }

    @MainActor
    static func typeIntoPalette(_ text: String) throws -> CommandPalette {
        try RealInput.xdotool("key", "ctrl+shift+p")
        MainLoop.turn { openPalette().map { $0.window.map { gtk_window_is_active($0) != 0 } ?? false } ?? false }
        guard let palette = openPalette() else { throw MenuTestFailure("Ctrl+Shift+P opened no palette") }
        try RealInput.xdotool("type", "--delay", "30", text)
        MainLoop.turn { palette.query == text }
        XCTAssertEqual(palette.query, text, "typed into the palette's search field")
        return palette
    }

    func testCtrlShiftPFindsCommandsByWordsAndReturnDoesWhatTheItemDoes() throws {
        try GtkSession.start()
        try onMain {
            let (notepad, first, _) = try NotepadTests.twoWindows()
            notepad.app.commandUsage = CommandUsageStore(path: temporaryPath("command-usage.ini"))
            try NotepadTests.type("Dear diary ", into: first)

            // "bold", Return: the active window's document turns bold.
            var palette = try Self.typeIntoPalette("bold")
            XCTAssertEqual(palette.shownTitles.first, "Format › Bold")
            gtk_test_widget_wait_for_draw(palette.widget)
            Screenshot.saveIfAsked(name: "command-palette-light", variable: RowColorTests.screenshotVariable, size: "560x440")
            try RealInput.xdotool("key", "Return")
            MainLoop.turn { first.document.isBold }
            XCTAssertTrue(first.document.isBold, "Return chose Format › Bold in the window the palette was opened for")
            XCTAssertNil(Self.openPalette(), "choosing closed the palette")

            // "ins da": Insert › Date types today's date into the text view, which has the focus again.
            palette = try Self.typeIntoPalette("ins da")
            XCTAssertEqual(palette.shownTitles, ["Insert › Date"])
            try RealInput.xdotool("key", "Return")
            MainLoop.turn { first.document.text.count > "Dear diary ".count }
            XCTAssertGreaterThan(first.document.text.count, "Dear diary ".count, "the date was inserted: \(first.document.text)")

            // A keyword the command declares.
            palette = try Self.typeIntoPalette("pdf")
            XCTAssertEqual(palette.shownTitles, ["File › Export…"])
            try RealInput.xdotool("key", "Escape")
            MainLoop.turn { Self.openPalette() == nil }

            // A typo, and what was chosen before ranks first for an empty search.
            palette = try Self.typeIntoPalette("bodl")
            XCTAssertEqual(palette.shownTitles.first, "Format › Bold", "two letters swapped")
            try RealInput.xdotool("key", "ctrl+a", "BackSpace")
            MainLoop.turn { palette.query.isEmpty }
            XCTAssertEqual(Set(palette.shownTitles.prefix(2)), ["Format › Bold", "Insert › Date"], "recent choices for an empty search")

            // Escape closes it; the window's focus is where it was.
            try RealInput.xdotool("key", "Escape")
            MainLoop.turn { Self.openPalette() == nil }
            XCTAssertNil(Self.openPalette())
            MainLoop.turn { gtk_widget_has_focus(first.textView) != 0 }
            XCTAssertNotEqual(gtk_widget_has_focus(first.textView), 0, "the text view has the keyboard again")

            // The choices were kept for the next run.
            let kept = CommandUsageStore(path: notepad.app.commandUsage.path)
            XCTAssertEqual(kept.usage.records["Format › Bold"]?.count, 1)
            XCTAssertEqual(kept.usage.records["Insert › Date"]?.count, 1)
            notepad.app.quit()
            MainLoop.drain()
        }
    }

    func testUnavailableCommandsAreListedLastDimmedAndNotChosenByReturn() throws {
        try GtkSession.start()
        try onMain {
            let (notepad, first, _) = try NotepadTests.twoWindows()
            notepad.app.commandUsage = CommandUsageStore(path: nil)
            ThemeVariant.set(dark: true)
            defer { ThemeVariant.set(dark: false) }
            // Nothing typed: Save is unavailable, listed after what is available.
            let palette = try Self.typeIntoPalette("s")
            XCTAssertEqual(palette.shownTitles.last, "File › Save")
            XCTAssertGreaterThan(palette.shownTitles.count, 1)
            try RealInput.xdotool("type", "ave")
            MainLoop.turn { palette.query == "save" }
            XCTAssertEqual(palette.shownTitles.first, "File › Save")
            gtk_test_widget_wait_for_draw(palette.widget)
            Screenshot.saveIfAsked(name: "command-palette-dark", variable: RowColorTests.screenshotVariable, size: "560x440")
            try RealInput.xdotool("key", "Return")
            MainLoop.drain()
            XCTAssertNotNil(Self.openPalette(), "Return on an unavailable command does nothing")
            XCTAssertTrue(first.document.history.isEmpty, "nothing was saved")
            try RealInput.xdotool("key", "Escape")
            MainLoop.turn { Self.openPalette() == nil }

            // Right to left: the palette of a window whose text runs right to left mirrors.
            ThemeVariant.set(dark: false)
            gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
            defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
            let mirrored = try Self.typeIntoPalette("s")
            XCTAssertEqual(gtk_widget_get_direction(mirrored.widget), GTK_TEXT_DIR_RTL)
            gtk_test_widget_wait_for_draw(mirrored.widget)
            Screenshot.saveIfAsked(name: "command-palette-rtl", variable: RowColorTests.screenshotVariable, size: "560x440")
            try RealInput.xdotool("key", "Escape")
            MainLoop.turn { Self.openPalette() == nil }
            notepad.app.quit()
            MainLoop.drain()
        }
    }

    /// What a screen reader hears of the palette in the example app, from the keyboard alone:
    /// the search field by name with the focus, the number of results in a status label that
    /// changes as a person types, and each result as one item with its menus, state and keys.
    func testAScreenReaderHearsTheFieldTheCountAndEachResult() throws {
        let configuration = temporaryPath("atspi-palette-config")
        defer { try? FileManager.default.removeItem(atPath: configuration) }
        let steps = ["key:ctrl+shift+p", "key:s", "key:a"]
        let readings = try ControlAccessibilityTests.read(program: "ExampleNotepad", steps: steps,
                                                          environment: ["XDG_CONFIG_HOME": configuration])
        XCTAssertEqual(readings.map(\.step), steps)
        guard readings.count == steps.count else { return }
        func nodes(_ reading: Int, role: String) -> [ControlAccessibilityTests.Node] {
            readings[reading].nodes.filter { $0.role == role }
        }
        let field = readings[0].nodes.first { $0.name == "Search commands" }
        XCTAssertEqual(field?.states.contains("focused"), true, "the search field has the focus: \(field.map(\.summary) ?? "none")")
        // GTK 4.8 names a status label by its text; GTK 4.18 prohibits its name (gtkatcontext.c)
        // and a screen reader reads its text.
        let statuses = (0..<readings.count).map { reading in
            nodes(reading, role: "status bar").first.map { $0.name.isEmpty ? $0.text ?? "" : $0.name } ?? "none"
        }
        XCTAssertEqual(statuses[0], "Type to find a command")
        XCTAssertNotEqual(statuses[1], statuses[2], "the count changes as a person types: \(statuses)")
        XCTAssertEqual(statuses[2], "1 command")
        // GTK 4.14 and later announce the count as it changes; 4.8 has only the live label.
        if gtk_get_minor_version() >= 14 {
            XCTAssertEqual(readings[2].announcements?.last, "1 command", "the count announced: \(readings.map(\.announcements))")
        } else {
            XCTAssertEqual(readings.flatMap { $0.announcements ?? [] }, [], "GTK 4.8 announces nothing")
        }
        let results = nodes(2, role: "list item").map(\.name)
        XCTAssertEqual(results, ["Save, File, unavailable, Ctrl+S"], "one item, heard with its menu, that it is dimmed, and its keys")
    }

    /// Everything a window's menus hold, however made: commands of the menu bar, a GMenuKit
    /// pull-down with a picker, GTK's own menu button naming an application action of the app's;
    /// labels found without their accents; states shown; a destructive command chosen from the
    /// palette still asks first, through the same action as its item.
    func testEveryMenuOfTheWindowIsSearchedAndChoosingActsAsTheItem() throws {
        try GtkSession.start()
        try onMain {
            final class Log { var deleted = 0, pinned = true, sort = "Date", zoom = 1.5 }
            let log = Log()
            let app = Application(id: "org.gmenukit.PaletteTests", flags: G_APPLICATION_NON_UNIQUE, name: "Palette")
            app.shortcutsFile = temporaryPath("palette-shortcuts.ini")
            app.commandUsage = CommandUsageStore(path: nil)
            app.commands {
                CommandMenu("Notes") {
                    Button("Éditer la note") {}
                    Toggle("Pin", isOn: Binding(get: { log.pinned }, set: { log.pinned = $0 }))
                    Button("Delete All Notes", role: .destructive) { log.deleted += 1 }
                    Button("Empty Trash") {}.disabled(true).help("The trash is empty")
                }
            }
            XCTAssertTrue(app.register())
            // An action of the app's own, shown by GTK's own menu button: borrowed, not GMenuKit's.
            let archive = g_simple_action_new("archive", nil)!
            Self.archived = 0
            gmk_connect_action(archive, "activate", { _, _, _ in CommandPaletteTests.archived += 1 }, nil, nil)
            g_action_map_add_action(gmk_action_map(app.gtkApplication.gpointer), gmk_action(archive.gpointer))
            g_object_unref(archive.gpointer)
            let gtkMenu = g_menu_new()!
            g_menu_append(gtkMenu, "Archive", "app.archive")
            // A target the action takes no parameter for: GTK dims the item.
            g_menu_append(gtkMenu, "Archive All", "app.archive::all")
            let gtkButton = gtk_menu_button_new()!
            gtk_menu_button_set_label(gmk_menu_button(gtkButton), "More")
            gtk_menu_button_set_menu_model(gmk_menu_button(gtkButton), gmk_menu_model(gtkMenu.gpointer))
            g_object_unref(gtkMenu.gpointer)
            let view = PullDownButton(Menu("View") {
                Picker("Sort By", selection: Binding(get: { log.sort }, set: { log.sort = $0 })) {
                    Text("Date").tag("Date")
                    Text("Name").tag("Name")
                }
                Slider("Zoom", value: Binding(get: { log.zoom }, set: { log.zoom = $0 }), in: 1...2, step: 0.25)
            })
            let window = gtk_application_window_new(app.gtkApplication)!
            defer { Self.close(window, of: app) }
            try Self.show(window, of: app, titled: "Palette Test", with: [view.widget, gtkButton])

            let commands = WindowCommands.read(in: window)
            @MainActor func command(_ title: String) -> WindowCommand? { commands.first { $0.title == title } }
            XCTAssertEqual(command("Pin")?.state, "✓", "a checked toggle")
            XCTAssertEqual(command("Date")?.path, ["View", "Sort By"])
            XCTAssertEqual(command("Date")?.state, "✓", "the chosen option")
            XCTAssertNil(command("Name")?.state)
            XCTAssertEqual(command("Archive")?.path, ["More"], "GTK's own menu button, by its label")
            XCTAssertEqual(commands.filter { $0.title == "Pin" }.count, 1, "one command however many menus show it")
            XCTAssertEqual(command("Empty Trash")?.isAvailable, false)
            XCTAssertEqual(command("Empty Trash")?.help, "The trash is empty", "why it is unavailable, as the app says")
            XCTAssertEqual(command("Archive All")?.isAvailable, false, "a target the action does not take, dimmed as GTK dims it")
            let zoom = commands.filter { $0.path.last?.hasPrefix("Zoom") == true }
            XCTAssertEqual(zoom.map(\.title), ["Decrease", "Increase"], "a slider offers its steps, as a stepper")
            XCTAssertEqual(zoom.first?.path, ["View", "Zoom: 1.5"], "with its value where it lives")

            let palette = try XCTUnwrap(app.showCommandPalette())
            try RealInput.focusWindow(titled: "Commands")
            palette.query = "editer"
            XCTAssertEqual(palette.shownTitles, ["Notes › Éditer la note"], "found without its accent")
            palette.query = "sort name"
            XCTAssertEqual(palette.shownTitles, ["View › Sort By › Name"])
            try RealInput.key("Return")
            MainLoop.turn { log.sort == "Name" }
            XCTAssertEqual(log.sort, "Name", "the option was chosen through the picker's action")

            let zooming = try XCTUnwrap(app.showCommandPalette())
            try RealInput.focusWindow(titled: "Commands")
            zooming.query = "zoom inc"
            XCTAssertEqual(zooming.shownTitles, ["View › Zoom: 1.5 › Increase"])
            zooming.query = "zoom"
            XCTAssertEqual(zooming.shownTitles, ["View › Zoom: 1.5 › Decrease", "View › Zoom: 1.5 › Increase"])
            gtk_test_widget_wait_for_draw(zooming.widget)
            Screenshot.saveIfAsked(name: "command-palette-slider", variable: RowColorTests.screenshotVariable, size: "560x440")
            zooming.query = "zoom inc"
            try RealInput.key("Return")
            MainLoop.turn { log.zoom == 1.75 }
            XCTAssertEqual(log.zoom, 1.75, "one step up, through the slider's action")
            let atTheTop = WindowCommands.read(in: window).filter { $0.path.last?.hasPrefix("Zoom") == true }
            XCTAssertEqual(atTheTop.first?.path, ["View", "Zoom: 1.75"])
            log.zoom = 2
            view.menu.refresh()
            let full = WindowCommands.read(in: window).filter { $0.path.last?.hasPrefix("Zoom") == true }
            XCTAssertEqual(full.map(\.isAvailable), [true, false], "no step up from the highest value")

            let second = try XCTUnwrap(app.showCommandPalette())
            try RealInput.focusWindow(titled: "Commands")
            second.query = "archive"
            try RealInput.key("Return")
            MainLoop.turn { Self.archived == 1 }
            XCTAssertEqual(Self.archived, 1, "the app's own action, from GTK's own menu")

            let third = try XCTUnwrap(app.showCommandPalette())
            try RealInput.focusWindow(titled: "Commands")
            third.query = "delete all"
            try RealInput.key("Return")
            MainLoop.turn { Self.confirmation() != nil }
            let dialog = try XCTUnwrap(Self.confirmation(), "the destructive command asks first")
            XCTAssertEqual(log.deleted, 0, "nothing was deleted before the answer")
            gtk_window_destroy(gmk_window(dialog.gpointer))
            MainLoop.drain()
            XCTAssertEqual(log.deleted, 0, "closing the question keeps the notes")
        }
    }

    /// The showcase, used as a person would, keys only, read through AT-SPI: Ctrl+Shift+P, "inc"
    /// finds its stepper's Increase with the value in its place, Return increases it, and the
    /// next search shows the new value.
    func testTheShowcasesPaletteFindsAndRunsItsStepper() throws {
        let configuration = temporaryPath("atspi-showcase-palette")
        defer { try? FileManager.default.removeItem(atPath: configuration) }
        let steps = ["key:ctrl+shift+p", "key:i", "key:n", "key:c", "key:Return", "key:ctrl+shift+p", "key:i", "key:n", "key:c"]
        let readings = try ControlAccessibilityTests.read(program: "MenuShowcase", steps: steps,
                                                          environment: ["XDG_CONFIG_HOME": configuration])
        XCTAssertEqual(readings.map(\.step), steps)
        guard readings.count == steps.count else { return }
        // The palette's results: the items of its list named "Commands" (the showcase has lists too).
        func results(_ reading: Int) -> [String] {
            readings[reading].nodes.filter { $0.role == "list item" && $0.path.contains("Commands") }.map(\.name)
        }
        XCTAssertEqual(results(3).first, "Increase, Font Size › Font Size: 12", "the stepper's value is where it lives")
        XCTAssertTrue(results(4).isEmpty, "Return closed the palette")
        XCTAssertEqual(results(8).first, "Increase, Font Size › Font Size: 13", "Return increased it")
    }

    /// A palette the app places in its own window: typing there finds the window's commands,
    /// Return runs one and empties the field, the results follow the new state, Escape empties
    /// the field.
    func testAPalettePlacedInTheAppsWindowSearchesItAndStaysInPlace() throws {
        try GtkSession.start()
        try onMain {
            final class Log { var pinned = false }
            let log = Log()
            let app = Application(id: "org.gmenukit.EmbeddedPaletteTests", flags: G_APPLICATION_NON_UNIQUE, name: "Embedded")
            app.shortcutsFile = temporaryPath("embedded-shortcuts.ini")
            app.commands {
                CommandMenu("Notes") {
                    Toggle("Pin", isOn: Binding(get: { log.pinned }, set: { log.pinned = $0 }))
                }
            }
            XCTAssertTrue(app.register())
            let window = gtk_application_window_new(app.gtkApplication)!
            let palette = CommandPalette(embeddedIn: gmk_window(window.gpointer), usage: CommandUsageStore(path: nil))
            XCTAssertNil(palette.window)
            defer { Self.close(window, of: app) }
            try Self.show(window, of: app, titled: "Embedded Palette", with: [palette.widget])
            palette.present()
            try RealInput.xdotool("type", "--delay", "30", "pin")
            MainLoop.turn { palette.query == "pin" }
            XCTAssertEqual(palette.shownTitles, ["Notes › Pin"])
            try RealInput.key("Return")
            MainLoop.turn { log.pinned && palette.query.isEmpty }
            XCTAssertTrue(log.pinned, "Return ran the command in the window")
            XCTAssertEqual(palette.query, "", "the field is empty again")
            XCTAssertNil(Self.openPalette(), "no window of its own")
            let commands = WindowCommands.read(in: window)
            XCTAssertEqual(commands.first { $0.title == "Pin" }?.state, "✓")
            try RealInput.xdotool("type", "--delay", "30", "pi")
            MainLoop.turn { palette.query == "pi" }
            try RealInput.key("Escape")
            MainLoop.turn { palette.query.isEmpty }
            XCTAssertEqual(palette.query, "", "Escape empties the field")
            XCTAssertNotEqual(gtk_widget_get_mapped(palette.widget), 0, "and leaves the palette in place")
        }
    }

    /// The focused list's context menu is listed for the list's selection, read without opening
    /// it: the selection and the focused row stay as they are, and choosing acts on the selection.
    func testTheFocusedListsMenuIsListedForItsSelectionWithoutChangingIt() throws {
        try GtkSession.start()
        try onMain {
            for kind in [ListKind.listBox, .listView] {
                let notes = NoteList(kind, count: 5)
                var opened: [String] = []
                let context = ListContextMenuTests.attachMenu(to: notes, opened: { opened = $0 })
                let window = try InputWindow(titled: "Palette list \(kind.rawValue)", child: notes.scroller)
                defer { window.destroy() }
                notes.select([1, 2])
                // The keyboard on an unselected row: the Menu key would select it; the palette does not.
                let point = notes.point(of: "Note 4")
                window.click(1, onto: notes.list, at: point.x, point.y)
                MainLoop.turn { notes.selectedTitles == ["Note 4"] }
                notes.select([1, 2])
                MainLoop.drain()
                let commands = WindowCommands.read(in: window.window)
                XCTAssertEqual(commands.map(\.title), ["Open 2 Notes", "Delete 2 Notes…"], "\(kind): the menu for the selection")
                XCTAssertEqual(commands.first?.path, [context.menu.title])
                XCTAssertEqual(notes.selectedTitles, ["Note 1", "Note 2"], "\(kind): reading the menu selected nothing")
                XCTAssertTrue(commands.first?.activate() ?? false)
                MainLoop.drain()
                XCTAssertEqual(opened, ["Note 1", "Note 2"], "\(kind): the item acts on the selection")
            }
        }
    }

    /// Shows the application's `window`: its menu bar above `children`, with the keyboard.
    @MainActor
    static func show(_ window: UnsafeMutablePointer<GtkWidget>, of app: Application, titled title: String,
                     with children: [UnsafeMutablePointer<GtkWidget>]) throws {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_box_append(gmk_box(box.gpointer), app.makeMenuBar().widget)
        for child in children { gtk_box_append(gmk_box(box.gpointer), child) }
        gtk_window_set_title(gmk_window(window.gpointer), title)
        gtk_window_set_default_size(gmk_window(window.gpointer), 480, 420)
        gtk_window_set_child(gmk_window(window.gpointer), box)
        gtk_window_present(gmk_window(window.gpointer))
        try MainLoop.wait(for: "the window to show") { children.allSatisfy { gtk_widget_get_mapped($0) != 0 } }
        try RealInput.focusWindow(titled: title)
    }

    @MainActor
    static func close(_ window: UnsafeMutablePointer<GtkWidget>, of app: Application) {
        gtk_window_destroy(gmk_window(window.gpointer))
        MainLoop.drain()
        app.quit()
        MainLoop.drain()
    }

    nonisolated(unsafe) static var archived = 0

    /// The confirmation a destructive command shows, if one is open.
    @MainActor
    static func confirmation() -> UnsafeMutablePointer<GtkWidget>? {
        let toplevels = gtk_window_get_toplevels()!
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let object = g_list_model_get_item(toplevels, index) else { continue }
            g_object_unref(object)
            let window = gmk_widget(object)!
            if gtk_widget_get_mapped(window) != 0, gtk_widget_has_css_class(window, "gmenukit-confirmation") != 0 { return window }
        }
        return nil
    }
}
