import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// The fixture menus opened for real under X, GtkBuilder's GMenu in one popover and GMenuKit's
/// import in another, beside each other in one window whose app and window actions are stubs
/// of the right parameter and state types: the same items show, enabled and checked alike.
/// Some actions are left out and some disabled, so that `hidden-when` hides items in both.
/// With `GMENUKIT_SCREENSHOT_DIR` set, five of them are saved there side by side
/// (`builder-<menu id>.png`; screenshots/ holds them).
final class BuilderPopoverTests: GtkTestCase {
    func testImportedMenusShowTheSameItemsAsGtkBuildersInAPopover() throws {
        try GtkSession.start()
        var compared = 0
        let screenshots: Set<String> = ["sort_section", "background-menu", "primary_menu_model", "context_model", "process-popup-menu"]
        for name in BuilderFixtures.uiFiles {
            let xml = try String(contentsOfFile: BuilderFixtures.path(name), encoding: .utf8)
            try MainActor.assumeIsolated {
                let document = try BuilderDocument(xml: xml, fileName: name)
                let builder = try BuilderFixtures.gtkBuilder(readingMenusOf: xml)
                defer { g_object_unref(builder.gpointer) }
                for id in document.menus.compactMap(\.id) {
                    let expected = try XCTUnwrap(BuilderFixtures.menu(id, of: builder))
                    let rendered = RenderedMenu(try Menu(builder: document, id: id))
                    let shown = SideBySideMenus(gtkBuilder: expected, gmenukit: rendered)
                    defer { shown.close() }
                    let gtkItems = PopoverRenderingTests.drawnItems(in: shown.leftPopover)
                    let ourItems = PopoverRenderingTests.drawnItems(in: shown.rightPopover)
                    XCTAssertEqual(ourItems, gtkItems, "\(name) \(id)")
                    XCTAssertFalse(gtkItems.isEmpty, "\(name) \(id) shows items")
                    // Made on purpose, as the other screenshots: GMENUKIT_SCREENSHOT_DIR=screenshots.
                    if screenshots.contains(id), let directory = ProcessInfo.processInfo.environment["GMENUKIT_SCREENSHOT_DIR"],
                       !directory.isEmpty {
                        shown.screenshot(to: "\(directory)/builder-\(id).png")
                    }
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 10)
    }
}

/// A window with two menu buttons whose popovers are open at once: GtkBuilder's model on the
/// left, GMenuKit's rendered menu on the right. The window has a stub for every action the
/// model names, under its scope (`app`, `win`, …): every fourth one missing, every fourth
/// disabled; those with targets stateful at their first item's target, a third of the others
/// Boolean and on.
@MainActor
struct SideBySideMenus {
    let window: UnsafeMutablePointer<GtkWidget>
    let left: UnsafeMutablePointer<GtkWidget>
    let right: UnsafeMutablePointer<GtkWidget>

    init(gtkBuilder model: UnsafeMutablePointer<GMenuModel>, gmenukit rendered: RenderedMenu) {
        window = gtk_window_new()
        gtk_window_set_title(gmk_window(window), "GtkBuilder (left) and GMenuKit (right)")
        gtk_window_set_default_size(gmk_window(window), 1200, 880)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_set_homogeneous(gmk_box(box), 1)
        left = gtk_menu_button_new()
        right = gtk_menu_button_new()
        gtk_menu_button_set_label(gmk_menu_button(left), "GtkBuilder")
        gtk_menu_button_set_label(gmk_menu_button(right), "GMenuKit")
        for button in [left, right] {
            gtk_widget_set_valign(button, GTK_ALIGN_START)
            gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
            gtk_box_append(gmk_box(box), button)
        }
        gtk_window_set_child(gmk_window(window), box)
        for (scope, group) in Self.stubActions(for: model) {
            gtk_widget_insert_action_group(window, scope, gmk_action_group(group.gpointer))
            g_object_unref(group.gpointer)
        }
        gtk_menu_button_set_menu_model(gmk_menu_button(left), model)
        rendered.attach(toMenuButton: right)
        gtk_window_present(gmk_window(window))
        MainLoop.turn { gtk_widget_get_mapped(window) != 0 }
        for button in [left, right] {
            let popover = gtk_menu_button_get_popover(gmk_menu_button(button))!
            gtk_popover_set_autohide(gmk_popover(popover.gpointer), 0)
            gtk_menu_button_popup(gmk_menu_button(button))
        }
        let (leftPopover, rightPopover) = (self.leftPopover, self.rightPopover)
        MainLoop.turn { gtk_widget_get_mapped(leftPopover) != 0 && gtk_widget_get_mapped(rightPopover) != 0 }
        MainLoop.drain()
    }

    var leftPopover: UnsafeMutablePointer<GtkWidget> { gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(left))) }
    var rightPopover: UnsafeMutablePointer<GtkWidget> { gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(right))) }

    func screenshot(to path: String) {
        for _ in 0..<30 { g_main_context_iteration(nil, 0); g_usleep(2_000) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["import", "-window", "root", "-crop", "1200x880+0+0", path]
        try? process.run()
        process.waitUntilExit()
    }

    func close() {
        gtk_menu_button_popdown(gmk_menu_button(left))
        gtk_menu_button_popdown(gmk_menu_button(right))
        MainLoop.drain()
        gtk_window_destroy(gmk_window(window))
        MainLoop.drain()
    }

    /// One `GSimpleActionGroup` per scope, with a stub for each action the model names.
    static func stubActions(for model: UnsafeMutablePointer<GMenuModel>) -> [(String, OpaquePointer)] {
        var names: Set<String> = []
        var firstTargets: [String: OpaquePointer] = [:]
        collectActions(model, names: &names, firstTargets: &firstTargets)
        var groups: [String: OpaquePointer] = [:]
        for (index, name) in names.sorted().enumerated() {
            guard index % 4 != 3, let dot = name.firstIndex(of: ".") else { continue }
            let scope = String(name[..<dot]), actionName = String(name[name.index(after: dot)...])
            let action: OpaquePointer
            if let target = firstTargets[name] {
                action = g_simple_action_new_stateful(actionName, g_variant_get_type(target), target)
            } else if index % 3 == 0 {
                action = g_simple_action_new_stateful(actionName, nil, g_variant_new_boolean(1))
            } else {
                action = g_simple_action_new(actionName, nil)
            }
            if index % 4 == 2 { g_simple_action_set_enabled(action, 0) }
            let group = groups[scope] ?? OpaquePointer(g_simple_action_group_new()!)
            groups[scope] = group
            g_action_map_add_action(gmk_action_map(group.gpointer), gmk_action(action.gpointer))
            g_object_unref(action.gpointer)
        }
        for target in firstTargets.values { g_variant_unref(target) }
        return groups.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private static func collectActions(
        _ model: UnsafeMutablePointer<GMenuModel>, names: inout Set<String>, firstTargets: inout [String: OpaquePointer]
    ) {
        for index in 0..<g_menu_model_get_n_items(model) {
            let attributes = MenuModelComparer.attributes(model, index)
            if let action = attributes["action"], g_variant_is_of_type(action, gmk_variant_type_string()) != 0 {
                let name = String(cString: g_variant_get_string(action, nil))
                names.insert(name)
                if firstTargets[name] == nil, let target = attributes["target"] { firstTargets[name] = g_variant_ref(target) }
            }
            attributes.values.forEach { g_variant_unref($0) }
            let links = MenuModelComparer.links(model, index)
            for link in links.values {
                collectActions(link, names: &names, firstTargets: &firstTargets)
                g_object_unref(link)
            }
        }
    }
}
