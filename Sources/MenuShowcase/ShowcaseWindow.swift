import CGtk
import GMenuKit

/// The showcase's window: a menu bar, a header bar with the "Note" pull-down and a "More"
/// button, a column with one section for every GMenuKit control, and beside it the activity
/// log that lists every action the menus fire and every change of state they make.
@MainActor
final class ShowcaseWindow {
    /// Tall enough that the longest open menu, the whole of it, stays inside the window.
    static let defaultSize = (width: Int32(1140), height: Int32(900))

    private let window: UnsafeMutablePointer<GtkWidget>
    private let model = NotesModel()
    private let log = ActivityLog()
    private var controls: ShowcaseControls!

    /// Opens a window for `application`. With `opening`, the control of that name opens its
    /// menu as soon as the window is on screen, so that a screenshot can show it.
    /// With `activatingOnSignal`, SIGUSR1 activates the Note menu's item of that label.
    static func open(in application: UnsafeMutablePointer<GtkApplication>, opening: String?,
                     activatingOnSignal label: String? = nil) {
        let showcase = ShowcaseWindow(application: application)
        // The window owns the showcase: the model, the log and the controls' menus live exactly
        // as long as the window does.
        g_object_set_data_full(gmk_object(showcase.window), "gmenukit-showcase",
                               Unmanaged.passRetained(showcase).toOpaque(), { data in
                                   if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
                               })
        if let opening { showcase.openWhenMapped(opening) }
        if let label { showcase.controls.activateOnSignal(label) }
        gtk_window_present(gmk_window(showcase.window))
    }

    private init(application: UnsafeMutablePointer<GtkApplication>) {
        window = gtk_application_window_new(application)
        gtk_window_set_title(gmk_window(window), "Notes")
        gtk_window_set_default_size(gmk_window(window), Self.defaultSize.width, Self.defaultSize.height)

        let log = self.log
        model.reportChange = { log.append($0) }
        controls = ShowcaseControls(model: model, commands: NoteCommands(record: { log.append($0) }), log: log)

        let headerBar = gtk_header_bar_new()!
        gtk_header_bar_pack_start(OpaquePointer(headerBar), controls.note.widget)
        gtk_header_bar_pack_end(OpaquePointer(headerBar), controls.more.widget)
        gtk_window_set_titlebar(gmk_window(window), headerBar)

        let layout = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(gmk_box(layout), controls.menuBar.widget)
        let columns = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 24)!
        setMargins(of: columns, to: 24)
        gtk_widget_set_vexpand(columns, 1)
        gtk_box_append(gmk_box(columns), controls.sections)
        gtk_box_append(gmk_box(columns), makeActivity())
        gtk_box_append(gmk_box(layout), columns)
        gtk_window_set_child(gmk_window(window), layout)
    }

    private func makeActivity() -> UnsafeMutablePointer<GtkWidget> {
        let heading = gtk_label_new("Activity")!
        gtk_widget_add_css_class(heading, "heading")
        gtk_label_set_xalign(gmk_label(heading), 0)
        let explanation = gtk_label_new("Every command the menus run and every change they make is listed here.")!
        gtk_widget_add_css_class(explanation, "dim-label")
        gtk_label_set_xalign(gmk_label(explanation), 0)
        gtk_label_set_wrap(gmk_label(explanation), 1)

        let activity = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_set_hexpand(activity, 1)
        gtk_box_append(gmk_box(activity), heading)
        gtk_box_append(gmk_box(activity), explanation)
        gtk_widget_set_margin_top(log.widget, 6)
        gtk_box_append(gmk_box(activity), log.widget)
        return activity
    }

    private func openWhenMapped(_ name: String) {
        var hasOpened = false
        let controls = self.controls!
        onSignal(window, .map) { _ in
            guard !hasOpened else { return }
            hasOpened = true
            // After the first frame, when every widget has its place.
            g_timeout_add_full(G_PRIORITY_DEFAULT, 300, { data in
                nonisolated(unsafe) let data = data
                MainActor.assumeIsolated {
                    let request = Unmanaged<OpenRequest>.fromOpaque(data!).takeUnretainedValue()
                    request.controls.open(request.name)
                }
                return 0
            }, Unmanaged.passRetained(OpenRequest(controls: controls, name: name)).toOpaque(), { data in
                if let data { Unmanaged<OpenRequest>.fromOpaque(data).release() }
            })
        }
    }
}

private final class OpenRequest {
    let controls: ShowcaseControls
    let name: String
    init(controls: ShowcaseControls, name: String) {
        self.controls = controls
        self.name = name
    }
}
