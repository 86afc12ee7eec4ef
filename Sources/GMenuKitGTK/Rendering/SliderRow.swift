import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// A slider's row: its label over a `GtkScale` that follows the slider's action state and
/// sets it as the person slides, by pointer or arrow keys. Moving it never closes the menu.
@MainActor
package enum SliderRow {
    package static func make(
        _ attributes: PlannedAttributes, label: UnsafeMutablePointer<GtkWidget>, actions: OpaquePointer
    ) -> UnsafeMutablePointer<GtkWidget> {
        let (lower, upper, step) = SliderValue.range(fromAttribute: attributes.range)
        // GtkScale needs a range wider than one value (the planner dims a slider that has none).
        let scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, lower, upper > lower ? upper : lower + max(1, abs(lower).ulp),
                                             step > 0 ? step : max((upper - lower) / 100, .ulpOfOne))!
        gtk_scale_set_draw_value(gmk_scale(scale), 0)
        gtk_label_set_mnemonic_widget(gmk_label(label), scale)
        // A screen reader hears the slider by its label; GtkRange gives it its value and bounds.
        gmk_accessible_set_labelled_by(scale, label)
        gtk_widget_set_hexpand(scale, 1)

        let row = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_add_css_class(row, "gmenukit-row")
        gtk_box_append(gmk_box(row), label)
        gtk_box_append(gmk_box(row), scale)

        guard let detailed = attributes.action, let dot = detailed.firstIndex(of: ".") else {
            gtk_widget_set_sensitive(row, 0)
            return row
        }
        let name = String(detailed[detailed.index(after: dot)...])
        follow(actions, name: name, with: scale)
        connectWidgetSignal(scale, "value-changed") { scale in
            let value = gtk_range_get_value(gmk_range(scale))
            let state = g_action_group_get_action_state(actions, name)
            defer { if let state { g_variant_unref(state) } }
            // A change that came from the state itself goes no further.
            guard Variants.double(state) != value else { return }
            gtk_widget_activate_action_variant(scale, detailed, g_variant_new_double(value))
        }
        return row
    }

    /// Keeps the scale at the action's state and as sensitive as the action, for as long as
    /// the scale lives.
    private static func follow(_ actions: OpaquePointer, name: String, with scale: UnsafeMutablePointer<GtkWidget>) {
        let state = g_action_group_get_action_state(actions, name)
        if let value = Variants.double(state) { gtk_range_set_value(gmk_range(scale), value) }
        if let state { g_variant_unref(state) }
        gtk_widget_set_sensitive(scale, g_action_group_get_action_enabled(actions, name))

        gmk_connect_action_state_changed_while(actions, "action-state-changed::" + name, { _, _, value, scale in
            nonisolated(unsafe) let (value, scale) = (value, scale)
            MainActor.assumeIsolated {
                guard let value = Variants.double(value), let scale else { return }
                let range = gmk_range(scale)
                if gtk_range_get_value(range) != value { gtk_range_set_value(range, value) }
            }
        }, scale.gpointer)
        gmk_connect_action_enabled_changed_while(actions, "action-enabled-changed::" + name, { _, _, enabled, scale in
            nonisolated(unsafe) let scale = scale
            MainActor.assumeIsolated {
                if let scale { gtk_widget_set_sensitive(gmk_widget(scale), enabled) }
            }
        }, scale.gpointer)
    }
}
