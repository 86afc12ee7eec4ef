import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// GMenuKit's rows take their colours from the popover they are in, as GTK's model buttons
/// do, whatever the widget the popover hangs off: a selected list row draws its own text
/// white, and Adwaita's `row:selected button.flat` reaches every button below it, a popover's
/// included (a popover's CSS node is a child of its parent's). Checked on screen, in the
/// light and the dark theme, beside GTK's own model buttons in the same menu.
final class RowColorTests: GtkTestCase {
    static let screenshotVariable = "GMENUKIT_ROW_COLOR_SCREENSHOTS"

    func testRowsOnASelectedListRowAreDrawnInThePopoversColoursInLightAndDark() throws {
        try GtkSession.start()
        try onMain {
            for dark in [false, true] {
                ThemeVariant.set(dark: dark)
                defer { ThemeVariant.set(dark: false) }
                try Self.checkRowsOnSelectedListRow(variant: dark ? "dark" : "light")
            }
        }
    }

    @MainActor
    private static func checkRowsOnSelectedListRow(variant: String) throws {
        let list = gtk_list_box_new()!
        for title in ["Groceries", "Meeting Notes"] {
            let label = gtk_label_new(title)!
            gtk_label_set_xalign(gmk_label(label.gpointer), 0)
            gtk_list_box_append(OpaquePointer(list), label)
        }
        gtk_widget_set_size_request(list, 360, 320)
        let window = try InputWindow(titled: "Row colours \(variant)", child: list)
        defer { window.destroy() }
        guard let row = gtk_list_box_get_row_at_index(OpaquePointer(list), 0) else { return XCTFail("no row") }
        let rowWidget = gmk_widget(UnsafeMutableRawPointer(row))!
        gtk_list_box_select_row(OpaquePointer(list), row)
        XCTAssertTrue(gtk_widget_get_state_flags(rowWidget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0,
                      "the list row is selected: its own text is drawn light on the accent colour")
        try checkRows(on: rowWidget, in: window, variant: variant)
    }

    /// Rows under parents that set colours of their own: an `.osd` box, a selected row of a
    /// navigation sidebar, and a header bar styled in white on blue (an app's coloured header).
    func testRowsUnderAnOSDASidebarAndAColouredHeaderBarKeepThePopoversColours() throws {
        try GtkSession.start()
        try onMain {
            for dark in [false, true] {
                ThemeVariant.set(dark: dark)
                defer { ThemeVariant.set(dark: false) }
                let variant = dark ? "dark" : "light"

                // An on-screen display: a list of actions in `.osd` colours, light text on dark.
                let osd = gtk_list_box_new()!
                gtk_widget_add_css_class(osd, "osd")
                for title in ["Play", "Pause"] { gtk_list_box_append(OpaquePointer(osd), gtk_label_new(title)) }
                gtk_widget_set_size_request(osd, 360, 320)
                let osdWindow = try InputWindow(titled: "Row colours osd \(variant)", child: osd)
                if let row = gtk_list_box_get_row_at_index(OpaquePointer(osd), 0) {
                    try Self.checkRows(on: gmk_widget(UnsafeMutableRawPointer(row))!, in: osdWindow, variant: "osd " + variant)
                } else {
                    XCTFail("no osd row")
                }
                osdWindow.destroy()

                let sidebar = gtk_list_box_new()!
                gtk_widget_add_css_class(sidebar, "navigation-sidebar")
                for title in ["Inbox", "Archive"] { gtk_list_box_append(OpaquePointer(sidebar), gtk_label_new(title)) }
                gtk_widget_set_size_request(sidebar, 360, 320)
                let sidebarWindow = try InputWindow(titled: "Row colours sidebar \(variant)", child: sidebar)
                if let row = gtk_list_box_get_row_at_index(OpaquePointer(sidebar), 0) {
                    gtk_list_box_select_row(OpaquePointer(sidebar), row)
                    try Self.checkRows(on: gmk_widget(UnsafeMutableRawPointer(row))!, in: sidebarWindow, variant: "sidebar " + variant)
                } else {
                    XCTFail("no sidebar row")
                }
                sidebarWindow.destroy()

                let header = gtk_header_bar_new()!
                style(header, css: "headerbar { background: #1c71d8; color: white; }")
                let headerLabel = gtk_label_new("Coloured header")!
                gtk_header_bar_pack_start(OpaquePointer(header), headerLabel)
                let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
                gtk_box_append(gmk_box(content), header)
                let below = gtk_label_new("")!
                gtk_widget_set_size_request(below, 360, 300)
                gtk_box_append(gmk_box(content), below)
                let headerWindow = try InputWindow(titled: "Row colours header \(variant)", child: content)
                try Self.checkRows(on: headerLabel, in: headerWindow, variant: "header bar " + variant)
                headerWindow.destroy()
            }
        }
    }

    /// Opens a context menu on `parent` with a secondary click and compares its rows with GTK's
    /// model buttons beside them: at rest, dimmed, destructive, highlighted and pressed.
    @MainActor
    private static func checkRows(on parent: UnsafeMutablePointer<GtkWidget>, in window: InputWindow, variant: String) throws {
        let title = window.title
        let context = ContextMenu(Menu("Row") {
            Button("Copy", icon: "edit-copy-symbolic") {}
            Button("Paste") {}
            Button("Redo", icon: "edit-redo-symbolic") {}.disabled()
            Button("Cut") {}.disabled()
            Button("Delete", icon: "user-trash-symbolic", role: .destructive) {}.confirmationDisabled()
            Button("Remove", icon: "list-remove-symbolic", role: .destructive) {}.confirmationDisabled().disabled()
            Button("Discard", role: .destructive) {}.confirmationDisabled()
            Button("Erase", role: .destructive) {}.confirmationDisabled().disabled()
            Button("Print") {}
        }, attachedTo: parent)
        _ = context

        window.click(3, onto: parent, at: 20, 8)
        settle { context.popoverWidget.map { gtk_widget_get_mapped($0) != 0 && !MenuRows.all(in: $0).isEmpty } ?? false }
        guard let popover = context.popoverWidget, gtk_widget_get_mapped(popover) != 0 else {
            return XCTFail("[\(variant)] the secondary click opened no menu")
        }
        defer {
            gtk_popover_popdown(gmk_popover(popover))
            settle { gtk_widget_get_mapped(popover) == 0 }
        }
        guard let copy = MenuRows.row("Copy", in: popover), let redo = MenuRows.row("Redo", in: popover),
              let delete = MenuRows.row("Delete", in: popover),
              let paste = PopoverPages.modelButtons(in: popover, text: "Paste").first,
              let cut = PopoverPages.modelButtons(in: popover, text: "Cut").first,
              let print = PopoverPages.modelButtons(in: popover, text: "Print").first,
              let remove = MenuRows.row("Remove", in: popover),
              let discard = PopoverPages.modelButtons(in: popover, text: "Discard").first,
              let erase = PopoverPages.modelButtons(in: popover, text: "Erase").first
        else { return XCTFail("[\(variant)] items missing: \(MenuRows.all(in: popover).map(WidgetTree.labels))") }
        // The pointer away from the menu: nothing hovered.
        try RealInput.xdotool("mousemove", "0", "0")
        for _ in 0..<20 { g_main_context_iteration(nil, 0); g_usleep(2_000) }
        // The keyboard on the last item, away from those measured at rest.
        gtk_widget_grab_focus(print)
        MainLoop.drain()
        XCTAssertEqual(gtk_widget_has_focus(copy), 0)
        gtk_test_widget_wait_for_draw(popover)

        let shot = Screenshot.saveIfAsked(name: "rows-on-selected-row-\(variant)", variable: Self.screenshotVariable)
        _ = shot

        func look(_ widget: UnsafeMutablePointer<GtkWidget>) -> ItemLook {
            ItemLook(pixels: ScreenPixels.pixels(of: widget, inWindowTitled: title))
        }
        let background = look(popover).background
        let gtkItem = look(paste), rowLook = look(copy)
        XCTAssertGreaterThan(gtkItem.contrast, 150, "[\(variant)] GTK's model button is legible (\(gtkItem))")
        XCTAssertGreaterThanOrEqual(rowLook.contrast, gtkItem.contrast * 9 / 10,
                                    "[\(variant)] the row's text stands out from its background as GTK's item's does (row \(rowLook), GTK \(gtkItem))")
        XCTAssertLessThan(ItemLook.distance(rowLook.background, background), 12,
                          "[\(variant)] at rest the row shows the popover's background (\(rowLook.background) on \(background))")
        XCTAssertLessThan(ItemLook.distance(rowLook.ink, gtkItem.ink), 60,
                          "[\(variant)] in the colour GTK's item is drawn in (row \(rowLook.ink), GTK \(gtkItem.ink))")

        let disabledRow = look(redo), disabledItem = look(cut)
        XCTAssertLessThan(disabledRow.contrast, rowLook.contrast * 9 / 10, "[\(variant)] a disabled row is dimmed (\(disabledRow))")
        XCTAssertGreaterThan(disabledRow.contrast, 20, "[\(variant)] and still seen (\(disabledRow))")
        XCTAssertLessThan(ItemLook.distance(disabledRow.ink, disabledItem.ink), 60,
                          "[\(variant)] as GTK dims its own (row \(disabledRow.ink), GTK \(disabledItem.ink))")

        XCTAssertGreaterThan(ScreenPixels.redCount(look(delete).pixels), 20, "[\(variant)] the destructive row is red")
        // In the theme's error colour as this variant has it, seen from the popover (GTK 4.8's
        // and 4.18's default theme name one, #cc0000, for light and dark alike).
        let themeRed = ThemeColors.errorColor(of: popover)
        XCTAssertEqual(context.menu.destructiveColor, themeRed, "[\(variant)] the menu follows the theme's error colour")
        var reds: [String: Int] = [:]
        for pixel in look(delete).pixels where Int(pixel.0) > 150 && Int(pixel.1) < 90 && Int(pixel.2) < 90 {
            reds["#" + [pixel.0, pixel.1, pixel.2].map { String(format: "%02x", $0) }.joined(), default: 0] += 1
        }
        XCTAssertEqual(reds.max { $0.value < $1.value }?.key, themeRed,
                       "[\(variant)] the destructive row's label is drawn in the theme's error colour: \(reds)")

        // A disabled destructive item is dimmed as GTK dims its own, drawn by GTK or as a row:
        // its colour, Pango markup, would otherwise win over the theme's dimmed one.
        let discardLook = look(discard), eraseLook = look(erase), removeLook = look(remove), deleteLook = look(delete)
        XCTAssertGreaterThan(ScreenPixels.redCount(discardLook.pixels), 20, "[\(variant)] GTK's destructive item is red")
        XCTAssertLessThan(eraseLook.contrast, discardLook.contrast * 7 / 10,
                          "[\(variant)] a disabled destructive item GTK draws is dimmed (\(eraseLook), enabled \(discardLook))")
        XCTAssertLessThan(removeLook.contrast, deleteLook.contrast * 7 / 10,
                          "[\(variant)] a disabled destructive row is dimmed (\(removeLook), enabled \(deleteLook))")
        XCTAssertGreaterThan(eraseLook.contrast, 20, "[\(variant)] and still seen (\(eraseLook))")

        // Highlighted (pointer or keyboard) and pressed, as GtkPopoverMenu marks its own items.
        gtk_widget_grab_focus(copy)
        gtk_widget_set_state_flags(paste, GTK_STATE_FLAG_SELECTED, 0)
        MainLoop.drain()
        let focusedRow = look(copy), selectedItem = look(paste)
        XCTAssertGreaterThan(ItemLook.distance(selectedItem.background, background), 8, "[\(variant)] GTK highlights its item")
        XCTAssertLessThan(ItemLook.distance(focusedRow.background, selectedItem.background), 12,
                          "[\(variant)] the focused row is highlighted as GTK's item is (row \(focusedRow.background), GTK \(selectedItem.background))")
        XCTAssertGreaterThanOrEqual(focusedRow.contrast, selectedItem.contrast * 9 / 10, "[\(variant)] and legible (\(focusedRow))")

        gtk_widget_set_state_flags(copy, GTK_STATE_FLAG_ACTIVE, 0)
        gtk_widget_set_state_flags(paste, GTK_STATE_FLAG_ACTIVE, 0)
        MainLoop.drain()
        let pressedRow = look(copy), pressedItem = look(paste)
        XCTAssertLessThan(ItemLook.distance(pressedRow.background, pressedItem.background), 12,
                          "[\(variant)] a pressed row looks like a pressed GTK item (row \(pressedRow.background), GTK \(pressedItem.background))")
        gtk_widget_unset_state_flags(copy, GTK_STATE_FLAG_ACTIVE)
        gtk_widget_unset_state_flags(paste, GtkStateFlags(rawValue: GTK_STATE_FLAG_ACTIVE.rawValue | GTK_STATE_FLAG_SELECTED.rawValue))
    }
}

/// An item's pixels: its background (the commonest colour), its ink (the colour farthest from
/// the background) and how far apart they are (the sum of the channels' differences).
struct ItemLook: CustomStringConvertible {
    typealias RGB = (UInt8, UInt8, UInt8)
    let pixels: [RGB]
    let background: RGB
    let ink: RGB
    let contrast: Int

    init(pixels: [RGB]) {
        self.pixels = pixels
        var counts: [Int: Int] = [:]
        for pixel in pixels { counts[Int(pixel.0) << 16 | Int(pixel.1) << 8 | Int(pixel.2), default: 0] += 1 }
        let common = counts.max { $0.value < $1.value }?.key ?? 0
        let background = (UInt8(common >> 16 & 255), UInt8(common >> 8 & 255), UInt8(common & 255))
        self.background = background
        let ink = pixels.max { Self.distance($0, background) < Self.distance($1, background) } ?? background
        self.ink = ink
        contrast = Self.distance(ink, background)
    }

    static func distance(_ a: RGB, _ b: RGB) -> Int {
        abs(Int(a.0) - Int(b.0)) + abs(Int(a.1) - Int(b.1)) + abs(Int(a.2) - Int(b.2))
    }

    var description: String { "ink \(ink) on \(background), contrast \(contrast)" }
}

/// Switches Adwaita between its light and dark variants for the whole display.
@MainActor
enum ThemeVariant {
    static func set(dark: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        var value = GValue()
        g_value_init(&value, GType(5 << 2)) // G_TYPE_BOOLEAN
        g_value_set_boolean(&value, dark ? 1 : 0)
        g_object_set_property(gmk_object(settings.gpointer), "gtk-application-prefer-dark-theme", &value)
        g_value_unset(&value)
        MainLoop.drain()
    }
}

/// The whole screen saved as a PNG in a directory named by an environment variable, when set.
enum Screenshot {
    @discardableResult
    static func saveIfAsked(name: String, variable: String, size: String = "520x420") -> String? {
        guard let directory = ProcessInfo.processInfo.environment[variable] else { return nil }
        let path = directory + "/" + name + ".png"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["import", "-window", "root", "-crop", size + "+0+0", path]
        for _ in 0..<30 { g_main_context_iteration(nil, 0); g_usleep(2_000) }
        try? process.run()
        process.waitUntilExit()
        return path
    }
}
