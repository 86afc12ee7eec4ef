import CGtk
import GMenuKit

#if canImport(Glibc)
    import Glibc
#endif

/// Case 5: open a GtkPopoverMenu made from the rendered menu and wait for its first frame.
/// The time runs from `gtk_popover_popup` to the end of the first frame clock paint in which
/// the popover's surface is mapped and the popover has its size. Every run opens a new
/// popover, so each one is a first opening. Needs a display (run under scripts/with-display.sh).
@MainActor
enum OpenPopoverCase {
    static func run(items: Int, runs: Int) {
        guard gtk_init_check() != 0 else {
            printError("case 5 needs a display; run it under scripts/with-display.sh")
            exit(2)
        }
        let model = ItemsModel(count: items)
        let menu = RenderedMenu(model.menu)
        let window = gtk_window_new()!
        let button = gtk_button_new_with_label("Open")!
        gtk_window_set_default_size(gmk_window(window), 640, 480)
        gtk_window_set_child(gmk_window(window), button)
        menu.insertActionGroup(into: window)
        FirstFrame.present(window)

        var samples: [Double] = []
        for run in 0...runs {
            let popover = gtk_popover_menu_new_from_model(menu.menuModel)!
            gtk_widget_set_parent(popover, button)
            // GMenuKit's own rows: the icons beside the labels that plain GTK does not draw.
            menu.present(in: popover)
            FirstFrame.settle()
            let seconds = FirstFrame.popUp(popover, since: .now, timeout: .seconds(30))
            if run > 0 { samples.append(seconds) }  // The first opening warms up GTK's caches (theme, icons, fonts).
            gtk_popover_popdown(gmk_popover(popover))
            gtk_widget_unparent(popover)
            FirstFrame.settle()
        }
        Report.result("5", items: items, seconds: samples)
        gtk_window_destroy(gmk_window(window))
        runMainLoopUntilIdle()
        withExtendedLifetime(menu) {}
    }
}

func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
