import CGtk
import GMenuKitTesting
import Foundation
import XCTest

@testable import GMenuKit

/// Watches GObjects with a ``FinalizationWatcher``, each object once however often a walk
/// meets it, and knows which watched objects are still alive and of what type.
final class ObjectCensus {
    let watcher = FinalizationWatcher()
    private var live: [UnsafeMutableRawPointer: String] = [:]

    func watch(_ object: gpointer) {
        guard live[object] == nil else { return }
        live[object] = String(cString: gmk_type_name_of(object))
        watcher.watch(object)
        g_object_weak_ref(gmk_object(object), { data, object in
            Unmanaged<ObjectCensus>.fromOpaque(data!).takeUnretainedValue().live[object!] = nil
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    var watchedCount: Int { watcher.watchedCount }
    var finalizedCount: Int { watcher.finalizedCount }
    var allFinalized: Bool { watcher.allFinalized }

    /// The types of the objects still alive, with their counts: for failure messages.
    var liveTypes: [String: Int] {
        live.values.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// The objects still alive.
    var livePointers: Set<UnsafeMutableRawPointer> { Set(live.keys) }

    var summary: String { "\(finalizedCount) of \(watchedCount) finalized; alive: \(liveTypes)" }
}

extension ObjectCensus {
    /// Every GObject reachable from a rendered menu: its GMenus (through every link), its
    /// action group and each action in it. With `allModels` false, only the top GMenu: GTK 4.8
    /// keeps references to some of the GMenus a popover showed (see LeakTests).
    @MainActor
    func watchEverything(in rendered: RenderedMenu, allModels: Bool = true) {
        if allModels {
            watchModel(rendered.menuModel)
        } else {
            watch(UnsafeMutableRawPointer(rendered.menuModel))
        }
        let group = rendered.actionGroup.unsafePointer
        watch(UnsafeMutableRawPointer(group))
        for name in actionNames(of: group) {
            if let action = g_action_map_lookup_action(gmk_action_map(UnsafeMutableRawPointer(group)), name) {
                watch(UnsafeMutableRawPointer(action))
            }
        }
    }

    func watchModel(_ model: UnsafeMutablePointer<GMenuModel>) {
        watch(UnsafeMutableRawPointer(model))
        for index in 0..<g_menu_model_get_n_items(model) {
            for link in [G_MENU_LINK_SECTION, G_MENU_LINK_SUBMENU] {
                if let linked = g_menu_model_get_item_link(model, index, link) {
                    watchModel(linked)
                    g_object_unref(linked)
                }
            }
        }
    }

    /// The GMenus linked as sections, and every GMenu below one, from `model` down.
    static func modelsInSections(of model: UnsafeMutablePointer<GMenuModel>) -> Set<UnsafeMutableRawPointer> {
        var found: Set<UnsafeMutableRawPointer> = []
        func visit(_ model: UnsafeMutablePointer<GMenuModel>, inSection: Bool) {
            if inSection { found.insert(UnsafeMutableRawPointer(model)) }
            for index in 0..<g_menu_model_get_n_items(model) {
                for link in [G_MENU_LINK_SECTION, G_MENU_LINK_SUBMENU] {
                    if let linked = g_menu_model_get_item_link(model, index, link) {
                        visit(linked, inSection: inSection || String(cString: link) == G_MENU_LINK_SECTION)
                        g_object_unref(linked)
                    }
                }
            }
        }
        visit(model, inSection: false)
        return found
    }

    /// A widget's event controllers and, for shortcut controllers, their shortcuts.
    func watchControllers(of widget: UnsafeMutablePointer<GtkWidget>) {
        let controllers = gtk_widget_observe_controllers(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let controller = g_list_model_get_item(controllers, index) else { continue }
            defer { g_object_unref(controller) }
            watch(controller)
            if String(cString: gmk_type_name_of(controller)) == "GtkShortcutController" {
                let shortcuts = gmk_list_model(controller)
                for position in 0..<g_list_model_get_n_items(shortcuts) {
                    if let shortcut = g_list_model_get_item(shortcuts, position) {
                        watch(shortcut)
                        g_object_unref(shortcut)
                    }
                }
            }
        }
    }
}

/// The process's resident memory in KiB, from /proc/self/status.
func residentMemoryKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return 0
}

/// Live instances of a GObject type, when GOBJECT_DEBUG=instance-count makes GLib count them.
/// Only a GLib built with debugging counts (Debian's does not): the counts are used only where
/// a new object is seen counted.
enum InstanceCounts {
    static let areCounted: Bool = {
        guard (ProcessInfo.processInfo.environment["GOBJECT_DEBUG"] ?? "").contains("instance-count") else { return false }
        let probe = g_menu_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(probe)) }
        return g_type_get_instance_count(g_menu_get_type()) > 0
    }()

    /// The types GMenuKit creates instances of.
    static let typeNames = ["GMKMenu", "GMenu", "GMenuItem", "GMKMenuAction", "GMKMenuActionGroup", "GThemedIcon", "GListStore", "GtkShortcut", "GtkShortcutController"]

    static func snapshot() -> [String: Int] {
        var counts: [String: Int] = [:]
        for name in typeNames {
            let type = g_type_from_name(name)
            counts[name] = type == 0 ? 0 : Int(g_type_get_instance_count(type))
        }
        return counts
    }
}

/// The pages of a GtkPopoverMenu: its main page and one per submenu, named by the submenu's
/// label, with the text of the model buttons each page shows.
@MainActor
struct PopoverPages {
    let stack: UnsafeMutablePointer<GtkWidget>?
    private(set) var names: [String] = []

    init(of popover: UnsafeMutablePointer<GtkWidget>) {
        func findStack(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
            if String(cString: gmk_type_name_of(widget)) == "GtkStack" { return widget }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                if let found = findStack(current) { return found }
                child = gtk_widget_get_next_sibling(current)
            }
            return nil
        }
        stack = findStack(popover)
        guard let stack else { return }
        let pages = gmk_list_model(UnsafeMutableRawPointer(gtk_stack_get_pages(OpaquePointer(stack))))!
        defer { g_object_unref(UnsafeMutableRawPointer(pages)) }
        for index in 0..<g_list_model_get_n_items(pages) {
            let page = g_list_model_get_item(pages, index)!
            names.append(gtk_stack_page_get_name(OpaquePointer(page)).map { String(cString: $0) } ?? "")
            g_object_unref(page)
        }
    }

    /// The page GTK shows now.
    var visiblePage: UnsafeMutablePointer<GtkWidget>? {
        stack.flatMap { gtk_stack_get_visible_child(OpaquePointer($0)) }
    }

    /// The model buttons inside `widget` whose text is `text`, mapped or not, in order.
    static func modelButtons(in widget: UnsafeMutablePointer<GtkWidget>, text: String? = nil) -> [UnsafeMutablePointer<GtkWidget>] {
        WidgetTree.all(widget).filter { WidgetTree.isWidget($0, ofType: "GtkModelButton") && (text == nil || buttonText($0) == text) }
    }

    static func buttonText(_ modelButton: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let text = gmk_object_dup_string(modelButton, "text") else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
