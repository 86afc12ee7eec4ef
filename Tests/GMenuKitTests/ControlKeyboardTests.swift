import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Every control that opens a menu, with the keyboard alone (real keys through xdotool): each is
/// reached with Tab, opened with Space or Return, and Escape closes its menu and gives the focus
/// back to it.
final class ControlKeyboardTests: GtkTestCase {
    func testEveryControlIsReachedWithTabOpenedWithSpaceOrReturnAndEscapeGivesTheFocusBack() throws {
        try GtkSession.start()
        try onMain {
            var repeatChoice = 1
            let add = PullDownButton(Menu("Add", icon: "list-add-symbolic") { Button("Photo") {}; Button("Document") {} })
            let share = PullDownButton(Menu("Share", icon: "emblem-shared-symbolic", content: { Button("Mail") {} }, primaryAction: {}))
            let repeatButton = PopUpButton("Repeat", selection: Binding(get: { repeatChoice }, set: { repeatChoice = $0 }),
                                           introductoryLabel: "Repeat:") {
                Text("Never").tag(1)
                Text("Every Day").tag(2)
            }
            let more = PullDownButton.more { Button("Help") {} }
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            for control in [add.widget, share.widget, repeatButton.widget, more.widget] { gtk_box_append(gmk_box(row.gpointer), control) }
            let window = try TestWindow(titled: "Control Keys", child: row, width: 640, height: 200)
            defer { window.close() }

            // The button inside each GtkMenuButton takes the focus; the split button's action too.
            let menuButtons: [(name: String, button: UnsafeMutablePointer<GtkWidget>)] = [
                ("Add", add.menuButton), ("Share's arrow", share.menuButton), ("Repeat", repeatButton.menuButton), ("More", more.menuButton),
            ]
            var reached: [UnsafeMutablePointer<GtkWidget>] = []
            for _ in 0..<12 {
                try RealInput.key("Tab")
                MainLoop.drain()
                if let focus = window.focus, !reached.contains(focus) { reached.append(focus) }
            }
            for (name, menuButton) in menuButtons {
                XCTAssertTrue(reached.contains { gtk_widget_is_ancestor($0, menuButton) != 0 }, "Tab reaches \(name)")
            }
            XCTAssertTrue(reached.contains(try XCTUnwrap(share.primaryButton)), "Tab reaches the split button's action")

            for (index, (name, menuButton)) in menuButtons.enumerated() {
                // Tab round to the control, then open it with Space or Return, in turn.
                for _ in 0..<12 where !Self.holdsFocus(window, menuButton) {
                    try RealInput.key("Tab")
                    MainLoop.drain()
                }
                XCTAssertTrue(Self.holdsFocus(window, menuButton), "\(name) has the focus")
                let key = index.isMultiple(of: 2) ? "space" : "Return"
                try RealInput.key(key)
                try MainLoop.wait(for: "\(name)'s menu to open with \(key)") { !window.shownPopovers.isEmpty }
                try RealInput.key("Escape")
                try MainLoop.wait(for: "\(name)'s menu to close with Escape") { window.shownPopovers.isEmpty }
                MainLoop.drain()
                XCTAssertTrue(Self.holdsFocus(window, menuButton), "Escape gives the focus back to \(name)")
            }
        }
    }

    /// Whether the focus is on `menuButton`'s own button.
    @MainActor
    private static func holdsFocus(_ window: TestWindow, _ menuButton: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let focus = window.focus else { return false }
        return gtk_widget_is_ancestor(focus, menuButton) != 0
    }
}
