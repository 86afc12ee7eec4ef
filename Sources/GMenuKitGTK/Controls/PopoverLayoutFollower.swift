import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Keeps an open popover the size of its content when its parent never resizes it.
///
/// GTK resizes a popover when its parent's layout manager allocates it
/// (`allocate_native_children` in gtklayoutmanager.c). A widget that allocates itself, such as
/// a label or a list view, never does: a menu that grows while open (a longer submenu page,
/// items added by an update) keeps its first size and scrolls. While the popover is open, this
/// presents it again after a layout of its window in which its wanted size changed.
@MainActor
package final class PopoverLayoutFollower {
    private let popover: WeakObjectPointer<GtkWidget>
    private let relay = FollowerRelay()
    private var clock: ObjectReference?
    private var layoutHandler: gulong = 0
    private var presentedSize: GtkRequisition?

    /// Whether a popover parented to `widget` needs one.
    package static func isNeeded(for widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_get_layout_manager(widget) == nil
    }

    package init(popover: UnsafeMutablePointer<GtkWidget>) {
        self.popover = WeakObjectPointer(popover)
        relay.follower = self
        let relay = self.relay
        connectWidgetSignal(popover, "map") { _ in relay.follower?.popoverMapped() }
        connectWidgetSignal(popover, "unmap") { _ in relay.follower?.stopFollowing() }
    }

    isolated deinit {
        stopFollowing()
    }

    fileprivate func popoverMapped() {
        guard let popover = popover.object, let frameClock = gtk_widget_get_frame_clock(popover) else { return }
        stopFollowing()
        presentedSize = Self.wantedSize(of: popover)
        // The clock is the window's; the reference keeps the handler removable whatever goes first.
        let clock = ObjectReference(taking: g_object_ref(frameClock.gpointer))
        self.clock = clock
        layoutHandler = gmk_connect_frame_clock_after(clock.opaque, "layout", { _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { SwiftClosureData.object(data, as: FollowerRelay.self).follower?.windowLaidOut() }
        }, SwiftClosureData.retained(relay), SwiftClosureData.releaseOnClosureDestroy)
    }

    fileprivate func stopFollowing() {
        if let clock, layoutHandler != 0 { g_signal_handler_disconnect(clock.pointer, layoutHandler) }
        layoutHandler = 0
        clock = nil
    }

    private func windowLaidOut() {
        guard let popover = popover.object, gtk_widget_get_mapped(popover) != 0 else { return }
        let wanted = Self.wantedSize(of: popover)
        // Compared with what was presented, not with the surface: GDK may have made the surface
        // smaller to fit the screen, and presenting again would not change that.
        guard wanted.width != presentedSize?.width || wanted.height != presentedSize?.height else { return }
        presentedSize = wanted
        // Presenting only places a popover that needs allocating; the window's layout has just
        // allocated it at its old size.
        gtk_widget_queue_allocate(popover)
        gtk_popover_present(gmk_popover(popover))
    }

    private static func wantedSize(of popover: UnsafeMutablePointer<GtkWidget>) -> GtkRequisition {
        var natural = GtkRequisition()
        gtk_widget_get_preferred_size(popover, nil, &natural)
        return natural
    }
}

/// Reaches the follower from GTK's callbacks without keeping it alive: the context menu owns it.
@MainActor
private final class FollowerRelay {
    weak var follower: PopoverLayoutFollower?
}
