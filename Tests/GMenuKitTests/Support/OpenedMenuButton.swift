import CGtk

@testable import GMenuKit

/// A window holding one `GtkMenuButton` that shows a rendered menu, its popover open.
@MainActor
struct OpenedMenuButton {
    let window: UnsafeMutablePointer<GtkWidget>
    let button: UnsafeMutablePointer<GtkWidget>

    init(showing menu: RenderedMenu) {
        window = gtk_window_new()
        button = gtk_menu_button_new()
        gtk_window_set_child(gmk_window(window), button)
        menu.attach(toMenuButton: button)
        gtk_window_present(gmk_window(window))
        gtk_menu_button_popup(gmk_menu_button(button))
        drainMainLoop()
    }

    /// The same in a window with a title, given the keyboard, for real clicks
    /// (`WidgetClicks.click(_:inWindowTitled:)`).
    init(showing menu: RenderedMenu, inWindowTitled title: String) {
        button = gtk_menu_button_new()
        window = WidgetClicks.presentWindow(titled: title, child: button)
        menu.attach(toMenuButton: button)
        open()
    }

    /// Opens the menu (again) and waits until GTK shows it.
    func open() {
        gtk_menu_button_popup(gmk_menu_button(button))
        let popover = self.popover
        XInput.runMainLoop { gtk_widget_get_mapped(popover) != 0 }
    }

    var popover: UnsafeMutablePointer<GtkWidget> {
        gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(button)))
    }

    /// Closes the menu, then the window: on GTK 4.8 the order matters (a window destroyed with
    /// its popover open leaves the popover behind).
    func close() {
        gtk_menu_button_popdown(gmk_menu_button(button))
        drainMainLoop()
        gtk_window_destroy(gmk_window(window))
        drainMainLoop()
    }
}
