/// Makes an app widget for a menu slot. Two factories of one id are the same item: a refresh
/// keeps the widget that is shown rather than making a new one.
package final class MenuWidgetFactory: Equatable, @unchecked Sendable {
    /// The `custom` slot the widget fills.
    package let id: String
    /// Makes the widget: a `GtkWidget` the GTK layer takes over (the core names no GTK type).
    package let make: @MainActor () -> UnsafeMutableRawPointer
    /// What the widget is, as a diagnostic names it ("a scrolling list"), when it has no title
    /// of its own: `id` is GMenuKit's internal name for a widget GMenuKit makes.
    package let description: String?
    /// What a widget GMenuKit makes shows (a scrolling list's rows), for those who read the
    /// menu where no widget exists yet: a context menu's popover is made only when it opens.
    package let content: AnyObject?

    package init(id: String, description: String? = nil, content: AnyObject? = nil,
                 make: @escaping @MainActor () -> UnsafeMutableRawPointer) {
        self.id = id
        self.description = description
        self.content = content
        self.make = make
    }

    package static func == (lhs: MenuWidgetFactory, rhs: MenuWidgetFactory) -> Bool { lhs.id == rhs.id }
}

