import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Mnemonics as in any GTK menu: a letter typed in an open menu chooses its item, Alt and a
/// letter opens a menu bar's menu. How labels mark them is planning (GMenuKitCoreTests'
/// MnemonicTests); here, GtkBuilder's labels and GTK's answer to the keys.
final class MnemonicTests: GtkTestCase {
    /// Every access key of a GNOME menu (gnome-console's tab menu, nautilus's context menu)
    /// survives GMenuKit: the labels GtkBuilder reads from the app's XML are the labels
    /// GMenuKit's model gives GTK.
    func testGtkBuilderLabelsSurviveUnchanged() {
        onMain {
            let gnomeLabels = ["Move _Left", "Move _Right", "_Move to New Window", "_Close", "Op_en in Console",
                               "S_ave As…", "_Run as a Program", "Open _With…", "Mo_ve to…", "snake__case"]
            let xml = "<interface><menu id='m'><section>"
                + gnomeLabels.map { "<item><attribute name='label'>\($0)</attribute></item>" }.joined()
                + "</section></menu></interface>"
            let builder = gtk_builder_new_from_string(xml, -1)!
            defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
            let builderMenu = gmk_menu_model(UnsafeMutableRawPointer(gtk_builder_get_object(builder, "m")!))!
            let section = MenuModelReader.read(builderMenu).first?.section ?? []
            let rendered = RenderedMenu(Menu("Menu") {
                ForEach(gnomeLabels, id: \.self) { label in Button(label) {}.useUnderline() }
            })
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).map(\.label), section.map(\.label))
            XCTAssertEqual(section.map(\.label), gnomeLabels)

            // Imported, the same XML keeps every key, as label and as the checks read it.
            let imported = try! Menu(builder: xml, id: "m")
            let importedModel = RenderedMenu(imported)
            XCTAssertEqual(MenuModelReader.read(importedModel.menuModel).first?.section?.map(\.label), section.map(\.label))
            let keys = imported.resolveContent().first?.children.map { $0.accessKey.map(String.init) ?? "-" }
            XCTAssertEqual(keys, ["l", "r", "m", "c", "e", "a", "r", "w", "v", "-"])
        }
    }

    func testATypedLetterChoosesTheItemWhoseMnemonicIsByPosition() throws {
        try GtkSession.start()
        try onMain {
            var ran: [String] = []
            let control = PullDownButton(Menu("Tab") {
                Button("Open") { ran.append("open") }.mnemonic("o")
                Button("Open in Console") { ran.append("console") }.mnemonic(at: 2)
                Button("Close") { ran.append("close") }.useUnderline()
            })
            let title = "Positioned Mnemonic"
            let window = try TestWindow(titled: title, child: control.widget).widget
            defer {
                control.popdown()
                MainLoop.drain()
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            let popover: UnsafeMutablePointer<GtkWidget> = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton)))
            try RealInput.click(control.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
            MainLoop.drain()
            try RealInput.xdotool("key", "e")
            MainLoop.turn { !ran.isEmpty }
            XCTAssertEqual(ran, ["console"], "typing e chose Open in Console, not Open")
        }
    }

    /// Keys that assign themselves: typing the key the second "Open" item got ("r", Open
    /// Recent) chooses it, where the written labels give both items none.
    func testATypedLetterChoosesAnItemWhoseKeyAssignedItself() throws {
        try GtkSession.start()
        try onMain {
            var ran: [String] = []
            let control = PullDownButton(Menu("File") {
                Button("Open") { ran.append("open") }
                Button("Open Recent") { ran.append("recent") }
                Button("Close") { ran.append("close") }
            }.accessKeys(.automatic))
            let window = try TestWindow(titled: "Automatic Access Keys", child: control.widget)
            defer {
                control.popdown()
                window.close()
            }
            XCTAssertEqual(MenuModelReader.read(control.menu.menuModel).map(\.label), ["_Open", "Open _Recent", "_Close"])
            let popover: UnsafeMutablePointer<GtkWidget> = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton)))
            try RealInput.click(control.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
            MainLoop.drain()
            try RealInput.key("r")
            MainLoop.turn { !ran.isEmpty }
            XCTAssertEqual(ran, ["recent"], "typing r chose Open Recent")
        }
    }

    func testATypedLetterChoosesItsItemInAnOpenMenuAlsoADrawnRow() throws {
        try GtkSession.start()
        try onMain {
            var ran: [String] = []
            let control = PullDownButton(Menu("Edit") {
                Button("Cut") { ran.append("cut") }.mnemonic("t")
                Button("Copy") { ran.append("copy") }.mnemonic("c")
                Button("Duplicate", icon: "edit-copy-symbolic") { ran.append("duplicate") }.mnemonic("d")
            })
            let title = "Mnemonic Menu"
            let window = try TestWindow(titled: title, child: control.widget).widget
            defer {
                control.popdown()
                MainLoop.drain()
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            let popover: UnsafeMutablePointer<GtkWidget> = gmk_widget(gtk_menu_button_get_popover(gmk_menu_button(control.menuButton)))
            try RealInput.click(control.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
            MainLoop.drain()
            try RealInput.xdotool("key", "t")
            MainLoop.turn { !ran.isEmpty }
            XCTAssertEqual(ran, ["cut"], "typing t chose Cut")

            try RealInput.focusWindow(titled: title)
            try RealInput.click(control.menuButton)
            MainLoop.turn { gtk_widget_get_mapped(popover) != 0 }
            MainLoop.drain()
            try RealInput.xdotool("key", "d")
            MainLoop.turn { ran.count == 2 }
            XCTAssertEqual(ran, ["cut", "duplicate"], "typing d chose the drawn Duplicate row")
        }
    }

    func testAltAndALetterOpensAMenuOfTheMenuBar() throws {
        try GtkSession.start()
        try onMain {
            let bar = MenuBar {
                Menu("File") { Button("New") {} }.mnemonic("f")
                Menu("Edit") { Button("Find…") {} }.mnemonic("e")
            }
            let entry = gtk_entry_new()!
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_box_append(gmk_box(box), bar.widget)
            gtk_box_append(gmk_box(box), entry)
            let window = try TestWindow(titled: "Mnemonic Bar", child: box).widget
            defer {
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            gtk_widget_grab_focus(entry)
            MainLoop.drain()
            let popovers = { WidgetTree.all(bar.widget).filter { gmk_is_popover($0) != 0 } }
            try RealInput.xdotool("key", "alt+e")
            MainLoop.turn { popovers().contains { gtk_widget_get_mapped($0) != 0 } }
            let open = popovers().filter { gtk_widget_get_mapped($0) != 0 }
            XCTAssertEqual(open.count, 1, "Alt+E opened one menu")
            XCTAssertEqual(open.first.map { PopoverPages.modelButtons(in: $0).map(PopoverPages.buttonText) }, ["Find…"],
                           "the Edit menu")
            for popover in open { gtk_popover_popdown(gmk_popover(popover)) }
            MainLoop.drain()
        }
    }
}
