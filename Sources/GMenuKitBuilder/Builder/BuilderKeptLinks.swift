import CGLib
import GMenuKitCore

/// A link of an imported item that GMenuKit's rows do not show: the submenu of an item that is
/// also a section (GTK shows the section), or a link of the app's own name. Its menu is made
/// once, at import, as GtkBuilder makes it, and every rendering links it again, so that the
/// model reads back as GtkBuilder's.
package final class ImportedLinkMenu: @unchecked Sendable {
    /// The link's name, interned (`g_intern_string`): a GMKMenuItem keeps it without a copy.
    package let internedName: UnsafePointer<CChar>
    /// A `GMenu` of the link's items, never changed after it is made: sharing it is safe.
    package let model: UnsafeMutablePointer<GMenuModel>

    package init(name: String, model: UnsafeMutablePointer<GMenuModel>) {
        internedName = name.withCString { g_intern_string($0) }!
        self.model = model
    }

    deinit { g_object_unref(model) }
}

/// A GtkBuilder menu made as GtkBuilder makes it (gtkbuilder-menus.c): a `GMenu` of
/// `GMenuItem`s, every attribute a string or a GVariant of its type, translated, and every link.
package enum BuilderMenuModel {
    package static func make(_ items: [BuilderMenuItem], domain: UnsafePointer<CChar>?) throws(BuilderImportError) -> UnsafeMutablePointer<GMenuModel> {
        let menu = g_menu_new()!
        do throws(BuilderImportError) {
            for item in items {
                let menuItem = g_menu_item_new(nil, nil)!
                defer { g_object_unref(menuItem.gpointer) }
                for attribute in item.attributes {
                    let text = attribute.translatedValue(domainCString: domain)
                    let value: OpaquePointer
                    if let type = attribute.type {
                        guard let parsed = VariantText.parse(text, type: type) else {
                            throw attribute.typeError(parsing: text, type: type)
                        }
                        value = parsed
                    } else {
                        value = g_variant_ref_sink(text.withCString { g_variant_new_string($0) })
                    }
                    attribute.name.withCString { g_menu_item_set_attribute_value(menuItem, $0, value) }
                    g_variant_unref(value)
                }
                for link in item.links {
                    let model = try make(link.items, domain: domain)
                    link.name.withCString { g_menu_item_set_link(menuItem, $0, model) }
                    g_object_unref(model)
                }
                g_menu_append_item(menu, menuItem)
            }
        } catch {
            g_object_unref(menu.gpointer)
            throw error
        }
        return menu.gpointer.assumingMemoryBound(to: GMenuModel.self)
    }
}
