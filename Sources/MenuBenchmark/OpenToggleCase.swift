import CGtk
import GMenuKit

#if canImport(Glibc)
    import Glibc
#endif

/// Case 7: a toggle flipped while its menu is open, in a menu of 10 items and of many. The
/// toggle is a GMenuKit check row (it keeps the menu open), the other items are GTK's own; the
/// time runs from the model's change until GTK has nothing left to do: the scheduled state
/// update, the row's indicator and its accessible checked state. The C side flips a
/// `GSimpleAction`'s state in an open GtkPopoverMenu of the same size, which GTK's model button
/// follows. Both should cost the same at any size. Needs a display.
@MainActor
enum OpenToggleCase {
    static func run(items: Int, runs: Int) {
        guard gtk_init_check() != 0 else {
            printError("case 7 needs a display; run it under scripts/with-display.sh")
            exit(2)
        }
        let flag = Flag()
        let menu = RenderedMenu(Menu("Open") {
            Toggle("Wrap Lines", isOn: Binding(flag, \.isOn)).menuActionDismissBehavior(.disabled)
            // GTK's own items, as the C side's: a plain list this long would scroll on its own.
            ForEach(Array(1..<items), id: \.self) { index in Button("Item " + String(index)) {} }.menuListStyle(.items)
        })
        let window = gtk_window_new()!
        let button = gtk_button_new_with_label("Open")!
        gtk_window_set_default_size(gmk_window(window), 640, 480)
        gtk_window_set_child(gmk_window(window), button)
        menu.insertActionGroup(into: window)
        gtk_window_present(gmk_window(window))
        while gtk_widget_get_mapped(window) == 0 { g_main_context_iteration(nil, 1) }
        let popover = gtk_popover_menu_new_from_model(menu.menuModel)!
        gtk_widget_set_parent(popover, button)
        menu.present(in: popover)
        gtk_popover_popup(gmk_popover(popover))
        while gtk_widget_get_mapped(popover) == 0 { g_main_context_iteration(nil, 1) }
        runMainLoopUntilIdle()

        var samples: [Double] = []
        for run in 0...runs {
            let elapsed = Stopwatch.time {
                flag.isOn.toggle()
                runMainLoopUntilIdle()
            }
            if run > 0 { samples.append(elapsed) }
        }
        Report.result("7", items: items, seconds: samples)
        gtk_popover_popdown(gmk_popover(popover))
        gtk_widget_unparent(popover)
        gtk_window_destroy(gmk_window(window))
        runMainLoopUntilIdle()
        withExtendedLifetime(menu) {}
    }
}
