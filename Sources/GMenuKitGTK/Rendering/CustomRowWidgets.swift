import CGtk
import CMenuObjects
import GMenuKitCore
import GMenuKitBuilder

/// Builds GMenuKit's own menu rows: what GTK 4.8's model buttons cannot show.
///
/// A command row is a `GtkButton` bound to the item's action (so it dims when the action is
/// disabled) holding icon, label with mnemonic, subtitle and shortcut. Check and radio rows are
/// `GtkCheckButton`s bound the same way. Rows in a compact row (a stepper's, a control group's)
/// are icon buttons.
///
/// Each row is made the way GTK makes the model button it stands in for:
/// - Its CSS node is named `modelbutton` (icon rows: `button` with `model` and `image-button`,
///   as GTK names its iconic model buttons), so the theme draws it with its menu item rules
///   (colour, hover, the highlight, pressed, dimmed) and no rule for buttons reaches it. A
///   popover's CSS node is a child of the widget it is parented to, so a rule for buttons
///   inside a selected list row, a sidebar, an `.osd` or a header bar (Adwaita's
///   `row:selected button.flat { color: white }`) would otherwise reach the rows in a menu
///   opened there, while GTK's items, being `modelbutton`s, keep the popover's colours.
/// - Its accessible role is GTK's for the item (`accessible-role` is construct-only): a menu
///   item, a menu item checkbox or a menu item radio, with the checked state (GtkCheckButton
///   keeps it; newer GtkCheckButtons set their own role, which the row puts back), named by
///   its label (as a model button is), the subtitle as its description and the shortcut as
///   its key shortcuts, shown beside the label as GTK's items show theirs.
@MainActor
package enum CustomRowWidgets {
    /// A new, floating row widget for `spec`. `actions` is the rendered menu's own group, which
    /// a value control's row follows.
    package static func make(_ spec: CustomRowSpec, actions: OpaquePointer) -> UnsafeMutablePointer<GtkWidget> {
        installStyle()
        let attributes = spec.attributes
        let row: UnsafeMutablePointer<GtkWidget>
        switch attributes.row ?? .command {
        case .widget:
            preconditionFailure("an app's widget is made by its factory")
        case .command:
            row = gmk_widget_new_with_role(gtk_button_get_type(), GTK_ACCESSIBLE_ROLE_MENU_ITEM, "modelbutton")
            let content = commandContent(attributes, of: row)
            gtk_button_set_child(gmk_button(row), content.box)
            gmk_accessible_set_labelled_by(row, content.label)
            if let shortcut = content.shortcut { gmk_accessible_set_key_shortcuts(row, shortcut) }
            if let subtitle = attributes.subtitle { gmk_accessible_set_description(row, subtitle) }
            gtk_widget_add_css_class(row, "flat")
            gtk_widget_add_css_class(row, "gmenukit-row")
        case .check, .radio:
            let role = attributes.row == .radio ? GTK_ACCESSIBLE_ROLE_MENU_ITEM_RADIO : GTK_ACCESSIBLE_ROLE_MENU_ITEM_CHECKBOX
            row = gmk_widget_new_with_role(gmk_check_row_get_type(), role, "modelbutton")
            if GTKAccessibility.checkButtonsSetTheirOwnRole { gmk_keep_accessible_role(row, role) }
            // The indicator gets the class GtkModelButton gives its own (`left`, or `right` right
            // to left: gtkmodelbutton.c, update_start_indicator), so that the theme's menu rule
            // for it (its margins) places it, and the label after it, where GTK's are.
            if let indicator = gtk_widget_get_first_child(row) {
                gtk_widget_add_css_class(indicator, gtk_widget_get_direction(row) == GTK_TEXT_DIR_RTL ? "right" : "left")
            }
            let label = label(attributes)
            gtk_widget_set_hexpand(label, 1)
            let shortcut = shortcutLabel(attributes)
            if shortcut != nil || attributes.badge != nil || attributes.subtitle != nil || attributes.icon != nil {
                // The shortcut shows beside the label, as in GTK's check and radio items.
                let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
                if let icon = attributes.icon {
                    let image = gtk_image_new_from_icon_name(icon)!
                    gtk_widget_add_css_class(image, "gmenukit-icon")
                    gtk_box_append(gmk_box(box), image)
                }
                if let subtitle = attributes.subtitle {
                    let text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
                    gtk_widget_set_hexpand(text, 1)
                    gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
                    gtk_box_append(gmk_box(text), label)
                    gtk_box_append(gmk_box(text), subtitleLabel(subtitle))
                    gtk_box_append(gmk_box(box), text)
                    gmk_accessible_set_description(row, subtitle)
                } else {
                    gtk_box_append(gmk_box(box), label)
                }
                if let badge = attributes.badge { gtk_box_append(gmk_box(box), badgeLabel(badge)) }
                if let shortcut {
                    gtk_box_append(gmk_box(box), acceleratorLabel(shortcut))
                    gmk_accessible_set_key_shortcuts(row, shortcut)
                }
                gtk_check_button_set_child(gmk_check_button(row), box)
            } else {
                gtk_check_button_set_child(gmk_check_button(row), label)
            }
            gmk_accessible_set_labelled_by(row, label)
            gtk_widget_add_css_class(row, "flat")
            gtk_widget_add_css_class(row, "gmenukit-row")
        case .icon:
            row = gmk_widget_new_with_role(gtk_button_get_type(), GTK_ACCESSIBLE_ROLE_MENU_ITEM, nil)
            if let icon = attributes.verbIcon ?? attributes.icon {
                gtk_button_set_icon_name(gmk_button(row), icon)
                let plain = plainText(attributes)
                gtk_widget_set_tooltip_text(row, attributes.help ?? plain)
                gmk_accessible_set_label(row, plain)
                // GTK makes a tooltip the description; here it only repeats the name, unless
                // it is the item's help.
                if attributes.help == nil { gmk_accessible_reset_description(row) }
            } else {
                // No icon was given: the label stands in for it.
                let label = label(attributes)
                gtk_button_set_child(gmk_button(row), label)
                gmk_accessible_set_labelled_by(row, label)
            }
            // GTK's iconic model buttons: a `button` node, not flat (Adwaita's rules for flat
            // buttons inside selected rows would reach it).
            for name in ["image-button", "model", "gmenukit-icon-row"] { gtk_widget_add_css_class(row, name) }
        case .kindRow(let id):
            return ItemKindRows.make(id, attributes, label: label(attributes), actions: actions)
        }
        if let badge = attributes.badge, attributes.subtitle == nil, attributes.help == nil {
            // Heard after the name, as it is seen after the label.
            gmk_accessible_set_description(row, badge)
        }
        if let help = attributes.help, attributes.row != .icon {
            // GTK makes the tooltip the row's accessible description; a subtitle says more.
            gtk_widget_set_tooltip_text(row, help)
            if let subtitle = attributes.subtitle { gmk_accessible_set_description(row, subtitle) }
        }
        bindAction(row, attributes)
        return row
    }

    /// The smaller line under a row's label (rule L6).
    private static func subtitleLabel(_ subtitle: String) -> UnsafeMutablePointer<GtkWidget> {
        let line = gtk_label_new(subtitle)!
        gtk_label_set_xalign(gmk_label(line), 0)
        gtk_label_set_wrap(gmk_label(line), 1)
        gtk_label_set_max_width_chars(gmk_label(line), 40)
        gtk_widget_add_css_class(line, "gmenukit-subtitle")
        return line
    }

    /// A badge at the end of a row (`.badge`): a small rounded label in the theme's colours.
    private static func badgeLabel(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let badge = gtk_label_new(text)!
        gtk_widget_add_css_class(badge, "gmenukit-badge")
        gtk_widget_set_valign(badge, GTK_ALIGN_CENTER)
        return badge
    }

    /// A command row's one box: the icon, the label (over its subtitle, if any), the badge and
    /// the shortcut, 8 pixels apart, after a start box where the page has a column of check
    /// and radio indicators (``RowIndicatorAlignment`` puts one first). The gaps are the pieces'
    /// margins, not the box's spacing, which would also follow the start box: one box and no
    /// box around a lone label keep a row with an icon at four widgets (seven before), and a
    /// long menu measures and styles each one.
    private static func commandContent(
        _ attributes: PlannedAttributes, of row: UnsafeMutablePointer<GtkWidget>
    ) -> (box: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>, shortcut: String?) {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        RowIndicatorAlignment.willAlign(row, inBox: box)
        var follows = false
        func append(_ piece: UnsafeMutablePointer<GtkWidget>) {
            if follows { gtk_widget_set_margin_start(piece, 8) }
            gtk_box_append(gmk_box(box), piece)
            follows = true
        }
        if let icon = attributes.icon {
            let image = gtk_image_new_from_icon_name(icon)!
            gtk_widget_add_css_class(image, "gmenukit-icon")
            append(image)
        }
        let title = label(attributes)
        let text: UnsafeMutablePointer<GtkWidget>
        if let subtitle = attributes.subtitle {
            text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_box_append(gmk_box(text), title)
            gtk_box_append(gmk_box(text), subtitleLabel(subtitle))
        } else {
            text = title
        }
        gtk_widget_set_hexpand(text, 1)
        gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
        append(text)
        if let badge = attributes.badge { append(badgeLabel(badge)) }
        let shortcut = shortcutLabel(attributes)
        if let shortcut { append(acceleratorLabel(shortcut)) }
        return (box, title, shortcut)
    }

    /// The shortcut's label, heard as GTK's model button lets its accelerator be heard: a label
    /// of its own where AT-SPI carries no key shortcuts (GTK 4.8), hidden from the accessibility
    /// tree where the row's key shortcuts say it (GTK 4.18, `keyshortcuts`).
    private static func acceleratorLabel(_ shortcut: String) -> UnsafeMutablePointer<GtkWidget> {
        let accelerator: UnsafeMutablePointer<GtkWidget>
        if GTKAccessibility.keyShortcutsReachATSPI {
            accelerator = gmk_widget_new_with_role(gtk_label_get_type(), GTK_ACCESSIBLE_ROLE_PRESENTATION, nil)
            gtk_label_set_text(gmk_label(accelerator), shortcut)
        } else {
            accelerator = gtk_label_new(shortcut)!
        }
        gtk_widget_add_css_class(accelerator, "gmenukit-accelerator")
        return accelerator
    }

    /// The shortcut as GTK shows it ("Ctrl+Z"), when the item shows one.
    private static func shortcutLabel(_ attributes: PlannedAttributes) -> String? {
        guard let accel = attributes.accel, !accel.isEmpty, attributes.action != nil else { return nil }
        return GMenuKitGTK.acceleratorLabel(accel)
    }

    /// The item's label with its mnemonic; markup (a destructive item's colour) where planned.
    private static func label(_ attributes: PlannedAttributes) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        if attributes.useMarkup {
            gtk_label_set_markup_with_mnemonic(gmk_label(label), attributes.label ?? "")
            markIfColoured(label)
        } else {
            gtk_label_set_text_with_mnemonic(gmk_label(label), attributes.label ?? "")
        }
        gtk_label_set_xalign(gmk_label(label), 0)
        return label
    }

    /// Marks a label drawn in a destructive item's colour, so that it dims with its item: the
    /// markup's colour wins over the theme's dimmed one (`gmenukit-destructive:disabled`).
    package static func markIfColoured(_ label: UnsafeMutablePointer<GtkWidget>) {
        guard gtk_label_get_use_markup(gmk_label(label)) != 0, let markup = gtk_label_get_label(gmk_label(label)),
              strncmp(markup, colouredPrefix, colouredPrefix.utf8.count) == 0 else { return }
        gtk_widget_add_css_class(label, "gmenukit-destructive")
    }

    private static let colouredPrefix = "<span foreground=\""

    /// The label as a person reads it: no mnemonic marks, no markup.
    private static func plainText(_ attributes: PlannedAttributes) -> String {
        let label = gtk_label_new(nil)!
        g_object_ref_sink(label.gpointer)
        defer { g_object_unref(label.gpointer) }
        if attributes.useMarkup {
            gtk_label_set_markup_with_mnemonic(gmk_label(label), attributes.label ?? "")
        } else {
            gtk_label_set_text_with_mnemonic(gmk_label(label), attributes.label ?? "")
        }
        return String(cString: gtk_label_get_text(gmk_label(label)))
    }

    private static func bindAction(_ row: UnsafeMutablePointer<GtkWidget>, _ attributes: PlannedAttributes) {
        guard let action = attributes.action else {
            // Choosing an item without an action does nothing, so the row is dimmed (GTK 4.8's
            // own button would look enabled: dimmed items name a missing action instead).
            gtk_widget_set_sensitive(row, 0)
            return
        }
        gtk_actionable_set_action_name(gmk_actionable(row), action)
        if let target = attributes.target {
            gtk_actionable_set_action_target_value(gmk_actionable(row), g_variant_new_string(target))
        } else if let target = attributes.targetValue, let value = VariantText.parse(target) {
            gtk_actionable_set_action_target_value(gmk_actionable(row), value)
            g_variant_unref(value)
        }
    }

    private static var isStyleInstalled = false

    /// Rows look like the model buttons beside them (metrics from GTK's default theme).
    package static func installStyle() {
        guard !isStyleInstalled, let display = gdk_display_get_default() else { return }
        isStyleInstalled = true
        let provider = gtk_css_provider_new()!
        gmk_css_provider_load(provider, css)
        gtk_style_context_add_provider_for_display(display, gmk_style_provider(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider.gpointer)
    }

    /// What the theme's `modelbutton` rules do not give a row: its subtitle and shortcut, and
    /// the compact metrics of icon rows. Colours come from the theme (currentColor).
    ///
    /// A popover's CSS node is a child of its parent's, and GTK's default theme gives a popover
    /// menu's contents a background but no colour: in a menu opened on an `.osd` widget, GTK's
    /// own items inherit the light `.osd` text and vanish on the white popover. GMenuKit's menus
    /// (`gmenukit-menu`, and the popovers of a GMenuKit menu bar) take the theme's foreground
    /// colour, the one their items have under a plain window, for GTK's items and rows alike.
    private static let css = """
        popover.menu.gmenukit-menu > contents, .gmenukit-menu popover.menu > contents { color: @theme_fg_color; }
        popover.menu modelbutton.gmenukit-row:focus-visible, popover.menu .gmenukit-icon-row:focus-visible {
          outline-color: transparent; }
        popover.menu .gmenukit-subtitle { font-size: smaller; opacity: 0.7; }
        popover.menu label.gmenukit-destructive:disabled { opacity: 0.6; }
        popover.menu .gmenukit-accelerator { color: alpha(currentColor, 0.55); margin-left: 12px; }
        popover.menu button.gmenukit-icon-row { min-height: 30px; min-width: 30px; padding: 0 6px; }
        popover.menu box.gmenukit-row { padding: 4px 12px; }
        popover.menu box.gmenukit-row scale { min-width: 200px; }
        popover.menu .gmenukit-badge { font-size: smaller; font-weight: bold; padding: 0 6px; min-width: 10px;
          border-radius: 9px; background-color: alpha(currentColor, 0.15); margin-left: 12px; }
        """
}

/// What the running GTK does for accessibility, where it differs from GTK 4.8, the version
/// GMenuKit is built against (`gtk_get_minor_version`, read at run time).
@MainActor
package enum GTKAccessibility {
    /// GtkCheckButton sets its own role, checkbox or radio, when it learns its action's kind
    /// (GTK 4.18: gtkcheckbutton.c, `update_button_role` through `force_set_accessible_role`),
    /// over the menu item checkbox or radio a row is made with. GTK 4.8 keeps the role given at
    /// construction (`accessible-role` is construct-only there).
    package static let checkButtonsSetTheirOwnRole = gtk_get_major_version() > 4 || gtk_get_minor_version() >= 10

    /// AT-SPI carries a widget's key shortcuts (the `keyshortcuts` attribute, GTK 4.17.3 and
    /// later), and GtkModelButton hides its accelerator label from the accessibility tree
    /// (`accessible-role` presentation) and sets its key shortcuts instead. GTK 4.8 exports no
    /// key shortcuts: the accelerator label is heard as a label inside the item.
    package static let keyShortcutsReachATSPI = gtk_get_major_version() > 4 || gtk_get_minor_version() >= 18
}
