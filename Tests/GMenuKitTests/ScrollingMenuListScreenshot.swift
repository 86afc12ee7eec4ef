import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Saves a history menu of 10,000 entries shown as a scrolling list, opened by a real click, its
/// fourth row highlighted by the keyboard, in Adwaita light and dark: asked to scroll, and with
/// no style (a long list scrolls on its own, 12 rows). Runs only when asked:
/// `GMENUKIT_SCROLLING_LIST_SCREENSHOTS=screenshots` writes scrolling-list-light.png and
/// scrolling-list-dark.png there; `GMENUKIT_SCROLLING_LIST_VARIANTS` picks some of
/// scrolling-light, scrolling-dark, automatic-light and automatic-dark (automatic-list-….png: a
/// plain list, which scrolls on its own). Under Xvfb, with no window manager, the popover of a
/// second window in one process closed as its row took the focus: give one variant a process.
final class ScrollingMenuListScreenshot: GtkTestCase {
    static let outputVariable = "GMENUKIT_SCROLLING_LIST_SCREENSHOTS"

    @MainActor static func focusDescription(_ popover: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let focus = gtk_widget_get_root(popover).flatMap({ gtk_root_get_focus($0) }) else { return "none" }
        return String(cString: gmk_type_name_of(focus)) + " " + ScrollingListView.title(ofRow: focus)
    }

    func testSavesALongHistoryMenuInLightAndDark() throws {
        guard let directory = ProcessInfo.processInfo.environment[Self.outputVariable] else {
            throw XCTSkip("set \(Self.outputVariable) to the directory to write")
        }
        try GtkSession.start()
        try onMain {
            var showsHidden = true
            let entries = (0..<10_000).map { index in
                index % 7 == 3 ? "A Rather Long Page Title That Does Not Fit The Menu \(index)" : "Page \(index)"
            }
            let variants = ProcessInfo.processInfo.environment["GMENUKIT_SCROLLING_LIST_VARIANTS"]?
                .split(separator: ",").map(String.init) ?? ["scrolling-light", "scrolling-dark"]
            for variant in variants {
                let automatic = variant.hasPrefix("automatic"), dark = variant.hasSuffix("dark")
                ThemeVariant.set(dark: dark)
                let control = PullDownButton(Menu("History") {
                    Button("Clear History", icon: "edit-clear-all-symbolic") {}
                    Section("Recently Visited") {
                        let history = ForEach(entries.indices, id: \.self) { index in
                            Button(entries[index]) {}
                        }
                        if automatic { history } else { history.menuListStyle(.scrolling(visibleRows: 8)) }
                    }
                    Section {
                        Toggle("Show Hidden Pages", isOn: Binding(get: { showsHidden }, set: { showsHidden = $0 }))
                        Button("Show All History…") {}
                    }
                })
                let title = "Scrolling List Screenshot"
                let window = try TestWindow(titled: title, child: control.widget).widget
                gtk_window_set_default_size(gmk_window(window), 420, 460)
                gtk_widget_set_valign(control.widget, GTK_ALIGN_START)
                gtk_widget_set_halign(control.widget, GTK_ALIGN_START)
                let popover: UnsafeMutablePointer<GtkWidget> = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton)))
                try RealInput.click(control.menuButton)
                MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
                let view = try XCTUnwrap(WidgetTree.all(popover).lazy.compactMap { ScrollingListView.of($0) }.first)
                MainLoop.turn { view.rowWidgets.count > 8 }
                // The fourth row highlighted from the keyboard: the third focused, then Down.
                view.focusRow(at: 2)
                MainLoop.drain()
                try RealInput.xdotool("key", "Down")
                // GTK takes the key and lays the list out again over a few frames.
                MainLoop.turn { view.rowWidgets.contains { ScrollingListView.title(ofRow: $0) == "Page 0" }
                    && Self.focusDescription(popover).hasSuffix(" 3") }
                for _ in 0..<50 { g_main_context_iteration(nil, 0); g_usleep(4_000) }
                gtk_test_widget_wait_for_draw(popover)
                MainLoop.drain()
                let windowSurface = try XCTUnwrap(gtk_native_get_surface(gmk_native(window.gpointer)))
                let menuSurface = try XCTUnwrap(gtk_native_get_surface(gmk_native(popover.gpointer)))
                let width = max(gdk_surface_get_width(windowSurface), gdk_popup_get_position_x(menuSurface) + gdk_surface_get_width(menuSurface))
                let height = max(gdk_surface_get_height(windowSurface), gdk_popup_get_position_y(menuSurface) + gdk_surface_get_height(menuSurface))
                let output = directory + (automatic ? "/automatic-list" : "/scrolling-list") + (dark ? "-dark.png" : "-light.png")
                let capture = Process()
                capture.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                capture.arguments = ["import", "-window", "root", "-crop", "\(width)x\(height)+0+0", "+repage", output]
                try capture.run()
                capture.waitUntilExit()
                XCTAssertEqual(capture.terminationStatus, 0, "import could not save \(output)")
                control.popdown()
                MainLoop.drain()
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            ThemeVariant.set(dark: false)
        }
    }
}
