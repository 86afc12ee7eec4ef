import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// The moments where a menu, its owner and GTK disagree about what is still alive: the window
/// destroyed while its menu is open, an action activated after its menu is gone, a bound model
/// released while the menu is shown, a menu rebuilt or released from inside its own action.
/// None may crash, print a GTK critical, or run a stale closure. (ActionTests and
/// IncrementalUpdateTests cover the plain cases: a button activated after its menu is gone, and
/// a menu refreshed from inside a button's action.)
final class LifetimeEdgeCaseTests: GtkTestCase {
    // MARK: The owning widget destroyed while its menu is open

    /// GTK 4.8 does not close a GtkMenuButton's popover when the button's window is destroyed
    /// while the popover is open: the popover stays alive, unrealized, and with it the menu.
    /// Its tooltip timer (started when the popover opened or the pointer last moved over it)
    /// then fires 500 ms later into the dead popover: `gdk_surface_get_device_position:
    /// assertion 'GDK_IS_SURFACE (surface)' failed` and `_gtk_widget_find_at_coords: assertion
    /// 'GDK_IS_SURFACE (surface)' failed`, from whatever turns the main loop next; and the
    /// popover keeps the keyboard, so no other window of the application gets a key press.
    /// A menu shown with `attach(toMenuButton:)` should be closed before its button goes.
    func testWindowDestroyedWhileItsAttachedMenuIsOpen() throws {
        try GtkSession.start()
        try onMain {
            let outcome = try Self.destroyWhileOpen(title: "GMenuKit destroyed while open") { _, window in
                gtk_window_destroy(gmk_window(window))
            }
            XCTAssertEqual(outcome.messages, [], "GTK reported problems after the window went")
            XCTAssertNil(outcome.leftBehind, "the popover, its menu and actions outlived the window")
            XCTAssertTrue(outcome.keyboardWorks, "the application's next window gets no keyboard input")
        }
    }

    /// The same, with the menu button taken out of a window that stays, the pointer resting on
    /// its open menu. The button and its popover go: GTK's tooltip lets go of a finalized popover
    /// (its weak reference), so its timer finds nothing to trip over.
    func testMenuButtonRemovedFromItsWindowWhileItsMenuIsOpen() throws {
        try GtkSession.start()
        try onMain {
            var windowToClose: UnsafeMutablePointer<GtkWidget>?
            let outcome = try Self.destroyWhileOpen(title: "GMenuKit removed while open", watchesWindow: false) { _, window in
                gtk_window_set_child(gmk_window(window), nil)
                windowToClose = window
            }
            XCTAssertEqual(outcome.messages, [], "GTK reported problems after the button went")
            XCTAssertNil(outcome.leftBehind, "the popover, its menu and actions outlived the button")
            XCTAssertTrue(outcome.keyboardWorks, "the application's next window gets no keyboard input")
            XCTAssertEqual(outcome.actionsLeft, 0, "the menu's actions outlived it")
            if let windowToClose {
                gtk_window_destroy(gmk_window(windowToClose))
                MainLoop.drain()
            }
        }
    }

    /// The fix proposed for `attach(toMenuButton:)`, applied by hand: closing the popover when
    /// the button unrealizes (which happens before the window or button is disposed) leaves
    /// nothing behind and nothing for GTK's timers to trip over.
    func testClosingThePopoverWhenTheButtonUnrealizesPreventsBoth() throws {
        try GtkSession.start()
        try onMain {
            let outcome = try Self.destroyWhileOpen(title: "GMenuKit closed on unrealize") { button, window in
                gmk_connect_widget(button, "unrealize", { widget, _ in
                    if let widget { gtk_menu_button_popdown(gmk_menu_button(widget)) }
                }, nil, nil)
                gtk_window_destroy(gmk_window(window))
            }
            XCTAssertEqual(outcome.messages, [])
            XCTAssertNil(outcome.leftBehind)
            XCTAssertTrue(outcome.keyboardWorks, "the application's next window gets the keyboard")
        }
    }

    /// Opens an attached menu in a real window, moves the pointer over it, lets `destroy` take
    /// the button or window away, releases the menu, then turns the main loop past GTK's
    /// tooltip delay with criticals collected rather than fatal. Then checks that the keyboard
    /// still reaches a new window of the application, and closes a popover GTK left open so
    /// that the tests after this one get their keyboard back.
    @MainActor
    private static func destroyWhileOpen(
        title: String, watchesWindow: Bool = true,
        _ destroy: (_ button: UnsafeMutablePointer<GtkWidget>, _ window: UnsafeMutablePointer<GtkWidget>) -> Void
    ) throws -> (messages: [String], leftBehind: String?, keyboardWorks: Bool, actionsLeft: Int) {
        let catcher = GLibCriticalCatcher()
        defer { catcher.stop() }
        let census = ObjectCensus()
        var copies = 0
        var popover: UnsafeMutablePointer<GtkWidget>?
        do {
            // No sections: GTK 4.8 keeps section models a popover showed (see LeakTests).
            let rendered = RenderedMenu(Menu("Edit") {
                Button("Copy") { copies += 1 }
                Toggle("Bold", isOn: .constant(false))
                Menu("More") { Button("Paste") {} }
            })
            let button = gtk_menu_button_new()!
            let window = try TestWindow(titled: title, child: button).widget
            rendered.attach(toMenuButton: button)
            gtk_menu_button_popup(gmk_menu_button(button))
            let shown = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(button)))!
            popover = shown
            MainLoop.turn { gtk_widget_get_mapped(shown) != 0 }
            XCTAssertEqual(gtk_widget_get_mapped(shown), 1, "the menu opened")
            // A person's pointer rests on the menu, as when the window closes from a shortcut.
            if let copy = PopoverPages.modelButtons(in: shown, text: "Copy").first, let point = (try? RealInput.pointInWindow(of: copy)) {
                let windowID = try RealInput.xdotool("search", "--name", "^\(title)$").split(separator: "\n").first.map(String.init) ?? ""
                try RealInput.xdotool("mousemove", "--window", windowID, String(point.x), String(point.y))
                MainLoop.drain()
            }
            census.watchEverything(in: rendered)
            census.watch(UnsafeMutableRawPointer(shown))
            census.watch(UnsafeMutableRawPointer(button))
            if watchesWindow { census.watch(UnsafeMutableRawPointer(window)) }
            destroy(button, window)
            MainLoop.drain()
        }
        // GTK's tooltip delay is 500 ms: turn the main loop well past it, whatever the outcome.
        let end = g_get_monotonic_time() + 900_000
        while g_get_monotonic_time() < end {
            g_main_context_iteration(nil, 0)
            g_usleep(5_000)
        }
        XCTAssertEqual(copies, 0, "nothing was chosen")
        let leftBehind = census.allFinalized ? nil : census.summary
        let keyboardWorks = try keyboardReachesANewWindow(titled: title + " next window")
        if let popover, census.livePointers.contains(UnsafeMutableRawPointer(popover)) {
            // Left open by GTK: close it, or it keeps the keyboard from the tests that follow.
            gtk_popover_popdown(gmk_popover(popover))
            MainLoop.drain()
        }
        // The group stays as long as the button GTK keeps holds it; the actions must go.
        let actionsLeft = census.liveTypes["GMKMenuAction"] ?? 0
        return (catcher.messages, leftBehind, keyboardWorks, actionsLeft)
    }

    /// Whether a shortcut typed for real reaches a window opened now.
    @MainActor
    private static func keyboardReachesANewWindow(titled title: String) throws -> Bool {
        var presses = 0
        let rendered = RenderedMenu(Menu("Next") { Button("Press") { presses += 1 }.keyboardShortcut("<Control>j") })
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let other = gtk_button_new_with_label("Other")!
        gtk_box_append(gmk_box(box), other)
        rendered.insertActionGroup(into: box)
        let window = try TestWindow(titled: title, child: box).widget
        MainLoop.turn { gtk_window_is_active(gmk_window(window)) != 0 }
        gtk_widget_grab_focus(other)
        try RealInput.xdotool("key", "ctrl+j")
        // Bounded: when the keyboard is lost the press never arrives.
        let end = g_get_monotonic_time() + 1_000_000
        while presses == 0 && g_get_monotonic_time() < end {
            g_main_context_iteration(nil, 0)
            g_usleep(2_000)
        }
        gtk_window_destroy(gmk_window(window))
        MainLoop.drain()
        return presses == 1
    }

    // MARK: Actions activated after their owner is gone

    /// Someone outside kept every action and the group (a widget, an application): each kind
    /// of action, activated and asked to change state after the menu is gone, runs nothing.
    func testEveryKindOfActionRunsNothingOnceItsMenuIsGone() {
        onMain {
            var log: [String] = []
            var isBold = false
            var sort = "name"
            var size = 3
            var rendered: RenderedMenu? = RenderedMenu(Menu("Everything") {
                Button("Copy") { log.append("copy") }
                Toggle("Bold", isOn: Binding(get: { isBold }, set: { isBold = $0; log.append("bold") }))
                Picker("Sort By", selection: Binding(get: { sort }, set: { sort = $0; log.append("sort") })) {
                    Text("Name").tag("name")
                    Text("Date").tag("date")
                }
                Stepper("Size", value: Binding(get: { size }, set: { size = $0; log.append("size") }), in: 0...9)
                Section("Recent") {
                    ForEach(["a.txt", "b.txt"], id: \.self) { file in Button(file) { log.append(file) } }
                        .generatedContent()
                }
            })
            let items = flatten(MenuModelReader.read(rendered!.menuModel)).filter { $0.action != nil }
            let group = rendered!.actionGroup.unsafePointer
            g_object_ref(UnsafeMutableRawPointer(group))
            let held: [(name: String, action: OpaquePointer, target: String?)] = actionNames(of: group).map { name in
                let action = g_action_map_lookup_action(gmk_action_map(UnsafeMutableRawPointer(group)), name)!
                g_object_ref(UnsafeMutableRawPointer(action))
                return (name, action, items.first { localActionName($0) == name && $0.target != nil && $0.target != "name" }?.target)
            }
            XCTAssertEqual(held.count, 6, "copy, bold, sort-by, two stepper buttons, one for the generated list")

            // Every action works while the menu lives.
            for entry in held { g_action_activate(entry.action, entry.target.map { g_variant_new_string($0) }) }
            XCTAssertEqual(Set(log), ["copy", "bold", "sort", "size", "a.txt"])
            log.removeAll()

            rendered = nil
            XCTAssertEqual(actionNames(of: group).count, 0, "the group no longer offers the menu's actions")
            // Parameters are held here: a group without the action does not consume them.
            func parameter(_ target: String?) -> OpaquePointer? { target.map { g_variant_ref_sink(g_variant_new_string($0)) } }
            for entry in held {
                let target = parameter(entry.target)
                defer { if let target { g_variant_unref(target) } }
                g_action_activate(entry.action, target)
                if let state = g_action_get_state(entry.action) {
                    let value = g_variant_ref_sink(g_variant_is_of_type(state, gmk_variant_type_boolean()) != 0
                        ? g_variant_new_boolean(1) : g_variant_new_string("date"))
                    g_variant_unref(state)
                    g_action_change_state(entry.action, value)
                    g_variant_unref(value)
                }
                g_action_group_activate_action(group, entry.name, target)
            }
            XCTAssertEqual(log, [], "no closure of the gone menu ran")
            for entry in held { g_object_unref(UnsafeMutableRawPointer(entry.action)) }
            g_object_unref(UnsafeMutableRawPointer(group))
        }
    }

    /// An action someone holds across refreshes runs the closure of the current content, and
    /// nothing once its item is gone, even when an item with the same identity comes back.
    func testHeldActionRunsTheCurrentClosureAndNothingOnceItsItemIsGone() {
        onMain {
            var generation = 0
            var ran: [Int] = []
            var showsCopy = true
            let rendered = RenderedMenu(Menu("Edit") {
                if showsCopy {
                    Button("Copy \(generation)") { [generation] in ran.append(generation) }.id("copy")
                }
                Button("Paste") {}
            })
            let name = localActionName(MenuModelReader.read(rendered.menuModel).first)
            let held = g_action_map_lookup_action(gmk_action_map(UnsafeMutableRawPointer(rendered.actionGroup.unsafePointer)), name)!
            g_object_ref(UnsafeMutableRawPointer(held))
            defer { g_object_unref(UnsafeMutableRawPointer(held)) }

            generation = 1
            rendered.refresh()
            XCTAssertEqual(localActionName(MenuModelReader.read(rendered.menuModel).first), name, "the item keeps its action")
            g_action_activate(held, nil)
            XCTAssertEqual(ran, [1], "the current closure ran, not the first one")

            showsCopy = false
            rendered.refresh()
            g_action_activate(held, nil)
            XCTAssertEqual(ran, [1], "the item is gone; its action runs nothing")

            generation = 2
            showsCopy = true
            rendered.refresh()
            g_action_activate(held, nil)
            XCTAssertEqual(ran, [1], "the old action stays dead when the item comes back")
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, localActionName(MenuModelReader.read(rendered.menuModel).first), nil)
            XCTAssertEqual(ran, [1, 2], "the item that came back has a working action of its own")
        }
    }

    /// A shortcut typed for real, and an action activated through the widget, after the menu
    /// that provided them is gone (the widget keeps the group and the shortcut controller).
    func testShortcutAndWidgetActivationAfterTheMenuIsGoneRunNothing() throws {
        try GtkSession.start()
        try onMain {
            let catcher = GLibCriticalCatcher()
            defer { catcher.stop() }
            var copies = 0
            var rendered: RenderedMenu? = RenderedMenu(Menu("Edit") {
                Button("Copy") { copies += 1 }.keyboardShortcut("<Control>k")
            })
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let elsewhere = gtk_button_new_with_label("Elsewhere")!
            gtk_box_append(gmk_box(box), elsewhere)
            rendered!.insertActionGroup(into: box)
            let window = try TestWindow(titled: "GMenuKit shortcut after release", child: box).widget
            defer {
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            MainLoop.turn { gtk_window_is_active(gmk_window(window)) != 0 }
            gtk_widget_grab_focus(elsewhere)
            try RealInput.xdotool("key", "ctrl+k")
            MainLoop.turn { copies == 1 }
            XCTAssertEqual(copies, 1, "the shortcut works while the menu lives")

            rendered = nil
            try RealInput.xdotool("key", "ctrl+k")
            for _ in 0..<50 { g_main_context_iteration(nil, 0); g_usleep(2_000) }
            XCTAssertEqual(gtk_widget_activate_action_variant(box, "menu.copy", nil), 0, "the widget finds no such action")
            XCTAssertEqual(copies, 1, "neither the shortcut nor the widget ran the gone menu's closure")
            XCTAssertEqual(catcher.messages, [])
        }
    }

    /// The menu's owner lets go of it while it is open: a real click on an item runs nothing,
    /// and GTK reports nothing.
    func testClickInAnOpenMenuAfterItsOwnerLetGoRunsNothing() throws {
        try GtkSession.start()
        try onMain {
            let catcher = GLibCriticalCatcher()
            defer { catcher.stop() }
            var copies = 0
            var rendered: RenderedMenu? = RenderedMenu(Menu("Edit") {
                Button("Copy") { copies += 1 }
                Button("Paste") {}
            })
            let title = "GMenuKit click after release"
            let button = gtk_menu_button_new()!
            let window = try TestWindow(titled: title, child: button).widget
            rendered!.attach(toMenuButton: button)
            gtk_menu_button_popup(gmk_menu_button(button))
            let popover = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(button)))!
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
            defer {
                gtk_menu_button_popdown(gmk_menu_button(button))
                MainLoop.drain()
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }

            rendered = nil
            MainLoop.drain()
            if let copy = PopoverPages.modelButtons(in: popover, text: "Copy").first {
                XCTAssertEqual(gtk_widget_is_sensitive(copy), 0, "the item shows it can no longer be chosen")
                try RealInput.click(copy)
                for _ in 0..<50 { g_main_context_iteration(nil, 0); g_usleep(2_000) }
            }
            XCTAssertEqual(copies, 0)
            XCTAssertEqual(catcher.messages, [])
        }
    }

    // MARK: A bound model released while its menu is shown

    /// The application lets go of its model while the menu bound to it is open: the menu keeps
    /// the model for as long as it binds it, the model and the menu keep agreeing both ways,
    /// and the model goes when the menu does (no cycle).
    func testModelItsOwnerLetGoOfLivesAsLongAsTheOpenMenuBindsIt() throws {
        try GtkSession.start()
        try onMain {
            weak var weakDocument: DocumentModel?
            var rendered: RenderedMenu?
            do {
                let document = DocumentModel()
                weakDocument = document
                rendered = RenderedMenu(Menu("Format") {
                    Toggle("Bold", isOn: Binding(document, \.isBold))
                    Picker("Sort By", selection: Binding(document, \.sortKey)) {
                        Text("Name").tag("name")
                        Text("Date").tag("date")
                    }
                })
            }
            let title = "GMenuKit model released"
            let button = gtk_menu_button_new()!
            let window = try TestWindow(titled: title, child: button).widget
            rendered!.attach(toMenuButton: button)
            gtk_menu_button_popup(gmk_menu_button(button))
            let popover = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(button)))!
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
            XCTAssertNotNil(weakDocument, "the open menu binds the model")

            if let bold = PopoverPages.modelButtons(in: popover, text: "Bold").first {
                try RealInput.click(bold)
                MainLoop.turn { weakDocument?.isBold == true }
            }
            XCTAssertEqual(weakDocument?.isBold, true, "a real click reached the model")
            XCTAssertEqual(actionState(rendered!.actionGroup.unsafePointer, "bold"), "true")
            weakDocument?.sortKey = "date"
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered!.actionGroup.unsafePointer, "sort-by"), "date", "the menu follows the model")

            gtk_menu_button_popdown(gmk_menu_button(button))
            MainLoop.drain()
            gtk_window_destroy(gmk_window(window))
            MainLoop.drain()
            rendered = nil
            MainLoop.drain()
            XCTAssertNil(weakDocument, "the model went with the menu")
        }
    }

    /// The model is held weakly and goes away while the menu is open, once with a refresh from
    /// the model still pending, once with a real click on an item still bound to it.
    func testWeaklyHeldModelGoingAwayWhileTheMenuIsOpen() throws {
        try GtkSession.start()
        try onMain {
            @MainActor final class Owner { var document: DocumentModel? = DocumentModel() }
            let catcher = GLibCriticalCatcher()
            defer { catcher.stop() }
            let owner = Owner()
            weak let weakDocument = owner.document
            var readings = 0
            let rendered = RenderedMenu(Menu("Format") {
                if let document = owner.document {
                    Toggle("Bold", isOn: Binding(get: { [weak document] in readings += 1; return document?.isBold ?? false },
                                                 set: { [weak document] in document?.isBold = $0 }))
                } else {
                    Button("No Document") {}
                }
            })
            let title = "GMenuKit weak model"
            let button = gtk_menu_button_new()!
            let window = try TestWindow(titled: title, child: button).widget
            defer {
                gtk_menu_button_popdown(gmk_menu_button(button))
                MainLoop.drain()
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            rendered.attach(toMenuButton: button)
            gtk_menu_button_popup(gmk_menu_button(button))
            let popover = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(button)))!
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }

            // A change schedules a new reading of the toggle's state; the model is gone before it runs.
            owner.document?.isBold = true
            owner.document = nil
            XCTAssertNil(weakDocument, "nothing but the owner held the model")
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "bold"), "false", "the state read from a binding to nothing")
            rendered.refresh()
            MainLoop.drain()
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).map(\.label), ["No Document"])

            // Bound again, then gone without any refresh: the item GTK shows is bound to nothing.
            owner.document = DocumentModel()
            weak let secondDocument = owner.document
            rendered.refresh()
            MainLoop.drain()
            owner.document = nil
            XCTAssertNil(secondDocument)
            let readingsBefore = readings
            if let bold = PopoverPages.modelButtons(in: popover, text: "Bold").first {
                try RealInput.click(bold)
                for _ in 0..<50 { g_main_context_iteration(nil, 0); g_usleep(2_000) }
            } else {
                XCTFail("the open menu shows Bold again")
            }
            XCTAssertEqual(readings, readingsBefore, "choosing it set a binding to nothing and read nothing stale")
            rendered.refresh()
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).map(\.label), ["No Document"])
            XCTAssertEqual(catcher.messages, [])
        }
    }

    /// The menu goes away with a refresh from its model pending, and the model keeps changing:
    /// nothing of the menu runs again.
    func testMenuReleasedWithARefreshFromItsModelPending() {
        onMain {
            let document = DocumentModel()
            var evaluations = 0
            var reads = 0
            var rendered: RenderedMenu? = RenderedMenu(Menu("Format") {
                let _ = evaluations += 1
                Toggle(document.showsMap ? "Hide Map" : "Show Map", isOn: Binding(get: { reads += 1; return document.isBold }, set: { document.isBold = $0 }))
            })
            weak let weakRendered = rendered
            XCTAssertEqual(evaluations, 1)
            let readsAfterRender = reads
            // One change the content reads, one only the toggle's state reads: both pending.
            document.showsMap = true
            document.isBold = true
            rendered = nil
            XCTAssertNil(weakRendered)
            MainLoop.drain()
            document.isBold = false
            document.showsMap = false
            MainLoop.drain()
            XCTAssertEqual(evaluations, 1, "the gone menu's content was not read again")
            XCTAssertEqual(reads, readsAfterRender, "the gone menu's bindings were not read again")
        }
    }

    // MARK: A menu rebuilt or released from inside its own action

    /// A toggle whose change removes it from the menu: the refresh inside the toggle's own
    /// change-state handler removes and releases its action while GLib is still emitting on it,
    /// and GMenuKit then sets that action's state.
    func testToggleThatRemovesItselfWhenChosen() {
        onMain {
            let catcher = GLibCriticalCatcher()
            defer { catcher.stop() }
            var showsAdvanced = true
            var rendered: RenderedMenu?
            let watcher = FinalizationWatcher()
            var actionFinalizedInsideItsHandler: Bool?
            rendered = RenderedMenu(Menu("View") {
                if showsAdvanced {
                    Toggle("Show Advanced Options", isOn: Binding(get: { showsAdvanced }, set: {
                        showsAdvanced = $0
                        rendered?.refresh()
                        actionFinalizedInsideItsHandler = watcher.finalizedCount > 0
                    }))
                }
                Button("Zoom In") {}
            })
            let group = rendered!.actionGroup.unsafePointer
            watcher.watch(UnsafeMutableRawPointer(g_action_map_lookup_action(gmk_action_map(UnsafeMutableRawPointer(group)), "show-advanced-options")!))
            g_action_group_activate_action(group, "show-advanced-options", nil)
            XCTAssertEqual(actionFinalizedInsideItsHandler, false,
                           "the action was finalized while its own handler ran; GMenuKit sets its state right after")
            XCTAssertEqual(MenuModelReader.read(rendered!.menuModel).map(\.label), ["Zoom In"])
            XCTAssertTrue(watcher.allFinalized, "the removed toggle's action is gone afterwards")
            XCTAssertEqual(catcher.messages, [])
            // The content refers to the variable that holds the menu (to refresh it): dropping
            // the menu is the application's part of breaking that circle.
            weak let weakRendered = rendered
            rendered = nil
            XCTAssertNil(weakRendered, "GMenuKit keeps no reference of its own to the menu")
        }
    }

    /// A picker whose choice removes the picker, the same way.
    func testPickerThatRemovesItselfWhenAnOptionIsChosen() {
        onMain {
            let catcher = GLibCriticalCatcher()
            defer { catcher.stop() }
            var mode = "ask"
            var rendered: RenderedMenu?
            let watcher = FinalizationWatcher()
            var actionFinalizedInsideItsHandler: Bool?
            rendered = RenderedMenu(Menu("Import") {
                if mode == "ask" {
                    Picker("Mode", selection: Binding(get: { mode }, set: {
                        mode = $0
                        rendered?.refresh()
                        actionFinalizedInsideItsHandler = watcher.finalizedCount > 0
                    })) {
                        Text("Ask").tag("ask")
                        Text("Always").tag("always")
                    }
                }
                Button("Import…") {}
            })
            let group = rendered!.actionGroup.unsafePointer
            watcher.watch(UnsafeMutableRawPointer(g_action_map_lookup_action(gmk_action_map(UnsafeMutableRawPointer(group)), "mode")!))
            g_action_group_activate_action(group, "mode", g_variant_new_string("always"))
            XCTAssertEqual(mode, "always")
            XCTAssertEqual(actionFinalizedInsideItsHandler, false,
                           "the action was finalized while its own handler ran; GMenuKit sets its state right after")
            XCTAssertEqual(flatten(MenuModelReader.read(rendered!.menuModel)).compactMap(\.label), ["Import…"])
            XCTAssertEqual(catcher.messages, [])
            weak let weakRendered = rendered
            rendered = nil
            XCTAssertNil(weakRendered, "GMenuKit keeps no reference of its own to the menu")
        }
    }

    /// The last reference to the menu is dropped inside one of its own actions (a document
    /// closed from its own menu): the menu goes, its actions stop, nothing runs twice.
    func testMenuReleasedFromInsideItsOwnActions() {
        onMain {
            let catcher = GLibCriticalCatcher()
            defer { catcher.stop() }
            for kind in ["close", "toggle", "picker"] {
                var log: [String] = []
                var rendered: RenderedMenu?
                weak var weakRendered: RenderedMenu?
                do {
                    let menu = RenderedMenu(Menu("Document") {
                        Button("Close") { log.append("close"); rendered = nil }
                        Toggle("Close on Toggle", isOn: Binding(get: { false }, set: { _ in log.append("toggle"); rendered = nil }))
                        Picker("Close With", selection: Binding(get: { "a" }, set: { _ in log.append("picker"); rendered = nil })) {
                            Text("A").tag("a")
                            Text("B").tag("b")
                        }
                    })
                    rendered = menu
                    weakRendered = menu
                }
                let group = rendered!.actionGroup.unsafePointer
                g_object_ref(UnsafeMutableRawPointer(group))
                switch kind {
                case "close": g_action_group_activate_action(group, "close", nil)
                case "toggle": g_action_group_activate_action(group, "close-on-toggle", nil)
                default: g_action_group_activate_action(group, "close-with", g_variant_new_string("b"))
                }
                XCTAssertNil(weakRendered, "\(kind): the menu went inside its own action")
                XCTAssertEqual(log, [kind])
                XCTAssertEqual(actionNames(of: group).count, 0, "\(kind): its actions went with it")
                g_action_group_activate_action(group, "close", nil)
                XCTAssertEqual(log, [kind], "\(kind): nothing ran afterwards")
                g_object_unref(UnsafeMutableRawPointer(group))
            }
            XCTAssertEqual(catcher.messages, [])
        }
    }

    /// A real click on an item whose action removes that very item from the open menu, with the
    /// menu rebuilt right inside the action, and again through the model's observation.
    func testClickedItemThatRemovesItselfFromTheOpenMenu() throws {
        try GtkSession.start()
        try onMain {
            for viaObservation in [false, true] {
                let catcher = GLibCriticalCatcher()
                defer { catcher.stop() }
                let document = DocumentModel()
                document.recentFiles = ["a.txt", "b.txt"]
                var clears = 0
                var rendered: RenderedMenu?
                rendered = RenderedMenu(Menu("File") {
                    Button("New") {}
                    Divider()
                    ForEach(document.recentFiles, id: \.self) { file in Button(file) {} }
                    if !document.recentFiles.isEmpty {
                        Button("Clear Menu") {
                            clears += 1
                            document.recentFiles = []
                            if !viaObservation { rendered?.refresh() }
                        }
                    }
                })
                let title = "GMenuKit clear menu \(viaObservation)"
                let button = gtk_menu_button_new()!
                let window = try TestWindow(titled: title, child: button).widget
                rendered!.attach(toMenuButton: button)
                gtk_menu_button_popup(gmk_menu_button(button))
                let popover = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(button)))!
                MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
                if let clear = PopoverPages.modelButtons(in: popover, text: "Clear Menu").first {
                    try RealInput.click(clear)
                    MainLoop.turn { clears == 1 && PopoverPages.modelButtons(in: popover, text: "Clear Menu").isEmpty }
                } else {
                    XCTFail("no Clear Menu item")
                }
                XCTAssertEqual(clears, 1)
                XCTAssertEqual(flatten(MenuModelReader.read(rendered!.menuModel)).compactMap(\.label), ["New"])
                XCTAssertEqual(PopoverPages.modelButtons(in: popover).map(PopoverPages.buttonText), ["New"], "GTK shows the rebuilt menu")
                gtk_menu_button_popdown(gmk_menu_button(button))
                MainLoop.drain()
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
                rendered = nil
                XCTAssertEqual(catcher.messages, [], "observation: \(viaObservation)")
            }
        }
    }
}
