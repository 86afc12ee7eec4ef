import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

@Observable
@MainActor
private final class Inbox {
    var isFlagged = false
    var unread = 3
}

/// What SwiftUI's label forms and modifiers draw, opened for real under Xvfb: symbols beside
/// labels, subtitles, badges, tooltips, icon-only rows, and a pull-down button without its arrow.
final class SwiftUIRowTests: GtkTestCase {
    @MainActor
    private struct OpenControl {
        let control: PullDownButton
        let window: UnsafeMutablePointer<GtkWidget>
        let title: String

        init(_ menu: Menu, title: String) throws {
            control = PullDownButton(menu)
            self.title = title
            window = try TestWindow(titled: title, child: control.widget).widget
            gtk_window_set_default_size(gmk_window(window), 480, 560)
            try RealInput.click(control.menuButton)
            let popover = self.popover
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 && !MenuRows.all(in: popover).isEmpty }
        }

        var popover: UnsafeMutablePointer<GtkWidget> { gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton))) }

        func close() {
            control.popdown()
            MainLoop.drain()
            gtk_window_destroy(gmk_window(window))
            MainLoop.drain()
        }
    }

    func testSymbolsSubtitlesBadgesAndTooltipsAreDrawn() throws {
        try GtkSession.start()
        try onMain {
            let inbox = Inbox()
            var duplicated = 0
            let open = try OpenControl(Menu("Actions") {
                Button {
                    duplicated += 1
                } label: {
                    Label("Duplicate", systemImage: "doc.on.doc")
                    Text("Duplicate the component")
                }
                Button("Inbox", systemImage: "tray.and.arrow.down") {}.badge(3)
                Button("Drafts") {}.badge("New").help("Messages not sent yet")
                Toggle(isOn: Binding(inbox, \.isFlagged)) { Label("Flagged", systemImage: "flag") }
                    .badge(12).menuActionDismissBehavior(.disabled)
                Button("Share", systemImage: "square.and.arrow.up") {}.labelStyle(.iconOnly)
                Toggle(isOn: Binding(inbox, \.isFlagged)) {
                    Label("Whipped Cream", systemImage: "heart")
                    Text("A cloud on top")
                }
            }, title: "SwiftUI Rows")
            defer { open.close() }
            guard let duplicate = MenuRows.row("Duplicate", in: open.popover),
                  let inboxRow = MenuRows.row("Inbox", in: open.popover),
                  let drafts = MenuRows.row("Drafts", in: open.popover),
                  let flagged = MenuRows.row("Flagged", in: open.popover) else {
                return XCTFail("rows: \(MenuRows.all(in: open.popover).map(WidgetTree.labels))")
            }
            XCTAssertEqual(MenuRows.icons(in: duplicate), ["edit-copy-symbolic"], "the SF Symbol is drawn with its Adwaita icon")
            XCTAssertEqual(WidgetTree.labels(in: duplicate), ["Duplicate", "Duplicate the component"])
            XCTAssertEqual(WidgetTree.labels(in: inboxRow), ["Inbox", "3"], "the badge at the end of the row")
            XCTAssertEqual(WidgetTree.labels(in: drafts), ["Drafts", "New"])
            XCTAssertEqual(WidgetTree.labels(in: flagged), ["Flagged", "12"])
            if let cream = MenuRows.row("Whipped Cream", in: open.popover) {
                XCTAssertEqual(WidgetTree.labels(in: cream), ["Whipped Cream", "A cloud on top"], "a toggle's subtitle is drawn")
                XCTAssertEqual(MenuRows.icons(in: cream), ["emote-love-symbolic"])
                XCTAssertNotEqual(g_type_check_instance_is_a(UnsafeMutableRawPointer(cream).assumingMemoryBound(to: GTypeInstance.self),
                                                             gtk_check_button_get_type()), 0, "with its checkmark")
            } else {
                XCTFail("no row for the toggle with a subtitle")
            }
            let badges = WidgetTree.all(open.popover).filter { gtk_widget_has_css_class($0, "gmenukit-badge") != 0 }
            XCTAssertEqual(badges.count, 3)
            MainLoop.turn { badges.allSatisfy(WidgetTree.isShown) }
            XCTAssertTrue(badges.allSatisfy(WidgetTree.isShown), "the badges are on screen")
            XCTAssertEqual(gtk_widget_get_tooltip_text(drafts).map { String(cString: $0) }, "Messages not sent yet", ".help is the row's tooltip")
            let share = MenuRows.all(in: open.popover).first { gtk_widget_has_css_class($0, "gmenukit-icon-row") != 0 }
            XCTAssertEqual(share.flatMap { gtk_widget_get_tooltip_text($0) }.map { String(cString: $0) }, "Share",
                           "an icon-only row carries its title as tooltip")
            XCTAssertEqual(share.flatMap { gtk_button_get_icon_name(gmk_button($0)) }.map { String(cString: $0) }, "send-to-symbolic")

            // The subtitle row acts, as the item does.
            try RealInput.click(duplicate)
            MainLoop.turn { duplicated == 1 }
            XCTAssertEqual(duplicated, 1)
        }
    }

    func testAHiddenMenuIndicatorLeavesTheArrowOut() throws {
        try GtkSession.start()
        try onMain {
            @MainActor func arrowIsShown(_ control: PullDownButton) throws -> Bool {
                let window = try TestWindow(titled: "Indicator", child: control.widget).widget
                defer {
                    gtk_window_destroy(gmk_window(window))
                    MainLoop.drain()
                }
                MainLoop.turn { WidgetTree.isShown(control.menuButton) }
                return WidgetTree.all(control.menuButton).contains { String(cString: gtk_widget_get_css_name($0)) == "arrow" && WidgetTree.isShown($0) }
            }
            XCTAssertTrue(try arrowIsShown(PullDownButton(Menu("Sort") { Button("By Name") {} })), "GTK draws an arrow beside a label")
            XCTAssertFalse(try arrowIsShown(PullDownButton(Menu("Sort") { Button("By Name") {} }.menuIndicator(.hidden))))
            XCTAssertTrue(try arrowIsShown(PullDownButton(Menu("Sort", systemImage: "arrow.up.arrow.down") { Button("By Name") {} })),
                           "beside a label and an icon")
            XCTAssertFalse(try arrowIsShown(PullDownButton(Menu("Sort", systemImage: "arrow.up.arrow.down") { Button("By Name") {} }
                .menuIndicator(.hidden))))
            XCTAssertFalse(try arrowIsShown(PullDownButton(Menu("Sort", systemImage: "arrow.up.arrow.down") { Button("By Name") {} }
                .labelStyle(.iconOnly))), "none beside an icon alone")
            XCTAssertTrue(try arrowIsShown(PullDownButton(Menu("Sort", systemImage: "arrow.up.arrow.down") { Button("By Name") {} }
                .labelStyle(.iconOnly).menuIndicator(.visible))))
        }
    }

    func testHelpShowsItsTooltipUnderThePointerAndTheMenuClosesCleanly() throws {
        try GtkSession.start()
        try onMain {
            let title = "SwiftUI Help"
            let open = try OpenControl(Menu("Mail") {
                Button("Inbox") {}
                Button("Drafts") {}.help("Messages not sent yet")
            }, title: title)
            guard let drafts = MenuRows.row("Drafts", in: open.popover), let point = (try? RealInput.pointInWindow(of: drafts)) else {
                open.close()
                return XCTFail("no row for Drafts")
            }
            // GTK asks the widget under the pointer for its tooltip before it shows one.
            let asked = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            asked.initialize(to: 0)
            defer { asked.deallocate() }
            let query: @convention(c) (UnsafeMutablePointer<GtkWidget>?, gint, gint, gboolean, OpaquePointer?, gpointer?) -> gboolean = { _, _, _, _, _, data in
                data?.assumingMemoryBound(to: Int.self).pointee += 1
                return 0   // GTK's own handler then shows the tooltip text
            }
            let handler = g_signal_connect_data(drafts.gpointer, "query-tooltip", unsafeBitCast(query, to: GCallback.self), asked, nil, GConnectFlags(0))
            let window = try RealInput.xdotool("search", "--sync", "--name", "^\(title)$").split(separator: "\n").first.map(String.init) ?? ""
            try RealInput.xdotool("mousemove", "--window", window, String(point.x), String(point.y))
            MainLoop.turn { asked.pointee > 0 }
            XCTAssertGreaterThan(asked.pointee, 0, "GTK asked the row for its tooltip under the pointer")
            XCTAssertEqual(gtk_widget_get_has_tooltip(drafts), 1)
            g_signal_handler_disconnect(drafts.gpointer, handler)
            // Closed with the tooltip up: nothing is left behind, no critical (fatal here).
            try RealInput.xdotool("key", "Escape")
            MainLoop.turn { gtk_widget_get_mapped(open.popover) == 0 }
            open.close()
        }
    }

    func testABadgeFollowsItsCountWhileTheMenuIsOpen() throws {
        try GtkSession.start()
        try onMain {
            let inbox = Inbox()
            let open = try OpenControl(Menu("Mail") {
                Button("Inbox", systemImage: "tray.and.arrow.down") {}.badge(inbox.unread)
                Button("Outbox") {}
            }, title: "SwiftUI Badge")
            defer { open.close() }
            XCTAssertEqual(MenuRows.row("Inbox", in: open.popover).map(WidgetTree.labels), ["Inbox", "3"])
            inbox.unread = 12
            MainLoop.turn { MenuRows.row("Inbox", in: open.popover).map(WidgetTree.labels) == ["Inbox", "12"] }
            XCTAssertEqual(MenuRows.row("Inbox", in: open.popover).map(WidgetTree.labels), ["Inbox", "12"], "the badge follows the model")
            inbox.unread = 0
            MainLoop.turn { MenuRows.row("Inbox", in: open.popover).map(WidgetTree.labels) == ["Inbox"] }
            XCTAssertEqual(MenuRows.row("Inbox", in: open.popover).map(WidgetTree.labels), ["Inbox"], "no badge at zero")
            XCTAssertTrue(gtk_widget_get_mapped(open.popover) != 0, "the menu stayed open")
        }
    }
}
