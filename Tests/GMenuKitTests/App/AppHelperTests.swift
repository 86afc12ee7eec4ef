import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

@Observable
@MainActor
final class LabelModel {
    var title = "One"
    var count = 0
}

/// The helpers an app uses next to its menus: widget observation, checked builder casts,
/// typed signals, bound buttons' diagnostics, focused values of the focused widget.
final class AppHelperTests: GtkTestCase {
    func testAnObservedLabelUpdatesOncePerChangeFromTheMainLoopAndStopsWithItsWidget() throws {
        try GtkSession.start()
        onMain {
            let model = LabelModel()
            weak var weakObservation: ObservedUpdate?
            var updates = 0
            do {
                let label = gtk_label_new(nil)!
                g_object_ref_sink(label.gpointer)
                let observation = observe(label) {
                    updates += 1
                    gtk_label_set_text(gmk_label(label.gpointer), model.title)
                }
                weakObservation = observation
                let text = { String(cString: gtk_label_get_text(gmk_label(label.gpointer))) }
                XCTAssertEqual(text(), "One", "set at once")
                XCTAssertEqual(updates, 1)
                model.title = "Two"
                model.title = "Three"
                XCTAssertEqual(text(), "One", "not before the main loop runs")
                MainLoop.drain()
                XCTAssertEqual(text(), "Three")
                XCTAssertEqual(updates, 2, "two changes before the loop ran: one update")
                model.count += 1
                MainLoop.drain()
                XCTAssertEqual(updates, 2, "what the update did not read does not run it")
                model.title = "Four"
                g_object_unref(label.gpointer)
            }
            MainLoop.drain()
            XCTAssertEqual(updates, 2, "a change due after the widget went runs nothing")
            XCTAssertNil(weakObservation, "the widget owned the observation")
            model.title = "Five"
            MainLoop.drain()
            XCTAssertEqual(updates, 2)
        }
    }

    func testBuilderObjectsAreCastOnlyToWhatTheyAreAndMistakesAreDiagnosed() throws {
        try GtkSession.start()
        try onMain {
            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            let ui = try! InterfaceBuilder(string: """
                <interface>
                  <object class="GtkBox" id="box">
                    <child><object class="GtkToggleButton" id="toggle"/></child>
                    <child><object class="GtkLabel" id="label"/></child>
                  </object>
                </interface>
                """)
            XCTAssertNotNil(ui.object(GtkBox.self, "box"))
            XCTAssertNotNil(ui.object(GtkToggleButton.self, "toggle"))
            XCTAssertNotNil(ui.object(GtkButton.self, "toggle"), "a toggle button is a button")
            XCTAssertNotNil(ui.widget("label", ofType: "GtkLabel"))
            XCTAssertNil(ui.object(GtkButton.self, "label"))
            XCTAssertNil(ui.widget("box", ofType: "GtkLabel"))
            XCTAssertNil(ui.object(GtkBox.self, "missing"))
            XCTAssertEqual(diagnostics.collected.map(\.path), ["#label", "#box", "#missing"])
            XCTAssertEqual(diagnostics.collected.first?.message, "is a GtkLabel, not a GtkButton")
            XCTAssertThrowsError(try InterfaceBuilder(string: "<interface><object class=\"NoSuchType\"/></interface>"))
            // The builder's objects were floating children of a box nobody holds.
            if let box = ui.widget("box") { g_object_ref_sink(box.gpointer); g_object_unref(box.gpointer) }
        }
    }

    func testTypedSignalsRunTheirClosureAndReleaseItWithTheWidget() throws {
        try GtkSession.start()
        onMain {
            final class Token {}
            weak var weakToken: Token?
            var clicks = 0
            var notified = 0
            do {
                let button = gtk_toggle_button_new_with_label("Press")!
                g_object_ref_sink(button.gpointer)
                let token = Token()
                weakToken = token
                onSignal(button, .toggled) { _ in _ = token; clicks += 1 }
                onNotify(button, "label") { notified += 1 }
                gtk_toggle_button_set_active(cast(button, to: GtkToggleButton.self), 1)
                gtk_button_set_label(gmk_button(button.gpointer), "Pressed")
                g_object_unref(button.gpointer)
            }
            XCTAssertEqual(clicks, 1)
            XCTAssertEqual(notified, 1)
            XCTAssertNil(weakToken, "the handler went with the widget")
        }
    }

    func testABoundButtonThatIsNoActionableOrNamesNoCommandIsDiagnosed() throws {
        try GtkSession.start()
        onMain {
            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            let model = CommandModel()
            let app = ApplicationTests.application(model)
            XCTAssertTrue(app.register())
            let label = gtk_label_new("Not a button")!
            g_object_ref_sink(label.gpointer)
            app.bind(label, toCommand: "save")
            let button = gtk_button_new()!
            g_object_ref_sink(button.gpointer)
            app.bind(button, toCommand: "sav")
            MainLoop.drain()
            XCTAssertEqual(diagnostics.collected.map(\.path), ["save", "sav"])
            XCTAssertTrue(diagnostics.collected.last?.message.contains("save") ?? false, "it lists the commands there are")
            let window = ApplicationWindow(application: app, title: "No Box")
            XCTAssertNil(window.addMenuBar(to: label), "a menu bar goes into a box")
            XCTAssertEqual(diagnostics.collected.last?.path, "No Box")
            gtk_window_destroy(window.window)
            let toggle = gtk_toggle_button_new()!
            g_object_ref_sink(toggle.gpointer)
            app.bind(toggle, toCommand: "bold")
            XCTAssertEqual(gtk_actionable_get_action_name(gmk_actionable(toggle.gpointer)).map { String(cString: $0) }, "app.bold")
            XCTAssertEqual(gtk_widget_get_tooltip_text(toggle).map { String(cString: $0) }, "Bold (Ctrl+B)")
            for widget in [label, button, toggle] { g_object_unref(widget.gpointer) }
            app.quit()
        }
    }

    func testAWidgetsFocusedValueHoldsWhileTheFocusIsInsideIt() throws {
        try GtkSession.start()
        onMain {
            let app = Application(id: "org.gmenukit.FocusTests", flags: G_APPLICATION_NON_UNIQUE)
            XCTAssertTrue(app.register())
            let window = ApplicationWindow(application: app, title: "Focus Values")
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let inside = gtk_entry_new()!
            let outside = gtk_entry_new()!
            let editor = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_box_append(gmk_box(editor.gpointer), inside)
            gtk_box_append(gmk_box(box.gpointer), editor)
            gtk_box_append(gmk_box(box.gpointer), outside)
            gtk_window_set_child(window.window, box)
            let document = NSStringBox("document"), field = NSStringBox("field")
            window.focusedSceneValue(\.testName, document)
            focusedValue(\.testName, field, on: editor)
            window.present()
            MainLoop.drain()
            gtk_widget_grab_focus(inside)
            MainLoop.drain()
            XCTAssertTrue(app.focusedValues.testName === field, "the widget around the focus wins")
            gtk_widget_grab_focus(outside)
            MainLoop.drain()
            XCTAssertTrue(app.focusedValues.testName === document, "outside it, the window's value")
            window.focusedSceneValue(\.testName, nil)
            XCTAssertNil(app.focusedValues.testName)
            app.quit()
            MainLoop.drain()
            XCTAssertNil(app.focusedValues.testName, "no window, no values")
        }
    }
}

extension AppHelperTests {
    /// `@FocusedValue` and `@FocusedBinding` in a commands type of the app's own read what the
    /// active window publishes: its menu item is enabled and checked by it, choosing it writes
    /// through the window's binding, and with no value published the item is dimmed.
    func testFocusedValueAndFocusedBindingReadTheActiveWindowsValues() throws {
        try GtkSession.start()
        try onMain {
            let app = Application(id: "org.gmenukit.FocusedWrappers", flags: G_APPLICATION_NON_UNIQUE)
            app.commands { FocusedFormatCommands() }
            XCTAssertTrue(app.register())
            defer {
                app.quit()
                MainLoop.drain()
            }
            XCTAssertTrue(Application.current === app)
            let bar = app.makeMenuBar()
            let window = ApplicationWindow(application: app, title: "Focused Wrappers")
            gtk_window_set_child(window.window, bar.widget)
            let document = NSStringBox("report")
            var isBold = false
            window.focusedSceneValue(\.testName, document)
            window.focusedSceneValue(\.testIsBold, Binding(get: { isBold }, set: { isBold = $0 }))
            window.present()
            try MainLoop.wait(for: "the window to be active") { app.activeWindow === window }
            MainLoop.drain()
            let group = gmk_action_group(app.gtkApplication.gpointer)!
            func state(_ name: String) -> String? {
                guard let value = g_action_group_get_action_state(group, name) else { return nil }
                defer { g_variant_unref(value) }
                return String(cString: g_variant_print(value, 0))
            }
            XCTAssertEqual(g_action_group_get_action_enabled(group, "bold"), 1)
            XCTAssertEqual(state("bold"), "false")
            XCTAssertEqual(g_action_group_get_action_enabled(group, "print-document"), 1)
            g_action_group_activate_action(group, "print-document", nil)
            XCTAssertEqual(FocusedFormatCommands.printed, ["report"], "@FocusedValue read the window's document")
            g_action_group_activate_action(group, "bold", nil)
            MainLoop.drain()
            XCTAssertTrue(isBold, "choosing the item wrote through the window's binding")
            XCTAssertEqual(state("bold"), "true")

            window.focusedSceneValue(\.testIsBold, nil)
            window.focusedSceneValue(\.testName, nil)
            MainLoop.drain()
            XCTAssertEqual(g_action_group_get_action_enabled(group, "bold"), 0, "nothing published: dimmed")
            XCTAssertEqual(g_action_group_get_action_enabled(group, "print-document"), 0)
        }
    }
}

extension AppHelperTests {
    /// The list signals that carry arguments, connected with their types: a real click on a
    /// list box row selects and activates it, the list view's activation carries the position,
    /// and a widget without the signal is a diagnostic with nothing connected.
    func testListSignalsCarryTheirArgumentsTyped() throws {
        try GtkSession.start()
        try onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let window = gtk_window_new()!
            gtk_window_set_title(gmk_window(window.gpointer), "List Signals")
            gtk_window_set_default_size(gmk_window(window.gpointer), 300, 300)
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let listBox = gtk_list_box_new()!
            for title in ["First", "Second", "Third"] { gtk_list_box_append(gmk_list_box(listBox.gpointer), gtk_label_new(title)) }
            gtk_box_append(gmk_box(box.gpointer), listBox)
            let strings = gtk_string_list_new(nil)!
            for title in ["One", "Two", "Three"] { gtk_string_list_append(strings, title) }
            let factory = gtk_signal_list_item_factory_new()!
            // The selection takes the list's reference, the view the selection's and the factory's.
            let listView = gtk_list_view_new(gmk_selection_model(gtk_no_selection_new(gmk_list_model(strings.gpointer)).gpointer), factory)!
            gtk_box_append(gmk_box(box.gpointer), listView)
            gtk_window_set_child(gmk_window(window.gpointer), box)
            gtk_window_present(gmk_window(window.gpointer))
            defer {
                gtk_window_destroy(gmk_window(window.gpointer))
                MainLoop.drain()
            }
            var selected: [Int32] = [], activated: [Int32] = [], positions: [UInt32] = []
            XCTAssertNotEqual(onRowSelected(listBox) { row in selected.append(row.map { gtk_list_box_row_get_index($0) } ?? -1) }, 0)
            XCTAssertNotEqual(onRowActivated(listBox) { row in activated.append(gtk_list_box_row_get_index(row)) }, 0)
            XCTAssertNotEqual(onItemActivated(listView) { positions.append($0) }, 0)

            let second = try XCTUnwrap(gtk_list_box_get_row_at_index(gmk_list_box(listBox.gpointer), 1))
            try MainLoop.wait(for: "the list to show") { gtk_widget_get_mapped(gmk_widget(second.gpointer)) != 0 }
            try RealInput.focusWindow(titled: "List Signals")
            try RealInput.click(gmk_widget(second.gpointer))
            try MainLoop.wait(for: "the click to select and activate the row") { activated == [1] }
            XCTAssertEqual(selected, [1])
            gtk_list_box_unselect_all(gmk_list_box(listBox.gpointer))
            XCTAssertEqual(selected, [1, -1], "no row selected: nil")

            XCTAssertEqual(gtk_widget_activate_action_variant(listView, "list.activate-item", g_variant_new_uint32(2)), 1)
            XCTAssertEqual(positions, [2])

            XCTAssertEqual(onRowSelected(listView) { _ in }, 0, "a list view has no row-selected")
            XCTAssertEqual(onItemActivated(listBox) { _ in }, 0, "a list box has no activate(position)")
            XCTAssertEqual(collector.collected.map(\.message), [
                "a GtkListView has no 'row-selected' signal: it needs a GtkListBox; nothing is connected",
                "a GtkListBox has no 'activate' signal: it needs a GtkListView, GtkGridView or GtkColumnView; nothing is connected",
            ])
        }
    }
}

/// A commands type of the app's own, reading focused values as SwiftUI's commands do.
private struct FocusedFormatCommands: Commands {
    @FocusedBinding(\.testIsBold) var isBold
    @FocusedValue(\.testName) var document

    @MainActor static var printed: [String] = []

    var body: any Commands {
        CommandMenu("Format") {
            Toggle("Bold", isOn: Binding($isBold) ?? .constant(false))
                .disabled(isBold == nil)
            Button("Print Document") { [document] in Self.printed.append(document?.value ?? "none") }
                .disabled(document == nil)
        }
    }
}

struct TestIsBoldKey: FocusedValueKey { typealias Value = Binding<Bool> }

extension FocusedValues {
    var testIsBold: Binding<Bool>? {
        get { self[TestIsBoldKey.self] }
        set { self[TestIsBoldKey.self] = newValue }
    }
}

final class NSStringBox {
    let value: String
    init(_ value: String) { self.value = value }
}

struct TestNameKey: FocusedValueKey { typealias Value = NSStringBox }

extension FocusedValues {
    var testName: NSStringBox? {
        get { self[TestNameKey.self] }
        set { self[TestNameKey.self] = newValue }
    }
}

