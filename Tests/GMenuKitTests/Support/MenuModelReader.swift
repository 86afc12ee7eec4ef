import CGtk
import XCTest

@testable import GMenuKit

/// A GMenuModel read back through GIO, the way GTK's menu widgets read it.
struct ReadMenuItem: Equatable, CustomStringConvertible {
    /// Every attribute: strings as they are, other variants in GVariant text form.
    var attributes: [String: String]
    var section: [ReadMenuItem]?
    var submenu: [ReadMenuItem]?

    var label: String? { attributes["label"] }
    var action: String? { attributes["action"] }
    var target: String? { attributes["target"] }

    var description: String {
        var text = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        if let section { text += " section[\(section.map(\.description).joined(separator: "; "))]" }
        if let submenu { text += " submenu[\(submenu.map(\.description).joined(separator: "; "))]" }
        return "{" + text + "}"
    }
}

enum MenuModelReader {
    static func read(_ model: UnsafeMutablePointer<GMenuModel>) -> [ReadMenuItem] {
        (0..<g_menu_model_get_n_items(model)).map { readItem(model, $0) }
    }

    static func readItem(_ model: UnsafeMutablePointer<GMenuModel>, _ index: gint) -> ReadMenuItem {
        var attributes: [String: String] = [:]
        let iterator = g_menu_model_iterate_item_attributes(model, index)!
        var name: UnsafePointer<gchar>? = nil
        var value: OpaquePointer? = nil
        while g_menu_attribute_iter_get_next(iterator, &name, &value) != 0 {
            attributes[String(cString: name!)] = text(of: value!)
            g_variant_unref(value)
        }
        g_object_unref(iterator)
        var item = ReadMenuItem(attributes: attributes)
        if let section = g_menu_model_get_item_link(model, index, G_MENU_LINK_SECTION) {
            item.section = read(section)
            g_object_unref(section)
        }
        if let submenu = g_menu_model_get_item_link(model, index, G_MENU_LINK_SUBMENU) {
            item.submenu = read(submenu)
            g_object_unref(submenu)
        }
        return item
    }

    /// The linked model at a path of item positions, each step following the item's only link.
    static func linkedModel(_ model: UnsafeMutablePointer<GMenuModel>, at path: [Int]) -> UnsafeMutablePointer<GMenuModel> {
        var current = model
        for index in path {
            let link = g_menu_model_get_item_link(current, gint(index), G_MENU_LINK_SECTION)
                ?? g_menu_model_get_item_link(current, gint(index), G_MENU_LINK_SUBMENU)
            guard let link else {
                XCTFail("item \(index) has no link")
                return current
            }
            // The parent model keeps the linked model alive; tests only borrow it.
            g_object_unref(link)
            current = link
        }
        return current
    }

    static func text(of variant: OpaquePointer) -> String {
        if let string = Variants.string(variant) { return string }
        let printed = g_variant_print(variant, 0)!
        defer { g_free(printed) }
        return String(cString: printed)
    }
}

/// Every item of every level, depth first: handy for finding an item by label.
func flatten(_ items: [ReadMenuItem]) -> [ReadMenuItem] {
    items.flatMap { [$0] + flatten($0.section ?? []) + flatten($0.submenu ?? []) }
}

func item(labelled label: String, in items: [ReadMenuItem], file: StaticString = #filePath, line: UInt = #line) -> ReadMenuItem? {
    let found = flatten(items).first { $0.label == label }
    if found == nil { XCTFail("no item labelled \(label) in \(items)", file: file, line: line) }
    return found
}
