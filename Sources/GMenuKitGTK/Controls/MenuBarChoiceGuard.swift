import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Keeps a choice in a submenu of a menu bar from opening another menu of the bar.
///
/// GTK 4.8 (and plain C alike): choosing an item of a submenu ("File › Recent › Alpha") closes
/// the submenu's popover first; the window then gets a crossing at the pointer's place in that
/// popover read as a place in the window, over the bar's second item, while the first menu is
/// still open, and the bar opens the menu under it (gtkpopovermenubar.c, `set_active_item`).
/// "Edit" is left open, and the next click on "File" only closes it. A menu of the bar that
/// opens while a click or Return in one of the bar's menus is being handled is closed again
/// before it is drawn: such a choice never opens a menu of the bar.
@MainActor
final class MenuBarChoiceGuard {
    private var choosing = false

    /// Watches the bar's menus and their submenus not watched yet: GTK makes them with the
    /// bar's items, and again when the model changes.
    func watchMenus(under bar: UnsafeMutablePointer<GtkWidget>) {
        for menu in PopoverRetirement.popovers(under: bar) {
            watch(menu, isBarMenu: true)
            PopoverRetirement.submenus(of: menu).forEach { watch($0, isBarMenu: false) }
        }
    }

    private func watch(_ popover: UnsafeMutablePointer<GtkWidget>, isBarMenu: Bool) {
        guard g_object_get_data(gmk_object(popover), Self.watchedKey) == nil else { return }
        g_object_set_data(gmk_object(popover), Self.watchedKey, UnsafeMutableRawPointer(bitPattern: 1))
        let events = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(events, GTK_PHASE_CAPTURE)
        gmk_connect_legacy_event(events, { _, event, data in
            nonisolated(unsafe) let (event, data) = (event, data)
            guard let event, MenuBarChoiceGuard.isChoice(event) else { return 0 }
            MainActor.assumeIsolated { SwiftClosureData.object(data, as: WeakGuard.self).guard?.choiceBegins() }
            return 0
        }, SwiftClosureData.retained(WeakGuard(self)), SwiftClosureData.releaseOnClosureDestroy)
        gtk_widget_add_controller(popover, events)
        if isBarMenu {
            let weakGuard = WeakGuard(self)
            connectWidgetSignal(popover, "map") { menu in weakGuard.guard?.barMenuOpened(menu) }
        }
    }

    /// A release of a pointer button, or Return, Enter or Space, in a menu of the bar.
    fileprivate nonisolated static func isChoice(_ event: OpaquePointer) -> Bool {
        switch gdk_event_get_event_type(event) {
        case GDK_BUTTON_RELEASE: return true
        case GDK_KEY_PRESS:
            let key = gdk_key_event_get_keyval(event)
            return [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter, GDK_KEY_space, GDK_KEY_KP_Space].contains(Int32(key))
        default: return false
        }
    }

    private func choiceBegins() {
        guard !choosing else { return }
        choosing = true
        runAfterThisEvent { [weak self] in self?.choosing = false }
    }

    private func barMenuOpened(_ menu: UnsafeMutablePointer<GtkWidget>) {
        guard choosing else { return }
        let stray = WeakObjectPointer(menu)
        runAfterThisEvent {
            if let menu = stray.object, gtk_widget_get_mapped(menu) != 0 { gtk_popover_popdown(gmk_popover(menu)) }
        }
    }

    private static let watchedKey = "gmenukit-menu-bar-choice-watched"
}

/// Reaches the guard from GTK's callbacks without keeping it alive: the bar owns it.
@MainActor
private final class WeakGuard {
    weak var `guard`: MenuBarChoiceGuard?
    init(_ guard: MenuBarChoiceGuard) { self.guard = `guard` }
}
