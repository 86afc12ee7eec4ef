import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A menu bar in a real window: its model, F10, shortcuts typed for real, moving and destroying.
final class MenuBarTests: GtkTestCase {
    /// Counts what the bar's actions did.
    @MainActor
    final class Counts {
        var newDocuments = 0
        var searches = 0
    }

    @MainActor
    static func notesBar(_ counts: Counts) -> MenuBar {
        MenuBar {
            Menu("File") {
                Button("New") { counts.newDocuments += 1 }.keyboardShortcut("<Control>n")
                Button("Open…") {}
            }
            Menu("Edit") {
                // Not Ctrl+C: an entry with the focus copies on that itself, as it should.
                Button("Find") { counts.searches += 1 }.keyboardShortcut("<Control>f")
                Button("Paste") {}
            }
            Menu("View") {
                Button("Zoom In") {}
            }
        }
    }

    /// A window holding the bar above an entry, the entry focused.
    @MainActor
    static func window(
        titled title: String, with bar: UnsafeMutablePointer<GtkWidget>, size: (width: Int32, height: Int32) = (-1, -1)
    ) throws -> (window: UnsafeMutablePointer<GtkWidget>, entry: UnsafeMutablePointer<GtkWidget>) {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_size_request(box, size.width, size.height)
        let entry = gtk_entry_new()!
        gtk_box_append(gmk_box(box), bar)
        gtk_box_append(gmk_box(box), entry)
        let window = try TestWindow(titled: title, child: box).widget
        MainLoop.turn { gtk_window_is_active(gmk_window(window)) != 0 }
        gtk_widget_grab_focus(entry)
        MainLoop.drain()
        return (window, entry)
    }

    /// Types `text` into the focused entry and waits until it arrives: every key typed before
    /// it has then been handled too.
    @MainActor
    static func typeAndWait(_ text: String, into entry: UnsafeMutablePointer<GtkWidget>) throws {
        try RealInput.xdotool("type", text)
        MainLoop.turn { entryText(entry).hasSuffix(text) }
        XCTAssertTrue(entryText(entry).hasSuffix(text), "the entry got \(text)")
    }

    @MainActor
    static func entryText(_ entry: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_editable_get_text(OpaquePointer(entry)))
    }

    func testTheModelHoldsTheBarsMenusAndTheBarShowsThem() throws {
        try GtkSession.start()
        onMain {
            let bar = Self.notesBar(Counts())
            let items = MenuModelReader.read(bar.menu.menuModel)
            XCTAssertEqual(items.map(\.label), ["File", "Edit", "View"])
            XCTAssertTrue(items.allSatisfy { $0.submenu != nil }, "every top item is a submenu: \(items)")
            XCTAssertEqual(items[0].submenu?.map(\.label), ["New", "Open…"])
            XCTAssertEqual(items[0].submenu?.first?.attributes["accel"], "<Control>n")
            XCTAssertEqual(gtk_popover_menu_bar_get_menu_model(gmk_popover_menu_bar(bar.widget)), bar.menu.menuModel)
            XCTAssertEqual(ControlProbes.barItemLabels(bar.widget), ["File", "Edit", "View"])
            XCTAssertEqual(bar.menu.guidelineContext, .menuBar)
            g_object_ref_sink(bar.widget.gpointer)
            g_object_unref(bar.widget.gpointer)
        }
    }

    /// GtkWindow opens the first menu of a bar inside it on F10 (its "gtk-window-menubar-accel"
    /// controller, in the capture phase), even from an entry; GMenuKit adds nothing for it.
    func testF10OpensTheFirstMenuAndTheMenuShowsTheShortcut() throws {
        try GtkSession.start()
        try onMain {
            let bar = Self.notesBar(Counts())
            let (window, _) = try Self.window(titled: "GMenuKit bar F10", with: bar.widget)
            defer {
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            let popovers = ControlProbes.barPopovers(bar.widget)
            XCTAssertEqual(popovers.count, 3)
            guard let file = popovers.first else { return }
            XCTAssertEqual(gtk_widget_get_mapped(file), 0, "no menu is open before F10")

            try RealInput.xdotool("key", "F10")
            MainLoop.turn { gtk_widget_get_mapped(file) != 0 }
            XCTAssertEqual(gtk_widget_get_mapped(file), 1, "F10 opened the File menu")
            XCTAssertTrue(popovers.dropFirst().allSatisfy { gtk_widget_get_mapped($0) == 0 }, "only the first menu opened")

            let new = PopoverPages.modelButtons(in: file, text: "New").first
            XCTAssertNotNil(new, "the File menu shows New")
            if let new {
                let accel = gmk_object_dup_string(new, "accel").map { text in
                    defer { g_free(text) }
                    return String(cString: text)
                }
                XCTAssertEqual(accel, "<Control>n", "GTK's model button has the accelerator")
                XCTAssertEqual(ControlProbes.drawnAccelerator(of: new), "Ctrl+N", "and draws it beside New")
            }
            try RealInput.xdotool("key", "Escape")
            MainLoop.turn { gtk_widget_get_mapped(file) == 0 }
            XCTAssertEqual(gtk_widget_get_mapped(file), 0, "Escape closed the menu")
        }
    }

    func testAShortcutTypedInAnEntryFiresItsActionOnce() throws {
        try GtkSession.start()
        try onMain {
            let counts = Counts()
            let bar = Self.notesBar(counts)
            let (window, entry) = try Self.window(titled: "GMenuKit bar shortcut", with: bar.widget)
            defer {
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            XCTAssertEqual(gtk_widget_is_ancestor(gtk_root_get_focus(gmk_root(window.gpointer)), entry), 1,
                           "the focus is in the entry, not in the bar")

            try RealInput.xdotool("key", "ctrl+n")
            try Self.typeAndWait("x", into: entry)
            XCTAssertEqual(counts.newDocuments, 1, "Ctrl+N ran New exactly once")
            XCTAssertEqual(Self.entryText(entry), "x", "Ctrl+N typed nothing into the entry")

            try RealInput.xdotool("key", "ctrl+f")
            try Self.typeAndWait("y", into: entry)
            XCTAssertEqual(counts.searches, 1, "a shortcut of another menu works too")
            XCTAssertEqual(counts.newDocuments, 1)
        }
    }

    /// The bar brings its shortcuts with it and adds nothing to the windows it passes through:
    /// moved to another window, its shortcuts work there and no longer in the first one.
    func testAMovedBarTakesItsShortcutsAlongAndLeavesNoControllerBehind() throws {
        try GtkSession.start()
        try onMain {
            let catcher = GLibCriticalCatcher()
            defer { catcher.stop() }
            let counts = Counts()
            let bar = Self.notesBar(counts)
            let bareWindow = gtk_window_new()!
            let controllersOnABareWindow = ControlProbes.controllerCount(bareWindow)
            gtk_window_destroy(gmk_window(bareWindow))
            let first = try Self.window(titled: "GMenuKit bar first", with: bar.widget)
            XCTAssertEqual(ControlProbes.controllerCount(first.window), controllersOnABareWindow,
                           "the bar put no controller on its window")

            g_object_ref(bar.widget.gpointer)
            gtk_box_remove(gmk_box(gtk_widget_get_parent(bar.widget).gpointer), bar.widget)
            let second = try Self.window(titled: "GMenuKit bar second", with: bar.widget)
            g_object_unref(bar.widget.gpointer)
            defer {
                gtk_window_destroy(gmk_window(second.window))
                MainLoop.drain()
            }

            try RealInput.xdotool("key", "ctrl+n")
            try Self.typeAndWait("x", into: second.entry)
            XCTAssertEqual(counts.newDocuments, 1, "Ctrl+N works in the bar's new window, once")

            try RealInput.focusWindow(titled: "GMenuKit bar first")
            MainLoop.turn { gtk_window_is_active(gmk_window(first.window)) != 0 }
            gtk_widget_grab_focus(first.entry)
            try RealInput.xdotool("key", "ctrl+n")
            try Self.typeAndWait("z", into: first.entry)
            XCTAssertEqual(counts.newDocuments, 1, "Ctrl+N does nothing in the window the bar left")
            XCTAssertEqual(ControlProbes.controllerCount(first.window), controllersOnABareWindow)

            gtk_window_destroy(gmk_window(first.window))
            MainLoop.drain()
            XCTAssertEqual(catcher.messages, [])
        }
    }

    /// The window is closed with the File menu open: the bar, the control, its rendered menu, its
    /// root GMenu, action group and actions all go, and GTK has nothing to complain about.
    ///
    /// GTK 4.8's GtkPopoverMenuBar never drops the submenu GMenus its items' popovers were built
    /// from (opened or not; plain C does the same), nor the sections below them. Those may stay,
    /// emptied by the rendered menu as it goes, like the section models in LeakTests.
    func testDestroyingTheWindowFinalizesEverythingOfTheBar() throws {
        try GtkSession.start()
        try onMain {
            let catcher = GLibCriticalCatcher()
            defer { catcher.stop() }
            let census = ObjectCensus()
            var keptByGTK: Set<UnsafeMutableRawPointer> = []
            weak var weakBar: MenuBar?
            weak var weakRendered: RenderedMenu?
            do {
                let bar = Self.notesBar(Counts())
                weakBar = bar
                weakRendered = bar.menu
                census.watchEverything(in: bar.menu)
                census.watch(bar.widget.gpointer)
                for index in 0..<g_menu_model_get_n_items(bar.menu.menuModel) {
                    let submenu = MenuModelReader.linkedModel(bar.menu.menuModel, at: [Int(index)])
                    keptByGTK.insert(UnsafeMutableRawPointer(submenu))
                    keptByGTK.formUnion(ObjectCensus.modelsInSections(of: submenu))
                }
                let (window, _) = try Self.window(titled: "GMenuKit bar destroyed", with: bar.widget)
                let file = ControlProbes.barPopovers(bar.widget)[0]
                census.watch(file.gpointer)
                try RealInput.xdotool("key", "F10")
                MainLoop.turn { gtk_widget_get_mapped(file) != 0 }
                XCTAssertEqual(gtk_widget_get_mapped(file), 1, "the File menu is open")
                gtk_window_destroy(gmk_window(window))
            }
            MainLoop.turn { census.livePointers.isSubset(of: keptByGTK) }
            MainLoop.drain()
            XCTAssertNil(weakBar, "the control went with its widget")
            XCTAssertNil(weakRendered, "the rendered menu went with the control")
            XCTAssertEqual(census.livePointers.subtracting(keptByGTK), [], census.summary)
            for survivor in census.livePointers {
                let model = survivor.assumingMemoryBound(to: GMenuModel.self)
                XCTAssertEqual(g_menu_model_get_n_items(model), 0, "a GMenu GTK kept still holds \(MenuModelReader.read(model))")
            }
            XCTAssertEqual(catcher.messages, [])
            // The next window gets the keyboard: no popover of the bar kept it.
            let entry = gtk_entry_new()!
            let next = try TestWindow(titled: "GMenuKit after the bar", child: entry).widget
            defer {
                gtk_window_destroy(gmk_window(next))
                MainLoop.drain()
            }
            gtk_widget_grab_focus(entry)
            try Self.typeAndWait("k", into: entry)
        }
    }

    /// A button at the top of a bar cannot be shown by GTK ("Don't know how to handle this
    /// item"); it is reported and left out, and the bar shows its menus.
    func testContentThatIsNotAMenuIsReportedAndLeftOut() throws {
        try GtkSession.start()
        onMain {
            let catcher = GLibCriticalCatcher()
            defer { catcher.stop() }
            let diagnostics = DiagnosticCollector()
            defer { diagnostics.stop() }
            let bar = MenuBar {
                Button("Quit") {}
                Menu("File") { Button("New") {} }
                Divider()
            }
            g_object_ref_sink(bar.widget.gpointer)
            defer { g_object_unref(bar.widget.gpointer) }
            XCTAssertEqual(MenuModelReader.read(bar.menu.menuModel).map(\.label), ["File"])
            XCTAssertEqual(ControlProbes.barItemLabels(bar.widget), ["File"])
            let leftOut = diagnostics.collected.filter { $0.message.contains("a menu bar holds menus only") }
            XCTAssertEqual(leftOut.map(\.path), ["Quit", "(untitled)"], "\(diagnostics.collected)")
            XCTAssertTrue(leftOut.allSatisfy { $0.severity == .error })
            bar.menu.refresh()
            XCTAssertEqual(diagnostics.collected.filter { $0.message.contains("a menu bar holds menus only") }.count, 2,
                           "each is reported once")
            XCTAssertEqual(catcher.messages, [], "GTK met nothing it cannot show")
        }
    }

    /// Saves screenshots/menu-bar.png when GMENUKIT_SCREENSHOT_DIR names a directory.
    /// Issue 27: after a choice in a submenu of the bar, the next click on "File" did not open
    /// it. GTK 4.8 opened "Edit" as the submenu closed (a plain GtkPopoverMenuBar made in C
    /// does the same), and that click only closed "Edit". Real clicks, one and two levels deep.
    func testAChoiceInASubmenuOpensNoOtherMenuAndOneClickOpensFileAgain() throws {
        try GtkSession.start()
        try onMain {
            var chosen: [String] = []
            let bar = MenuBar {
                Menu("File") {
                    Button("New") { chosen.append("New") }
                    Menu("Recent") {
                        Button("Alpha") { chosen.append("Alpha") }
                        Menu("More") { Button("Beta") { chosen.append("Beta") } }
                    }
                }
                Menu("Edit") { Button("Copy") { chosen.append("Copy") } }
            }
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_box_append(gmk_box(box), bar.widget)
            gtk_widget_set_size_request(box, 400, 300)
            let window = try InputWindow(titled: "Menu bar submenu choice", child: box)
            let file = gtk_widget_get_first_child(bar.widget)!
            @MainActor func openMenus() -> [String] {
                WidgetTree.all(bar.widget).filter { gmk_is_popover($0.gpointer) != 0 && gtk_widget_get_mapped($0) != 0 }
                    .map { WidgetTree.labels(in: $0).first ?? "?" }
            }
            @MainActor func item(_ label: String) -> UnsafeMutablePointer<GtkWidget>? {
                WidgetTree.all(bar.widget).first {
                    String(cString: gtk_widget_get_css_name($0)) == "modelbutton" && gtk_widget_get_mapped($0) != 0
                        && WidgetTree.labels(in: $0).first == label
                }
            }
            for path in [["Recent", "Alpha"], ["Recent", "More", "Beta"], ["Recent", "Alpha"]] {
                try RealInput.click(file)
                settle { item("New") != nil }
                XCTAssertNotNil(item("New"), "\(path): one click on File opens it")
                for label in path {
                    settle { item(label) != nil }
                    guard let target = item(label) else { return XCTFail("\(path): \(label) is not shown") }
                    try RealInput.click(target)
                }
                settle { openMenus().isEmpty }
                XCTAssertEqual(openMenus(), [], "\(path): the choice closed every menu and opened none")
                XCTAssertEqual(chosen.last, path.last, "\(path): the item ran")
            }
            XCTAssertEqual(chosen, ["Alpha", "Beta", "Alpha"])
            window.destroy()
            // GTK 4.8 keeps the submenu last chosen from alive, with or without GMenuKit (a bar
            // made in C alike, and not for a submenu closed by Escape): not this test's to report.
            try RealInput.movePointerAway()
            ShownPopovers.forget()
        }
    }

    func testScreenshotOfTheOpenFileMenu() throws {
        try GtkSession.start()
        var directory = ""
        try onMain { directory = try ControlProbes.screenshotDirectory() }
        try onMain {
            let bar = MenuBar {
                Menu("File") {
                    Button("New Note") {}.keyboardShortcut("<Control>n")
                    Button("Open…") {}.keyboardShortcut("<Control>o")
                    Divider()
                    Button("Save") {}.keyboardShortcut("<Control>s")
                    Button("Save As…") {}.keyboardShortcut("<Shift><Control>s")
                    Divider()
                    Button("Delete Note", role: .destructive) {}.confirmationDisabled()
                    Button("Quit") {}.keyboardShortcut("<Control>q")
                }
                Menu("Edit") { Button("Undo") {}.keyboardShortcut("<Control>z") }
                Menu("View") { Button("Zoom In") {}.keyboardShortcut("<Control>plus") }
            }
            let (window, _) = try Self.window(titled: "GMenuKit bar screenshot", with: bar.widget, size: (420, 300))
            defer {
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            let file = ControlProbes.barPopovers(bar.widget)[0]
            try RealInput.xdotool("key", "F10")
            MainLoop.turn { gtk_widget_get_mapped(file) != 0 }
            ControlProbes.saveScreenshot(of: file, as: directory + "/menu-bar.png", size: (420, 300))
            try RealInput.xdotool("key", "Escape")
            MainLoop.drain()
        }
    }

    func testAShortcutOfTheBarAndOfAButtonInOneWindowIsReportedByBoth() throws {
        try GtkSession.start()
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let bar = MenuBar {
                Menu("File") {
                    Button("New") {}.keyboardShortcut("<Control>n")
                    Button("Open") {}.keyboardShortcut("<Control>o")
                }
            }
            let add = PullDownButton(Menu("Add") {
                Button("New Item") {}.keyboardShortcut("<Primary>n")
                Button("Other") {}.keyboardShortcut("<Control>k")
            })
            // A button in another window shares nothing with the bar.
            let elsewhere = PullDownButton(Menu("Elsewhere") { Button("Open Here") {}.keyboardShortcut("<Control>o") })
            let window = gtk_window_new()!
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_box_append(gmk_box(box), bar.widget)
            gtk_box_append(gmk_box(box), add.widget)
            gtk_window_set_child(gmk_window(window), box)
            let other = gtk_window_new()!
            gtk_window_set_child(gmk_window(other), elsewhere.widget)
            XCTAssertEqual(collector.collected, [], "nothing shares a window yet")
            gtk_window_present(gmk_window(window))
            gtk_window_present(gmk_window(other))
            MainLoop.drain()

            // The model still shows both: which one GTK runs is not the menus' to decide.
            let fileMenu = MenuModelReader.read(bar.menu.menuModel)[0].submenu ?? []
            XCTAssertEqual(fileMenu.first?.attributes["accel"], "<Control>n")
            let errors = collector.collected.filter { $0.severity == .error }
            XCTAssertEqual(Set(errors.map(\.path)), ["File › New", "Add › New Item"], "\(collector.collected)")
            XCTAssertEqual(errors.count, 2)
            XCTAssertTrue(errors.contains { $0.path == "File › New" && $0.message
                == "the shortcut <Control>n is Add › New Item's too, in another menu of this window; GTK runs only one of them" })
            XCTAssertTrue(errors.contains { $0.path == "Add › New Item" && $0.message
                == "the shortcut <Primary>n is File › New's too, in another menu of this window; GTK runs only one of them" })
            XCTAssertTrue(bar.menu.diagnostics.contains { $0.path == "File › New" })

            // Once: a refresh finds it again and says nothing new.
            bar.menu.refresh()
            add.menu.refresh()
            XCTAssertEqual(collector.collected.filter { $0.severity == .error }.count, 2)
            gtk_window_destroy(gmk_window(window))
            gtk_window_destroy(gmk_window(other))
            MainLoop.drain()
        }
    }
}
