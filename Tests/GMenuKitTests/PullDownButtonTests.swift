import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Pull-down buttons opened and used as a person would: real clicks, holds and keys (xdotool).
final class PullDownButtonTests: GtkTestCase {
    @MainActor
    private static func popover(of control: PullDownButton) -> UnsafeMutablePointer<GtkWidget> {
        gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton)))
    }

    @MainActor
    private static func close(_ window: UnsafeMutablePointer<GtkWidget>, _ control: PullDownButton) {
        control.popdown()
        MainLoop.drain()
        gtk_window_destroy(gmk_window(window))
        MainLoop.drain()
    }

    func testAClickOpensTheMenuAndChoosingAnItemRunsItOnceAndClosesIt() throws {
        try GtkSession.start()
        try onMain {
            var ran: [String] = []
            let control = PullDownButton(Menu("Add") {
                Button("Photo") { ran.append("photo") }
                Button("Document") { ran.append("document") }
                Button("Scan…") { ran.append("scan") }
            })
            let window = try TestWindow(titled: "Pull Down Click", child: control.widget)
            defer { window.close() }
            XCTAssertEqual(String(cString: gtk_menu_button_get_label(gmk_menu_button(control.menuButton))), "Add")

            let driver = MenuDriver(control)
            try driver.open(using: .pointer)
            XCTAssertTrue(gtk_widget_get_mapped(Self.popover(of: control)) != 0, "a click opens the menu")
            XCTAssertEqual(driver.shownItems.map(\.title), ["Photo", "Document", "Scan…"])

            XCTAssertEqual(try driver.choose("Document", using: .pointer), .closed)
            XCTAssertEqual(ran, ["document"])
            XCTAssertEqual(gtk_widget_get_mapped(Self.popover(of: control)), 0, "choosing an item closes the menu")
        }
    }

    func testPressingAndHoldingOpensTheMenuAndTheReleaseLeavesItOpen() throws {
        try GtkSession.start()
        try onMain {
            let control = PullDownButton(Menu("Sort") {
                Button("Name") {}
                Button("Date") {}
                Button("Size") {}
            })
            let title = "Pull Down Hold"
            let window = try TestWindow(titled: title, child: control.widget).widget
            defer { Self.close(window, control) }
            try Self.hold(control.menuButton, inWindowTitled: title) { gtk_widget_get_mapped(Self.popover(of: control)) != 0 }
            // Turn the loop a while after the release: a toggle would close the menu now.
            for _ in 0..<50 { g_main_context_iteration(nil, 0); g_usleep(2_000) }
            XCTAssertTrue(gtk_widget_get_mapped(Self.popover(of: control)) != 0, "held, the menu opens and stays open")
        }
    }

    func testSpaceOpensTheMenuAndEscapeClosesIt() throws {
        try GtkSession.start()
        try onMain {
            let control = PullDownButton(Menu("Sort") { Button("Name") {}; Button("Date") {}; Button("Size") {} })
            let window = try TestWindow(titled: "Pull Down Space", child: control.widget).widget
            defer { Self.close(window, control) }
            gtk_widget_grab_focus(control.menuButton)
            MainLoop.drain()
            try RealInput.xdotool("key", "space")
            MainLoop.turn { gtk_widget_get_mapped(Self.popover(of: control)) != 0 }
            XCTAssertTrue(gtk_widget_get_mapped(Self.popover(of: control)) != 0, "Space opens the menu")
            try RealInput.xdotool("key", "Escape")
            MainLoop.turn { gtk_widget_get_mapped(Self.popover(of: control)) == 0 }
            XCTAssertEqual(gtk_widget_get_mapped(Self.popover(of: control)), 0, "Escape closes it")
        }
    }

    func testReturnOpensTheMenuAndArrowKeysAndReturnChooseAnItem() throws {
        try GtkSession.start()
        try onMain {
            var ran: [String] = []
            let control = PullDownButton(Menu("Sort") {
                Button("Name") { ran.append("name") }
                Button("Date") { ran.append("date") }
                Button("Size") { ran.append("size") }
            })
            let window = try TestWindow(titled: "Pull Down Return", child: control.widget).widget
            defer { Self.close(window, control) }
            gtk_widget_grab_focus(control.menuButton)
            MainLoop.drain()
            try RealInput.xdotool("key", "Return")
            MainLoop.turn { gtk_widget_get_mapped(Self.popover(of: control)) != 0 }
            XCTAssertTrue(gtk_widget_get_mapped(Self.popover(of: control)) != 0, "Return opens the menu")
            MainLoop.drain()
            // The first item has the focus when the menu opens: Down moves to the second.
            try RealInput.xdotool("key", "Down")
            MainLoop.drain()
            try RealInput.xdotool("key", "Return")
            MainLoop.turn { !ran.isEmpty }
            XCTAssertEqual(ran, ["date"], "Down then Return chooses the second item")
        }
    }

    func testAPrimaryActionRunsOnClickAndTheMenuOpensFromTheArrowOrAHold() throws {
        try GtkSession.start()
        try onMain {
            var ran: [String] = []
            let control = PullDownButton(Menu("Reply", content: {
                Button("Reply All") { ran.append("all") }
                Button("Forward") { ran.append("forward") }
                Button("Redirect") { ran.append("redirect") }
            }, primaryAction: { ran.append("reply") }))
            let title = "Pull Down Primary"
            let window = try TestWindow(titled: title, child: control.widget).widget
            defer { Self.close(window, control) }
            guard let primary = control.primaryButton else { return XCTFail("no primary button") }

            try RealInput.click(primary)
            MainLoop.turn { !ran.isEmpty }
            MainLoop.drain()
            XCTAssertEqual(ran, ["reply"], "a click performs the primary action")
            XCTAssertEqual(gtk_widget_get_mapped(Self.popover(of: control)), 0, "and does not open the menu")

            try RealInput.click(control.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(Self.popover(of: control)) != 0 }
            XCTAssertTrue(gtk_widget_get_mapped(Self.popover(of: control)) != 0, "the arrow opens the menu")
            control.popdown()
            MainLoop.drain()

            try Self.hold(primary, inWindowTitled: title) { gtk_widget_get_mapped(Self.popover(of: control)) != 0 }
            for _ in 0..<50 { g_main_context_iteration(nil, 0); g_usleep(2_000) }
            XCTAssertTrue(gtk_widget_get_mapped(Self.popover(of: control)) != 0, "holding the button opens the menu")
            XCTAssertEqual(ran, ["reply"], "holding does not perform the primary action")
        }
    }

    func testTheMoreButtonShowsAnEllipsisAndAMenuTitleHeadsTheMenu() throws {
        try GtkSession.start()
        onMain {
            let more = PullDownButton.more {
                Button("Rename…") {}
                Button("Duplicate") {}
                Button("Move to Trash") {}
            }
            let button = gmk_menu_button(more.menuButton)
            XCTAssertEqual(gtk_menu_button_get_icon_name(button).map { String(cString: $0) }, "view-more-symbolic")
            XCTAssertEqual(gtk_widget_get_tooltip_text(more.menuButton).map { String(cString: $0) }, "More")

            let titled = PullDownButton(Menu("Add") { Button("Photo") {}; Button("Video") {}; Button("Audio") {} },
                                        menuTitle: "Add to Album")
            let top = MenuModelReader.read(titled.menu.menuModel)
            XCTAssertEqual(top.count, 1)
            XCTAssertEqual(top.first?.label, "Add to Album", "the title heads the menu as a section header")
            XCTAssertEqual(top.first?.section?.compactMap(\.label), ["Photo", "Video", "Audio"])
            // Controls own themselves through their widget: sink and drop the unparented ones.
            for widget in [more.widget, titled.widget] {
                g_object_ref_sink(widget.gpointer)
                g_object_unref(widget.gpointer)
            }
        }
    }

    func testMakingTheControlRendersItsMenuOnce() throws {
        try GtkSession.start()
        onMain {
            var evaluations = 0
            let control = PullDownButton(Menu("Note") {
                let _ = evaluations += 1
                Button("Share", icon: "emblem-shared-symbolic") {}
                Button("Delete Note…", role: .destructive) {}
                Button("Print") {}
            })
            XCTAssertEqual(evaluations, 1, "rows and the theme's error colour are in the first render, not a second")
            XCTAssertTrue(MenuModelReader.read(control.menu.menuModel)[1].label?.hasPrefix("<span foreground=") == true)
            g_object_ref_sink(control.widget.gpointer)
            g_object_unref(control.widget.gpointer)
        }
    }

    func testTheControlAndItsMenuGoWithTheWidget() throws {
        try GtkSession.start()
        try onMain {
            let watcher = FinalizationWatcher()
            weak var weakMenu: RenderedMenu?
            do {
                let control = PullDownButton(Menu("Add") { Button("Photo") {}; Button("Video") {}; Button("Audio") {} })
                weakMenu = control.menu
                let window = try TestWindow(titled: "Pull Down Lifetime", child: control.widget).widget
                watcher.watch(control.widget.gpointer)
                watcher.watch(control.menu.actionGroup.unsafePointer.gpointer)
                control.popup()
                MainLoop.drain()
                gtk_window_destroy(gmk_window(window))
            }
            MainLoop.drain()
            XCTAssertNil(weakMenu, "the rendered menu lives as long as the widget")
            XCTAssertTrue(watcher.allFinalized, "the button and the menu's actions are finalized")
        }
    }

    /// Presses the first button on `widget`, holds it until `opened` holds (GTK's long-press
    /// time passes), and releases it.
    @MainActor
    static func hold(_ widget: UnsafeMutablePointer<GtkWidget>, inWindowTitled title: String, until opened: () -> Bool,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        guard let point = (try? RealInput.pointInWindow(of: widget)) else { return XCTFail("not on screen", file: file, line: line) }
        let window = try RealInput.xdotool("search", "--sync", "--name", "^\(title)$").split(separator: "\n").first.map(String.init) ?? ""
        try RealInput.xdotool("mousemove", "--window", window, String(point.x), String(point.y))
        for _ in 0..<20 { g_main_context_iteration(nil, 0); g_usleep(2_000) }
        try RealInput.xdotool("mousedown", "1")
        MainLoop.turn(until: opened)
        XCTAssertTrue(opened(), "holding opened the menu", file: file, line: line)
        try RealInput.xdotool("mouseup", "1")
    }
}
