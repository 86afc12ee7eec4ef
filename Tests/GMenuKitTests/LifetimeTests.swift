import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Everything the renderer creates goes away with the rendered menu.
final class LifetimeTests: GtkTestCase {
    final class Sentinel {}

    func testEveryObjectAndClosureIsReleasedWithTheRenderedMenu() {
        onMain {
            let census = ObjectCensus()
            weak var weakSentinel: Sentinel?
            weak var weakRendered: RenderedMenu?
            do {
                let sentinel = Sentinel()
                weakSentinel = sentinel
                var isBold = false
                var sort = "a"
                var size = 1
                let rendered = RenderedMenu(Menu("Everything") {
                    Button("Copy") { _ = sentinel }
                    Toggle("Bold", isOn: Binding(get: { isBold }, set: { isBold = $0 }))
                    Divider()
                    Section("Sort") {
                        Picker("Sort By", selection: Binding(get: { sort }, set: { sort = $0 })) {
                            Text("A").tag("a")
                            Text("B").tag("b")
                        }
                        .pickerStyle(.menu)
                    }
                    ControlGroup { Button("Cut", icon: "edit-cut-symbolic") {} }
                    Stepper("Size", value: Binding(get: { size }, set: { size = $0 }), in: 0...3)
                    Menu("More") { Menu("Even More") { Button("Deep") { _ = sentinel } } }
                })
                weakRendered = rendered
                census.watchEverything(in: rendered)
                // A refresh that replaces items must not leak what it replaced.
                g_action_group_activate_action(rendered.actionGroup.unsafePointer, "bold", nil)
                rendered.refresh()
            }
            XCTAssertGreaterThan(census.watchedCount, 12)
            XCTAssertNil(weakRendered)
            XCTAssertTrue(census.allFinalized, census.summary)
            XCTAssertNil(weakSentinel, "closures captured by actions were released")
        }
    }

    func testMenuShownInAPopoverIsReleasedWithItsWindow() throws {
        try GtkSession.start()
        onMain {
            let census = ObjectCensus()
            do {
                let window = gtk_window_new()!
                let button = gtk_menu_button_new()!
                gtk_window_set_child(gmk_window(window), button)
                let rendered = RenderedMenu(Menu("Edit") {
                    Button("Copy") {}
                    Menu("More") { Button("Paste") {} }
                })
                rendered.insertActionGroup(into: button)
                gtk_menu_button_set_menu_model(gmk_menu_button(button), rendered.menuModel)
                census.watchEverything(in: rendered)
                gtk_window_present(gmk_window(window))
                gtk_menu_button_popup(gmk_menu_button(button))
                MainLoop.drain()
                XCTAssertTrue(gtk_widget_get_mapped(gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(button)))) != 0)
                // Closing the menu before its window goes matters on GTK 4.8: a window destroyed
                // with its popover open keeps the popover (and the menu) alive.
                gtk_menu_button_popdown(gmk_menu_button(button))
                MainLoop.drain()
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            XCTAssertTrue(census.allFinalized, census.summary)
        }
    }

    /// A kept list's standing actions hold the list (each resolves its element when activated):
    /// the list, its graph and its menu still go when the menu is dropped.
    func testAKeptListsStandingActionsLetItGoWithItsMenu() {
        onMain {
            weak var weakRendered: RenderedMenu?
            weak var weakGraph: RenderGraph?
            weak var weakList: DeferredElements?
            var ran: [Int] = []
            do {
                let rendered = RenderedMenu(Menu("Recent") {
                    Section { ForEach(Array(0..<6), id: \.self) { index in Button("Entry \(index)") { ran.append(index) } } }
                })
                weakRendered = rendered
                weakGraph = rendered.graph
                // The first refresh notes what keeping needs, the next ones read the list.
                rendered.refresh()
                rendered.refresh()
                rendered.refresh()
                XCTAssertEqual(rendered.keptListCount, 1)
                weakList = rendered.graph.lists?.heldLists.first
                XCTAssertNotNil(weakList)
                let section = MenuModelReader.linkedModel(rendered.menuModel, at: [0])
                activate(MenuModelReader.read(section)[4], in: rendered.actionGroup.unsafePointer)
                XCTAssertEqual(ran, [4], "a standing action runs its element's closure")
            }
            while g_main_context_iteration(nil, 0) != 0 {}
            XCTAssertNil(weakRendered)
            XCTAssertNil(weakGraph)
            XCTAssertNil(weakList, "the list went with its menu")
        }
    }

    /// A list can outlive its rendered menu (something still holds it: a scheduled update, a
    /// context menu's target); its graph and level are then gone, and it reaches neither. They
    /// are reached through links their `deinit` clears, not weak references (which would put
    /// every retain and release of them on the runtime's slow path): a link left set would
    /// point at freed memory.
    func testAListThatOutlivesItsMenuReachesNoGraphAndNoLevel() {
        onMain {
            var list: DeferredElements?
            weak var weakGraph: RenderGraph?
            weak var weakLevel: MenuLevel?
            do {
                let rendered = RenderedMenu(Menu("Recent") {
                    Section { ForEach(["a", "b"], id: \.self) { Button($0) {} } }
                    Button("Clear") {}
                })
                let held = rendered.graph.lists?.heldLists ?? []
                XCTAssertEqual(held.count, 1)
                list = held.first
                weakGraph = rendered.graph
                weakLevel = list.flatMap(MenuLevel.holding)
                XCTAssertTrue(list?.deferral.graph === rendered.graph, "the list reaches its graph while it lives")
                XCTAssertNotNil(weakLevel, "and the level that holds its items")
                // Failed once in a full run (not reproduced): what the level and the list said then.
                XCTAssertEqual(list?.standsWhole, true, "the list's span \(String(describing: list?.itemSpan)), the level's items \(String(describing: weakLevel?.itemCount)), held lists \(held.count)")
                rendered.refresh()
                XCTAssertTrue(list?.deferral.graph === rendered.graph, "after a refresh too")
            }
            while g_main_context_iteration(nil, 0) != 0 {}
            XCTAssertNil(weakGraph, "the graph went with the menu")
            XCTAssertNil(weakLevel, "and so did the level")
            XCTAssertNotNil(list)
            XCTAssertNil(list?.deferral.graph)
            XCTAssertNil(list?.placedIn)
            XCTAssertEqual(list?.standsWhole, false)
        }
    }
}
