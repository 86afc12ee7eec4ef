import CGtk
import Foundation
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A long menu with a search field at its top, used with the keyboard alone after it opens:
/// typing narrows the items (the palette's matching: word starts, initials, a typo, accents),
/// Down reaches the first one and Return chooses it.
final class MenuSearchFieldTests: GtkTestCase {
    @Observable
    @MainActor
    final class History {
        var query = ""
        var visits = (1...60).map { "Visit \($0)" } + ["Release Notes", "Régler l'heure", "Repository Settings", "Report a Problem"]
        var opened: [String] = []
    }

    func testTypingNarrowsTheItemsAndReturnChoosesTheFirstOne() throws {
        try GtkSession.start()
        try onMain {
            let history = History()
            let control = PullDownButton(Menu("History") {
                MenuSearchField("Filter History", text: Binding(history, \.query))
                ForEach(MenuSearch.filter(history.visits, by: history.query) { $0 }, id: \.self) { visit in
                    Button(visit) { history.opened.append(visit) }
                }
            })
            let window = try TestWindow(titled: "Menu Search Field", child: control.widget)
            defer { window.close() }
            let driver = MenuDriver(control)
            try driver.open(using: .pointer)
            let popover = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton)))!
            @MainActor func shown() -> [String] {
                WidgetTree.all(popover).filter { String(cString: gtk_widget_get_css_name($0)) == "modelbutton" && gtk_widget_get_mapped($0) != 0 }
                    .compactMap { WidgetTree.labels(in: $0).first }
            }
            guard let field = WidgetTree.all(popover).first(where: { WidgetTree.isWidget($0, ofType: "GtkSearchEntry") }) else {
                return XCTFail("no search field in the menu")
            }
            MainLoop.turn { gtk_widget_has_focus(field) != 0 || gtk_widget_is_ancestor(gtk_root_get_focus(gtk_widget_get_root(field)), field) != 0 }
            XCTAssertNotEqual(gtk_widget_is_ancestor(gtk_root_get_focus(gtk_widget_get_root(field)), field), 0, "the field has the keyboard as the menu opens")
            // 64 results are a long list of plain buttons: a scrolling list, until typing narrows it.
            let list = ScrollingMenuListTests.listView(in: popover)
            XCTAssertEqual(list?.rows.count, 64)
            XCTAssertEqual(shown().count, 0, "no model button for each of the 64")

            try RealInput.xdotool("type", "--delay", "40", "re")
            MainLoop.turn { history.query == "re" && shown().count == 4 }
            XCTAssertEqual(shown(), ["Release Notes", "Régler l'heure", "Repository Settings", "Report a Problem"],
                           "word starts, without accents")
            for dark in [false, true] {
                ThemeVariant.set(dark: dark)
                gtk_test_widget_wait_for_draw(popover)
                Screenshot.saveIfAsked(name: "menu-search-field-\(dark ? "dark" : "light")", variable: RowColorTests.screenshotVariable, size: "420x480")
            }
            ThemeVariant.set(dark: false)
            try RealInput.xdotool("type", "--delay", "40", "p")
            MainLoop.turn { shown().count == 2 }
            XCTAssertEqual(shown(), ["Repository Settings", "Report a Problem"])
            try RealInput.xdotool("key", "BackSpace", "BackSpace", "BackSpace")
            try RealInput.xdotool("type", "--delay", "40", "rap")
            MainLoop.turn { history.query == "rap" && shown().count == 1 }
            XCTAssertEqual(shown(), ["Report a Problem"], "the initials of the title's words")

            try RealInput.xdotool("key", "Down", "Return")
            MainLoop.turn { !history.opened.isEmpty }
            XCTAssertEqual(history.opened, ["Report a Problem"], "Down reaches the first item, Return chooses it")
            MainLoop.turn { gtk_widget_get_mapped(popover) == 0 }
            XCTAssertEqual(gtk_widget_get_mapped(popover), 0, "choosing closed the menu")
        }
    }
}
