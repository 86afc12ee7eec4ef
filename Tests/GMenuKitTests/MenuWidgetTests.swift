import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// An app's own widgets in a menu (`MenuWidget`): in a `custom` slot of the popover, owned and
/// released with the menu, reached with the keyboard; and a labelled row of buttons
/// (`inline-buttons`).
final class MenuWidgetTests: GtkTestCase {
    /// A box with a label and a button, as an app's zoom control; counts the button's clicks.
    @MainActor
    private static func zoomBox(clicks: UnsafeMutablePointer<Int>) -> (box: UnsafeMutablePointer<GtkWidget>, button: UnsafeMutablePointer<GtkWidget>) {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(gmk_box(box), gtk_label_new("100%"))
        let button = gtk_button_new_with_label("Reset Zoom")!
        connectWidgetSignal(button, "clicked") { _ in clicks.pointee += 1 }
        gtk_box_append(gmk_box(box), button)
        return (box, button)
    }

    func testTheWidgetFillsItsSlotAndGoesWithItsItemAndTheMenu() throws {
        try GtkSession.start()
        try onMain {
            let clicks = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            clicks.initialize(to: 0)
            defer { clicks.deallocate() }
            final class Model { var showsZoom = true }
            let model = Model()
            let watcher = FinalizationWatcher()
            var made: [UnsafeMutablePointer<GtkWidget>] = []
            let control = PullDownButton(Menu("Main") {
                if model.showsZoom {
                    MenuWidget(id: "zoom", "Zoom") {
                        let zoom = Self.zoomBox(clicks: clicks)
                        made.append(zoom.box)
                        watcher.watch(zoom.box)
                        return zoom.box
                    }
                }
                Section {
                    Button("New Window") {}
                    Button("Preferences") {}
                }
            })
            let title = "Menu Widget Slot"
            let window = try TestWindow(titled: title, child: control.widget).widget
            let popover: UnsafeMutablePointer<GtkWidget> = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton)))
            try RealInput.click(control.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
            MainLoop.drain()

            // A run of plain items before a section is a section of its own.
            let items = MenuModelReader.read(control.menu.menuModel)
            let widgetItem = items.first?.section?.first
            XCTAssertEqual(widgetItem?.attributes["custom"]?.hasPrefix("gmk-r"), true, "the widget's item is a custom slot: \(items)")
            XCTAssertEqual(widgetItem?.label, "Zoom", "its label stays for other readers")
            XCTAssertNil(widgetItem?.action, "it has no action of its own")
            XCTAssertEqual(made.count, 1, "made once for the one popover")
            XCTAssertTrue(made.first.map { gtk_widget_is_ancestor($0, popover) != 0 } ?? false, "the app's widget sits in the popover")
            XCTAssertEqual(made.first.map { gtk_widget_get_mapped($0) != 0 }, true, "and is shown")

            control.menu.refresh()
            MainLoop.drain()
            XCTAssertEqual(made.count, 1, "a refresh keeps the widget that is shown")

            model.showsZoom = false
            control.menu.refresh()
            MainLoop.drain()
            XCTAssertEqual(watcher.finalizedCount, 1, "the widget went with its item")

            model.showsZoom = true
            control.menu.refresh()
            MainLoop.drain()
            XCTAssertEqual(made.count, 2, "a new item gets a new widget")
            XCTAssertTrue(gtk_widget_is_ancestor(made[1], popover) != 0)

            control.popdown()
            MainLoop.drain()
            gtk_window_destroy(gmk_window(window))
            MainLoop.drain()
            XCTAssertTrue(watcher.allFinalized, "the widget went with the menu: \(watcher.finalizedCount) of \(watcher.watchedCount)")
        }
    }

    func testTheArrowKeysReachTheWidgetAndItKeepsTheMenuOpen() throws {
        try GtkSession.start()
        try onMain {
            let clicks = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            clicks.initialize(to: 0)
            defer { clicks.deallocate() }
            var zoomButton: UnsafeMutablePointer<GtkWidget>?
            let control = PullDownButton(Menu("Main") {
                Button("New Window") {}
                MenuWidget(id: "zoom", "Zoom") {
                    let zoom = Self.zoomBox(clicks: clicks)
                    zoomButton = zoom.button
                    return zoom.box
                }
                Button("About") {}
            })
            let title = "Menu Widget Keys"
            let window = try TestWindow(titled: title, child: control.widget).widget
            defer {
                control.popdown()
                MainLoop.drain()
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            let popover: UnsafeMutablePointer<GtkWidget> = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton)))
            try RealInput.click(control.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
            MainLoop.drain()
            guard let zoomButton else { return XCTFail("the widget was not made") }
            for _ in 0..<4 where gtk_widget_has_focus(zoomButton) == 0 {
                try RealInput.xdotool("key", "Down")
                for _ in 0..<20 { g_main_context_iteration(nil, 0); g_usleep(5_000) }
            }
            XCTAssertTrue(gtk_widget_has_focus(zoomButton) != 0, "Down reached the app's button")
            try RealInput.xdotool("key", "Return")
            MainLoop.turn { clicks.pointee == 1 }
            XCTAssertEqual(clicks.pointee, 1, "Return pressed it")
            XCTAssertTrue(gtk_widget_get_mapped(popover) != 0, "the menu stays open, as for GTK's custom children")
        }
    }

    func testAMenuGTKShowsAloneLeavesTheWidgetOutAndSaysSo() {
        onMain {
            let collected = DiagnosticCollector()
            defer { collected.stop() }
            let rendered = RenderedMenu(Menu("Main") {
                MenuWidget(id: "zoom") { gtk_label_new("never made")! }
                Button("Quit") {}
            })
            rendered.drawsOwnRows = false
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).compactMap(\.label), ["Quit"])
            XCTAssertTrue(rendered.diagnostics.contains { $0.message.contains("the widget 'zoom' shows only in a GMenuKit control") },
                          "\(rendered.diagnostics)")
        }
    }

    func testAnInlineControlGroupIsALabelledRowOfButtons() throws {
        try GtkSession.start()
        try onMain {
            let control = PullDownButton(Menu("View") {
                ControlGroup("Zoom") {
                    Button("Zoom Out", icon: "zoom-out-symbolic") {}
                    Button("Reset Zoom", icon: "zoom-original-symbolic") {}
                    Button("Zoom In", icon: "zoom-in-symbolic") {}
                }.controlGroupStyle(.inline)
                Section { Button("Fullscreen") {} }
            })
            let section = MenuModelReader.read(control.menu.menuModel).first
            XCTAssertEqual(section?.attributes["display-hint"], "inline-buttons")
            XCTAssertEqual(section?.label, "Zoom")
            XCTAssertEqual(section?.section?.count, 3)

            let title = "Inline Buttons"
            let window = try TestWindow(titled: title, child: control.widget).widget
            defer {
                control.popdown()
                MainLoop.drain()
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            let popover: UnsafeMutablePointer<GtkWidget> = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton)))
            try RealInput.click(control.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
            MainLoop.drain()
            let tree = WidgetTree.all(popover)
            let inlineBox = tree.first { gtk_widget_has_css_class($0, "inline-buttons") != 0 }
            XCTAssertNotNil(inlineBox, "GTK 4.8 drew the section as inline buttons")
            if let inlineBox {
                let labels = WidgetTree.all(inlineBox).filter { WidgetTree.isWidget($0, ofType: "GtkLabel") && gtk_widget_get_mapped($0) != 0 }
                    .compactMap { gtk_label_get_text(gmk_label($0)).map { String(cString: $0) } }
                XCTAssertTrue(labels.contains("Zoom"), "the title on the row: \(labels)")
                let buttons = PopoverPages.modelButtons(in: inlineBox).filter { gtk_widget_get_mapped($0) != 0 }
                XCTAssertEqual(buttons.map(PopoverPages.buttonText), ["Zoom Out", "Reset Zoom", "Zoom In"], "three buttons on the same row")
            }
        }
    }
}
