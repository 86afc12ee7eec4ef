import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

@Observable
@MainActor
private final class FontModel {
    var size = 12
    var showsMap = false
    var volume = 0.5
}

/// What GTK 4.8 does not draw on its own, drawn by GMenuKit and used with real input: icons
/// beside labels, subtitles, items that keep the menu open, destructive items in red that ask
/// first, and state that changes while the menu is open.
final class MenuRowTests: GtkTestCase {
    /// A pull-down button in a window of its own, its menu open.
    @MainActor
    private struct OpenControl {
        let control: PullDownButton
        let window: UnsafeMutablePointer<GtkWidget>
        let title: String

        init(_ menu: Menu, title: String) throws {
            control = PullDownButton(menu)
            self.title = title
            window = try TestWindow(titled: title, child: control.widget).widget
            gtk_window_set_default_size(gmk_window(window), 480, 560)
            try RealInput.click(control.menuButton)
            let popover: UnsafeMutablePointer<GtkWidget> = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton)))
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 && !MenuRows.all(in: popover).isEmpty }
        }

        var popover: UnsafeMutablePointer<GtkWidget> { gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton))) }
        var isOpen: Bool { gtk_widget_get_mapped(popover) != 0 }

        func click(_ widget: UnsafeMutablePointer<GtkWidget>) throws { try RealInput.click(widget) }

        func close() {
            control.popdown()
            MainLoop.drain()
            gtk_window_destroy(gmk_window(window))
            MainLoop.drain()
        }
    }

    func testIconsSubtitlesAndShortcutsAreDrawnBesideTheLabels() throws {
        try GtkSession.start()
        try onMain {
            let open = try OpenControl(Menu("Note") {
                Button("Share", icon: "emblem-shared-symbolic") {}
                Button("Undo Typing", icon: "edit-undo-symbolic", subtitle: "Brings back the text as it was") {}
                    .keyboardShortcut("<Control>z")
                Button("Print") {}
            }, title: "Rows Icons")
            defer { open.close() }
            guard let share = MenuRows.row("Share", in: open.popover),
                  let undo = MenuRows.row("Undo Typing", in: open.popover) else {
                return XCTFail("rows: \(MenuRows.all(in: open.popover).map(WidgetTree.labels))")
            }
            XCTAssertEqual(MenuRows.icons(in: share), ["emblem-shared-symbolic"], "the icon stands beside the label (I1)")
            XCTAssertEqual(MenuRows.icons(in: undo), ["edit-undo-symbolic"])
            XCTAssertEqual(WidgetTree.labels(in: undo), ["Undo Typing", "Brings back the text as it was", "Ctrl+Z"],
                           "label, subtitle under it (L6) and the shortcut")
            let images = WidgetTree.all(undo).filter { WidgetTree.isWidget($0, ofType: "GtkImage") }
            MainLoop.turn { images.allSatisfy(WidgetTree.isShown) }
            XCTAssertTrue(images.allSatisfy(WidgetTree.isShown), "the icon is on screen")
            XCTAssertTrue(WidgetTree.isShown(undo))
            XCTAssertEqual(PopoverPages.modelButtons(in: open.popover, text: "Print").count, 1,
                           "an item with nothing GTK cannot draw stays GTK's own")
        }
    }

    func testAnItemThatKeepsTheMenuOpenFiresTwiceAndAnotherClosesIt() throws {
        try GtkSession.start()
        try onMain {
            let model = FontModel()
            let open = try OpenControl(Menu("Format") {
                Section("Font Size: \(model.size)") {
                    Button("Increase") { model.size += 1 }.menuActionDismissBehavior(.disabled)
                    Button("Decrease") { model.size -= 1 }.menuActionDismissBehavior(.disabled)
                    Button("Reset") { model.size = 12 }
                }
            }, title: "Rows Keep Open")
            defer { open.close() }
            guard let increase = MenuRows.row("Increase", in: open.popover) else { return XCTFail("no Increase row") }
            try open.click(increase)
            MainLoop.turn { model.size == 13 }
            MainLoop.drain()
            XCTAssertTrue(open.isOpen, "Increase keeps the menu open (D4)")
            // The header changed, so the row is new: find it again, as a person's eye would.
            guard let again = MenuRows.row("Increase", in: open.popover) else { return XCTFail("no Increase row after the change") }
            try open.click(again)
            MainLoop.turn { model.size == 14 }
            MainLoop.drain()
            XCTAssertEqual(model.size, 14, "chosen twice, it ran twice")
            XCTAssertTrue(open.isOpen)
            XCTAssertEqual(MenuModelReader.read(open.control.menu.menuModel).first?.label, "Font Size: 14",
                           "the header follows the value while the menu is open")

            guard let reset = PopoverPages.modelButtons(in: open.popover, text: "Reset").first else { return XCTFail("no Reset") }
            try open.click(reset)
            MainLoop.turn { !open.isOpen }
            XCTAssertEqual(model.size, 12)
            XCTAssertFalse(open.isOpen, "Reset closes the menu")
        }
    }

    func testAStepperKeepsTheMenuOpenAndTheKeyboardFocusAcrossItsChanges() throws {
        try GtkSession.start()
        try onMain {
            let model = FontModel()
            let open = try OpenControl(Menu("Format") {
                Stepper("Font Size: \(model.size)", value: Binding(model, \.size), in: 8...72)
                Button("Close") {}
            }, title: "Rows Stepper")
            defer { open.close() }
            let plus = { MenuRows.all(in: open.popover).first { MenuRows.icons(in: $0) == ["list-add-symbolic"] } }
            guard let first = plus() else { return XCTFail("no increase button") }
            try open.click(first)
            MainLoop.turn { model.size == 13 }
            MainLoop.drain()
            XCTAssertTrue(open.isOpen, "a stepper's button keeps the menu open")

            // From the keyboard: the button that replaced the clicked one has the focus, so
            // Return goes on increasing.
            guard let second = plus() else { return XCTFail("no increase button after the change") }
            gtk_widget_grab_focus(second)
            MainLoop.drain()
            try RealInput.xdotool("key", "Return")
            MainLoop.turn { model.size == 14 }
            MainLoop.drain()
            try RealInput.xdotool("key", "Return")
            MainLoop.turn { model.size == 15 }
            XCTAssertEqual(model.size, 15, "the focus followed the button through two changes of its label")
            XCTAssertTrue(open.isOpen)
        }
    }

    func testADestructiveItemIsRedAndAsksFirstAndCancelRunsNothing() throws {
        try GtkSession.start()
        try onMain {
            var deleted = 0
            let open = try OpenControl(Menu("Note") {
                Button("Duplicate", icon: "edit-copy-symbolic") {}
                Button("Delete Note…", icon: "user-trash-symbolic", role: .destructive) { deleted += 1 }
                    .confirmationMessage("The note is removed for good.")
            }, title: "Rows Destructive")
            defer { open.close() }
            guard let delete = MenuRows.row("Delete Note…", in: open.popover),
                  let duplicate = MenuRows.row("Duplicate", in: open.popover) else { return XCTFail("no rows") }
            let redInDelete = ScreenPixels.redCount(ScreenPixels.pixels(of: delete, inWindowTitled: open.title))
            let redInDuplicate = ScreenPixels.redCount(ScreenPixels.pixels(of: duplicate, inWindowTitled: open.title))
            XCTAssertGreaterThan(redInDelete, 20, "the destructive item's text is drawn red on screen (P6)")
            XCTAssertEqual(redInDuplicate, 0, "the item beside it is not")

            try open.click(delete)
            MainLoop.turn { !toplevelWindows(titled: "Delete Note?").isEmpty }
            guard let dialog = toplevelWindows(titled: "Delete Note?").first else { return XCTFail("no confirmation") }
            XCTAssertEqual(deleted, 0, "nothing is deleted before the answer")
            XCTAssertTrue(WidgetTree.labels(in: dialog).contains("The note is removed for good."))
            // Cancel is the default: Return answers with it.
            try RealInput.focusWindow(titled: "Delete Note?")
            try RealInput.xdotool("key", "Return")
            MainLoop.turn { toplevelWindows(titled: "Delete Note?").isEmpty }
            MainLoop.drain()
            XCTAssertTrue(toplevelWindows(titled: "Delete Note?").isEmpty, "Return cancels and closes the confirmation")
            XCTAssertEqual(deleted, 0, "Cancel runs nothing")

            // Asked again, the red button goes ahead.
            open.control.menu.confirmDestructiveAction(ConfirmationRequest(itemTitle: "Delete Note…", message: nil)) { deleted += 1 }
            MainLoop.turn { !toplevelWindows(titled: "Delete Note?").isEmpty }
            guard let second = toplevelWindows(titled: "Delete Note?").first,
                  let confirm = WidgetTree.all(second).first(where: { gtk_widget_has_css_class($0, "destructive-action") != 0 })
            else { return XCTFail("no confirm button") }
            XCTAssertEqual(WidgetTree.labels(in: confirm), ["Delete Note"])
            try RealInput.click(confirm)
            MainLoop.turn { deleted == 1 }
            XCTAssertEqual(deleted, 1)
        }
    }

    func testAnOptedOutDestructiveItemActsAtOnce() throws {
        try GtkSession.start()
        onMain {
            var asked = 0, deleted = 0
            let rendered = RenderedMenu(Menu("Note") {
                Button("Delete Draft", role: .destructive) { deleted += 1 }.confirmationDisabled()
                Button("Delete Note…", role: .destructive) { deleted += 10 }
            })
            rendered.confirmDestructiveAction = { _, _ in asked += 1 }
            let items = flatten(MenuModelReader.read(rendered.menuModel))
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, localActionName(items.first { $0.label == "Delete Draft" }), nil)
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, localActionName(items.first { $0.label == "Delete Note…" }), nil)
            XCTAssertEqual(deleted, 1, "the opted-out item acts; the other waits for its answer")
            XCTAssertEqual(asked, 1)
        }
    }

    func testChangeableLabelsAndCheckmarksFollowStateWhileTheMenuIsOpen() throws {
        try GtkSession.start()
        try onMain {
            let model = FontModel()
            let open = try OpenControl(Menu("View") {
                Button(model.showsMap ? "Hide Map" : "Show Map", icon: "mark-location-symbolic") { model.showsMap.toggle() }
                Toggle("Map", isOn: Binding(model, \.showsMap))
                Button("Zoom In") {}
            }, title: "Rows Changeable")
            defer { open.close() }
            XCTAssertNotNil(MenuRows.row("Show Map", in: open.popover))
            guard let check = PopoverPages.modelButtons(in: open.popover, text: "Map").first else { return XCTFail("no Map") }
            XCTAssertEqual(gmk_object_get_boolean(check.gpointer, "active"), 0)

            model.showsMap = true
            MainLoop.drain()
            XCTAssertNotNil(MenuRows.row("Hide Map", in: open.popover), "the label changed in the open menu (T1)")
            XCTAssertNil(MenuRows.row("Show Map", in: open.popover))
            let checkNow = PopoverPages.modelButtons(in: open.popover, text: "Map").first
            XCTAssertEqual(checkNow.map { gmk_object_get_boolean($0.gpointer, "active") }, 1, "the checkmark shows (T4)")
            XCTAssertTrue(open.isOpen)
        }
    }

    func testAMenuOfUnavailableItemsOpensAndADimmedSubmenuStillOpens() throws {
        try GtkSession.start()
        try onMain {
            let open = try OpenControl(Menu("Edit") {
                Button("Cut", icon: "edit-cut-symbolic") {}.disabled()
                Button("Copy") {}.disabled()
                Menu("Transform") {
                    Button("Make Upper Case") {}.disabled()
                    Button("Make Lower Case") {}.disabled()
                }
            }, title: "Rows Unavailable")
            defer { open.close() }
            XCTAssertTrue(open.isOpen, "a menu of unavailable items opens (A2)")
            guard let cut = MenuRows.row("Cut", in: open.popover),
                  let copy = PopoverPages.modelButtons(in: open.popover, text: "Copy").first,
                  let transform = PopoverPages.modelButtons(in: open.popover, text: "Transform").first
            else { return XCTFail("items missing") }
            XCTAssertEqual(gtk_widget_is_sensitive(cut), 0, "an unavailable row is dimmed (A1)")
            XCTAssertEqual(gtk_widget_is_sensitive(copy), 0)
            XCTAssertEqual(gtk_widget_is_sensitive(transform), 1, "the submenu stays openable (A3)")
            try open.click(transform)
            MainLoop.turn {
                PopoverPages(of: open.popover).visiblePage.map { PopoverPages.modelButtons(in: $0, text: "Make Upper Case").count == 1 } ?? false
            }
            let page = PopoverPages(of: open.popover).visiblePage
            XCTAssertEqual(page.map { PopoverPages.modelButtons(in: $0, text: "Make Upper Case").count }, 1, "the submenu opened")
        }
    }

    func testASliderMovesWithKeysAndPointerFollowsItsModelAndKeepsTheMenuOpen() throws {
        try GtkSession.start()
        try onMain {
            let model = FontModel()
            let open = try OpenControl(Menu("Sound") {
                Slider("Volume", value: Binding(model, \.volume), in: 0...1, step: 0.1)
                Button("Mute") { model.volume = 0 }
            }, title: "Rows Slider")
            defer { open.close() }
            guard let scale = WidgetTree.all(open.popover).first(where: { WidgetTree.isWidget($0, ofType: "GtkScale") }) else {
                return XCTFail("no slider in the open menu")
            }
            MainLoop.turn { WidgetTree.isShown(scale) }
            XCTAssertEqual(gtk_range_get_value(gmk_range(scale)), 0.5, accuracy: 1e-9, "the slider starts at the model's value")
            let actionName = localActionName(flatten(MenuModelReader.read(open.control.menu.menuModel)).first { $0.label == "Volume" })

            gtk_widget_grab_focus(scale)
            MainLoop.drain()
            try RealInput.xdotool("key", "Right")
            MainLoop.turn { abs(model.volume - 0.6) < 1e-9 }
            XCTAssertEqual(model.volume, 0.6, accuracy: 1e-9, "the Right key moves it one step")
            XCTAssertEqual(Double(actionState(open.control.menu.actionGroup.unsafePointer, actionName) ?? "") ?? -1, 0.6, accuracy: 1e-9,
                           "the action's state follows")
            XCTAssertTrue(open.isOpen, "sliding keeps the menu open")

            // A click near the right end moves the slider there (GTK warps it to the pointer).
            guard let point = (try? RealInput.pointInWindow(of: scale)) else { return XCTFail("not on screen") }
            let window = try RealInput.xdotool("search", "--sync", "--name", "^\(open.title)$").split(separator: "\n").first.map(String.init) ?? ""
            try RealInput.xdotool("mousemove", "--window", window, String(point.x + Int(gtk_widget_get_width(scale)) / 2 - 4), String(point.y))
            for _ in 0..<20 { g_main_context_iteration(nil, 0); g_usleep(2_000) }
            try RealInput.xdotool("click", "1")
            MainLoop.turn { model.volume > 0.85 }
            XCTAssertGreaterThan(model.volume, 0.85, "a click near the right end moves it there")
            XCTAssertTrue(open.isOpen)

            model.volume = 0.2
            MainLoop.drain()
            XCTAssertEqual(gtk_range_get_value(gmk_range(scale)), 0.2, accuracy: 1e-9, "the slider follows the model")
        }
    }

    func testATextViewsMenuKeepsGTKsOwnItems() throws {
        try GtkSession.start()
        onMain {
            let view = gtk_text_view_new()!
            g_object_ref_sink(view.gpointer)
            let context = ContextMenu(Menu("Scratch Pad") {
                Button("Insert Date", icon: "x-office-calendar-symbolic") {}
            }, attachedTo: view)
            let item = flatten(MenuModelReader.read(context.menu.menuModel)).first
            XCTAssertEqual(item?.label, "Insert Date")
            XCTAssertNil(item?.attributes["custom"], "GTK shows a text view's menu itself: no slot GMenuKit cannot fill")
            g_object_unref(view.gpointer)
        }
    }

    func testAMenuGetsSlotsOnlyOnceShownSoGTKAloneDrawsEveryItem() throws {
        try GtkSession.start()
        onMain {
            let rendered = RenderedMenu(Menu("Note") {
                Button("Share", icon: "emblem-shared-symbolic") {}
                Button("Print") {}
                Button("Export…") {}
            })
            let before = MenuModelReader.read(rendered.menuModel)
            XCTAssertEqual(before.compactMap { $0.attributes["custom"] }, [],
                           "a model GTK shows alone has no slot that nobody would fill")
            XCTAssertEqual(before.first?.label, "Share")

            let popover = gtk_popover_menu_new_from_model(rendered.menuModel)!
            g_object_ref_sink(popover.gpointer)
            rendered.present(in: popover)
            let after = MenuModelReader.read(rendered.menuModel)
            XCTAssertEqual(after.filter { $0.attributes["custom"] != nil }.map(\.label), ["Share"],
                           "shown, the item with an icon gets its slot")
            XCTAssertEqual(MenuRows.all(in: popover).count, 1, "and the popover its row")
            XCTAssertEqual(MenuRows.icons(in: MenuRows.all(in: popover)[0]), ["emblem-shared-symbolic"])
            g_object_unref(popover.gpointer)
        }
    }

    func testOneHighlightAsTheKeyboardAndPointerMoveBetweenRowsAndGTKsItems() throws {
        try GtkSession.start()
        try onMain {
            let open = try OpenControl(Menu("Add") {
                Button("Note", icon: "text-x-generic-symbolic") {}
                Button("Checklist") {}
                Button("Drawing") {}
            }, title: "Rows Highlight")
            defer { open.close() }
            guard let note = MenuRows.row("Note", in: open.popover),
                  let checklist = PopoverPages.modelButtons(in: open.popover, text: "Checklist").first
            else { return XCTFail("items missing") }
            func isSelected(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
                gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0
            }
            try RealInput.xdotool("key", "Down")
            MainLoop.turn { isSelected(checklist) }
            XCTAssertTrue(isSelected(checklist), "Down highlights GTK's Checklist")
            try RealInput.xdotool("key", "Up")
            MainLoop.turn { gtk_widget_has_focus(note) != 0 }
            MainLoop.drain()
            XCTAssertTrue(gtk_widget_has_focus(note) != 0, "Up gives the Note row the focus")
            XCTAssertFalse(isSelected(checklist), "and Checklist is no longer highlighted beside it")

            // The pointer: onto Checklist (GTK highlights it), then onto the row.
            try open.click(checklist) // a click closes the menu; reopen and hover instead
            MainLoop.turn { !open.isOpen }
            try RealInput.focusWindow(titled: open.title)
            try open.click(open.control.menuButton)
            MainLoop.turn { open.isOpen }
            guard let row = MenuRows.row("Note", in: open.popover),
                  let point = (try? RealInput.pointInWindow(of: row)) else { return XCTFail("no row after reopening") }
            let window = try RealInput.xdotool("search", "--sync", "--name", "^\(open.title)$").split(separator: "\n").first.map(String.init) ?? ""
            try RealInput.xdotool("mousemove", "--window", window, String(point.x), String(point.y))
            MainLoop.turn { gtk_widget_has_focus(row) != 0 }
            XCTAssertTrue(gtk_widget_has_focus(row) != 0, "the pointer on a row gives it the focus, as on GTK's items")
            let highlighted = PopoverPages.modelButtons(in: open.popover).filter(isSelected)
            XCTAssertEqual(highlighted.count, 0, "no GTK item stays highlighted beside the row")
        }
    }
}
