import CGtk

/// Makes the `GMenuItem`s of one rendered menu from planned attributes.
///
/// Icons are the costly part of an item: `g_menu_item_set_icon` serializes a new `GThemedIcon`
/// every time. A menu repeats few icon names, so the factory serializes each name once and
/// shares the immutable variant, which GTK reads back exactly as it reads a serialized icon.
@MainActor
final class MenuItemFactory {
    private var serializedIcons: [String: OpaquePointer] = [:]
    /// The rows of items that GMenuKit draws itself, by the `custom` slot they fill.
    let customRows = CustomRowRegistry()

    isolated deinit {
        for variant in serializedIcons.values { g_variant_unref(variant) }
    }

    /// A `GMenuItem` carrying the attributes, and the custom slot it names when GMenuKit
    /// draws its row; the caller owns the returned reference.
    func makeItem(
        _ attributes: PlannedAttributes, identity: MenuIdentity,
        link: (kind: PlannedLink.Kind, model: UnsafeMutablePointer<GMenuModel>)?
    ) -> (item: OpaquePointer, customID: String?) {
        let item = g_menu_item_new(nil, nil)!
        var customID: String?
        if attributes.row != nil {
            // The other attributes stay: they describe the item to anyone reading the model.
            let id = customRows.register(CustomRowSpec(key: identity.path, attributes: attributes))
            Self.set(item, "custom", id)
            customID = id
        }
        Self.set(item, G_MENU_ATTRIBUTE_LABEL, attributes.label)
        if attributes.useMarkup {
            // GTK 4.8 reads use-markup as a string; a Boolean would be ignored.
            Self.set(item, "use-markup", "true")
        }
        if let action = attributes.action {
            Self.set(item, G_MENU_ATTRIBUTE_ACTION, action)
            Self.set(item, G_MENU_ATTRIBUTE_TARGET, attributes.target)
        }
        if let icon = attributes.icon {
            Self.set(item, G_MENU_ATTRIBUTE_ICON, serializedIcon(named: icon))
        }
        Self.set(item, "verb-icon", attributes.verbIcon)
        Self.set(item, "accel", attributes.accel)
        Self.set(item, "display-hint", attributes.displayHint)
        Self.set(item, MenuAttributeName.role, attributes.role)
        Self.set(item, MenuAttributeName.subtitle, attributes.subtitle)
        Self.set(item, MenuAttributeName.range, attributes.range)
        if attributes.keepsMenuOpen {
            Self.set(item, MenuAttributeName.keepsMenuOpen, g_variant_new_boolean(1))
        }
        if let link {
            g_menu_item_set_link(item, link.kind == .section ? G_MENU_LINK_SECTION : G_MENU_LINK_SUBMENU, link.model)
        }
        return (item, customID)
    }

    // Strings go to C through `withCString`: passing a String where C wants a pointer copies it
    // into a new array every time, and an item has several. Outside the main actor, so that
    // the closures are not checked at run time for their actor.

    nonisolated private static func set(_ item: OpaquePointer, _ name: String, _ value: String?) {
        guard let value else { return }
        value.withCString { set(item, name, g_variant_new_string($0)) }
    }

    nonisolated private static func set(_ item: OpaquePointer, _ name: String, _ value: OpaquePointer) {
        name.withCString { g_menu_item_set_attribute_value(item, $0, value) }
    }

    /// What `g_icon_serialize` makes of a themed icon of this name, made once.
    private func serializedIcon(named name: String) -> OpaquePointer {
        if let variant = serializedIcons[name] { return variant }
        let icon = name.withCString { g_themed_icon_new($0) }!
        let variant = g_icon_serialize(icon)!
        g_object_unref(icon.gpointer)
        serializedIcons[name] = variant
        return variant
    }
}
