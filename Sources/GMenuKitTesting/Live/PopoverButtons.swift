import CGtk
import GMenuKitGTK

/// The items a `GtkPopoverMenu` shows, as GTK drew them: one `GtkModelButton` per visible item,
/// read through its properties (`text`, `role`, `active`, `accel`) and its sensitivity.
///
/// Why: GTK 4.8 has no public way to ask whether a widget class's action (`clipboard.copy`) is
/// enabled, nor what accel the action muxer found for it; the button GTK made for the item has
/// both. A hidden item (`hidden-when`) has no button at all.
@MainActor
struct PopoverButtons {
    /// What one button shows.
    struct Button {
        let title: String
        let isSensitive: Bool
        /// GtkButtonRole: 0 normal, 1 check, 2 radio (3 is a submenu page's title button).
        let role: Int32
        let isActive: Bool
        let accel: String?
    }

    /// Buttons by title, in the widget tree's order (the main page, then each submenu's page).
    private var byTitle: [String: [Button]] = [:]
    /// How many of each title were handed out, so that repeated titles pair up in order.
    private var taken: [String: Int] = [:]

    init(_ popover: UnsafeMutablePointer<GtkWidget>) {
        collect(popover)
    }

    private mutating func collect(_ widget: UnsafeMutablePointer<GtkWidget>) {
        // Only buttons GTK made for items carry their tracker item; a submenu page's title
        // ("‹ Sub") does not.
        if String(cString: gmk_type_name_of(widget)) == "GtkModelButton",
           g_object_get_data(gmk_object(widget), "GtkMenuTrackerItem") != nil {
            let text = gmk_object_dup_string(widget, "text")
            let accel = gmk_object_dup_string(widget, "accel")
            let title = text.map { String(cString: $0) } ?? ""
            let button = Button(
                title: Self.normalized(title), isSensitive: gtk_widget_get_sensitive(widget) != 0,
                role: gmk_object_get_int(widget, "role"), isActive: gmk_object_get_boolean(widget, "active") != 0,
                accel: accel.map { String(cString: $0) })
            g_free(text)
            g_free(accel)
            byTitle[button.title, default: []].append(button)
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            collect(current)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// The next button titled `title` (as ``LiveMenu`` reads it from the model), nil when GTK
    /// shows none: the item is hidden. Items with the same title pair up in menu order.
    mutating func take(_ title: String) -> Button? {
        let key = Self.normalized(title)
        let index = taken[key, default: 0]
        guard let buttons = byTitle[key], index < buttons.count else { return nil }
        taken[key] = index + 1
        return buttons[index]
    }

    /// A button's text is its label's: the access key's mark is gone, the invisible marks that
    /// keep submenu labels apart stay; neither is part of a title.
    private static func normalized(_ text: String) -> String {
        var text = text
        text.unicodeScalars.removeAll { $0 == "\u{200B}" }
        return text
    }
}
