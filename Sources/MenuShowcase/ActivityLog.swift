import CGtk
import GMenuKit

/// A read-only, scrolling list of what happened, one line per action or change of state.
@MainActor
final class ActivityLog {
    /// The scrolled window to put in a layout.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let textView: UnsafeMutablePointer<GtkTextView>
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    /// Stays at the end as text is added (right gravity), so the view can follow the last line.
    private let endMark: UnsafeMutablePointer<GtkTextMark>

    init() {
        let view = gtk_text_view_new()!
        textView = gmk_text_view(view)
        gtk_text_view_set_editable(textView, 0)
        gtk_text_view_set_cursor_visible(textView, 0)
        gtk_text_view_set_monospace(textView, 1)
        gtk_text_view_set_wrap_mode(textView, GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_left_margin(textView, 12)
        gtk_text_view_set_right_margin(textView, 12)
        gtk_text_view_set_top_margin(textView, 8)
        gtk_text_view_set_bottom_margin(textView, 8)
        buffer = gtk_text_view_get_buffer(textView)
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        endMark = gtk_text_buffer_create_mark(buffer, nil, &end, 0)

        widget = gtk_scrolled_window_new()
        let scrolled = gmk_scrolled_window(widget)
        gtk_scrolled_window_set_has_frame(scrolled, 1)
        gtk_scrolled_window_set_child(scrolled, view)
        gtk_widget_set_vexpand(widget, 1)
        setAccessibilityLabel("Activity", on: view)
        setAccessibilityLabel("Activity", on: widget)
    }

    func append(_ line: String) {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        let separator = gtk_text_buffer_get_char_count(buffer) == 0 ? "" : "\n"
        gtk_text_buffer_insert(buffer, &end, separator + line, -1)
        gtk_text_view_scroll_mark_onscreen(textView, endMark)
    }
}
