import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

enum ReminderRepeat: Hashable {
    case never, daily, weekly, monthly
}

@Observable
@MainActor
final class ReminderModel {
    var repeatRule: ReminderRepeat = .never
    var customRequests = 0
}

/// A pop-up button in a real window, chosen from with real clicks, and read back from GTK.
final class PopUpButtonTests: GtkTestCase {
    static let footnote = "Repeats stop after a year."

    @MainActor
    static func repeatButton(_ model: ReminderModel) -> PopUpButton {
        PopUpButton(
            "Repeat", selection: Binding(model, \.repeatRule), introductoryLabel: "Repeat:",
            customOption: ("Custom…", { model.customRequests += 1 }), footnote: footnote
        ) {
            Text("Never").tag(ReminderRepeat.never)
            Text("Every Day").tag(ReminderRepeat.daily)
            Text("Every Week").tag(ReminderRepeat.weekly)
            Text("Every Month").tag(ReminderRepeat.monthly)
        }
    }

    /// Opens the button's menu with a real click and waits until it is on screen.
    @MainActor
    static func open(_ control: PopUpButton, inWindowTitled title: String, file: StaticString = #filePath, line: UInt = #line)
        throws -> UnsafeMutablePointer<GtkWidget>
    {
        let popover = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton)))!
        try RealInput.click(control.menuButton)
        MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
        // GTK 4.8 places a section's separator from an idle (gtkmenusectionbox.c): let it run.
        MainLoop.drain()
        XCTAssertEqual(gtk_widget_get_mapped(popover), 1, "the click opened the menu", file: file, line: line)
        return popover
    }

    /// Shows `child` (the control by default) in a window of its own, opens the control's menu
    /// with a real click, runs `body` with the open popover, then destroys the window.
    @MainActor static func withOpenMenu(
        of control: PopUpButton, showing child: UnsafeMutablePointer<GtkWidget>? = nil, inWindowTitled title: String,
        file: StaticString = #filePath, line: UInt = #line, _ body: (UnsafeMutablePointer<GtkWidget>) throws -> Void
    ) throws {
        let shown = child ?? control.widget
        let window = try TestWindow(titled: title, child: shown).widget
        defer {
            gtk_window_destroy(gmk_window(window))
            MainLoop.drain()
        }
        try body(try open(control, inWindowTitled: title, file: file, line: line))
    }

    func testTheButtonShowsTheDefaultSelectionAfterItsIntroductoryLabel() throws {
        try GtkSession.start()
        onMain {
            let model = ReminderModel()
            let control = Self.repeatButton(model)
            g_object_ref_sink(control.widget.gpointer)
            defer { g_object_unref(control.widget.gpointer) }
            XCTAssertEqual(control.label, "Never")
            XCTAssertEqual(ControlProbes.labels(in: ControlProbes.face(of: control.menuButton), text: "Never").count, 1, "the button draws it")
            XCTAssertEqual(ControlProbes.labels(in: control.widget, text: "Repeat:").count, 1, "the introductory label")
            XCTAssertEqual(gtk_widget_get_first_child(control.widget).map { WidgetTree.isWidget($0, ofType: "GtkLabel") }, true,
                           "the label comes before the button")
            XCTAssertEqual(control.menu.guidelineContext, .popUp)
        }
    }

    /// U2: a real click on another option changes the bound value, closes the menu, and the
    /// button shows the new choice.
    func testChoosingAnOptionChangesTheSelectionClosesTheMenuAndRelabelsTheButton() throws {
        try GtkSession.start()
        try onMain {
            let model = ReminderModel()
            let control = Self.repeatButton(model)
            let title = "GMenuKit pop up choice"
            try Self.withOpenMenu(of: control, inWindowTitled: title) { popover in
                let options = PopoverPages.modelButtons(in: popover).map(PopoverPages.buttonText)
                XCTAssertEqual(options, ["Never", "Every Day", "Every Week", "Every Month", "Custom…"])
                guard let daily = PopoverPages.modelButtons(in: popover, text: "Every Day").first else {
                    return XCTFail("no Every Day in \(options)")
                }
                XCTAssertEqual(ControlProbes.role(of: PopoverPages.modelButtons(in: popover, text: "Never")[0]), "radio",
                               "the options are radio items")

                try RealInput.click(daily)
                MainLoop.turn { gtk_widget_get_mapped(popover) == 0 && control.label == "Every Day" }
                XCTAssertEqual(model.repeatRule, .daily, "the click chose Every Day")
                XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "the choice closed the menu")
                XCTAssertEqual(control.label, "Every Day", "the button shows the choice")
                XCTAssertEqual(ControlProbes.labels(in: ControlProbes.face(of: control.menuButton), text: "Every Day").count, 1)
            }
        }
    }

    func testAChangeOfTheModelFromCodeRelabelsTheButton() throws {
        try GtkSession.start()
        onMain {
            let model = ReminderModel()
            let control = Self.repeatButton(model)
            g_object_ref_sink(control.widget.gpointer)
            defer { g_object_unref(control.widget.gpointer) }
            model.repeatRule = .monthly
            MainLoop.turn { control.label == "Every Month" }
            XCTAssertEqual(control.label, "Every Month", "an @Observable change reached the button")
            XCTAssertEqual(actionState(control.menu.actionGroup.unsafePointer, "item"), "monthly", "and the menu's radio state")

            // A plain binding, changed from code, then the menu refreshed as its documentation asks.
            var fruit = "pear"
            let plain = PopUpButton("Fruit", selection: Binding(get: { fruit }, set: { fruit = $0 })) {
                Text("Apple").tag("apple")
                Text("Pear").tag("pear")
            }
            g_object_ref_sink(plain.widget.gpointer)
            defer { g_object_unref(plain.widget.gpointer) }
            XCTAssertEqual(plain.label, "Pear")
            fruit = "apple"
            plain.menu.refresh()
            XCTAssertEqual(plain.label, "Apple")
        }
    }

    /// U5: the footnote and the Custom… item show in the open menu, Custom… sits in a section of
    /// its own and runs its closure; the footnote is text, and a click on it closes nothing.
    func testTheFootnoteAndTheCustomOptionShowInTheOpenMenu() throws {
        try GtkSession.start()
        try onMain {
            let model = ReminderModel()
            let control = Self.repeatButton(model)
            let title = "GMenuKit pop up custom"
            try Self.withOpenMenu(of: control, inWindowTitled: title) { popover in
                let footnotes = ControlProbes.labels(in: popover, text: Self.footnote)
                XCTAssertEqual(footnotes.count, 1, "the footnote is in the menu")
                guard let footnote = footnotes.first,
                      let custom = PopoverPages.modelButtons(in: popover, text: "Custom…").first else {
                    return XCTFail("the menu lacks the footnote or Custom…")
                }
                XCTAssertEqual(gtk_widget_get_mapped(footnote), 1, "the footnote is on screen")
                XCTAssertEqual(gtk_label_get_wrap(gmk_label(footnote)), 1, "it wraps")
                XCTAssertEqual(gtk_widget_has_css_class(footnote, "dim-label"), 1, "it is dim")
                XCTAssertEqual(gtk_widget_get_mapped(custom), 1, "Custom… is on screen")
                XCTAssertEqual(ControlProbes.role(of: custom), "normal", "Custom… is a command")

                let items = MenuModelReader.read(control.menu.menuModel)
                XCTAssertEqual(items.count, 2, "the options and Custom… are two sections: \(items)")
                XCTAssertEqual(items.last?.section?.map(\.label), ["Custom…"])
                let everyMonth = PopoverPages.modelButtons(in: popover, text: "Every Month")[0]
                XCTAssertTrue(Self.separatorIsDrawn(between: everyMonth, and: custom, in: popover), "a line sets Custom… apart")
                XCTAssertTrue(Self.separatorIsDrawn(between: custom, and: footnote, in: popover), "and the footnote")

                // Below the options and Custom…, and inert.
                var bottomOfCustom = graphene_point_t(x: 0, y: Float(gtk_widget_get_height(custom)))
                var topOfFootnote = graphene_point_t()
                var customBottomInPopover = graphene_point_t()
                var footnoteTopInPopover = graphene_point_t()
                XCTAssertEqual(gtk_widget_compute_point(custom, popover, &bottomOfCustom, &customBottomInPopover), 1)
                XCTAssertEqual(gtk_widget_compute_point(footnote, popover, &topOfFootnote, &footnoteTopInPopover), 1)
                XCTAssertGreaterThanOrEqual(footnoteTopInPopover.y, customBottomInPopover.y, "the footnote is under the list")
                try RealInput.click(footnote)
                MainLoop.drain()
                XCTAssertEqual(gtk_widget_get_mapped(popover), 1, "a click on the footnote leaves the menu open")
                XCTAssertEqual(model.repeatRule, .never)

                try RealInput.click(custom)
                MainLoop.turn { model.customRequests == 1 && gtk_widget_get_mapped(popover) == 0 }
                XCTAssertEqual(model.customRequests, 1, "Custom… ran its closure")
                XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "and closed the menu")
                XCTAssertEqual(control.label, "Never", "the selection stayed")
            }
        }
    }

    /// The menu follows its content at the top level too, footnote and all: a Custom… section
    /// that comes and goes is inserted and removed in the open menu.
    func testTheMenuWithAFootnoteFollowsItsContent() throws {
        try GtkSession.start()
        try onMain {
            let model = ReminderModel()
            var offersCustom = false
            let control = PopUpButton(
                menu: Menu("Repeat") {
                    Picker("", selection: Binding(model, \.repeatRule)) {
                        Text("Never").tag(ReminderRepeat.never)
                        Text("Every Day").tag(ReminderRepeat.daily)
                    }
                    if offersCustom {
                        Section { Button("Custom…") { model.customRequests += 1 } }
                    }
                },
                footnote: Self.footnote)
            let title = "GMenuKit pop up follows"
            try Self.withOpenMenu(of: control, inWindowTitled: title) { popover in
                let shown = gtk_menu_button_get_menu_model(gmk_menu_button(control.menuButton))!
                XCTAssertEqual(MenuModelReader.read(shown).map { $0.section?.count }, [2, 1], "options, footnote")

                offersCustom = true
                control.menu.refresh()
                MainLoop.drain()
                XCTAssertEqual(MenuModelReader.read(shown).map { $0.section?.count }, [2, 1, 1], "options, Custom…, footnote")
                let custom = PopoverPages.modelButtons(in: popover, text: "Custom…").first
                XCTAssertNotNil(custom, "the open menu shows Custom…")
                if let custom {
                    MainLoop.turn { gtk_widget_get_mapped(custom) != 0 }
                    XCTAssertEqual(gtk_widget_get_mapped(custom), 1)
                    gtk_widget_activate(custom)
                    XCTAssertEqual(model.customRequests, 1, "the copied item runs the rendered menu's action")
                }

                offersCustom = false
                control.menu.refresh()
                MainLoop.drain()
                XCTAssertEqual(MenuModelReader.read(shown).map { $0.section?.count }, [2, 1])
                XCTAssertEqual(ControlProbes.labels(in: popover, text: Self.footnote).count, 1, "the footnote stayed")
            }
        }
    }

    /// Whether a visible GtkSeparator comes between two widgets of a popover, in drawing order.
    @MainActor
    static func separatorIsDrawn(
        between first: UnsafeMutablePointer<GtkWidget>, and second: UnsafeMutablePointer<GtkWidget>,
        in popover: UnsafeMutablePointer<GtkWidget>
    ) -> Bool {
        let widgets = WidgetTree.all(popover)
        guard let start = widgets.firstIndex(of: first), let end = widgets.firstIndex(of: second), start < end else {
            return false
        }

        return widgets[start..<end].contains { WidgetTree.isWidget($0, ofType: "GtkSeparator") && gtk_widget_get_mapped($0) != 0 }
    }

    /// U1: a pop-up button fed a menu with actions or submenus says so.
    func testAMenuWithAnActionOrASubmenuIsReported() throws {
        try GtkSession.start()
        onMain {
            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            var size = 12
            let control = PopUpButton(menu: Menu("Size") {
                Picker("", selection: Binding(get: { size }, set: { size = $0 })) {
                    Text("Small").tag(10)
                    Text("Medium").tag(12)
                }
                Button("Reset Size") { size = 12 }
                Menu("More Sizes") { Button("Huge") { size = 40 } }
            })
            g_object_ref_sink(control.widget.gpointer)
            defer { g_object_unref(control.widget.gpointer) }
            let u1 = diagnostics.collected.filter { $0.rule == "U1" }
            XCTAssertEqual(u1.map(\.path), ["Size › Reset Size", "Size › More Sizes"], "\(diagnostics.collected)")
            XCTAssertTrue(u1.allSatisfy { $0.severity == .error })
            XCTAssertEqual(control.label, "Medium", "the button still shows the selection")

            // No picker at all: nothing to show.
            let noPicker = PopUpButton(menu: Menu("Actions") { Button("Copy") {} })
            g_object_ref_sink(noPicker.widget.gpointer)
            defer { g_object_unref(noPicker.widget.gpointer) }
            XCTAssertTrue(diagnostics.collected.contains { $0.rule == "U1" && $0.path == "Actions" && $0.message.contains("no picker") },
                          "\(diagnostics.collected)")
            XCTAssertEqual(noPicker.label, PopUpButton.noSelectionTitle)

            // The plain form of the control, with its Custom… item, breaks nothing.
            let before = diagnostics.collected.count
            let model = ReminderModel()
            let good = Self.repeatButton(model)
            g_object_ref_sink(good.widget.gpointer)
            defer { g_object_unref(good.widget.gpointer) }
            XCTAssertEqual(diagnostics.collected.dropFirst(before).filter { $0.rule == "U1" }, [])

            // The item declared as the custom option is one, whatever its title.
            let declared = PopUpButton("Due", selection: Binding(model, \.repeatRule), customOption: ("Pick a Date…", {})) {
                Text("Never").tag(ReminderRepeat.never)
            }
            g_object_ref_sink(declared.widget.gpointer)
            defer { g_object_unref(declared.widget.gpointer) }
            XCTAssertEqual(diagnostics.collected.dropFirst(before).filter { $0.rule == "U1" }, [])
            XCTAssertTrue(declared.menu.guidelineDiagnostics().contains { $0.rule == "U1" && $0.path == "Due › Pick a Date…" },
                          "the guideline check alone would call it an action")
        }
    }

    /// U3: a selection that is none of the options is reported, and the button says so instead
    /// of showing an old title; it shows the choice again once the selection is one.
    func testASelectionMatchingNoOptionIsReportedAndShown() throws {
        try GtkSession.start()
        onMain {
            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            let model = ReminderModel()
            model.repeatRule = .weekly
            let control = PopUpButton("Repeat", selection: Binding(model, \.repeatRule)) {
                Text("Never").tag(ReminderRepeat.never)
                Text("Every Day").tag(ReminderRepeat.daily)
            }
            g_object_ref_sink(control.widget.gpointer)
            defer { g_object_unref(control.widget.gpointer) }
            let u3 = diagnostics.collected.filter { $0.rule == "U3" }
            XCTAssertEqual(u3.count, 1, "\(diagnostics.collected)")
            XCTAssertEqual(u3.first?.path, "Repeat")
            XCTAssertEqual(control.label, PopUpButton.noSelectionTitle)

            model.repeatRule = .daily
            MainLoop.turn { control.label == "Every Day" }
            XCTAssertEqual(control.label, "Every Day")
            model.repeatRule = .monthly
            MainLoop.turn { control.label == PopUpButton.noSelectionTitle }
            XCTAssertEqual(control.label, PopUpButton.noSelectionTitle, "not the stale Every Day")
        }
    }

    /// The window closed with the menu open: the control and its rendered menu go with it, the
    /// keyboard comes back, GTK has nothing to complain about.
    func testDestroyingTheWindowWhileTheMenuIsOpenLetsGoOfEverything() throws {
        try GtkSession.start()
        try onMain {
            let catcher = GLibCriticalCatcher()
            defer { catcher.stop() }
            weak var weakControl: PopUpButton?
            weak var weakRendered: RenderedMenu?
            let census = ObjectCensus()
            do {
                let control = Self.repeatButton(ReminderModel())
                weakControl = control
                weakRendered = control.menu
                census.watch(control.widget.gpointer)
                census.watch(control.menuButton.gpointer)
                census.watch(control.menu.actionGroup.unsafePointer.gpointer)
                let title = "GMenuKit pop up destroyed"
                let window = try TestWindow(titled: title, child: control.widget).widget
                let popover = try Self.open(control, inWindowTitled: title)
                census.watch(popover.gpointer)
                gtk_window_destroy(gmk_window(window))
            }
            MainLoop.turn { census.allFinalized }
            MainLoop.drain()
            XCTAssertNil(weakControl, "the control went with its widget")
            XCTAssertNil(weakRendered, "the rendered menu went with the control")
            XCTAssertTrue(census.allFinalized, census.summary)
            XCTAssertEqual(catcher.messages, [])
            let entry = gtk_entry_new()!
            let next = try TestWindow(titled: "GMenuKit after the pop up", child: entry).widget
            defer {
                gtk_window_destroy(gmk_window(next))
                MainLoop.drain()
            }
            gtk_widget_grab_focus(entry)
            try MenuBarTests.typeAndWait("k", into: entry)
        }
    }

    /// Saves screenshots/pop-up-button.png when GMENUKIT_SCREENSHOT_DIR names a directory.
    func testScreenshotOfTheOpenMenu() throws {
        try GtkSession.start()
        var directory = ""
        try onMain { directory = try ControlProbes.screenshotDirectory() }
        try onMain {
            let model = ReminderModel()
            model.repeatRule = .weekly
            let control = Self.repeatButton(model)
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_set_size_request(box, 360, 300)
            gtk_widget_set_margin_top(control.widget, 16)
            gtk_widget_set_margin_start(control.widget, 16)
            gtk_widget_set_halign(control.widget, GTK_ALIGN_START)
            gtk_box_append(gmk_box(box), control.widget)
            let title = "GMenuKit pop up screenshot"
            try Self.withOpenMenu(of: control, showing: box, inWindowTitled: title) { popover in
                ControlProbes.saveScreenshot(of: popover, as: directory + "/pop-up-button.png", size: (360, 300))
                gtk_popover_popdown(gmk_popover(popover))
                MainLoop.drain()
            }
        }
    }
}
