import CGtk
import XCTest

@testable import GMenuKit

/// Watches every GObject reachable from the rendered menu: its menus, links and actions.
@MainActor
private func watchEverything(_ rendered: RenderedMenu, with watcher: FinalizationWatcher) {
    func watchModel(_ model: UnsafeMutablePointer<GMenuModel>) {
        watcher.watch(model)
        for index in 0..<g_menu_model_get_n_items(model) {
            for link in [G_MENU_LINK_SECTION, G_MENU_LINK_SUBMENU] {
                if let linked = g_menu_model_get_item_link(model, index, link) {
                    watchModel(linked)
                    g_object_unref(linked)
                }
            }
        }
    }
    watchModel(rendered.menuModel)
    let group = rendered.actionGroup
    watcher.watch(group.gpointerForTests)
    let names = g_action_group_list_actions(group)!
    defer { g_strfreev(names) }
    var index = 0
    while let name = names[index] {
        watcher.watch(g_action_map_lookup_action(gmk_action_map(group.gpointerForTests), name)!.gpointerForTests)
        index += 1
    }
}

/// Everything the renderer creates goes away with the rendered menu.
final class LifetimeTests: XCTestCase {
    final class Sentinel {}

    func testEveryObjectAndClosureIsReleasedWithTheRenderedMenu() {
        onMain {
            let watcher = FinalizationWatcher()
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
                watchEverything(rendered, with: watcher)
                // A refresh that replaces items must not leak what it replaced.
                g_action_group_activate_action(rendered.actionGroup, "bold", nil)
                rendered.refresh()
            }
            XCTAssertGreaterThan(watcher.watchedCount, 12)
            XCTAssertNil(weakRendered)
            XCTAssertTrue(watcher.allFinalized, "\(watcher.finalizedCount) of \(watcher.watchedCount) finalized")
            XCTAssertNil(weakSentinel, "closures captured by actions were released")
        }
    }

    func testMenuShownInAPopoverIsReleasedWithItsWindow() throws {
        try GtkSession.start()
        onMain {
            let watcher = FinalizationWatcher()
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
                watchEverything(rendered, with: watcher)
                gtk_window_present(gmk_window(window))
                gtk_menu_button_popup(gmk_menu_button(button))
                drainMainLoop()
                XCTAssertTrue(gtk_widget_get_mapped(gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(button)))) != 0)
                // Closing the menu before its window goes matters on GTK 4.8: a window destroyed
                // with its popover open keeps the popover (and the menu) alive.
                gtk_menu_button_popdown(gmk_menu_button(button))
                drainMainLoop()
                gtk_window_destroy(gmk_window(window))
                drainMainLoop()
            }
            XCTAssertTrue(watcher.allFinalized, "\(watcher.finalizedCount) of \(watcher.watchedCount) finalized")
        }
    }
}
