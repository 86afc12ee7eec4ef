import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Colours a control takes from the GTK theme.
@MainActor
package enum ThemeColors {
    /// What destructive items are drawn in when the theme names no error colour.
    package static let fallbackErrorColor = "#c01c28"

    /// The theme's `error_color` as `#rrggbb`, as seen from `widget`.
    package static func errorColor(of widget: UnsafeMutablePointer<GtkWidget>) -> String {
        var color = GdkRGBA()
        guard gmk_theme_color(widget, "error_color", &color) != 0 else {
            return fallbackErrorColor
        }
        return "#" + [color.red, color.green, color.blue].map(hexByte).joined()
    }

    /// The theme's `error_color` as any widget of the default display sees it, before the
    /// control's own widget exists.
    package static func errorColor() -> String {
        let probe = gtk_label_new(nil)!
        g_object_ref_sink(probe.gpointer)
        defer { g_object_unref(probe.gpointer) }
        return errorColor(of: probe)
    }

    private static func hexByte(_ component: Float) -> String {
        let byte = Int((min(max(component, 0), 1) * 255).rounded())
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}

extension RenderedMenu {
    /// Draws destructive items in the theme's error colour as `widget` sees it, now and
    /// whenever the theme changes (a theme may name another red for its dark variant; GTK 4.8's
    /// and 4.18's default theme name #cc0000 for both), until `widget` goes.
    public func followThemeColors(of widget: UnsafeMutablePointer<GtkWidget>) {
        destructiveColor = ThemeColors.errorColor(of: widget)
        guard let settings = gtk_widget_get_settings(widget) else { return }
        let tracker = ThemeTracker(menu: self, widget: widget, settings: settings)
        for property in ["notify::gtk-theme-name", "notify::gtk-application-prefer-dark-theme"] {
            tracker.handlers.append(gmk_connect_notify(settings.gpointer, property, { _, _, data in
                nonisolated(unsafe) let data = data
                MainActor.assumeIsolated { SwiftClosureData.object(data, as: ThemeTracker.self).update() }
            }, SwiftClosureData.retained(tracker), SwiftClosureData.releaseOnClosureDestroy))
        }
        // The settings live as long as the display: their handlers go with the widget.
        gmk_connect_widget(widget, "destroy", { _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { SwiftClosureData.object(data, as: ThemeTracker.self).disconnect() }
        }, SwiftClosureData.retained(tracker), SwiftClosureData.releaseOnClosureDestroy)
    }
}

/// Reads the error colour again after a theme change, for as long as the widget lives.
@MainActor
private final class ThemeTracker {
    weak var menu: RenderedMenu?
    let widget: WeakObjectPointer<GtkWidget>
    let settings: OpaquePointer
    var handlers: [gulong] = []

    init(menu: RenderedMenu, widget: UnsafeMutablePointer<GtkWidget>, settings: OpaquePointer) {
        self.menu = menu
        self.widget = WeakObjectPointer(widget)
        self.settings = settings
    }

    func update() {
        guard let menu, let widget = widget.object else { return }
        menu.destructiveColor = ThemeColors.errorColor(of: widget)
    }

    func disconnect() {
        for handler in handlers { g_signal_handler_disconnect(settings.gpointer, handler) }
        handlers.removeAll()
    }
}
