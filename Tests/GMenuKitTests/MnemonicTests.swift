import CGtk
import XCTest

@testable import GMenuKit

/// Mnemonics as in any GTK menu: a letter typed in an open menu chooses its item, Alt and a
/// letter opens a menu bar's menu. Labels are otherwise shown as written.
final class MnemonicTests: GtkTestCase {
    func testTheMnemonicIsMarkedOnceAndUnderscoresStayLiteral() {
        onMain {
            let rendered = RenderedMenu(Menu("File") {
                Button("Save_As") {}.mnemonic("a")
                Button("Print") {}.mnemonic("z")
            })
            let labels = MenuModelReader.read(rendered.menuModel).map(\.label)
            XCTAssertEqual(labels, ["S_ave__As", "Print"], "the first a is marked; the literal _ stays doubled")
            XCTAssertTrue(rendered.diagnostics.contains { $0.message.contains("mnemonic 'z'") }, "\(rendered.diagnostics)")
        }
    }

    func testATypedLetterChoosesItsItemInAnOpenMenuAlsoADrawnRow() throws {
        try GtkSession.start()
        onMain {
            var ran: [String] = []
            let control = PullDownButton(Menu("Edit") {
                Button("Cut") { ran.append("cut") }.mnemonic("t")
                Button("Copy") { ran.append("copy") }.mnemonic("c")
                Button("Duplicate", icon: "edit-copy-symbolic") { ran.append("duplicate") }.mnemonic("d")
            })
            let title = "Mnemonic Menu"
            let window = WidgetClicks.presentWindow(titled: title, child: control.widget)
            defer {
                control.popdown()
                drainMainLoop()
                gtk_window_destroy(gmk_window(window))
                drainMainLoop()
            }
            let popover: UnsafeMutablePointer<GtkWidget> = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton)))
            WidgetClicks.click(control.menuButton, inWindowTitled: title)
            XInput.runMainLoop { gtk_widget_get_mapped(popover) != 0 }
            drainMainLoop()
            XInput.xdotool("key", "t")
            XInput.runMainLoop { !ran.isEmpty }
            XCTAssertEqual(ran, ["cut"], "typing t chose Cut")

            XInput.focusWindow(titled: title)
            WidgetClicks.click(control.menuButton, inWindowTitled: title)
            XInput.runMainLoop { gtk_widget_get_mapped(popover) != 0 }
            drainMainLoop()
            XInput.xdotool("key", "d")
            XInput.runMainLoop { ran.count == 2 }
            XCTAssertEqual(ran, ["cut", "duplicate"], "typing d chose the drawn Duplicate row")
        }
    }

    func testAltAndALetterOpensAMenuOfTheMenuBar() throws {
        try GtkSession.start()
        onMain {
            let bar = MenuBar {
                Menu("File") { Button("New") {} }.mnemonic("f")
                Menu("Edit") { Button("Find…") {} }.mnemonic("e")
            }
            let entry = gtk_entry_new()!
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_box_append(gmk_box(box), bar.widget)
            gtk_box_append(gmk_box(box), entry)
            let window = WidgetClicks.presentWindow(titled: "Mnemonic Bar", child: box)
            defer {
                gtk_window_destroy(gmk_window(window))
                drainMainLoop()
            }
            gtk_widget_grab_focus(entry)
            drainMainLoop()
            let popovers = { widgetTree(bar.widget).filter { gmk_is_popover($0) != 0 } }
            XInput.xdotool("key", "alt+e")
            XInput.runMainLoop { popovers().contains { gtk_widget_get_mapped($0) != 0 } }
            let open = popovers().filter { gtk_widget_get_mapped($0) != 0 }
            XCTAssertEqual(open.count, 1, "Alt+E opened one menu")
            XCTAssertEqual(open.first.map { PopoverPages.modelButtons(in: $0).map(PopoverPages.buttonText) }, ["Find…"],
                           "the Edit menu")
            for popover in open { gtk_popover_popdown(gmk_popover(popover)) }
            drainMainLoop()
        }
    }
}
