import CGtk

// MenuShowcase: one window whose "Note" pull-down button holds a GMenuKit menu with every kind
// of item, and a log of what the menu does.
//
//   MenuShowcase [--open-menu]
//   MenuShowcase --lint-menus
//
// --open-menu pops the menu up once the window is on screen, for screenshots.
// --lint-menus checks every menu against the menu guidelines and exits; no display needed.

if CommandLine.arguments.dropFirst().contains("--lint-menus") {
    exit(MainActor.assumeIsolated { MenuLint.run() })
}

let opensMenu = CommandLine.arguments.dropFirst().contains("--open-menu")

// Non-unique: every run is its own instance and needs no D-Bus session bus.
let application = gtk_application_new("org.gmenukit.MenuShowcase", G_APPLICATION_NON_UNIQUE)!
let gApplication = gmk_g_application(application)!
// Declared so that GApplication accepts it and lists it in --help; read above.
g_application_add_main_option(gApplication, "open-menu", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                              "Open the Note menu once the window shows", nil)

// An action of the application's own, which the menu's Quit item uses by name.
let quitAction = g_simple_action_new("quit", nil)!
onActivate(quitAction) { g_application_quit(gApplication) }
g_action_map_add_action(gmk_action_map(application), gmk_action(UnsafeMutableRawPointer(quitAction)))
g_object_unref(UnsafeMutableRawPointer(quitAction))
"<Control>q".withCString { accelerator in
    gtk_application_set_accels_for_action(application, "app.quit", [accelerator, nil])
}

connect(gApplication, "activate") { _ in
    if let window = gtk_application_get_active_window(application) {
        gtk_window_present(window)
    } else {
        ShowcaseWindow.open(in: application, opensMenu: opensMenu)
    }
}

let status = g_application_run(gApplication, CommandLine.argc, CommandLine.unsafeArgv)
g_object_unref(application)
exit(status)
