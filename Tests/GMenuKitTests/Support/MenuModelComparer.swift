import CGtk
import Foundation
import XCTest

@testable import GMenuKit

/// Compares two GMenuModels through GIO, as any reader sees them: the same number of items, and
/// for each item the same attribute names with equal values of the same GVariant type
/// (`g_variant_equal`), and the same links holding equal models, however deep.
enum MenuModelComparer {
    /// Every difference, each naming the item by its positions ("2/0 label"); empty when equal.
    static func differences(
        _ found: UnsafeMutablePointer<GMenuModel>, _ expected: UnsafeMutablePointer<GMenuModel>, at path: String = ""
    ) -> [String] {
        var differences: [String] = []
        let count = g_menu_model_get_n_items(found)
        let expectedCount = g_menu_model_get_n_items(expected)
        if count != expectedCount {
            differences.append("\(path.isEmpty ? "top" : path): \(count) items, expected \(expectedCount)")
        }
        for index in 0..<min(count, expectedCount) {
            let itemPath = path.isEmpty ? "\(index)" : "\(path)/\(index)"
            let attributes = Self.attributes(found, index)
            let expectedAttributes = Self.attributes(expected, index)
            for name in Set(attributes.keys).union(expectedAttributes.keys).sorted() {
                let value = attributes[name]
                let expectedValue = expectedAttributes[name]
                if let value, let expectedValue, g_variant_equal(UnsafeRawPointer(value), UnsafeRawPointer(expectedValue)) != 0 { continue }
                differences.append("\(itemPath) \(name): \(describe(value)), expected \(describe(expectedValue))")
            }
            (attributes.values.map { $0 } + expectedAttributes.values.map { $0 }).forEach { g_variant_unref($0) }
            let links = Self.links(found, index)
            let expectedLinks = Self.links(expected, index)
            for name in Set(links.keys).union(expectedLinks.keys).sorted() {
                if let link = links[name], let expectedLink = expectedLinks[name] {
                    differences += Self.differences(link, expectedLink, at: "\(itemPath)/\(name)")
                } else {
                    differences.append("\(itemPath) link \(name): \(links[name] == nil ? "missing" : "present"), expected \(expectedLinks[name] == nil ? "none" : "one")")
                }
            }
            (links.values.map { $0 } + expectedLinks.values.map { $0 }).forEach { g_object_unref($0) }
        }
        return differences
    }

    /// Every attribute of an item, each a full reference.
    static func attributes(_ model: UnsafeMutablePointer<GMenuModel>, _ index: gint) -> [String: OpaquePointer] {
        var result: [String: OpaquePointer] = [:]
        let iterator = g_menu_model_iterate_item_attributes(model, index)!
        var name: UnsafePointer<gchar>?
        var value: OpaquePointer?
        while g_menu_attribute_iter_get_next(iterator, &name, &value) != 0 {
            result[String(cString: name!)] = value!
        }
        g_object_unref(iterator)
        return result
    }

    /// Every link of an item, each a full reference.
    static func links(_ model: UnsafeMutablePointer<GMenuModel>, _ index: gint) -> [String: UnsafeMutablePointer<GMenuModel>] {
        var result: [String: UnsafeMutablePointer<GMenuModel>] = [:]
        let iterator = g_menu_model_iterate_item_links(model, index)!
        var name: UnsafePointer<gchar>?
        var value: UnsafeMutablePointer<GMenuModel>?
        while g_menu_link_iter_get_next(iterator, &name, &value) != 0 {
            result[String(cString: name!)] = value!
        }
        g_object_unref(iterator)
        return result
    }

    static func describe(_ value: OpaquePointer?) -> String {
        guard let value else { return "none" }
        let printed = g_variant_print(value, 1)!
        defer { g_free(printed) }
        return String(cString: printed)
    }

    /// Every item, counted through sections and submenus.
    static func itemCount(_ model: UnsafeMutablePointer<GMenuModel>) -> Int {
        var count = 0
        for index in 0..<g_menu_model_get_n_items(model) {
            let links = Self.links(model, index)
            if links.isEmpty { count += 1 }
            for link in links.values {
                if links[G_MENU_LINK_SUBMENU] != nil { count += 1 }
                count += itemCount(link)
                g_object_unref(link)
            }
        }
        return count
    }
}

/// The GtkBuilder files of real GTK 4 apps in Tests/Fixtures/builder, and GtkBuilder's own
/// reading of their menus.
enum BuilderFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/builder")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The `.ui` files, and the `.blp` files compiled by blueprint-compiler where it is installed.
    static var uiFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".ui") }.sorted()
    }

    static var blueprintFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".blp") }.sorted()
    }

    /// GtkBuilder's menus of a file: its `<menu>` elements, cut out as written into an
    /// `<interface>` of their own, with the file's domain (the apps' files name libadwaita and template classes GtkBuilder
    /// cannot build here, and a requested-objects parse skips menus), read by
    /// `gtk_builder_add_from_string`. The caller releases the builder.
    static func gtkBuilder(readingMenusOf xml: String) throws -> OpaquePointer {
        var menus = ""
        var rest = xml[...]
        // A <menu> without an id (a property's value, newer GTK) GTK 4.8 cannot read: left out.
        while let start = rest.range(of: "<menu id=") {
            guard let end = rest.range(of: "</menu>", range: start.upperBound..<rest.endIndex) else { break }
            menus += rest[start.lowerBound..<end.upperBound] + "\n"
            rest = rest[end.upperBound...]
        }
        let builder = gtk_builder_new()!
        var error: UnsafeMutablePointer<GError>?
        let domain = xml.range(of: "<interface domain=\"").map { xml[$0.upperBound...].prefix { $0 != "\"" } }
        let interface = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<interface\(domain.map { " domain=\"\($0)\"" } ?? "")>\n" + menus + "</interface>\n"
        if gtk_builder_add_from_string(builder, interface, -1, &error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "?"
            g_clear_error(&error)
            g_object_unref(builder.gpointer)
            throw XCTSkip("GtkBuilder cannot read the menus: \(message)")
        }
        return builder
    }

    static func menu(_ id: String, of builder: OpaquePointer) -> UnsafeMutablePointer<GMenuModel>? {
        guard let object = gtk_builder_get_object(builder, id) else { return nil }
        return gmk_menu_model(object)
    }

    /// Runs `blueprint-compiler compile` on a file: the GtkBuilder XML, or nil when it is not
    /// installed.
    static func compiledBlueprint(_ name: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["blueprint-compiler", "compile", path(name)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
