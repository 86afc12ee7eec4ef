import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// A button that opens a menu of commands (rules P1–P9): a `GtkMenuButton` showing the menu's
/// title and/or icon, opened by a click, by pressing and holding, or from the keyboard (Space
/// or Return). With a primary action (rule D1) the control is a linked pair: a button that
/// performs the action on click and opens the menu when held, and an arrow that opens it.
///
/// ```swift
/// let add = PullDownButton(Menu("Add", icon: "list-add-symbolic") {
///     Button("Photo") { … }
///     Button("Document") { … }
///     Button("Scan…") { … }
/// })
/// gtk_box_append(toolbar, add.widget)
/// ```
@MainActor
public final class PullDownButton: MenuControl {
    public let widget: UnsafeMutablePointer<GtkWidget>
    public let menu: RenderedMenu
    /// The `GtkMenuButton` that opens the menu: the whole control, or its arrow.
    public let menuButton: UnsafeMutablePointer<GtkWidget>
    /// The button that performs the primary action, when the menu has one.
    public let primaryButton: UnsafeMutablePointer<GtkWidget>?

    /// A pull-down button for `menu`. A `menuTitle` heads the open menu; give one only when it
    /// adds meaning beyond the button's own label (rule P5).
    public init(_ menu: Menu, menuTitle: String? = nil) {
        let shown = menuTitle.map { title in
            Menu(menu.title, icon: menu.icon, content: { Section(title) { menu.content() } },
                 primaryAction: menu.primaryAction)
        } ?? menu
        self.menu = RenderedMenu(shown, actionPrefix: "menu", isPresented: true)
        self.menu.guidelineContext = .pullDown
        menuButton = gtk_menu_button_new()
        gtk_widget_add_css_class(menuButton, "gmenukit-pull-down")

        if let primaryAction = menu.primaryAction {
            let button = gtk_button_new()!
            gtk_button_set_child(gmk_button(button), Self.face(title: menu.title, icon: menu.icon))
            connectWidgetSignal(button, "clicked") { _ in primaryAction() }
            if let help = menu.helpText { gtk_widget_set_tooltip_text(button, help) }
            ControlAccessibility.name(button: button, Self.accessibleName(of: menu), description: menu.helpText)
            // The arrow alone: GtkMenuButton draws one when it has neither label nor icon.
            gtk_widget_set_tooltip_text(menuButton, "Show Menu")
            ControlAccessibility.name(menuButton: menuButton, menu.title.isEmpty ? "Show Menu" : "\(Self.accessibleName(of: menu)) Menu")
            let pair = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            gtk_widget_add_css_class(pair, "linked")
            gtk_box_append(gmk_box(pair), button)
            gtk_box_append(gmk_box(pair), menuButton)
            primaryButton = button
            widget = pair
        } else {
            Self.dress(menuButton, title: menu.title, icon: menu.icon, style: menu.titleStyle, indicator: menu.indicator)
            if let help = menu.helpText { gtk_widget_set_tooltip_text(menuButton, help) }
            ControlAccessibility.name(menuButton: menuButton, Self.accessibleName(of: menu), description: menu.helpText)
            primaryButton = nil
            widget = menuButton
        }
        self.menu.attach(toMenuButton: menuButton)
        self.menu.followThemeColors(of: menuButton)
        ControlAccessibility.followsMenu(menuButton)
        if menu.title.isEmpty && menu.accessibleName == nil {
            RenderedMenu.diagnosticHandler(MenuDiagnostic(severity: .warning, path: "(untitled)",
                message: "a pull-down button with no title gives a screen reader nothing to call it but \"Menu\"; give the menu a title or `.accessibilityLabel(_:)`"))
        }
        // Rule P9: pressing and holding opens the menu too; over the primary button it opens
        // the menu instead of performing the action.
        MenuButtonHold.opens(menuButton, whenHeld: primaryButton ?? menuButton)
        WidgetOwnership.give(self, to: widget, key: "gmenukit-control")
    }

    /// A "More" button (rule P8): an ellipsis icon holding secondary items where space is
    /// tight. It costs discoverability; keep primary actions out of it.
    public static func more(@MenuContentBuilder content: @escaping @MainActor () -> any MenuContent) -> PullDownButton {
        PullDownButton(Menu("More", icon: "view-more-symbolic", content: content))
    }

    /// Opens the menu.
    public func popup() { gtk_menu_button_popup(gmk_menu_button(menuButton)) }

    /// Closes the menu.
    public func popdown() { gtk_menu_button_popdown(gmk_menu_button(menuButton)) }

    /// The menu button shows the title, the icon, or both, and a chevron when there is text.
    /// A menu's `.labelStyle` picks title or icon alone; its `.menuIndicator` hides the chevron
    /// (`.hidden`) or shows it beside an icon too (`.visible`).
    private static func dress(
        _ menuButton: UnsafeMutablePointer<GtkWidget>, title: String, icon: String?,
        style: LabelStyle = .automatic, indicator: Visibility = .automatic
    ) {
        let button = gmk_menu_button(menuButton)
        var icon = icon
        if style == .titleOnly && !title.isEmpty { icon = nil }
        if style == .iconOnly, let icon, !title.isEmpty {
            gtk_menu_button_set_icon_name(button, icon)
            gtk_widget_set_tooltip_text(menuButton, title)
            gtk_menu_button_set_always_show_arrow(button, indicator == .visible ? 1 : 0)
            return
        }
        defer {
            // GTK 4.4's always-show-arrow: off leaves the chevron out beside an icon; beside a
            // label GtkMenuButton always draws one, so a hidden indicator takes the label as the
            // button's child instead (gtk_menu_button_set_child, 4.6).
            switch indicator {
            case .automatic: break
            case .visible: gtk_menu_button_set_always_show_arrow(button, 1)
            case .hidden:
                gtk_menu_button_set_always_show_arrow(button, 0)
                if icon == nil {
                    let label = gtk_label_new(title)!
                    gtk_menu_button_set_child(button, label)
                }
            }
        }
        switch (title.isEmpty, icon) {
        case (_, nil):
            gtk_menu_button_set_label(button, title)
            gtk_menu_button_set_always_show_arrow(button, 1)
        case (true, let icon?):
            gtk_menu_button_set_icon_name(button, icon)
        case (false, let icon?) where icon == "view-more-symbolic" || icon == "open-menu-symbolic":
            // Icons that already say "menu" carry the title as tooltip (and accessible name).
            gtk_menu_button_set_icon_name(button, icon)
            gtk_widget_set_tooltip_text(menuButton, title)
        case (false, let icon?):
            gtk_menu_button_set_child(button, face(title: title, icon: icon))
            gtk_menu_button_set_always_show_arrow(button, 1)
        }
    }

    /// What a screen reader calls the control: the menu's accessibility label, else its title
    /// (shown, or the tooltip of an icon alone).
    private static func accessibleName(of menu: Menu) -> String {
        menu.accessibleName ?? (menu.title.isEmpty ? "Menu" : MenuLabelText.normalize(menu.title).text)
    }

    /// An icon and a label side by side (or either alone), for a button's child.
    private static func face(title: String, icon: String?) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        if let icon { gtk_box_append(gmk_box(box), gtk_image_new_from_icon_name(icon)) }
        if !title.isEmpty || icon == nil {
            gtk_box_append(gmk_box(box), gtk_label_new(title))
        }
        return box
    }
}

/// Opens a menu button's menu when a widget is pressed and held (rule P9), with the pointer or
/// a finger. The hold claims the press, so the release neither toggles the menu shut again nor
/// clicks the button underneath.
@MainActor
package enum MenuButtonHold {
    package static func opens(_ menuButton: UnsafeMutablePointer<GtkWidget>, whenHeld held: UnsafeMutablePointer<GtkWidget>) {
        let hold = gtk_gesture_long_press_new()!
        // Capture: the hold sees the press before the button's own click gesture does.
        gtk_event_controller_set_propagation_phase(gmk_event_controller(hold.gpointer), GTK_PHASE_CAPTURE)
        let target = WeakObjectPointer(menuButton)
        gmk_connect_long_press(hold, { gesture, _, _, data in
            nonisolated(unsafe) let (gesture, data) = (gesture, data)
            MainActor.assumeIsolated {
                if let gesture { gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED) }
                if let button = SwiftClosureData.object(data, as: WeakObjectPointer<GtkWidget>.self).object {
                    gtk_menu_button_popup(gmk_menu_button(button))
                }
            }
        }, SwiftClosureData.retained(target), SwiftClosureData.releaseOnClosureDestroy)
        gtk_widget_add_controller(held, gmk_event_controller(hold.gpointer))
    }
}
