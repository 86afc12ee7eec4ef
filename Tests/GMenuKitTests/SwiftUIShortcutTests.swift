import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// The accelerators of a rendered menu's items, read back from its model, and its diagnostics.
@MainActor
private func render(_ menu: Menu) -> (accels: [String?], diagnostics: [MenuDiagnostic]) {
    let rendered = RenderedMenu(menu)
    return (flatten(MenuModelReader.read(rendered.menuModel)).map { $0.attributes["accel"] }, rendered.diagnostics)
}

/// SwiftUI's shortcut forms: `.keyboardShortcut("s")`, `KeyEquivalent`, `EventModifiers` and
/// `KeyboardShortcut` values become GTK accelerators, read back from the menu model, and work
/// from the keyboard, typed for real.
final class SwiftUIShortcutTests: GtkTestCase {
    func testSwiftUIShortcutsBecomeGTKAccelerators() throws {
        try GtkSession.start()
        onMain {
            let result = render(Menu("File") {
                Button("Save") {}.keyboardShortcut("s")
                Button("Save As…") {}.keyboardShortcut("s", modifiers: [.command, .shift])
                Button("Print") {}.keyboardShortcut("p", modifiers: .command)
                Button("Export") {}.keyboardShortcut("E", modifiers: [.control, .option])
                Button("Settings") {}.keyboardShortcut(",")
                Button("Up") {}.keyboardShortcut(.upArrow, modifiers: .option)
                Button("Down") {}.keyboardShortcut(.downArrow, modifiers: .option)
                Button("Back") {}.keyboardShortcut(.leftArrow)
                Button("Forward") {}.keyboardShortcut(.rightArrow)
                Button("Delete") {}.keyboardShortcut(.delete)
                Button("Delete Forward") {}.keyboardShortcut(.deleteForward)
                Button("Start") {}.keyboardShortcut(.home)
                Button("Finish") {}.keyboardShortcut(.end)
                Button("Page Up") {}.keyboardShortcut(.pageUp)
                Button("Page Down") {}.keyboardShortcut(.pageDown)
                Button("Clear") {}.keyboardShortcut(.clear)
                Button("Next Field") {}.keyboardShortcut(.tab)
                Button("Play") {}.keyboardShortcut(.space)
                Button("OK") {}.keyboardShortcut(.defaultAction)
                Button("Cancel") {}.keyboardShortcut(.cancelAction)
                Button("Open") {}.keyboardShortcut(KeyboardShortcut("o"))
                Button("Close") {}.keyboardShortcut("<Control>w")
                Button("Reload") {}.keyboardShortcut("F5")
                Button("Accent") {}.keyboardShortcut("é")
            })
            XCTAssertEqual(result.accels, [
                "<Control>s", "<Shift><Control>s", "<Control>p", "<Control><Alt>e", "<Control>comma",
                "<Alt>Up", "<Alt>Down", "<Control>Left", "<Control>Right", "<Control>BackSpace", "<Control>Delete",
                "<Control>Home", "<Control>End", "<Control>Page_Up", "<Control>Page_Down", "<Control>Clear",
                "<Control>Tab", "<Control>space", "Return", "Escape", "<Control>o", "<Control>w", "F5",
                "<Control>eacute",
            ])
            XCTAssertEqual(result.diagnostics, [], "Return and Escape type no text; F5 is a function key")
        }
    }

    func testCapsLockAndReservedShortcutsAreReported() throws {
        try GtkSession.start()
        onMain {
            let result = render(Menu("Window") {
                Button("Shout") {}.keyboardShortcut("u", modifiers: [.command, .capsLock])
                Button("Close Window") {}.keyboardShortcut("<Alt>F4")
                Button("Switch") {}.keyboardShortcut(.tab, modifiers: .option)
                Button("Overview") {}.keyboardShortcut("<Super>a")
                Button("Log Out") {}.keyboardShortcut(.deleteForward, modifiers: [.control, .option])
                Button("Terminal 2") {}.keyboardShortcut("<Control><Alt>F2")
                Button("Keep") {}.keyboardShortcut("<Alt>F5")
            })
            XCTAssertEqual(result.accels, ["<Control>u", nil, nil, nil, nil, nil, "<Alt>F5"])
            XCTAssertEqual(result.diagnostics.map(\.path), [
                "Window › Shout", "Window › Close Window", "Window › Switch", "Window › Overview", "Window › Log Out", "Window › Terminal 2",
            ])
            XCTAssertEqual(result.diagnostics.map(\.message), [
                "Caps Lock is no shortcut modifier (it changes what letters type); it is left out of the shortcut",
                "the shortcut <Alt>F4 never reaches the app: the window manager closes the window on Alt+F4; it is not shown",
                "the shortcut <Alt>Tab never reaches the app: the window manager switches windows on Alt+Tab; it is not shown",
                "the shortcut <Super>a never reaches the app: the desktop keeps Super shortcuts for itself (the overview, workspaces, window tiling); it is not shown",
                "the shortcut <Control><Alt>Delete never reaches the app: the desktop logs out (or the system restarts) on Ctrl+Alt+Delete; it is not shown",
                "the shortcut <Control><Alt>F2 never reaches the app: Ctrl+Alt+F2 switches to a virtual terminal; it is not shown",
            ])
            XCTAssertTrue(result.diagnostics.allSatisfy { $0.severity == .warning })
        }
    }

    func testSwiftUIShortcutsFireFromTheKeyboard() throws {
        try GtkSession.start()
        try onMain {
            var saves = 0, savesAs = 0, ups = 0, oks = 0
            let control = PullDownButton(Menu("File") {
                Button("Save", systemImage: "square.and.arrow.down") { saves += 1 }.keyboardShortcut("s")
                Button("Save As…") { savesAs += 1 }.keyboardShortcut("s", modifiers: [.command, .shift])
                Button("Move Up") { ups += 1 }.keyboardShortcut(.upArrow, modifiers: .option)
                Button("Stop") { oks += 1 }.keyboardShortcut(.cancelAction)
            })
            let title = "GMenuKit SwiftUI shortcut test"
            let elsewhere = gtk_label_new("Elsewhere")!
            gtk_widget_set_focusable(elsewhere, 1)
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_box_append(gmk_box(box), control.widget)
            gtk_box_append(gmk_box(box), elsewhere)
            let window = try TestWindow(titled: title, child: box).widget
            defer {
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            gtk_widget_grab_focus(elsewhere)
            try RealInput.xdotool("key", "ctrl+s")
            MainLoop.turn { saves == 1 }
            try RealInput.xdotool("key", "ctrl+shift+s")
            MainLoop.turn { savesAs == 1 }
            try RealInput.xdotool("key", "alt+Up")
            MainLoop.turn { ups == 1 }
            try RealInput.xdotool("key", "Escape")
            MainLoop.turn { oks == 1 }
            XCTAssertEqual([saves, savesAs, ups, oks], [1, 1, 1, 1], "Ctrl+S, Shift+Ctrl+S, Alt+Up and Escape each ran their item once")
        }
    }
}
