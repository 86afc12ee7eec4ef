import CGtk

/// Builds GMenuKit's own menu rows: what GTK 4.8's model buttons cannot show.
///
/// A command row is a flat `GtkButton` bound to the item's action (so it dims when the action
/// is disabled) holding icon, label with mnemonic, subtitle and shortcut; styled like the
/// model buttons around it. Check and radio rows are `GtkCheckButton`s bound the same way.
/// Rows in a compact row (a stepper's, a control group's) are icon buttons.
@MainActor
enum CustomRowWidgets {
    /// A new, floating row widget for `spec`. `actions` is the rendered menu's own group, which
    /// a slider follows.
    static func make(_ spec: CustomRowSpec, actions: OpaquePointer) -> UnsafeMutablePointer<GtkWidget> {
        installStyle()
        let attributes = spec.attributes
        let row: UnsafeMutablePointer<GtkWidget>
        switch attributes.row ?? .command {
        case .command:
            row = gtk_button_new()
            gtk_button_set_child(gmk_button(row), commandContent(attributes))
            gtk_widget_add_css_class(row, "flat")
            gtk_widget_add_css_class(row, "gmenukit-row")
        case .check, .radio:
            row = gtk_check_button_new()
            let label = label(attributes)
            gtk_check_button_set_child(gmk_check_button(row), label)
            gtk_widget_add_css_class(row, "gmenukit-row")
        case .icon:
            if let icon = attributes.verbIcon ?? attributes.icon {
                row = gtk_button_new_from_icon_name(icon)
                gtk_widget_add_css_class(row, "image-button")
                let plain = plainText(attributes)
                gtk_widget_set_tooltip_text(row, plain)
                gmk_accessible_set_label(row, plain)
            } else {
                // No icon was given: the label stands in for it.
                row = gtk_button_new()
                gtk_button_set_child(gmk_button(row), label(attributes))
            }
            for name in ["flat", "model", "gmenukit-icon-row"] { gtk_widget_add_css_class(row, name) }
        case .slider:
            return SliderRow.make(attributes, label: label(attributes), actions: actions)
        }
        bindAction(row, attributes)
        return row
    }

    private static func commandContent(_ attributes: PlannedAttributes) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        if let icon = attributes.icon {
            let image = gtk_image_new_from_icon_name(icon)!
            gtk_widget_add_css_class(image, "gmenukit-icon")
            gtk_box_append(gmk_box(box), image)
        }
        let text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_hexpand(text, 1)
        gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
        gtk_box_append(gmk_box(text), label(attributes))
        if let subtitle = attributes.subtitle {
            let line = gtk_label_new(subtitle)!
            gtk_label_set_xalign(gmk_label(line), 0)
            gtk_label_set_wrap(gmk_label(line), 1)
            gtk_label_set_max_width_chars(gmk_label(line), 40)
            gtk_widget_add_css_class(line, "gmenukit-subtitle")
            gtk_box_append(gmk_box(text), line)
        }
        gtk_box_append(gmk_box(box), text)
        if let accel = attributes.accel, !accel.isEmpty, attributes.action != nil {
            var key: guint = 0
            var modifiers = GdkModifierType(rawValue: 0)
            if gtk_accelerator_parse(accel, &key, &modifiers) != 0, key != 0,
               let text = gtk_accelerator_get_label(key, modifiers) {
                let shortcut = gtk_label_new(text)!
                g_free(text)
                gtk_widget_add_css_class(shortcut, "gmenukit-accelerator")
                gtk_box_append(gmk_box(box), shortcut)
            }
        }
        return box
    }

    /// The item's label with its mnemonic; markup (a destructive item's colour) where planned.
    private static func label(_ attributes: PlannedAttributes) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        if attributes.useMarkup {
            gtk_label_set_markup_with_mnemonic(gmk_label(label), attributes.label ?? "")
        } else {
            gtk_label_set_text_with_mnemonic(gmk_label(label), attributes.label ?? "")
        }
        gtk_label_set_xalign(gmk_label(label), 0)
        return label
    }

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
            // GTK dims a model button without an action; the row does the same.
            gtk_widget_set_sensitive(row, 0)
            return
        }
        gtk_actionable_set_action_name(gmk_actionable(row), action)
        if let target = attributes.target {
            gtk_actionable_set_action_target_value(gmk_actionable(row), g_variant_new_string(target))
        }
    }

    private static var isStyleInstalled = false

    /// Rows look like the model buttons beside them (metrics from GTK's default theme).
    private static func installStyle() {
        guard !isStyleInstalled, let display = gdk_display_get_default() else { return }
        isStyleInstalled = true
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, gmk_style_provider(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider.gpointer)
    }

    private static let css = """
        popover.menu button.gmenukit-row, popover.menu checkbutton.gmenukit-row {
          min-height: 30px; min-width: 40px; padding: 0 12px; border-radius: 5px;
          font-weight: normal; }
        popover.menu button.gmenukit-row:hover, popover.menu button.gmenukit-row:focus-visible,
        popover.menu checkbutton.gmenukit-row:hover, popover.menu checkbutton.gmenukit-row:focus-visible {
          background-color: alpha(currentColor, 0.1); }
        popover.menu button.gmenukit-row:active { background-color: alpha(currentColor, 0.16); }
        popover.menu .gmenukit-row:focus-visible, popover.menu .gmenukit-icon-row:focus-visible {
          outline-color: transparent; }
        popover.menu button.gmenukit-row label { font-weight: normal; }
        popover.menu .gmenukit-subtitle { font-size: smaller; opacity: 0.7; }
        popover.menu .gmenukit-accelerator { color: alpha(currentColor, 0.55); margin-left: 12px; }
        popover.menu button.gmenukit-icon-row { min-height: 30px; min-width: 30px; padding: 0 6px; }
        popover.menu box.gmenukit-row { padding: 4px 12px; }
        popover.menu box.gmenukit-row scale { min-width: 200px; }
        """
}
