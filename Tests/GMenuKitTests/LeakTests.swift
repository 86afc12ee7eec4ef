import CGtk
import Foundation
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A menu as applications write them, with every item kind and state that changes between
/// renders: a sliding list of recent files (generated content), a label that flips, a toggle,
/// pickers in all three styles, a stepper, a control group, a submenu that comes and goes.
@Observable
@MainActor
final class LeakScenarioModel {
    var step = 0
    var isBold = false
    var sortKey = "name"
    var zoom = 100
    var showsMap = false
    var showsExtras = true
    /// A window onto a fixed pool of names, so that GLib's interned strings (quarks for action
    /// names and signal details, which GLib never frees) stop growing after the warm-up.
    var recentFiles: [String] = []
    /// A list only its `ForEach` reads: its changes go through the list alone.
    var visits: [Int] = [0, 1, 2]
    var log: [String] = []

    static let namePool = (0..<24).map { "note \($0).md" }

    func advance() {
        step += 1
        isBold.toggle()
        sortKey = ["name", "date", "size"][step % 3]
        zoom = 50 + (step * 25) % 200
        showsMap = step % 2 == 0
        showsExtras = step % 3 != 0
        let start = step % Self.namePool.count
        recentFiles = (0..<(step % 7)).map { Self.namePool[(start + $0) % Self.namePool.count] }
    }

    /// Drops the oldest visit and adds the next one, within a pool of 24.
    func slideVisits() {
        visits = Array(visits.dropFirst()) + [(visits.last! + 1) % 24]
    }

    func menu(sentinel: AnyObject) -> Menu {
        Menu("Document") {
            Button("New Note", icon: "document-new-symbolic") { self.log.append("new"); _ = sentinel }
                .keyboardShortcut("<Control>n")
            Button(self.showsMap ? "Hide Map" : "Show Map") { self.showsMap.toggle() }
            Menu("Open Recent") {
                ForEach(self.recentFiles, id: \.self) { file in Button(file) { self.log.append(file) } }
                    .generatedContent()
                Divider()
                Button("Clear Menu") { self.recentFiles = [] }.disabled(self.recentFiles.isEmpty)
            }
            Divider()
            Toggle("Bold", isOn: Binding(self, \.isBold)).keyboardShortcut("<Control>b")
            Picker("Sort By", selection: Binding(self, \.sortKey)) {
                Text("Name").tag("name")
                Text("Date").tag("date")
                Text("Size").tag("size")
            }
            Picker("View As", selection: Binding(self, \.sortKey)) {
                Label("Name", icon: "view-list-symbolic").tag("name")
                Label("Date", icon: "view-grid-symbolic").tag("date")
            }
            .pickerStyle(.palette)
            Section("Zoom") {
                Stepper("Zoom: \(self.zoom)%", value: Binding(self, \.zoom), in: 50...200, step: 25)
                Picker("Preset", selection: Binding(self, \.zoom)) {
                    Text("Actual Size").tag(100)
                    Text("Double").tag(200)
                }
                .pickerStyle(.menu)
            }
            Section("Visits") {
                ForEach(self.visits, id: \.self) { visit in Button("Visit \(visit)") { self.log.append("visit") } }
            }
            ControlGroup {
                Button("Cut", icon: "edit-cut-symbolic") {}
                Button("Copy", icon: "edit-copy-symbolic") {}
                Button("Paste", icon: "edit-paste-symbolic") {}
            }
            if self.showsExtras {
                Menu("Extras") {
                    Button("Word Count…") {}
                    Menu("Export") { Button("PDF…") {}; Button("HTML…") {} }
                }
            }
            Button("Delete Note", role: .destructive) {}.confirmationDisabled()
        }
    }
}

/// Render, update and teardown, thousands of times: no GObject GMenuKit made stays alive, no
/// closure stays captured, and the process does not grow.
///
/// Objects are counted through weak references (every menu model through every link, the action
/// group and every action, shortcut controllers and their shortcuts). Memory is the resident
/// size from /proc after a warm-up against the end, with a margin that a real leak of a few
/// hundred bytes per cycle exceeds but allocator noise does not. With GOBJECT_DEBUG=instance-count
/// (as `make leakcheck` runs it) GLib also counts live instances of every type GMenuKit creates,
/// including the transient GThemedIcons and the pop-up buttons' GMenuItems no walk can reach.
///
/// GMENUKIT_LEAK_CYCLES changes the number of cycles (valgrind runs fewer).
final class LeakTests: GtkTestCase {
    final class Sentinel {}

    static var cycles: Int { Int(ProcessInfo.processInfo.environment["GMENUKIT_LEAK_CYCLES"] ?? "") ?? 10_000 }

    func testRenderUpdateTeardownCyclesLeaveNothingBehind() {
        onMain {
            let cycles = Self.cycles
            let warmUp = min(1_000, cycles / 10)
            Self.runScenario { model, census in
                weak var weakSentinel: Sentinel?
                var firstCycleLeavingObjects: Int?
                var residentAfterWarmUp = 0
                var instancesAfterWarmUp: [String: Int] = [:]
                var listOnlyUpdates = 0
                let started = Date()
                for cycle in 0..<cycles {
                    if cycle == warmUp {
                        residentAfterWarmUp = residentMemoryKiB()
                        instancesAfterWarmUp = InstanceCounts.snapshot()
                    }
                    weak var weakRendered: RenderedMenu?
                    do {
                        let sentinel = Sentinel()
                        weakSentinel = sentinel
                        let rendered = RenderedMenu(model.menu(sentinel: sentinel))
                        weakRendered = rendered
                        census.watchEverything(in: rendered)
                        model.advance()
                        // Half the cycles update through observation and the main loop, half directly.
                        if cycle % 2 == 0 { MainLoop.drain() } else { rendered.refresh() }
                        census.watchEverything(in: rendered)
                        g_action_group_activate_action(rendered.actionGroup.unsafePointer, "new-note", nil)
                        g_action_group_activate_action(rendered.actionGroup.unsafePointer, "bold", nil)
                        g_action_group_activate_action(rendered.actionGroup.unsafePointer, "sort-by", g_variant_new_string("date"))
                        rendered.refresh()
                        census.watchEverything(in: rendered)
                        // A change only the list reads: the list updates alone.
                        let listUpdates = rendered.listUpdates
                        model.slideVisits()
                        MainLoop.drain()
                        if rendered.listUpdates == listUpdates + 1 { listOnlyUpdates += 1 }
                        census.watchEverything(in: rendered)
                    }
                    if firstCycleLeavingObjects == nil && (weakRendered != nil || weakSentinel != nil || !census.allFinalized) {
                        firstCycleLeavingObjects = cycle
                    }
                }
                MainLoop.drain()
                let residentAtEnd = residentMemoryKiB()
                XCTAssertNil(firstCycleLeavingObjects, "cycle \(firstCycleLeavingObjects ?? -1) left something alive: \(census.summary)")
                XCTAssertGreaterThan(census.watchedCount, cycles * 30, "every cycle's objects were watched")
                XCTAssertEqual(census.finalizedCount, census.watchedCount, census.summary)
                XCTAssertNil(weakSentinel, "captured closures were released")
                XCTAssertEqual(model.log.filter { $0 == "new" }.count, cycles, "every cycle's menu worked")
                XCTAssertEqual(listOnlyUpdates, cycles, "every cycle's list changed on its own")
                // Flat memory: a leak of a few hundred bytes per cycle adds megabytes over the run.
                let growth = residentAtEnd - residentAfterWarmUp
                let allowed = max(4_096, (cycles - warmUp) * 600 / 1_024)
                XCTAssertLessThan(growth, allowed, "resident memory grew by \(growth) KiB after the warm-up (\(residentAfterWarmUp) → \(residentAtEnd) KiB)")
                if InstanceCounts.areCounted {
                    XCTAssertEqual(InstanceCounts.snapshot(), instancesAfterWarmUp, "live GObjects by type, at the end and after the warm-up")
                }
                print("""
                    LeakTests: \(cycles) cycles in \(String(format: "%.1f", Date().timeIntervalSince(started))) s; \
                    \(census.watchedCount) GObjects watched, \(census.finalizedCount) finalized; resident \
                    \(residentAfterWarmUp) KiB after \(warmUp) cycles, \(residentAtEnd) KiB at the end\
                    \(InstanceCounts.areCounted ? "; instances \(InstanceCounts.snapshot())" : "")
                    """)
            }
        }
    }

    /// Runs a scenario over the leak model with GMenuKit's diagnostics collected and GLib's log
    /// watched; whatever else the scenario checks, GLib and GTK must have warned about nothing.
    @MainActor private static func runScenario(
        _ scenario: (LeakScenarioModel, ObjectCensus) -> Void, file: StaticString = #filePath, line: UInt = #line
    ) {
        // The scenario's pickers are diagnosed on every render; the test measures memory.
        let collector = DiagnosticCollector(keeping: false)
        defer { collector.stop() }
        GLibLog.install()
        let messagesBefore = GLibLog.severeMessages.count
        scenario(LeakScenarioModel(), ObjectCensus())
        XCTAssertEqual(Array(GLibLog.severeMessages.dropFirst(messagesBefore)), [], "GLib or GTK warned", file: file, line: line)
    }

    /// Menus whose actions and shortcuts are inserted on widgets: the shortcut controller, its
    /// shortcuts and the widget go too.
    func testMenusInsertedOnWidgetsLeaveNothingBehind() throws {
        try GtkSession.start()
        onMain {
            let cycles = max(10, Self.cycles / 10)
            Self.runScenario { model, census in
                var shortcutsWatched = 0
                for _ in 0..<cycles {
                    do {
                        let rendered = RenderedMenu(model.menu(sentinel: Sentinel()))
                        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
                        g_object_ref_sink(UnsafeMutableRawPointer(box))
                        rendered.insertActionGroup(into: box)
                        model.advance()
                        rendered.refresh()
                        census.watchEverything(in: rendered)
                        let before = census.watchedCount
                        census.watchControllers(of: box)
                        shortcutsWatched += census.watchedCount - before
                        census.watch(UnsafeMutableRawPointer(box))
                        g_object_unref(UnsafeMutableRawPointer(box))
                    }
                }
                MainLoop.drain()
                XCTAssertGreaterThan(shortcutsWatched, cycles * 2, "controllers and shortcuts were watched")
                XCTAssertTrue(census.allFinalized, census.summary)
            }
        }
    }

    /// Menus shown in a popover, updated while open, closed, their window destroyed. GTK 4.8
    /// keeps a reference to every section model a GtkPopoverMenu builds (see the next test), so
    /// those GMenus, and what hangs below them, may stay; everything else must go.
    func testMenusShownInPopoversLeaveNothingButWhatGTKKeeps() throws {
        try GtkSession.start()
        onMain {
            let cycles = max(5, Self.cycles / 100)
            Self.runScenario { model, census in
                var keptByGTK: Set<UnsafeMutableRawPointer> = []
                // GTK's own first windows grow the process by tens of megabytes (renderer, caches).
                let warmUp = cycles / 5
                var residentAfterWarmUp = 0
                for cycle in 0..<cycles {
                    if cycle == warmUp { residentAfterWarmUp = residentMemoryKiB() }
                    do {
                        let rendered = RenderedMenu(model.menu(sentinel: Sentinel()))
                        let window = gtk_window_new()!
                        let button = gtk_menu_button_new()!
                        gtk_window_set_child(gmk_window(window), button)
                        rendered.attach(toMenuButton: button)
                        gtk_window_present(gmk_window(window))
                        gtk_menu_button_popup(gmk_menu_button(button))
                        MainLoop.drain()
                        keptByGTK.formUnion(ObjectCensus.modelsInSections(of: rendered.menuModel))
                        census.watchEverything(in: rendered)
                        model.advance()
                        MainLoop.drain()
                        keptByGTK.formUnion(ObjectCensus.modelsInSections(of: rendered.menuModel))
                        census.watchEverything(in: rendered)
                        census.watch(UnsafeMutableRawPointer(gtk_menu_button_get_popover(gmk_menu_button(button))!))
                        census.watch(UnsafeMutableRawPointer(button))
                        census.watch(UnsafeMutableRawPointer(window))
                        gtk_menu_button_popdown(gmk_menu_button(button))
                        MainLoop.drain()
                        gtk_window_destroy(gmk_window(window))
                        MainLoop.drain()
                    }
                }
                let survivors = census.livePointers
                XCTAssertGreaterThan(census.watchedCount, cycles * 30)
                XCTAssertEqual(survivors.subtracting(keptByGTK), [], "alive, and not a section model GTK kept: \(census.summary)")
                let growth = residentMemoryKiB() - residentAfterWarmUp
                print("""
                    LeakTests: \(cycles) popover cycles; \(survivors.count) section GMenus kept by GTK 4.8; resident memory \
                    grew by \(growth) KiB over the last \(cycles - warmUp) (\(growth * 1_024 / max(1, cycles - warmUp)) bytes a cycle)
                    """)
            }
        }
    }

    /// GTK 4.8's GtkPopoverMenu takes a reference to every GMenu linked as a section that it
    /// builds and never drops it, whether or not the popover was ever opened. Every section
    /// GMenuKit drops while a menu button shows its menu therefore stays alive, with all its
    /// items and whatever they link to. GMenuKit cannot stop GTK keeping the GMenu, but it can
    /// empty each level it drops, so that GTK keeps an empty GMenu instead of a whole subtree.
    func testSectionsGTKKeepsAreEmptiedWhenTheMenuLetsGoOfThem() throws {
        try GtkSession.start()
        onMain {
            var showsRecent = true
            let census = ObjectCensus()
            do {
                let rendered = RenderedMenu(Menu("File") {
                    Button("New") {}
                    if showsRecent {
                        Section("Recent") {
                            Button("notes.md") {}
                            Menu("More Recent") { Button("old.md") {} }
                        }
                    }
                    Section { Button("Quit", actionName: "app.quit") }
                })
                let window = gtk_window_new()!
                let button = gtk_menu_button_new()!
                gtk_window_set_child(gmk_window(window), button)
                rendered.attach(toMenuButton: button)
                MainLoop.drain()
                census.watchEverything(in: rendered)
                // An update drops the Recent section while the button shows the menu.
                showsRecent = false
                rendered.refresh()
                MainLoop.drain()
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            let survivors = census.livePointers
            XCTAssertFalse(survivors.isEmpty, "GTK 4.8 keeps the section models (if this fails, GTK no longer does: drop this test)")
            for survivor in survivors {
                let model = survivor.assumingMemoryBound(to: GMenuModel.self)
                XCTAssertEqual(g_menu_model_get_n_items(model), 0, "a GMenu GTK kept still holds \(MenuModelReader.read(model))")
            }
        }
    }
}
