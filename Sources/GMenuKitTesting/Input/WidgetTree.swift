import CGtk
import GMenuKitBuilder

/// GTK's widget tree read as a list: what a test looks through to find what is on screen.
@MainActor
public enum WidgetTree {
    /// `root` and every widget below it, depth first, in the order GTK lays them out; a
    /// popover parented to a widget is below it.
    public static func all(_ root: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var widgets = [root]
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            widgets += all(current)
            child = gtk_widget_get_next_sibling(current)
        }
        return widgets
    }

    /// Whether `widget` is of the GTK type named `typeName` exactly ("GtkModelButton"), not
    /// of a subclass.
    public static func isWidget(_ widget: UnsafeMutablePointer<GtkWidget>, ofType typeName: String) -> Bool {
        String(cString: gmk_type_name_of(widget.gpointer)) == typeName
    }

    /// Whether a person sees `widget`: mapped and given room.
    public static func isShown(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_get_mapped(widget) != 0 && gtk_widget_get_width(widget) > 0 && gtk_widget_get_height(widget) > 0
    }

    /// The texts of the labels inside `widget`, in layout order (as shown: without the
    /// access keys' marks).
    public static func labels(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        all(widget).filter { isWidget($0, ofType: "GtkLabel") }.map { String(cString: gtk_label_get_text(gmk_label($0.gpointer))) }
    }

    /// The popovers below `root` that are shown now (mapped), depth first: a submenu's nested
    /// popover comes after the menu it opened from.
    public static func shownPopovers(below root: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        all(root).filter { gmk_is_popover($0.gpointer) != 0 && gtk_widget_get_mapped($0) != 0 }
    }
}
