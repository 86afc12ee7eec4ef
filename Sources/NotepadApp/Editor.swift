import Foundation
import GMenuKit

/// The text view of a window: what Insert › Date types into while it has the focus.
@MainActor
public final class Editor {
    let textView: UnsafeMutablePointer<GtkTextView>

    init(_ textView: UnsafeMutablePointer<GtkTextView>) { self.textView = textView }

    var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(textView) }

    public var text: String {
        get {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
        set { gtk_text_buffer_set_text(buffer, newValue, -1) }
    }

    public func insertDate() {
        gtk_text_buffer_insert_at_cursor(buffer, Date().formatted(date: .abbreviated, time: .omitted), -1)
    }
}
