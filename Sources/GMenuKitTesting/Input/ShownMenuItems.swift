import CGtk
import GMenuKitBuilder

/// One item of a menu open on screen, read from GTK's widgets: a `GtkModelButton`, or one of
/// GMenuKit's own rows (its check, radio, command and icon rows), or an item of a menu bar.
@MainActor
public struct ShownMenuItem: @MainActor CustomStringConvertible {
    /// The widget to click, focus or read.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The label as shown, without the access key's mark (an icon row's: its tooltip).
    public let title: String
    /// Whether choosing it opens a submenu rather than acting.
    public let opensSubmenu: Bool

    /// False while the item is dimmed.
    public var isEnabled: Bool { gtk_widget_is_sensitive(widget) != 0 }

    /// The title, and "›" after a submenu's.
    public var description: String { opensSubmenu ? "\(title) ›" : title }
}

/// Reads the menus open on screen from GTK's widgets, as a person sees them: the items of the
/// page shown, by their titles.
@MainActor
public enum ShownMenuItems {
    /// The items `popover` shows now, in order, sections passed through: the items of its
    /// visible page (a sliding submenu's page once it is in place), without the title a
    /// submenu's page starts with and without the items of submenus nested in popovers of
    /// their own.
    public static func items(in popover: UnsafeMutablePointer<GtkWidget>) -> [ShownMenuItem] {
        WidgetTree.all(popover).compactMap { widget in
            guard gtk_widget_get_mapped(widget) != 0, widget != popover, owningPopover(of: widget) == popover else { return nil }
            return item(widget)
        }
    }

    /// The item `widget` is, if it is one: a model button (other than a page's title) or a
    /// GMenuKit row.
    public static func item(_ widget: UnsafeMutablePointer<GtkWidget>) -> ShownMenuItem? {
        if WidgetTree.isWidget(widget, ofType: "GtkModelButton") {
            guard role(of: widget) != "title" else { return nil }
            let submenu = string(widget, "menu-name") != nil || WidgetTree.all(widget).dropFirst().contains { gmk_is_popover($0.gpointer) != 0 }
            return ShownMenuItem(widget: widget, title: visibleText(ofMnemonic: string(widget, "text") ?? ""), opensSubmenu: submenu)
        }
        if gtk_widget_has_css_class(widget, "gmenukit-row") != 0 || gtk_widget_has_css_class(widget, "gmenukit-icon-row") != 0 {
            let title = WidgetTree.labels(in: widget).first
                ?? gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } ?? ""
            return ShownMenuItem(widget: widget, title: cleaned(title), opensSubmenu: false)
        }
        return nil
    }

    /// The items of a `GtkPopoverMenuBar` (a `MenuBar`'s widget), each of which
    /// opens a menu.
    public static func barItems(of bar: UnsafeMutablePointer<GtkWidget>) -> [ShownMenuItem] {
        WidgetTree.all(bar).filter { WidgetTree.isWidget($0, ofType: "GtkPopoverMenuBarItem") }.map { item in
            ShownMenuItem(widget: item, title: cleaned(WidgetTree.labels(in: item).first ?? ""), opensSubmenu: true)
        }
    }

    /// The headers of the sections `popover` shows now, with the items under each.
    public static func sectionHeaders(in popover: UnsafeMutablePointer<GtkWidget>) -> [(title: String, items: [ShownMenuItem])] {
        let shown = items(in: popover)
        return WidgetTree.all(popover).compactMap { widget in
            guard WidgetTree.isWidget(widget, ofType: "GtkLabel"), gtk_widget_has_css_class(widget, "title") != 0,
                  gtk_widget_get_mapped(widget) != 0, owningPopover(of: widget) == popover,
                  !shown.contains(where: { gtk_widget_is_ancestor(widget, $0.widget) != 0 }),
                  let section = sectionBox(headedBy: widget) else { return nil }
            let below = shown.filter { gtk_widget_is_ancestor($0.widget, section) != 0 }
            return (cleaned(String(cString: gtk_label_get_text(gmk_label(widget.gpointer)))), below)
        }
    }

    /// The popover nearest above `widget`.
    public static func owningPopover(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var current = gtk_widget_get_parent(widget)
        while let parent = current {
            if gmk_is_popover(parent.gpointer) != 0 { return parent }
            current = gtk_widget_get_parent(parent)
        }
        return nil
    }

    /// Whether a sliding page of `popover` is still moving into place.
    public static func isSliding(_ popover: UnsafeMutablePointer<GtkWidget>) -> Bool {
        WidgetTree.all(popover).contains { widget in
            WidgetTree.isWidget(widget, ofType: "GtkStack") && gtk_stack_get_transition_running(OpaquePointer(widget)) != 0
        }
    }

    /// The section box a header label heads: GTK puts the header in a separator box just
    /// before the section's box.
    private static func sectionBox(headedBy label: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var current: UnsafeMutablePointer<GtkWidget>? = label
        for _ in 0..<4 {
            guard let widget = current else { return nil }
            if let next = gtk_widget_get_next_sibling(widget), WidgetTree.isWidget(next, ofType: "GtkMenuSectionBox") { return next }
            if let parent = gtk_widget_get_parent(widget), WidgetTree.isWidget(parent, ofType: "GtkMenuSectionBox"),
               widget != label { return parent }
            current = gtk_widget_get_parent(widget)
        }
        return nil
    }

    /// A GtkModelButton's role by its GTK nick ("normal", "check", "radio", "title"): the enum
    /// is private to GTK 4.8, its registered type is not.
    static func role(of modelButton: UnsafeMutablePointer<GtkWidget>) -> String? {
        let objectClass = UnsafeMutableRawPointer(gmk_object(modelButton.gpointer).pointee.g_type_instance.g_class)
            .assumingMemoryBound(to: GObjectClass.self)
        guard let property = g_object_class_find_property(objectClass, "role"),
              let enumClass = g_type_class_ref(property.pointee.value_type) else { return nil }
        defer { g_type_class_unref(enumClass) }
        let value = g_enum_get_value(enumClass.assumingMemoryBound(to: GEnumClass.self), gmk_object_get_int(modelButton.gpointer, "role"))
        return value.map { String(cString: $0.pointee.value_nick) }
    }

    private static func string(_ object: UnsafeMutablePointer<GtkWidget>, _ property: String) -> String? {
        guard let text = gmk_object_dup_string(object.gpointer, property) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// A label with GTK's access key marks as shown: "_Save" is "Save", "__" one underscore.
    static func visibleText(ofMnemonic text: String) -> String {
        var shown = ""
        var marked = false
        for character in text {
            if character == "_" && !marked { marked = true; continue }
            marked = false
            shown.append(character)
        }
        return cleaned(shown)
    }

    /// Without the invisible marks that keep submenu labels distinct for GTK.
    private static func cleaned(_ text: String) -> String {
        var text = text
        text.unicodeScalars.removeAll { $0 == "\u{200B}" }
        return text
    }
}
