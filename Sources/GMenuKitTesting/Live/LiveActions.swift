import CGtk
import GMenuKitGTK

/// Where a ``LiveMenu`` looks its items' actions up, and how it activates them: action groups by
/// prefix (`app`, `menu`), as GTK finds them in the widget tree, and, for a popover GTK built,
/// the popover itself, whose widget tree reaches actions no group exposes (a widget class's
/// `clipboard.copy`).
@MainActor
final class LiveActions {
    /// What a menu item's action is now.
    struct Action {
        var isEnabled: Bool
        /// The state, retained; nil for a stateless action.
        var state: VariantReference?
    }

    /// What the lookup knows of an action: found in a group, absent from every place it could
    /// be, or unknown (no group for its prefix: only the popover's widgets can tell).
    enum Lookup {
        case found(Action)
        case missing
        case unknown
    }

    /// Retained: the groups are read and activated for as long as the menu is.
    private let groups: [String: OpaquePointer]
    /// Retained: activation of widget-class actions goes through it.
    let popover: UnsafeMutablePointer<GtkWidget>?

    init(groups: [String: GActionGroupHandle], popover: UnsafeMutablePointer<GtkWidget>?) {
        self.groups = groups.mapValues { handle in
            g_object_ref(handle.unsafePointer.gpointer)
            return handle.unsafePointer
        }
        self.popover = popover
        if let popover { g_object_ref(popover.gpointer) }
    }

    isolated deinit {
        for group in groups.values { g_object_unref(group.gpointer) }
        if let popover { g_object_unref(popover.gpointer) }
    }

    /// `detailedName` as a menu item's `action` attribute holds it: `prefix.name`.
    func lookup(_ detailedName: String) -> Lookup {
        guard let (group, name) = group(of: detailedName) else { return popover == nil ? .missing : .unknown }
        guard g_action_group_has_action(group, name) != 0 else { return .missing }
        let state = g_action_group_get_action_state(group, name).map(VariantReference.init(adopting:))
        return .found(Action(isEnabled: g_action_group_get_action_enabled(group, name) != 0, state: state))
    }

    /// Activates the action as GTK does when its item is chosen: with the item's target as the
    /// parameter. Through the group when there is one for its prefix, else through the popover's
    /// widget tree (`gtk_widget_activate_action_variant`). False when neither has it.
    func activate(_ detailedName: String, parameter: OpaquePointer?) -> Bool {
        if let (group, name) = group(of: detailedName) {
            guard g_action_group_has_action(group, name) != 0 else { return false }
            g_action_group_activate_action(group, name, parameter)
            return true
        }
        guard let popover else { return false }
        return gtk_widget_activate_action_variant(popover, detailedName, parameter) != 0
    }

    private func group(of detailedName: String) -> (OpaquePointer, String)? {
        guard let dot = detailedName.firstIndex(of: ".") else { return nil }
        guard let group = groups[String(detailedName[..<dot])] else { return nil }
        return (group, String(detailedName[detailedName.index(after: dot)...]))
    }
}

/// A `GVariant` held for as long as the Swift value is: the state of an action, an attribute.
final class VariantReference {
    let variant: OpaquePointer

    /// Takes over a reference the caller owns (what `g_…_get_…` returned, transfer full).
    init(adopting variant: OpaquePointer) {
        // A floating variant becomes the reference held here; a full one is kept as it is.
        self.variant = g_variant_take_ref(variant)
    }

    deinit { g_variant_unref(variant) }

    /// The GVariant type string: "b", "s", "d".
    var typeString: String { String(cString: g_variant_get_type_string(variant)) }
    var string: String? { typeString == "s" ? String(cString: g_variant_get_string(variant, nil)) : nil }
    var bool: Bool? { typeString == "b" ? g_variant_get_boolean(variant) != 0 : nil }
    var double: Double? { typeString == "d" ? g_variant_get_double(variant) : nil }

    func equals(_ other: VariantReference) -> Bool { g_variant_equal(UnsafeRawPointer(variant), UnsafeRawPointer(other.variant)) != 0 }
}
