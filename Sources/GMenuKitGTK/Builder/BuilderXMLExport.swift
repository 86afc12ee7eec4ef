import CGtk
import GMenuKitCore
import GMenuKitBuilder

extension RenderedMenu {
    /// The menu as rendered now, as GtkBuilder XML: `gtk_builder_new_from_string` reads it
    /// back to a GMenu equal to this menu's model, attribute for attribute (for Cambalache and
    /// Glade users, and for documentation). GMenuKit's own actions are named as the menu
    /// inserts them (`menu.copy`); insert `actionGroup` under that prefix to use them.
    public func builderXML(id: String = "menu") -> String {
        BuilderXML.interface(menus: [(id, menuModel)])
    }
}

/// Writes GMenuModels as GtkBuilder XML.
public enum BuilderXML {
    /// An `<interface>` holding one `<menu id>` per model.
    public static func interface(menus: [(id: String, model: UnsafeMutablePointer<GMenuModel>)]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<interface>\n"
        for (id, model) in menus {
            xml += "  <menu id=\"\(escaped(id))\">\n"
            writeItems(of: model, indent: 4, into: &xml)
            xml += "  </menu>\n"
        }
        return xml + "</interface>\n"
    }

    /// Each item as GtkBuilder writes it back: an item with only a section link is a
    /// `<section>`, with only a submenu link a `<submenu>` (their attributes are the item's),
    /// anything else an `<item>` with its `<link>`s.
    private static func writeItems(of model: UnsafeMutablePointer<GMenuModel>, indent: Int, into xml: inout String) {
        let pad = String(repeating: " ", count: indent)
        for index in 0..<g_menu_model_get_n_items(model) {
            var links: [(String, UnsafeMutablePointer<GMenuModel>)] = []
            let linkIterator = g_menu_model_iterate_item_links(model, index)!
            var linkName: UnsafePointer<gchar>?
            var linked: UnsafeMutablePointer<GMenuModel>?
            while g_menu_link_iter_get_next(linkIterator, &linkName, &linked) != 0 {
                links.append((String(cString: linkName!), linked!))
            }
            g_object_unref(linkIterator)
            defer { for (_, linked) in links { g_object_unref(linked) } }

            let element: String
            if links.count == 1, links[0].0 == G_MENU_LINK_SECTION || links[0].0 == G_MENU_LINK_SUBMENU {
                element = links[0].0
            } else {
                element = "item"
            }
            xml += pad + "<\(element)>\n"
            writeAttributes(of: model, index, indent: indent + 2, into: &xml)
            if element == "item" {
                for (name, linked) in links {
                    xml += pad + "  <link name=\"\(escaped(name))\">\n"
                    writeItems(of: linked, indent: indent + 4, into: &xml)
                    xml += pad + "  </link>\n"
                }
            } else {
                writeItems(of: links[0].1, indent: indent + 2, into: &xml)
            }
            xml += pad + "</\(element)>\n"
        }
    }

    /// Strings as text; other types with `type` and their GVariant text form. A string that is
    /// empty of all but spaces is written typed: GtkBuilder drops text of spaces alone.
    private static func writeAttributes(of model: UnsafeMutablePointer<GMenuModel>, _ index: gint, indent: Int, into xml: inout String) {
        let pad = String(repeating: " ", count: indent)
        var attributes: [(String, String)] = []
        let iterator = g_menu_model_iterate_item_attributes(model, index)!
        var name: UnsafePointer<gchar>?
        var value: OpaquePointer?
        while g_menu_attribute_iter_get_next(iterator, &name, &value) != 0, let value {
            let attributeName = escaped(String(cString: name!))
            if g_variant_is_of_type(value, gmk_variant_type_string()) != 0,
               let string = Optional(String(cString: g_variant_get_string(value, nil))),
               string.isEmpty || string.utf8.contains(where: { !isXMLSpace($0) }) {
                attributes.append((attributeName, pad + "<attribute name=\"\(attributeName)\">\(escaped(string))</attribute>\n"))
            } else {
                let type = String(cString: g_variant_get_type_string(value))
                let printed = g_variant_print(value, 0)!
                attributes.append((attributeName, pad + "<attribute name=\"\(attributeName)\" type=\"\(escaped(type))\">\(escaped(String(cString: printed)))</attribute>\n"))
                g_free(printed)
            }
            g_variant_unref(value)
        }
        g_object_unref(iterator)
        // In a stable order, so that the same menu always writes the same file.
        for (_, line) in attributes.sorted(by: { Self.order($0.0) < Self.order($1.0) }) { xml += line }
    }

    /// Label first, then action and target, then the rest by name.
    private static func order(_ name: String) -> String {
        switch name {
        case "label": "0"
        case "action": "1"
        case "target": "2"
        default: "3" + name
        }
    }

    private static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B
    }

    /// `g_markup_escape_text`: `&`, `<`, `>`, quotes and control characters.
    package static func escaped(_ text: String) -> String {
        let escaped = g_markup_escape_text(text, -1)!
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
