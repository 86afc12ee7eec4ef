import CGtk
import GMenuKitGTK

/// Names a widget of the app's own for screen readers, as SwiftUI's `.accessibilityLabel(_:)`:
/// a text view ("Document"), a list ("Notes"). GTK 4.8 names a widget nobody named by its type
/// ("GtkTextView"); GTK 4.10 and later by nothing.
///
/// A `GtkScrolledWindow` passes the name on to its scroll bars (GTK 4.8 calls them
/// "GtkScrollbar"), so a screen reader hears what they scroll.
@MainActor
public func setAccessibilityLabel(_ label: String, on widget: UnsafeMutablePointer<GtkWidget>) {
    gmk_accessible_set_label(widget, label)
    guard gmk_is_scrolled_window(widget.gpointer) != 0 else { return }
    let scrolled = gmk_scrolled_window(widget.gpointer)
    for scrollBar in [gtk_scrolled_window_get_vscrollbar(scrolled), gtk_scrolled_window_get_hscrollbar(scrolled)] {
        guard let scrollBar else { continue }
        gmk_accessible_set_label(scrollBar, label)
        // GTK 4.8's scroll bar holds a GtkRange of its own, named by its type too.
        var child = gtk_widget_get_first_child(scrollBar)
        while let current = child {
            gmk_accessible_set_label(current, "")
            child = gtk_widget_get_next_sibling(current)
        }
    }
}

/// Names a typed widget (`GtkTextView`, `GtkListView`, …) for screen readers, as the widget form does.
@MainActor
public func setAccessibilityLabel<Widget: GObjectType>(_ label: String, on widget: UnsafeMutablePointer<Widget>) {
    setAccessibilityLabel(label, on: gmk_widget(widget.gpointer))
}
