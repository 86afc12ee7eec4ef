import CGtk
import GMenuKitTesting

@testable import GMenuKit

/// A window holding one `GtkMenuButton` that shows a rendered menu, its popover open: a bare
/// `RenderedMenu` attached to GTK's own button, which no app control is, so it stays here;
/// the window, the waits and the closing are GMenuKitTesting's.
@MainActor
struct OpenedMenuButton {
    let window: UnsafeMutablePointer<GtkWidget>
    let button: UnsafeMutablePointer<GtkWidget>
    private let testWindow: TestWindow?

    init(showing menu: RenderedMenu) {
        window = gtk_window_new()
        button = gtk_menu_button_new()
        testWindow = nil
        gtk_window_set_child(gmk_window(window), button)
        menu.attach(toMenuButton: button)
        gtk_window_present(gmk_window(window))
        gtk_menu_button_popup(gmk_menu_button(button))
        MainLoop.drain()
    }

    /// The same in a window with a title, given the keyboard, for real input (RealInput,
    /// MenuDriver(menuButton:)).
    init(showing menu: RenderedMenu, inWindowTitled title: String) throws {
        button = gtk_menu_button_new()
        let shown = try TestWindow(titled: title, child: button)
        testWindow = shown
        window = shown.widget
        menu.attach(toMenuButton: button)
        open()
    }

    /// Opens the menu (again) and waits until GTK shows it.
    func open() {
        gtk_menu_button_popup(gmk_menu_button(button))
        let popover = self.popover
        MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
    }

    var popover: UnsafeMutablePointer<GtkWidget> {
        gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(button)))
    }

    /// Closes the menu, then the window: on GTK 4.8 the order matters (a window destroyed with
    /// its popover open leaves the popover behind).
    func close() {
        if let testWindow { return testWindow.close() }
        gtk_menu_button_popdown(gmk_menu_button(button))
        MainLoop.drain()
        gtk_window_destroy(gmk_window(window))
        MainLoop.drain()
    }
}
