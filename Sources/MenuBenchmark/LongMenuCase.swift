import CGtk
import GMenuKit

#if canImport(Glibc)
    import Glibc
#endif

/// Case 10: a menu of N generated items ("Clear History", then a history of N pages) opened, to
/// its first frame: the time runs from making the popover (GMenuKit fills its slots then) through
/// `gtk_popover_popup` to the end of the first frame clock paint in which the popover is mapped
/// with its size (as case 5). The history is a plain `ForEach`, as an app writes it (reported as
/// `10`: past 50 entries GMenuKit shows it scrolling on its own); with `--items-style`, it is
/// `.menuListStyle(.items)`, ordinary items as GTK builds them (a model button per item), reported
/// as `10-items`; with `--scrolling`, `.menuListStyle(.scrolling(visibleRows: 12))`, reported as
/// `10-scrolling`. Needs a display.
@MainActor
enum LongMenuCase {
    enum Style: String {
        case automatic = "10"
        case items = "10-items"
        case scrolling = "10-scrolling"
    }

    static func run(items: Int, runs: Int, style: Style) {
        guard gtk_init_check() != 0 else {
            printError("case 10 needs a display; run it under scripts/with-display.sh")
            exit(2)
        }
        let pages = (0..<items).map { "Page \($0)" }
        var opened = 0
        // Rendered as a control renders its menu, shown at once: a scrolling list is planned
        // for the popover `present(in:)` fills, not left out of a model GTK shows alone.
        let menu = RenderedMenu(Menu("History") {
            Button("Clear History") { opened = -1 }
            Section {
                let history = ForEach(pages.indices, id: \.self) { index in
                    Button(pages[index]) { opened = index }
                }
                switch style {
                case .automatic: history
                case .items: history.menuListStyle(.items)
                case .scrolling: history.menuListStyle(.scrolling(visibleRows: 12))
                }
            }
            .generatedContent()
        }, actionPrefix: "menu", isPresented: true)
        let window = gtk_window_new()!
        let button = gtk_button_new_with_label("Open")!
        gtk_window_set_default_size(gmk_window(window), 640, 480)
        gtk_window_set_child(gmk_window(window), button)
        menu.insertActionGroup(into: window)
        FirstFrame.present(window)

        var samples: [Double] = []
        for run in 0...runs {
            let start = ContinuousClock.now
            let popover = gtk_popover_menu_new_from_model(menu.menuModel)!
            gtk_widget_set_parent(popover, button)
            menu.present(in: popover)
            let seconds = FirstFrame.popUp(popover, since: start, timeout: .seconds(120))
            if run > 0 { samples.append(seconds) }  // The first opening warms up GTK's caches (theme, icons, fonts).
            gtk_popover_popdown(gmk_popover(popover))
            gtk_widget_unparent(popover)
            FirstFrame.settle()
        }
        Report.result(style.rawValue, items: items, seconds: samples)
        gtk_window_destroy(gmk_window(window))
        runMainLoopUntilIdle()
        withExtendedLifetime(menu) {}
        _ = opened
    }
}
