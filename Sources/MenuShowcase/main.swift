import GMenuKit

// MenuShowcase: one window with every GMenuKit control (pull-down and pop-up buttons, a primary
// action, context menus, a menu bar), examples from the menu guidelines, and a log of what the
// menus do.
//
//   MenuShowcase [--open CONTROL [--activate-on-usr1 LABEL]]
//   MenuShowcase --lint-menus
//
// --open CONTROL opens that control's menu once the window is on screen, for screenshots:
//   note, more, add, sort, share, font-size, repeat, note-list, scratch-pad; note-gtk opens
//   the Note menu with every item drawn by GTK, none by GMenuKit's rows (for comparison).
// --activate-on-usr1 LABEL activates the action of the Note menu's item LABEL whenever the
//   process gets SIGUSR1, as its shortcut would, while the menu stays open (for the
//   accessibility test that a state change is heard in the open menu).
// --lint-menus checks every menu against the menu guidelines and exits; no display needed.

if CommandLine.arguments.dropFirst().contains("--lint-menus") {
    exit(MainActor.assumeIsolated { MenuLint.run() })
}

let arguments = Array(CommandLine.arguments.dropFirst())
func argument(after option: String) -> String? {
    arguments.firstIndex(of: option).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
let opening = argument(after: "--open")
let activatedOnSignal = argument(after: "--activate-on-usr1")

// GMenuKit's application: its standard commands include Quit (app.quit, Ctrl+Q), which the
// showcase's menus borrow by name. Non-unique: every run is its own instance and needs no
// D-Bus session bus.
let app = Application(id: "org.gmenukit.MenuShowcase", flags: G_APPLICATION_NON_UNIQUE, name: "MenuShowcase")
let gApplication = gmk_g_application(app.gtkApplication.gpointer)!
// Declared so that GApplication accepts it and lists it in --help; read above.
g_application_add_main_option(gApplication, "open", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING,
                              "Open a control's menu once the window shows", "CONTROL")
g_application_add_main_option(gApplication, "activate-on-usr1", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING,
                              "Activate the Note menu's item of this label on SIGUSR1", "LABEL")

app.onActivate = { app in
    if let window = gtk_application_get_active_window(app.gtkApplication) {
        gtk_window_present(window)
    } else {
        ShowcaseWindow.open(in: app.gtkApplication, opening: opening, activatingOnSignal: activatedOnSignal)
    }
}

exit(app.run())
