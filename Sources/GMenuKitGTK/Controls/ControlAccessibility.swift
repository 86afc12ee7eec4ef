import CGtk
import GMenuKitCore

/// What a screen reader hears of the controls that open menus and of buttons bound to commands
/// (AT-SPI, as Orca reads them).
///
/// GTK derives a button's name from a label inside it or from other widgets, and where there is
/// none GTK 4.8 falls back to the type name (gtkatcontext.c, `gtk_at_context_get_name_accumulate`):
/// a `GtkMenuButton` showing an icon and a label is heard as "GtkMenuButton", an icon beside a
/// label as "GtkImage", the arrow as "GtkBuiltinIcon". GTK 4.18 gives them no name at all. A
/// control here is named by what a person sees or by its menu's title, on the outer widget and
/// on the button inside it that takes the focus, and its decorations are left out.
@MainActor
package enum ControlAccessibility {
    private static let followsMenuKey = "gmenukit-accessible-follows-menu"

    /// Names `menuButton` (a `GtkMenuButton`) and its inner toggle button `name`, with
    /// `description` (a `.help` text, or the tooltip) as their description.
    ///
    /// GTK labels the inner button by the menu button or by its own label widget, and does so
    /// again whenever the label, icon or child changes: call this after each such change.
    package static func name(menuButton: UnsafeMutablePointer<GtkWidget>, _ name: String, description: String? = nil) {
        let description = description ?? tooltip(of: menuButton)
        // The outer widget loses what a mnemonic label points at it (it is in `name` instead).
        gmk_accessible_reset_labelled_by(menuButton)
        gmk_accessible_set_label(menuButton, name)
        if let description { gmk_accessible_set_description(menuButton, description) }
        guard let inner = toggleButton(of: menuButton) else { return }
        gmk_accessible_reset_labelled_by(inner)
        gmk_accessible_set_label(inner, name)
        if let description { gmk_accessible_set_description(inner, description) }
        hideDecorations(under: inner)
    }

    /// Names a plain button (a split button's action, a button bound to a command).
    package static func name(button: UnsafeMutablePointer<GtkWidget>, _ name: String, description: String? = nil) {
        gmk_accessible_set_label(button, name)
        if let description { gmk_accessible_set_description(button, description) }
        hideDecorations(under: button)
    }

    /// Says that `menuButton` opens a menu and, as the menu opens and closes, whether it is open:
    /// on the menu button and on its inner toggle button, which is what holds the focus.
    ///
    /// GTK sets the menu button's expanded state when it opens and removes it when it closes
    /// (gtkmenubutton.c, `gtk_menu_button_toggled`), so a closed button is not heard as one
    /// that expands; here it is expandable from the start and collapsed when closed. Once per
    /// button.
    package static func followsMenu(_ menuButton: UnsafeMutablePointer<GtkWidget>) {
        guard g_object_get_data(gmk_object(menuButton), followsMenuKey) == nil,
              let inner = toggleButton(of: menuButton) else { return }
        g_object_set_data(gmk_object(menuButton), followsMenuKey, UnsafeMutableRawPointer(bitPattern: 1))
        for widget in [menuButton, inner] {
            gmk_accessible_set_has_popup(widget, 1)
            gmk_accessible_set_expanded(widget, 0)
        }
        let outer = WeakObjectPointer(menuButton)
        // Connected after GTK's own handler, so it runs after GTK has opened or closed the menu.
        connectWidgetSignal(inner, "toggled") { inner in
            let open: gboolean = gtk_toggle_button_get_active(gmk_toggle_button(inner)) != 0 ? 1 : 0
            gmk_accessible_set_expanded(inner, open)
            if let menuButton = outer.object { gmk_accessible_set_expanded(menuButton, open) }
        }
    }

    /// Leaves the images and arrows inside a named button out of what a screen reader hears:
    /// the button's name already says what they show.
    package static func hideDecorations(under widget: UnsafeMutablePointer<GtkWidget>) {
        lookUpTidyTypes()
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            let role = tidyRoles[gmk_type_of(current.gpointer)]
            if role == .image || role == .arrow {
                gmk_accessible_set_hidden(current)
            } else {
                hideDecorations(under: current)
            }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Tidies what a screen reader hears of an open menu (a `GtkPopoverMenu`) titled `title`.
    ///
    /// GTK 4.8 names the parts of its popover menus by their types: the popover's content
    /// ("GtkPopoverContent"), its pages ("GtkStackPage"), the slots of custom rows ("GtkGizmo"),
    /// the indicators and arrows of its items ("GtkBuiltinIcon"). Here the pages are named by
    /// their menus' titles, a long list and its scroll bars by the page they are on, the
    /// containers are left unnamed (as GTK 4.18 leaves them) and the indicators, arrows and
    /// icons beside labels are left out: each item is named by its label and says whether it
    /// is checked itself. Run when the menu opens, once GTK has made its items.
    package static func tidyMenu(_ popover: UnsafeMutablePointer<GtkWidget>, title: String) {
        // The tidying marks coloured labels for the rows' style to dim.
        CustomRowWidgets.installStyle()
        tidy(under: popover, page: title)
    }

    /// What the tidying does to a widget of one of GTK's types (compared by GType: a menu of a
    /// thousand items has some five thousand widgets).
    private enum TidyRole {
        /// An icon, an arrow, an indicator: left out inside an item (an arrow anywhere).
        case image, arrow
        case container, scrolling
        /// A menu item of GTK's; GMenuKit's rows are known by their class.
        case item
        /// A label: inside an item, one in a destructive item's colour is marked to dim with it.
        case label
    }

    /// GTK's types that the tidying changes, by GType. A type is registered when GTK first
    /// makes one (GtkBuiltinIcon with the first indicator): looked up again until it is.
    private static var tidyRoles: [GType: TidyRole] = [:]
    private static let tidyTypeNames: [(String, TidyRole)] = [
        ("GtkImage", .image), ("GtkBuiltinIcon", .arrow), ("GtkModelButton", .item),
        ("GtkGizmo", .container), ("GtkPopoverContent", .container), ("GtkRange", .container),
        ("GtkListView", .scrolling), ("GtkScrollbar", .scrolling), ("GtkLabel", .label),
    ]

    private static func lookUpTidyTypes() {
        guard tidyRoles.count < tidyTypeNames.count else { return }
        for (name, role) in tidyTypeNames {
            let type = g_type_from_name(name)
            if type != 0 { tidyRoles[type] = role }
        }
    }

    private static func tidy(under widget: UnsafeMutablePointer<GtkWidget>, page: String) {
        lookUpTidyTypes()
        tidyChildren(of: widget, page: page, inItem: false)
    }

    /// `inItem`: inside a menu item, whose label names it; an image in an app's own widget in
    /// the menu may say something, and is left as it is.
    private static func tidyChildren(of widget: UnsafeMutablePointer<GtkWidget>, page: String, inItem: Bool) {
        let isStack = gmk_type_of(widget.gpointer) == gtk_stack_get_type()
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            var childPage = page
            if isStack, let stackPage = gtk_stack_get_page(gmk_stack(widget.gpointer), current) {
                let name = gtk_stack_page_get_name(stackPage).map { String(cString: $0) } ?? ""
                // A submenu's page is named by its item's label, with the access key's mark.
                if name != "main" && !name.isEmpty { childPage = ImportedMenuItem.visibleText(ofMnemonicLabel: name).text }
                gmk_accessible_object_set_label(stackPage.gpointer, childPage)
            }
            let role = tidyRoles[gmk_type_of(current.gpointer)]
            switch role {
            case .arrow:
                gmk_accessible_set_hidden(current)
            case .image where inItem:
                gmk_accessible_set_hidden(current)
            case .container:
                // An empty label is a name: GTK 4.8 then does not fall back to the type's.
                gmk_accessible_set_label(current, "")
                tidyChildren(of: current, page: childPage, inItem: inItem)
            case .scrolling:
                gmk_accessible_set_label(current, childPage)
                tidyChildren(of: current, page: childPage, inItem: inItem)
            case .label where inItem:
                CustomRowWidgets.markIfColoured(current)
            default:
                let isItem = inItem || role == .item || gtk_widget_has_css_class(current, "gmenukit-row") != 0
                    || gtk_widget_has_css_class(current, "gmenukit-icon-row") != 0
                tidyChildren(of: current, page: childPage, inItem: isItem)
            }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// The `GtkToggleButton` a `GtkMenuButton` holds: its first child (libadwaita's split button
    /// finds it the same way; GTK offers no accessor).
    private static func toggleButton(of menuButton: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        guard gmk_is_menu_button(menuButton.gpointer) != 0,
              let first = gtk_widget_get_first_child(menuButton),
              g_type_check_instance_is_a(first.gpointer.assumingMemoryBound(to: GTypeInstance.self),
                                         gtk_toggle_button_get_type()) != 0
        else { return nil }
        return first
    }

    private static func tooltip(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        gtk_widget_get_tooltip_text(widget).map { String(cString: $0) }
    }
}

