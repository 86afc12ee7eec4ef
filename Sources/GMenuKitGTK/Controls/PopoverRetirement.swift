import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// How GMenuKit closes and lets go of the popovers it shows, so that every one is finalized
/// when its widget, window or menu goes, whatever state it was in. The one place for the GTK
/// bugs behind it, in GTK 4.8.3 (checked against its source) and still in GTK 4.18 (checked by
/// `PopoverRetirementTests.testGTKStillLeaksAPopoverHiddenWithTheFocus` under
/// `../shared/tools/gtk-latest.sh`):
///
/// - gtkwindow.c, `_gtk_window_unset_focus_and_default`: a widget that is hidden or unparented
///   while it holds the window's focus is referenced in `move_focus_widget`, to move the focus on
///   after the next frame, and a second call before that frame overwrites the reference without
///   releasing it. A popover hidden with the focus and unparented in the same main-loop turn
///   (a context menu whose item closes the window, a window closed while its menu is open)
///   leaks. So does a GtkPopoverMenu closed by GTK itself while a submenu page holds the focus:
///   its unmap (gtkpopovermenu.c, `gtk_popover_menu_unmap`) switches back to the main page, and
///   hiding the focused page makes the second call.
/// - gtktooltip.c, `gtk_tooltip_handle_event_internal`: every Enter or Motion event points the
///   display's tooltip at the event's native and restarts a 500 ms timer; the pointer is cleared
///   only when that native is finalized. A leaked popover the pointer rested on gets the timer:
///   `gdk_surface_get_device_position` and `_gtk_widget_find_at_coords` criticals.
///
/// The focus leaves a watched popover as soon as it unmaps, before the page switch (its child
/// unmaps first); a popover that holds no focus when it is hidden or unparented is finalized
/// with its parent, and the tooltip lets go of it then.
@MainActor
package enum PopoverRetirement {
    /// Takes the window's keyboard focus out of `popover`, if it is inside, so that hiding or
    /// unparenting it takes no reference that GTK could lose.
    package static func releaseFocus(from popover: UnsafeMutablePointer<GtkWidget>) {
        guard let root = gtk_widget_get_root(popover), let focus = gtk_root_get_focus(root),
              focus == popover || gtk_widget_is_ancestor(focus, popover) != 0
        else { return }
        gtk_root_set_focus(root, nil)
    }

    /// Closes `popover` without leaving it the focus: for a popover about to go with its widget.
    package static func close(_ popover: UnsafeMutablePointer<GtkWidget>) {
        releaseFocus(from: popover)
        if gtk_widget_get_visible(popover) != 0 { gtk_popover_popdown(gmk_popover(popover)) }
    }

    /// Closes `popover` and takes it off its parent, which must be `parent`: the popover is
    /// finalized unless someone else holds it.
    package static func remove(_ popover: UnsafeMutablePointer<GtkWidget>, from parent: UnsafeMutablePointer<GtkWidget>) {
        guard gtk_widget_get_parent(popover) == parent else { return }
        close(popover)
        gtk_widget_unparent(popover)
    }

    /// Watches a popover GMenuKit shows: whenever it unmaps with the focus inside (GTK closing
    /// it, its widget going), the focus leaves it at once, as GTK would move it one frame later:
    /// to `preferred()` if that takes it, else to the nearest ancestor that does, else nowhere.
    /// Its child unmaps inside the popover's own unmap, before a GtkPopoverMenu switches pages.
    /// A popover is watched once; a later call that names `preferred` sets where the focus goes
    /// (`present(in:)` watches every popover it fills, the control that made it may know more).
    package static func watch(_ popover: UnsafeMutablePointer<GtkWidget>,
                      returningFocusTo preferred: (@MainActor () -> UnsafeMutablePointer<GtkWidget>?)? = nil) {
        if let watched = g_object_get_data(gmk_object(popover), watchedKey) {
            if let preferred { SwiftClosureData.object(watched, as: FocusReturn.self).preferred = preferred }
            return
        }
        let focusReturn = FocusReturn(preferred)
        g_object_set_data_full(gmk_object(popover), watchedKey, SwiftClosureData.retained(focusReturn),
                               SwiftClosureData.releaseOnDestroy)
        let unmapping = gtk_popover_get_child(gmk_popover(popover)) ?? popover
        let target = WeakObjectPointer(popover)
        connectWidgetSignal(unmapping, "unmap") { _ in
            if let popover = target.object { moveFocus(outOf: popover, preferring: focusReturn.preferred?()) }
        }
        // A menu bar's submenus are popovers of their own, nested in the menu's items
        // (GTK_POPOVER_MENU_NESTED): each is watched too, as its parent menu shows.
        connectWidgetSignal(popover, "map") { shown in
            popovers(under: gtk_popover_get_child(gmk_popover(shown)) ?? shown).forEach { watch($0) }
        }
    }

    private static let watchedKey = "gmenukit-popover-watched"

    /// Where a watched popover's focus goes back to when it unmaps, if the watcher knows.
    private final class FocusReturn {
        var preferred: (@MainActor () -> UnsafeMutablePointer<GtkWidget>?)?
        init(_ preferred: (@MainActor () -> UnsafeMutablePointer<GtkWidget>?)?) { self.preferred = preferred }
    }

    private static func moveFocus(outOf popover: UnsafeMutablePointer<GtkWidget>, preferring preferred: UnsafeMutablePointer<GtkWidget>?) {
        guard let root = gtk_widget_get_root(popover), let focus = gtk_root_get_focus(root),
              focus == popover || gtk_widget_is_ancestor(focus, popover) != 0
        else { return }
        // A widget going away unmaps its popover too: nothing under it may take the focus then.
        if let parent = gtk_widget_get_parent(popover), gtk_widget_get_mapped(parent) != 0 {
            if let preferred, gtk_widget_is_ancestor(preferred, popover) == 0, gtk_widget_get_mapped(preferred) != 0,
               gtk_widget_grab_focus(preferred) != 0 {
                return
            }
            var candidate: UnsafeMutablePointer<GtkWidget>? = parent
            while let widget = candidate, OpaquePointer(widget) != root {
                if gtk_widget_get_mapped(widget) != 0, gtk_widget_grab_focus(widget) != 0 { return }
                candidate = gtk_widget_get_parent(widget)
            }
        }
        gtk_root_set_focus(root, nil)
    }

    /// Closes a menu button's popover without the focus and takes it off the button when the
    /// button unrealizes, which comes before the button or its window is disposed. GTK 4.8
    /// leaves the popover open otherwise: alive, holding the keyboard. A button that outlives
    /// that (taken out of its window and kept) gets a new popover from `renew` when it is
    /// realized again: the old one, kept unrealized, would be a target for GTK's tooltip timer
    /// meanwhile, and GTK 4.8 leaves its items dimmed when the button comes back (they do not
    /// look their actions up again). Until then the button has no popover.
    package static func closesPopover(ofMenuButton menuButton: UnsafeMutablePointer<GtkWidget>,
                              renewing renew: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> Void) {
        final class Renewal { var isDue = false }
        let renewal = Renewal()
        if let popover = gtk_menu_button_get_popover(gmk_menu_button(menuButton)) { watch(gmk_widget(popover)) }
        connectWidgetSignal(menuButton, "unrealize") { button in
            guard let popover = gtk_menu_button_get_popover(gmk_menu_button(button)) else { return }
            close(gmk_widget(popover))
            gtk_menu_button_set_popover(gmk_menu_button(button), nil)
            renewal.isDue = true
        }
        connectWidgetSignal(menuButton, "realize") { button in
            guard renewal.isDue else { return }
            renewal.isDue = false
            renew(button)
            if let popover = gtk_menu_button_get_popover(gmk_menu_button(button)) { watch(gmk_widget(popover)) }
        }
    }

    /// The popovers parented to `widget` or to a widget inside it, not looking inside popovers.
    package static func popovers(under widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var pending = [widget]
        while let current = pending.popLast() {
            var child = gtk_widget_get_first_child(current)
            while let next = child {
                if gmk_is_popover(next) != 0 { found.append(next) } else { pending.append(next) }
                child = gtk_widget_get_next_sibling(next)
            }
        }
        return found
    }

    /// The submenus of a menu shown as popovers of their own (a menu bar's, GTK's nested
    /// menus), at every depth.
    package static func submenus(of popover: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        popovers(under: popover).flatMap { [$0] + submenus(of: $0) }
    }
}
