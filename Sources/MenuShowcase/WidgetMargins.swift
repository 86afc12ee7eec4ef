import CGtk

/// Gives a widget the same margin on all four sides.
@MainActor
func setMargins(of widget: UnsafeMutablePointer<GtkWidget>, to margin: Int32) {
    gtk_widget_set_margin_top(widget, margin)
    gtk_widget_set_margin_bottom(widget, margin)
    gtk_widget_set_margin_start(widget, margin)
    gtk_widget_set_margin_end(widget, margin)
}
