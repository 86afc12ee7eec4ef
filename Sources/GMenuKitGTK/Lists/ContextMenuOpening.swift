import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// What a context menu asks, at each opening, of whatever decides what the menu is about: a
/// list's items (``ListMenuTarget``). A plain context menu has none and is about its widget.
@MainActor
package protocol ContextMenuOpening: AnyObject {
    /// A secondary click or a long press at `(x, y)` of the widget: choose what the menu acts
    /// on. False when no menu opens there (a column view's header).
    func prepareToOpen(at x: Double, _ y: Double) -> Bool
    /// The Menu key or Shift+F10: choose what the menu acts on, and return where it points (the
    /// widget's coordinates), or nil for the whole widget.
    func prepareToOpenFromKeyboard() -> GdkRectangle?
    /// The menu is read without opening (the command palette): act on what is selected now,
    /// selecting, scrolling and watching nothing.
    func prepareToRead()
    /// The menu is showing in `popover`.
    func menuDidOpen(in popover: UnsafeMutablePointer<GtkWidget>)
    /// A press that may become a long press went down, before the widget's own gestures saw
    /// it (and until ``longPressEnded()``).
    func longPressBegan()
    /// That press is over: released, moved away, or opened the menu.
    func longPressEnded()
}

extension ContextMenuOpening {
    package func prepareToRead() {}
    package func longPressBegan() {}
    package func longPressEnded() {}
}
