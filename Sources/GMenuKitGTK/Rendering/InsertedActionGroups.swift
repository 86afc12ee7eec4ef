import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Action groups an app inserts on its widgets, made known to GMenuKit's type check of
/// borrowed actions.
///
/// GTK 4.8 has no public way to find the groups inserted on a widget with
/// `gtk_widget_insert_action_group` (its action muxer is private), so a menu can check a
/// borrowed action's target and state type against the app's action only for `app.` and
/// `win.`. Insert a group through GMenuKit instead, and menus shown inside that widget check
/// its actions too: a target of the wrong type is an error naming both types.
///
/// ```swift
/// let documentActions = g_simple_action_group_new()!
/// InsertedActionGroups.insert(GActionGroupHandle(documentActions), prefix: "doc", on: documentView)
/// // A menu of a button inside documentView: "doc.zoom" is checked against the group.
/// ```
@MainActor
public enum InsertedActionGroups {
    /// `gtk_widget_insert_action_group(widget, prefix, group)`, noted on the widget for
    /// GMenuKit's check; `nil` removes the group, as in GTK. The widget keeps the note (and a
    /// reference to the group) until it is finalized or the group is removed.
    public static func insert(_ group: GActionGroupHandle?, prefix: String, on widget: UnsafeMutablePointer<GtkWidget>) {
        insert(group?.unsafePointer, prefix: prefix, on: widget)
    }

    /// The same for GMenuKit's own groups (a menu's actions), which the command palette reads.
    package static func insert(_ group: OpaquePointer?, prefix: String, on widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_insert_action_group(widget, prefix, group)
        let groups = InsertedGroups.of(widget, creating: group != nil)
        if let group { groups?.set(group, prefix: prefix) } else { groups?.remove(prefix: prefix) }
    }

    /// The groups noted on `widget` and its ancestors by prefix, the nearest of each prefix,
    /// as GTK's muxer finds them.
    package static func groups(from widget: UnsafeMutablePointer<GtkWidget>) -> [String: OpaquePointer] {
        var found: [String: OpaquePointer] = [:]
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let level = current {
            if let groups = InsertedGroups.of(level, creating: false) {
                for (prefix, group) in groups.byPrefix where found[prefix] == nil { found[prefix] = group }
            }
            current = gtk_widget_get_parent(level)
        }
        return found
    }
}

/// The groups noted on one widget, each with a reference, released with the widget.
private final class InsertedGroups {
    private(set) var byPrefix: [String: OpaquePointer] = [:]

    private static let key = "gmenukit-inserted-action-groups"

    static func of(_ widget: UnsafeMutablePointer<GtkWidget>, creating: Bool) -> InsertedGroups? {
        if let data = g_object_get_data(gmk_object(widget.gpointer), key) {
            return Unmanaged<InsertedGroups>.fromOpaque(data).takeUnretainedValue()
        }
        guard creating else { return nil }
        let groups = InsertedGroups()
        g_object_set_data_full(gmk_object(widget.gpointer), key, Unmanaged.passRetained(groups).toOpaque()) {
            Unmanaged<InsertedGroups>.fromOpaque($0!).release()
        }
        return groups
    }

    func set(_ group: OpaquePointer, prefix: String) {
        g_object_ref(UnsafeMutableRawPointer(group))
        if let old = byPrefix.updateValue(group, forKey: prefix) { g_object_unref(UnsafeMutableRawPointer(old)) }
    }

    func remove(prefix: String) {
        if let old = byPrefix.removeValue(forKey: prefix) { g_object_unref(UnsafeMutableRawPointer(old)) }
    }

    deinit {
        for group in byPrefix.values { g_object_unref(UnsafeMutableRawPointer(group)) }
    }
}
