import CGtk
import GMenuKit

#if canImport(Glibc)
    import Glibc
#endif

/// Case 13: the command palette of an application with N commands (ten menus of the menu bar)
/// opened to its first frame, against case 5's 50-item menu: from `showCommandPalette()`
/// (reading the window's menus, indexing them, making the rows) to the end of the first frame
/// clock paint in which the palette's window is mapped. Needs a display.
@MainActor
enum PaletteOpenCase {
    static func run(items: Int, runs: Int) {
        guard gtk_init_check() != 0 else {
            printError("case 13 needs a display; run it under scripts/with-display.sh")
            exit(2)
        }
        let app = Application(id: "org.gmenukit.PaletteBenchmark", flags: G_APPLICATION_NON_UNIQUE, name: "Palette")
        app.commandUsage = CommandUsageStore(path: nil)
        let perMenu = items / 10
        app.commands {
            CommandMenu("Menu 0") { commands(0, perMenu) }
            CommandMenu("Menu 1") { commands(1, perMenu) }
            CommandMenu("Menu 2") { commands(2, perMenu) }
            CommandMenu("Menu 3") { commands(3, perMenu) }
            CommandMenu("Menu 4") { commands(4, perMenu) }
            CommandMenu("Menu 5") { commands(5, perMenu) }
            CommandMenu("Menu 6") { commands(6, perMenu) }
            CommandMenu("Menu 7") { commands(7, perMenu) }
            CommandMenu("Menu 8") { commands(8, perMenu) }
            CommandMenu("Menu 9") { commands(9, perMenu) }
        }
        guard app.register() else { exit(1) }
        let window = gtk_application_window_new(app.gtkApplication)!
        gtk_window_set_default_size(gmk_window(window), 640, 480)
        gtk_window_set_child(gmk_window(window), app.makeMenuBar().widget)
        FirstFrame.present(window)

        var samples: [Double] = []
        for run in 0...runs {
            let start = ContinuousClock.now
            guard let palette = app.showCommandPalette() else { exit(1) }
            guard let paletteWindow = palette.window.map({ gmk_widget($0.gpointer)! }) else { exit(1) }
            let seconds = FirstFrame.shown(paletteWindow, since: start, timeout: .seconds(30))
            if run > 0 { samples.append(seconds) }  // The first opening warms up GTK's caches.
            palette.close()
            FirstFrame.settle()
        }
        Report.result("13", items: items, seconds: samples)
        gtk_window_destroy(gmk_window(window))
        runMainLoopUntilIdle()
        app.quit()
        runMainLoopUntilIdle()
        // GLib warns when an application registered but never run (`g_application_run` takes
        // it off D-Bus) is destroyed; a run application lives until its process ends, so this
        // one does too.
        exit(0)
    }

    @MenuContentBuilder
    private static func commands(_ menu: Int, _ count: Int) -> any MenuContent {
        ForEach(0..<count, id: \.self) { index in
            Button("Command \(menu)-\(index)") {}
        }
    }
}
