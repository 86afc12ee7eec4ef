import CGtk
import CMenuObjects
import GMenuKitCore
import GMenuKitBuilder

/// Makes the items of one rendered menu's `GMKMenu`s from planned attributes.
///
/// Icons are the costly part of an item: `g_menu_item_set_icon` serializes a new `GThemedIcon`
/// every time. A menu repeats few icon names, so the factory serializes each name once and
/// shares the immutable variant, which GTK reads back exactly as it reads a serialized icon.
@MainActor
package final class MenuItemFactory {
    private var serializedIcons: [String: OpaquePointer] = [:]
    /// The icon asked for last, one of `serializedIcons`.
    private var lastIcon: (name: String, variant: OpaquePointer)?
    /// The rows of items that GMenuKit draws itself, by the `custom` slot they fill.
    package let customRows = CustomRowRegistry()

    isolated deinit {
        for variant in serializedIcons.values { g_variant_unref(variant) }
    }

    /// A `GMKMenuItem` carrying the attributes, and the custom slot it names when GMenuKit
    /// draws its row; a menu takes the item, or the caller frees it.
    package func makeItem(
        _ attributes: PlannedAttributes, identity: MenuIdentity,
        link: (kind: PlannedLink.Kind, model: UnsafeMutablePointer<GMenuModel>)?
    ) -> (item: OpaquePointer, customID: String?) {
        // Read once: each static of its own is a lazy global, checked at every read (15 an item).
        let name = InternedAttributeNames.shared
        let item = gmk_menu_item_new()!
        var customID: String?
        if attributes.row != nil {
            // The other attributes stay: they describe the item to anyone reading the model.
            let id = customRows.register(CustomRowSpec(key: identity.path, attributes: attributes))
            Self.set(item, name.custom, id)
            customID = id
        }
        Self.set(item, name.label, attributes.label)
        if attributes.useMarkup {
            // GTK 4.8 reads use-markup as a string; a Boolean would be ignored.
            Self.set(item, name.useMarkup, "true")
        }
        if let action = attributes.action {
            Self.set(item, name.action, action)
            Self.set(item, name.target, attributes.target)
            if let target = attributes.targetValue, let value = VariantText.parse(target) {
                gmk_menu_item_set_attribute(item, name.target, value)
                g_variant_unref(value)
            }
        }
        Self.set(item, name.hiddenWhen, attributes.hiddenWhen)
        for kept in attributes.keptAttributes {
            Self.set(item, kept)
        }
        if let icon = attributes.icon {
            gmk_menu_item_set_attribute(item, name.icon, serializedIcon(named: icon))
        }
        Self.set(item, name.verbIcon, attributes.verbIcon)
        Self.set(item, name.accel, attributes.accel)
        Self.set(item, name.displayHint, attributes.displayHint)
        Self.set(item, name.role, attributes.role)
        Self.set(item, name.subtitle, attributes.subtitle)
        Self.set(item, name.range, attributes.range)
        Self.set(item, name.help, attributes.help)
        Self.set(item, name.badge, attributes.badge)
        Self.set(item, name.keywords, attributes.keywords)
        if attributes.keepsMenuOpen {
            gmk_menu_item_set_attribute(item, name.keepsMenuOpen, g_variant_new_boolean(1))
        }
        if let link {
            gmk_menu_item_set_link(item, link.kind == .section ? name.section : name.submenu, link.model)
        }
        for link in attributes.keptLinks {
            guard let kept = link.menu as? ImportedLinkMenu else { continue }
            gmk_menu_item_add_link(item, kept.internedName, kept.model)
        }
        return (item, customID)
    }

    // Strings go to C through `withCString`: passing a String where C wants a pointer copies it
    // into a new array every time, and an item has several. Outside the main actor, so that
    // the closure is not checked at run time for its actor.
    nonisolated private static func set(_ item: OpaquePointer, _ name: UnsafePointer<CChar>, _ value: String?) {
        guard let value else { return }
        value.withCString { gmk_menu_item_set_string(item, name, $0) }
    }

    /// An attribute written as given: a string, or a GVariant parsed from its text (checked
    /// when it was imported). Not isolated either, for the name's `withCString`.
    nonisolated private static func set(_ item: OpaquePointer, _ attribute: MenuAttribute) {
        let name = attribute.name.withCString { g_intern_string($0) }!
        switch attribute.value {
        case .string(let value):
            set(item, name, value)
        case .variant(let target):
            guard let value = VariantText.parse(target) else { return }
            gmk_menu_item_set_attribute(item, name, value)
            g_variant_unref(value)
        }
    }

    /// What `g_icon_serialize` makes of a themed icon of this name, made once.
    private func serializedIcon(named name: String) -> OpaquePointer {
        // Neighbouring items mostly share their icon: a comparison rather than a string's hash.
        if let last = lastIcon, last.name == name { return last.variant }
        if let variant = serializedIcons[name] {
            lastIcon = (name, variant)
            return variant
        }
        let icon = name.withCString { g_themed_icon_new($0) }!
        let variant = g_icon_serialize(icon)!
        g_object_unref(icon.gpointer)
        serializedIcons[name] = variant
        lastIcon = (name, variant)
        return variant
    }
}

/// The attribute and link names a `GMKMenuItem` keeps without copying: interned once.
private struct InternedAttributeNames: @unchecked Sendable {
    static let shared = InternedAttributeNames()

    let label = intern(G_MENU_ATTRIBUTE_LABEL)
    let useMarkup = intern("use-markup")
    let action = intern(G_MENU_ATTRIBUTE_ACTION)
    let target = intern(G_MENU_ATTRIBUTE_TARGET)
    let icon = intern(G_MENU_ATTRIBUTE_ICON)
    let verbIcon = intern("verb-icon")
    let accel = intern("accel")
    let displayHint = intern("display-hint")
    let custom = intern("custom")
    let hiddenWhen = intern("hidden-when")
    let role = intern(MenuAttributeName.role)
    let subtitle = intern(MenuAttributeName.subtitle)
    let range = intern(MenuAttributeName.range)
    let help = intern(MenuAttributeName.help)
    let badge = intern(MenuAttributeName.badge)
    let keywords = intern(MenuAttributeName.keywords)
    let keepsMenuOpen = intern(MenuAttributeName.keepsMenuOpen)
    let section = intern(G_MENU_LINK_SECTION)
    let submenu = intern(G_MENU_LINK_SUBMENU)

    private static func intern(_ name: String) -> UnsafePointer<CChar> { g_intern_string(name) }
}
