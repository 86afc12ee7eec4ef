import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Context menus opened by real input (xdotool on the test's X server) and read back from GTK:
/// where the popover lands, which keys open it, what its items show and run, and that nothing
/// of it outlives its widget. The suite runs with G_DEBUG=fatal-criticals.
final class ContextMenuTests: GtkTestCase {
    // MARK: Opening

    /// GTK 4.8 measures `pointing_to` from the parent's border box: on a widget with padding
    /// and a border, the menu lands off by both unless GMenuKit makes up for it.
    func testSecondaryClickOpensTheMenuAtThePointerOnAWidgetWithPaddingAndBorder() throws {
        try GtkSession.start()
        try onMain {
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            style(box, css: "box { padding: 20px 24px; border: 6px solid #3584e4; }")
            gtk_box_append(gmk_box(box), gtk_label_new("Notes")!)
            let context = ContextMenu(Menu("Note") {
                Button("Copy") {}
                Button("Paste") {}
            }, attachedTo: box)
            let window = try InputWindow(titled: "Context menu placement", child: box)
            if gtk_get_minor_version() < 12 {
                let offset = PopoverPlacement.pointingToOffset(of: box)
                XCTAssertEqual([offset.x, offset.y], [24 + 6, 20 + 6], "GTK 4.8 would put the menu this far off")
            }

            window.click(3, onto: box, at: 70, 60)
            settle { context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false }

            // Where the menu is once it is drawn, as a person sees it.
            if let popover = context.popoverWidget { gtk_test_widget_wait_for_draw(popover) }
            guard let popover = context.popoverWidget, let content = popoverContentOrigin(popover) else {
                return XCTFail("the secondary click opened no menu")
            }
            XCTAssertEqual(gtk_widget_get_mapped(popover), 1)
            XCTAssertTrue(gtk_widget_get_parent(popover) == box, "the menu hangs off the clicked widget")
            XCTAssertEqual(gtk_popover_get_has_arrow(gmk_popover(popover)), 0, "no arrow, as GTK's demos")
            XCTAssertEqual(gtk_widget_get_halign(popover), GTK_ALIGN_START)
            let pointer = window.pointer
            XCTAssertEqual(content.x, pointer.x, accuracy: 2, "the menu's left edge is at the pointer")
            XCTAssertEqual(content.y, pointer.y, accuracy: 2, "the menu's top edge is at the pointer")

            window.key("Escape")
            settle { gtk_widget_get_mapped(popover) == 0 }
            XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "Escape closed the menu")
            window.destroy()
        }
    }

    /// Shift+F10 and the Menu key open the menu at the focused widget; Escape closes it and
    /// gives the focus back.
    func testShiftF10AndTheMenuKeyOpenTheMenuOfTheFocusedWidget() throws {
        try GtkSession.start()
        try onMain {
            let button = gtk_button_new_with_label("Note")!
            let context = ContextMenu(Menu("Note") {
                Button("Copy") {}
                Button("Paste") {}
            }, attachedTo: button)
            let window = try InputWindow(titled: "Context menu keys", child: button)
            MainLoop.turn { gtk_window_is_active(gmk_window(window.window.gpointer)) != 0 }
            gtk_widget_grab_focus(button)

            for key in ["shift+F10", "Menu"] {
                window.key(key)
                settle { context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false }
                guard let popover = context.popoverWidget else { return XCTFail("\(key) opened no menu") }
                XCTAssertEqual(gtk_widget_get_mapped(popover), 1, "\(key) opened the menu")
                XCTAssertTrue(gtk_widget_get_parent(popover) == button)
                var area = GdkRectangle()
                XCTAssertEqual(gtk_popover_get_pointing_to(gmk_popover(popover), &area), 0,
                               "\(key): the menu points at the whole focused widget")
                XCTAssertTrue(window.focus.map { gtk_widget_is_ancestor($0, popover) != 0 } ?? false,
                              "\(key): the open menu has the keyboard")

                window.key("Escape")
                settle { gtk_widget_get_mapped(popover) == 0 && window.focus == button }
                XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "Escape closed the menu")
                XCTAssertTrue(window.focus == button, "the focus came back to the widget")
            }
            window.destroy()
        }
    }

    /// In a widget holding several focusable ones, the keyboard opens the menu at the one
    /// with the focus.
    func testTheMenuKeyPointsAtTheFocusedChild() throws {
        try GtkSession.start()
        try onMain {
            let list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
            style(list, css: "box { padding: 10px; border: 3px solid gray; }")
            let rows = ["First", "Second", "Third"].map { (title: String) in gtk_button_new_with_label(title)! }
            for row in rows { gtk_box_append(gmk_box(list), row) }
            let context = ContextMenu(Menu("Row") { Button("Open") {} }, attachedTo: list)
            let window = try InputWindow(titled: "Context menu focused child", child: list)
            MainLoop.turn { gtk_window_is_active(gmk_window(window.window.gpointer)) != 0 }
            gtk_widget_grab_focus(rows[1])

            window.key("Menu")
            settle { context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false }
            guard let popover = context.popoverWidget else { return XCTFail("the Menu key opened no menu") }
            var area = GdkRectangle()
            XCTAssertEqual(gtk_popover_get_pointing_to(gmk_popover(popover), &area), 1)
            var bounds = graphene_rect_t()
            XCTAssertEqual(gtk_widget_compute_bounds(rows[1], list, &bounds), 1)
            let offset = PopoverPlacement.pointingToOffset(of: list)
            XCTAssertEqual([area.x, area.y, area.width, area.height],
                           [gint(bounds.origin.x) + offset.x, gint(bounds.origin.y) + offset.y,
                            gint(bounds.size.width), gint(bounds.size.height)],
                           "the menu points at the focused row")
            window.key("Escape")
            settle { gtk_widget_get_mapped(popover) == 0 && window.focus == rows[1] }
            XCTAssertTrue(window.focus == rows[1], "the focus went back to the row it came from")
            window.destroy()
        }
    }

    /// A secondary click, press and hold on a touch screen (which xdotool cannot give), and the
    /// two keys, each as one controller on the widget.
    func testTheWidgetGetsAClickGestureATouchOnlyLongPressAndTheKeys() throws {
        try GtkSession.start()
        onMain {
            let label = gtk_label_new("Note")!
            g_object_ref_sink(label.gpointer)
            defer { g_object_unref(label.gpointer) }
            _ = ContextMenu(Menu("Note") { Button("Copy") {} }, attachedTo: label)
            let controllers = controllerObjects(of: label)
            let click = controllers.first { typeName($0) == "GtkGestureClick" }
            let longPress = controllers.first { typeName($0) == "GtkGestureLongPress" }
            XCTAssertEqual(click.map { gtk_gesture_single_get_button(gmk_gesture_single($0)) }, guint(GDK_BUTTON_SECONDARY))
            XCTAssertEqual(longPress.map { gtk_gesture_single_get_touch_only(gmk_gesture_single($0)) }, 1)
            let triggers = controllers.filter { typeName($0) == "GtkShortcutController" }.flatMap(shortcutTriggers)
            XCTAssertTrue(triggers.contains("<Shift>F10|Menu"), "found \(triggers)")
        }
    }

    // MARK: Items

    func testChoosingAnItemWithARealClickRunsItsActionOnceAndClosesTheMenu() throws {
        try GtkSession.start()
        try onMain {
            var copies = 0
            var deletions = 0
            let label = gtk_label_new("A note to copy")!
            let context = ContextMenu(Menu("Note") {
                Button("Copy") { copies += 1 }
                Button("Delete…", role: .destructive) { deletions += 1 }
            }, attachedTo: label)
            let window = try InputWindow(titled: "Context menu choose", child: label)
            window.click(3, onto: label, at: 20, 5)
            settle { context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false }
            guard let popover = context.popoverWidget, let copy = PopoverPages.modelButtons(in: popover, text: "Copy").first
            else { return XCTFail("the menu did not open with its items") }

            window.click(item: copy)
            settle { copies > 0 && gtk_widget_get_mapped(popover) == 0 }
            XCTAssertEqual(copies, 1, "the action ran once")
            XCTAssertEqual(deletions, 0)
            XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "choosing closed the menu")
            window.destroy()
        }
    }

    /// GTK shows an item's `accel` attribute and, without one, the accelerator it finds for the
    /// item's action (from `gtk_application_set_accels_for_action` or a shortcut controller up
    /// the widget tree). An empty `accel` shows nothing, for borrowed actions too.
    func testItemsShowNoShortcutTextNotEvenForBorrowedActions() throws {
        try GtkSession.start()
        try onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let label = gtk_label_new("A note")!
            gtk_widget_set_vexpand(label, 1)
            gtk_box_append(gmk_box(box), label)
            // An action of the application's with Ctrl+W, found by GTK up the widget tree.
            let document = g_simple_action_group_new()!
            let close = g_simple_action_new("close", nil)!
            g_action_map_add_action(gmk_action_map(document.gpointer), gmk_action(close.gpointer))
            g_object_unref(close.gpointer)
            gtk_widget_insert_action_group(box, "doc", gmk_action_group(document.gpointer))
            g_object_unref(document.gpointer)
            let shortcuts = gtk_shortcut_controller_new()!
            gtk_shortcut_controller_add_shortcut(
                gmk_shortcut_controller(shortcuts.gpointer),
                gtk_shortcut_new(gtk_shortcut_trigger_parse_string("<Control>w"), gtk_named_action_new("doc.close")))
            gtk_widget_add_controller(box, shortcuts)
            let content = Menu("Note") {
                Button("Copy") {}.keyboardShortcut("<Control>c")
                Button("Close", actionName: "doc.close")
            }
            let context = ContextMenu(content, attachedTo: label)
            let window = try InputWindow(titled: "Context menu shortcuts", child: box)
            window.click(3, onto: label, at: 10, 5)
            settle { context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false }
            guard let popover = context.popoverWidget else { return XCTFail("the menu did not open") }
            let shown = PopoverPages.modelButtons(in: popover)
            XCTAssertEqual(shown.map(PopoverPages.buttonText), ["Copy", "Close"])
            XCTAssertEqual(shown.map(accelProperty), ["", ""], "GTK is told to show no shortcut")
            XCTAssertEqual(shown.map { ControlProbes.drawnAccelerator(of: $0) ?? "" }, ["", ""], "and draws none")
            XCTAssertEqual(context.menu.guidelineContext, .contextMenu)
            XCTAssertTrue(collector.collected.contains { $0.rule == "L5" }, "the shortcut written for Copy is reported")
            window.key("Escape")
            settle { gtk_widget_get_mapped(popover) == 0 }

            // The same items in a pull-down menu on the same widget show both shortcuts, so the
            // empty accel is what hides them.
            let pullDown = RenderedMenu(content)
            pullDown.insertActionGroup(into: box)
            let menuPopover = gtk_popover_menu_new_from_model(pullDown.menuModel)!
            gtk_widget_set_parent(menuPopover, box)
            // A popover of the test's own: closed with the focus inside and unparented before
            // the next frame, GTK 4.8 would keep it (see PopoverRetirement).
            PopoverRetirement.watch(menuPopover)
            gtk_popover_popup(gmk_popover(menuPopover.gpointer))
            settle { gtk_widget_get_mapped(menuPopover) != 0 }
            XCTAssertEqual(PopoverPages.modelButtons(in: menuPopover).map { ControlProbes.drawnAccelerator(of: $0) ?? "" }, ["Ctrl+C", "Ctrl+W"])
            gtk_popover_popdown(gmk_popover(menuPopover.gpointer))
            MainLoop.drain()
            gtk_widget_unparent(menuPopover)
            window.destroy()
        }
    }

    /// A label allocates itself and never resizes a popover parented to it: GMenuKit does, so a
    /// menu that grows while open shows its items instead of scrolling them.
    func testAMenuThatGrowsWhileOpenOnALabelIsResized() throws {
        try GtkSession.start()
        try onMain {
            final class Model { var showsMore = false }
            let model = Model()
            let label = gtk_label_new("A note")!
            let context = ContextMenu(Menu("Note") {
                Button("Copy") {}
                if model.showsMore {
                    for index in 1...10 { Button("Item \(index)") {} }
                }
            }, attachedTo: label)
            let window = try InputWindow(titled: "Context menu grows", child: label)
            context.popup(at: 5, 5)
            settle { context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false }
            guard let popover = context.popoverWidget, let surface = gtk_native_get_surface(gmk_native(popover.gpointer))
            else { return XCTFail("popup(at:) opened no menu") }
            let firstHeight = gdk_surface_get_height(surface)

            model.showsMore = true
            context.menu.refresh()
            var wanted = GtkRequisition()
            settle {
                gtk_widget_get_preferred_size(popover, nil, &wanted)
                return gdk_surface_get_height(surface) == wanted.height
            }
            XCTAssertGreaterThan(wanted.height, firstHeight, "the menu wants more room")
            XCTAssertEqual(gdk_surface_get_height(surface), wanted.height, "and got it")
            gtk_popover_popdown(gmk_popover(popover))
            window.destroy()
        }
    }

    // MARK: Text widgets

    /// A text view keeps its own menu (GMenuKit's popover would make its dispose loop forever):
    /// the items come below Cut, Copy and Paste, opened by GTK's own secondary click.
    func testATextViewShowsTheItemsInItsOwnMenu() throws {
        try GtkSession.start()
        try onMain {
            var insertions = 0
            let textView = gtk_text_view_new()!
            let context = ContextMenu(Menu("Text") { Button("Insert Date") { insertions += 1 } }, attachedTo: textView)
            XCTAssertNil(context.popoverWidget)
            XCTAssertFalse(controllerObjects(of: textView).contains { typeName($0) == "GtkGestureLongPress" },
                           "no gestures of GMenuKit's compete with the text view's")
            let window = try InputWindow(titled: "Context menu text view", child: textView)
            window.click(3, onto: textView, at: 40, 20)
            var item: UnsafeMutablePointer<GtkWidget>?
            settle {
                item = popoverChildren(of: textView).lazy.filter { gtk_widget_get_mapped($0) != 0 }
                    .compactMap { PopoverPages.modelButtons(in: $0, text: "Insert Date").first }.first
                return item.map { gtk_widget_get_mapped($0) != 0 } ?? false
            }
            guard let item else { return XCTFail("the text view's menu does not show the item") }
            window.click(item: item)
            settle { insertions > 0 }
            XCTAssertEqual(insertions, 1, "the item's action ran once")
            window.destroy()
        }
    }

    /// An entry's menu is its text field's; ``ContextMenu/popup()`` opens it from code.
    func testAnEntryShowsTheItemsInItsOwnMenuOpenedFromCode() throws {
        try GtkSession.start()
        try onMain {
            let entry = gtk_entry_new()!
            let context = ContextMenu(Menu("Text") { Button("Insert Date") {} }, attachedTo: entry)
            let window = try InputWindow(titled: "Context menu entry", child: entry)
            context.popup()
            var shown: [String] = []
            settle {
                shown = WidgetTree.all(entry).filter { gmk_is_popover($0) != 0 && gtk_widget_get_mapped($0) != 0 }
                    .flatMap { PopoverPages.modelButtons(in: $0) }.map(PopoverPages.buttonText)
                return shown.contains("Insert Date")
            }
            XCTAssertEqual(shown.last, "Insert Date", "below the entry's own items: \(shown)")
            XCTAssertTrue(shown.contains("Paste"), "\(shown)")
            window.key("Escape")
            settle { !WidgetTree.all(entry).contains { gmk_is_popover($0) != 0 && gtk_widget_get_mapped($0) != 0 } }
            window.destroy()
        }
    }

    // MARK: Lifetime

    /// Each kind of widget, its menu opened and closed, then its window destroyed: no warning
    /// ("still has children left", "Tried to remove non-child"), no critical, no endless loop,
    /// and the popover, the menu and the context menu are all gone.
    func testContextMenusGoWithTheirWidgets() throws {
        try GtkSession.start()
        try onMain {
            for kind in WidgetKind.allCases {
                let outcome = try Self.openAndDestroy(kind, whileOpen: false)
                XCTAssertEqual(outcome.messages, [], "\(kind): GTK reported problems")
                XCTAssertNil(outcome.leftBehind, "\(kind): outlived the window")
            }
        }
    }

    /// The same, with the window destroyed while the menu is open, and GTK's timers given time
    /// to trip over anything left behind.
    func testContextMenusGoWithTheirWidgetsWhileOpen() throws {
        try GtkSession.start()
        try onMain {
            for kind in WidgetKind.allCases {
                let outcome = try Self.openAndDestroy(kind, whileOpen: true)
                XCTAssertEqual(outcome.messages, [], "\(kind): GTK reported problems")
                XCTAssertNil(outcome.leftBehind, "\(kind): outlived the window")
            }
            XCTAssertTrue(try Self.keyboardOpensAContextMenuInANewWindow(), "no menu left behind holds the keyboard")
        }
    }

    func testASecondContextMenuReplacesTheFirst() throws {
        try GtkSession.start()
        try onMain {
            let label = gtk_label_new("A note")!
            weak var first: ContextMenu?
            do {
                let attached = ContextMenu(Menu("First") { Button("Old Item") {} }, attachedTo: label)
                first = attached
            }
            XCTAssertNotNil(first, "the widget keeps its context menu")
            let controllerCount = controllerObjects(of: label).count
            let second = ContextMenu(Menu("Second") { Button("New Item") {} }, attachedTo: label)
            XCTAssertNil(first, "the widget let go of the first context menu")
            XCTAssertEqual(controllerObjects(of: label).count, controllerCount, "the first one's controllers are gone")
            XCTAssertTrue(ContextMenu.attached(to: label) === second)

            let window = try InputWindow(titled: "Context menu replaced", child: label)
            window.click(3, onto: label, at: 10, 5)
            settle { second.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false }
            let shown = popoverChildren(of: label).flatMap { PopoverPages.modelButtons(in: $0) }.map(PopoverPages.buttonText)
            XCTAssertEqual(shown, ["New Item"], "one menu, the second")
            window.key("Escape")
            settle { second.popoverWidget.map { gtk_widget_get_mapped($0) == 0 } ?? true }
            window.destroy()
        }
    }

    /// A window or a popover has a surface of its own and places no popover: attaching a
    /// context menu there is reported, and changes nothing.
    func testAWindowOrPopoverCannotCarryAContextMenu() throws {
        try GtkSession.start()
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let window = gtk_window_new()!
            let popover = gtk_popover_new()!
            g_object_ref_sink(popover.gpointer)
            let controllersBefore = [controllerObjects(of: window).count, controllerObjects(of: popover).count]

            let onWindow = ContextMenu(Menu("Window") { Button("Copy") {} }, attachedTo: window)
            let onPopover = ContextMenu(Menu("Popover") { Button("Copy") {} }, attachedTo: popover)
            onWindow.popup(at: 1, 1)
            onPopover.popup()

            XCTAssertEqual(collector.collected.filter { $0.severity == .error }.map(\.path), ["Window", "Popover"])
            XCTAssertTrue(collector.collected.first?.message.contains("GtkWindow") ?? false, "\(collector.collected)")
            XCTAssertEqual([controllerObjects(of: window).count, controllerObjects(of: popover).count], controllersBefore)
            XCTAssertNil(ContextMenu.attached(to: window))
            XCTAssertNil(onWindow.popoverWidget)
            gtk_window_destroy(gmk_window(window.gpointer))
            g_object_unref(popover.gpointer)
            MainLoop.drain()
        }
    }

    // MARK: Helpers

    enum WidgetKind: CaseIterable {
        /// A list box removes its children in its own dispose, refusing a popover forever.
        case label, button, box, listBox, textView
    }

    /// Opens `kind`'s context menu with a real secondary click, optionally closes it, destroys
    /// the window, and reports what GTK logged and what is still alive.
    @MainActor
    private static func openAndDestroy(_ kind: WidgetKind, whileOpen: Bool) throws -> (messages: [String], leftBehind: String?) {
        let catcher = GLibCriticalCatcher()
        defer { catcher.stop() }
        let census = ObjectCensus()
        weak var weakContext: ContextMenu?
        weak var weakMenu: RenderedMenu?
        do {
            let widget: UnsafeMutablePointer<GtkWidget>
            switch kind {
            case .label: widget = gtk_label_new("A note")!
            case .button: widget = gtk_button_new_with_label("A note")!
            case .box:
                widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
                gtk_box_append(gmk_box(widget.gpointer), gtk_label_new("A note")!)
            case .listBox:
                widget = gtk_list_box_new()!
                gtk_list_box_append(OpaquePointer(widget), gtk_label_new("A note")!)
            case .textView: widget = gtk_text_view_new()!
            }
            gtk_widget_set_vexpand(widget, 1)
            let context = ContextMenu(Menu("Note") {
                Button("Copy") {}
                Button("Delete…", role: .destructive) {}
            }, attachedTo: widget)
            weakContext = context
            weakMenu = context.menu
            let window = try InputWindow(titled: "Context menu lifetime \(kind) \(whileOpen ? "open" : "closed")", child: widget)
            window.click(3, onto: widget, at: 10, 5)
            var popover: UnsafeMutablePointer<GtkWidget>?
            settle {
                popover = popoverChildren(of: widget).first { gtk_widget_get_mapped($0) != 0 }
                return popover != nil
            }
            guard let popover else {
                XCTFail("\(kind): the secondary click opened no menu")
                window.destroy()
                return (catcher.messages, nil)
            }
            census.watch(popover.gpointer)
            census.watch(widget.gpointer)
            census.watch(window.window.gpointer)
            census.watch(context.menu.menuModel.gpointer)
            if !whileOpen {
                window.key("Escape")
                settle { gtk_widget_get_mapped(popover) == 0 }
            }
            window.destroy()
        }
        if whileOpen {
            // GTK's tooltip delay is 500 ms: turn the main loop well past it.
            let end = g_get_monotonic_time() + 900_000
            while g_get_monotonic_time() < end {
                g_main_context_iteration(nil, 0)
                g_usleep(5_000)
            }
        }
        MainLoop.drain()
        var alive: [String] = census.allFinalized ? [] : [census.summary]
        if weakContext != nil { alive.append("the ContextMenu") }
        if weakMenu != nil { alive.append("the RenderedMenu") }
        return (catcher.messages, alive.isEmpty ? nil : alive.joined(separator: "; "))
    }

    /// Whether Shift+F10 typed for real opens a context menu in a window opened now.
    @MainActor
    private static func keyboardOpensAContextMenuInANewWindow() throws -> Bool {
        let button = gtk_button_new_with_label("Next")!
        let context = ContextMenu(Menu("Next") { Button("Copy") {} }, attachedTo: button)
        let window = try InputWindow(titled: "Context menu next window", child: button)
        MainLoop.turn { gtk_window_is_active(gmk_window(window.window.gpointer)) != 0 }
        gtk_widget_grab_focus(button)
        window.key("shift+F10")
        settle { context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false }
        let opened = context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 } ?? false
        context.popdown()
        MainLoop.drain()
        window.destroy()
        return opened
    }
}

/// The event controllers on `widget`, in the order they were added.
@MainActor
private func controllerObjects(of widget: UnsafeMutablePointer<GtkWidget>) -> [gpointer] {
    let list = gtk_widget_observe_controllers(widget)!
    defer { g_object_unref(list.gpointer) }
    return (0..<g_list_model_get_n_items(list)).compactMap { index in
        guard let controller = g_list_model_get_item(list, index) else { return nil }
        g_object_unref(controller)
        return controller
    }
}

private func typeName(_ object: gpointer) -> String {
    String(cString: gmk_type_name_of(object))
}

/// The triggers of a shortcut controller's shortcuts, as GTK writes them.
@MainActor
private func shortcutTriggers(_ controller: gpointer) -> [String] {
    let shortcuts = gmk_list_model(controller)
    return (0..<g_list_model_get_n_items(shortcuts)).compactMap { index in
        guard let shortcut = g_list_model_get_item(shortcuts, index) else { return nil }
        defer { g_object_unref(shortcut) }
        guard let trigger = gtk_shortcut_get_trigger(OpaquePointer(shortcut)), let text = gtk_shortcut_trigger_to_string(trigger)
        else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
