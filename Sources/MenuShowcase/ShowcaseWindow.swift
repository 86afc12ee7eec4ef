import CGtk
import GMenuKit

/// The showcase's window: a header bar with the "Note" pull-down button, and below it the
/// activity log that lists every action the menu fires and every change of state it makes.
@MainActor
final class ShowcaseWindow {
    /// Tall enough that the open menu, the whole of it, stays inside the window.
    static let defaultSize = (width: Int32(900), height: Int32(800))
    /// What destructive items are drawn in when the theme has no error colour.
    static let fallbackErrorColor = "#c01c28"

    private let window: UnsafeMutablePointer<GtkWidget>
    private let menuButton: UnsafeMutablePointer<GtkWidget>
    private let model = NotesModel()
    private let log = ActivityLog()
    private let noteMenu: RenderedMenu

    /// Opens a window for `application`. With `opensMenu`, the menu pops up as soon as the
    /// window is on screen, so that a screenshot can show it.
    static func open(in application: UnsafeMutablePointer<GtkApplication>, opensMenu: Bool) {
        let showcase = ShowcaseWindow(application: application)
        // The window owns the showcase: the rendered menu, its actions and the model live
        // exactly as long as the window does.
        g_object_set_data_full(gmk_object(showcase.window), "gmenukit-showcase",
                               Unmanaged.passRetained(showcase).toOpaque(), { data in
                                   if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
                               })
        if opensMenu { showcase.popUpMenuWhenMapped() }
        gtk_window_present(gmk_window(showcase.window))
    }

    private init(application: UnsafeMutablePointer<GtkApplication>) {
        window = gtk_application_window_new(application)
        gtk_window_set_title(gmk_window(window), "Notes")
        gtk_window_set_default_size(gmk_window(window), Self.defaultSize.width, Self.defaultSize.height)

        let log = self.log
        let window = self.window
        model.reportChange = { log.append($0) }
        let commands = NoteCommands(
            record: { log.append($0) },
            confirmDeletion: {
                log.append("Delete Note…: asking to confirm")
                DeletionConfirmation.present(over: window) { delete in
                    log.append(delete ? "Deleted the note" : "Kept the note")
                }
            })
        noteMenu = RenderedMenu(ShowcaseMenus.noteMenu(model: model, commands: commands))
        noteMenu.destructiveColor = Self.errorColor(of: window)
        // The window, not only the button, gets the actions: shortcuts work anywhere in it.
        noteMenu.insertActionGroup(into: window)

        menuButton = gtk_menu_button_new()
        let button = gmk_menu_button(menuButton)
        gtk_menu_button_set_label(button, noteMenu.title)
        gtk_menu_button_set_always_show_arrow(button, 1)
        noteMenu.attach(toMenuButton: menuButton)
        gtk_widget_set_tooltip_text(menuButton, "Commands for this note")

        let headerBar = gtk_header_bar_new()!
        gtk_header_bar_pack_start(OpaquePointer(headerBar), menuButton)
        gtk_window_set_titlebar(gmk_window(window), headerBar)

        gtk_window_set_child(gmk_window(window), makeContent())
    }

    private func makeContent() -> UnsafeMutablePointer<GtkWidget> {
        let heading = gtk_label_new("Activity")!
        gtk_widget_add_css_class(heading, "heading")
        gtk_label_set_xalign(gmk_label(heading), 0)
        let explanation = gtk_label_new("Every command the Note menu runs and every change it makes is listed here.")!
        gtk_widget_add_css_class(explanation, "dim-label")
        gtk_label_set_xalign(gmk_label(explanation), 0)

        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        setMargins(of: content, to: 24)
        gtk_box_append(gmk_box(content), heading)
        gtk_box_append(gmk_box(content), explanation)
        gtk_widget_set_margin_top(log.widget, 6)
        gtk_box_append(gmk_box(content), log.widget)
        return content
    }

    private func popUpMenuWhenMapped() {
        var hasPoppedUp = false
        let button = gmk_menu_button(menuButton)
        connect(window, "map") { _ in
            guard !hasPoppedUp else { return }
            hasPoppedUp = true
            gtk_menu_button_popup(button)
        }
    }

    /// The theme's error colour as "#rrggbb", which destructive items are drawn in (rule P6).
    private static func errorColor(of widget: UnsafeMutablePointer<GtkWidget>) -> String {
        var color = GdkRGBA()
        guard gtk_style_context_lookup_color(gtk_widget_get_style_context(widget), "error_color", &color) != 0 else {
            return fallbackErrorColor
        }
        return "#" + [color.red, color.green, color.blue].map(hexByte).joined()
    }

    private static func hexByte(_ component: Float) -> String {
        let byte = Int((min(max(component, 0), 1) * 255).rounded())
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
