import CGtk

/// `root` and every widget below it, depth first, in the order GTK lays them out.
@MainActor
func widgetTree(_ root: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    var widgets = [root]
    var child = gtk_widget_get_first_child(root)
    while let current = child {
        widgets += widgetTree(current)
        child = gtk_widget_get_next_sibling(current)
    }
    return widgets
}

/// Whether the widget is of the GTK type with this name ("GtkModelButton").
func isWidget(_ widget: UnsafeMutablePointer<GtkWidget>, ofType typeName: String) -> Bool {
    String(cString: gmk_type_name_of(widget)) == typeName
}
