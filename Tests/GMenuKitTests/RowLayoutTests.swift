import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// GMenuKit's rows line up with GTK's model buttons in the same popover: every label starts
/// where GTK's labels start (after the column of check and radio indicators, when the page has
/// one), and the indicators of check and radio rows sit where GTK's do. Measured in the
/// widgets' own geometry, in each theme, size and direction a person may run.
final class RowLayoutTests: GtkTestCase {
    static let screenshotVariable = "GMENUKIT_ROW_LAYOUT_SCREENSHOTS"

    /// What one run changes: the theme, its dark variant, the text scale and the direction.
    struct Setting {
        var name: String
        var theme = "Adwaita"
        var dark = false
        var textScale = 1.0
        var rightToLeft = false
    }

    static let settings = [
        Setting(name: "adwaita"),
        Setting(name: "adwaita-dark", dark: true),
        // GTK 4.8 and 4.18 accept HighContrast and, with the dark preference, draw its inverse
        // (gtkcssprovider.c: "hc-dark"). GTK 4.8 misspells the name HighContrastInverse in that
        // fallback (`HighConstrastInverse`), so that name alone gives it plain Adwaita: the dark
        // preference is the way to the inverse theme on every version.
        Setting(name: "high-contrast", theme: "HighContrast"),
        Setting(name: "high-contrast-inverse", theme: "HighContrast", dark: true),
        Setting(name: "text-scale-1.5", textScale: 1.5),
        Setting(name: "right-to-left", rightToLeft: true),
    ]

    func testLabelsAndIndicatorsLineUpWithGTKsItemsInEveryThemeSizeAndDirection() throws {
        try GtkSession.start()
        try onMain {
            let original = Self.current()
            defer { Self.apply(original) }
            for setting in Self.settings {
                Self.apply(setting)
                try Self.checkAlignment(setting.name, rightToLeft: setting.rightToLeft)
            }
        }
    }

    /// The display's settings as the session started them.
    @MainActor
    private static func current() -> Setting {
        guard let settings = gtk_settings_get_default() else { return Setting(name: "none") }
        let theme = gmk_object_dup_string(settings.gpointer, "gtk-theme-name")
        defer { g_free(theme) }
        return Setting(name: "original", theme: theme.map { String(cString: $0) } ?? "Adwaita",
                       dark: gmk_object_get_boolean(settings.gpointer, "gtk-application-prefer-dark-theme") != 0,
                       textScale: Double(gmk_object_get_int(settings.gpointer, "gtk-xft-dpi")) / (96 * 1024),
                       rightToLeft: gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL)
    }

    /// A window scale of 2 is chosen when GDK opens the display (`GDK_SCALE`): the same check
    /// runs in a process of its own, this test binary started again with only the child test.
    func testLabelsAndIndicatorsLineUpAtAWindowScaleOfTwo() throws {
        try GtkSession.start()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["GMenuKitTests.RowLayoutTests/testAlignmentInThisProcessWhenAskedByTheScaleTest"]
        var environment = ProcessInfo.processInfo.environment
        environment["GDK_SCALE"] = "2"
        environment[Self.childVariable] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the check at scale 2 passes:\n\(text)")
        XCTAssertTrue(text.contains("Executed 1 test, with 0 failures"), "the check ran at scale 2:\n\(text)")
    }

    static let childVariable = "GMENUKIT_ROW_LAYOUT_CHILD"

    func testAlignmentInThisProcessWhenAskedByTheScaleTest() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment[Self.childVariable] != nil, "run by the scale test")
        try GtkSession.start()
        try onMain {
            guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display),
                  let monitor = g_list_model_get_item(monitors, 0) else { return XCTFail("no monitor") }
            defer { g_object_unref(monitor) }
            XCTAssertEqual(gdk_monitor_get_scale_factor(OpaquePointer(monitor)), 2, "GDK_SCALE=2 took effect")
            try Self.checkAlignment("window-scale-2", rightToLeft: false)
        }
    }

    @MainActor
    private static func apply(_ setting: Setting) {
        guard let settings = gtk_settings_get_default() else { return }
        GObjectProperty.set(settings.gpointer, "gtk-theme-name", string: setting.theme)
        GObjectProperty.set(settings.gpointer, "gtk-application-prefer-dark-theme", boolean: setting.dark)
        // The text scale of GNOME's settings reaches GTK as the font resolution (1024ths of a dpi).
        GObjectProperty.set(settings.gpointer, "gtk-xft-dpi", int: Int32((96 * 1024 * setting.textScale).rounded()))
        gtk_widget_set_default_direction(setting.rightToLeft ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
        MainLoop.drain()
    }

    @MainActor
    private static func checkAlignment(_ name: String, rightToLeft: Bool) throws {
        final class Model { var bold = true; var italic = false; var align = "Left" }
        let model = Model()
        let menu = RenderedMenu(Menu("Layout") {
            Section {
                Button("Paste") {}
                Button("Copy", icon: "edit-copy-symbolic") {}
                Button("Export", subtitle: "As a PDF file") {}
                Button("Larger") {}.menuActionDismissBehavior(.disabled)
            }
            Section {
                Toggle("Bold", isOn: Binding(get: { model.bold }, set: { model.bold = $0 }))
                Toggle("Italic", isOn: Binding(get: { model.italic }, set: { model.italic = $0 }))
                    .menuActionDismissBehavior(.disabled)
            }
            Section {
                Picker("Align", selection: Binding(get: { model.align }, set: { model.align = $0 })) {
                    Text("Left").tag("Left")
                    Text("Right").tag("Right")
                }
            }
            Section {
                Picker("Spacing", selection: Binding(get: { model.align }, set: { model.align = $0 })) {
                    Text("Single").tag("Left")
                    Text("Double").tag("Right")
                }
            }
            .menuActionDismissBehavior(.disabled)
        })
        let opened = try OpenedMenuButton(showing: menu, inWindowTitled: "Row layout " + name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: ".", with: " "))
        defer { opened.close() }
        let popover = opened.popover
        gtk_test_widget_wait_for_draw(popover)
        Screenshot.saveIfAsked(name: "row-layout-\(name)", variable: screenshotVariable, size: "420x820")

        // The edge text starts from: the left one, or the right one right to left.
        func leadingEdge(_ widget: UnsafeMutablePointer<GtkWidget>) -> Double {
            var bounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(widget, popover, &bounds), 0)
            return Double(rightToLeft ? bounds.origin.x + bounds.size.width : bounds.origin.x)
        }
        func label(_ text: String) -> UnsafeMutablePointer<GtkWidget>? {
            WidgetTree.all(popover).first {
                WidgetTree.isWidget($0, ofType: "GtkLabel") && String(cString: gtk_label_get_text(gmk_label($0))) == text
            }
        }
        let rows = Set(MenuRows.all(in: popover).map { UnsafeMutableRawPointer($0) })
        func isInRow(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
            var current: UnsafeMutablePointer<GtkWidget>? = widget
            while let widget = current {
                if rows.contains(UnsafeMutableRawPointer(widget)) { return true }
                current = gtk_widget_get_parent(widget)
            }
            return false
        }

        // GTK's own items: a plain one, a check and a radio. The rest are GMenuKit's rows.
        for (text, isRow) in [("Paste", false), ("Bold", false), ("Left", false),
                              ("Export", true), ("Larger", true), ("Italic", true), ("Single", true)] {
            guard let widget = label(text) else { return XCTFail("[\(name)] no label \(text)") }
            XCTAssertEqual(isInRow(widget), isRow, "[\(name)] \(text) is drawn by \(isRow ? "GMenuKit" : "GTK")")
        }
        guard let paste = label("Paste") else { return }
        let column = leadingEdge(paste)
        for text in ["Bold", "Left", "Export", "Larger"] {
            guard let widget = label(text) else { continue }
            XCTAssertEqual(leadingEdge(widget), column, accuracy: 1,
                           "[\(name)] \(text)'s label starts where GTK's labels do, after the indicator column")
        }
        for text in ["Italic", "Single", "Double"] {
            guard let widget = label(text) else { continue }
            XCTAssertEqual(leadingEdge(widget), column, accuracy: 1,
                           "[\(name)] \(text)'s label starts where GTK's labels do, after the indicator column")
        }
        // An icon row's icon stands in the label column, its label after it.
        if let copy = MenuRows.row("Copy", in: popover),
           let icon = WidgetTree.all(copy).first(where: { WidgetTree.isWidget($0, ofType: "GtkImage") }) {
            XCTAssertEqual(leadingEdge(icon), column, accuracy: 1, "[\(name)] the icon of an icon row starts in the label column")
        } else {
            XCTFail("[\(name)] no icon row")
        }
        // Indicators: GMenuKit's (inside a row) at the same place as GTK's.
        let indicators = WidgetTree.all(popover).filter {
            ["check", "radio"].contains(String(cString: gtk_widget_get_css_name($0)))
        }
        let gtkIndicators = indicators.filter { !isInRow($0) }, rowIndicators = indicators.filter(isInRow)
        XCTAssertEqual(gtkIndicators.count, 3, "[\(name)] GTK draws Bold, Left and Right")
        XCTAssertEqual(rowIndicators.count, 3, "[\(name)] the rows draw Italic, Single and Double")
        guard let reference = gtkIndicators.first else { return }
        for indicator in rowIndicators {
            XCTAssertEqual(leadingEdge(indicator), leadingEdge(reference), accuracy: 1,
                           "[\(name)] a row's indicator sits in GTK's indicator column")
        }
    }

    /// A page of GMenuKit's rows alone has no GTK group to join: its command rows get no start
    /// box and join no group (a size group measures every member for each one, and had been
    /// most of a 1,000-row menu's opening), and line up as empty start boxes in one would. A
    /// scrolling list's check row brings the indicator column: then every command row of the
    /// page gets a start box in the group and makes room for it, the rows made before the
    /// list's first and those made after.
    func testAPageOfRowsAloneJoinsNoSizeGroupUntilAListsCheckRowBringsTheIndicatorColumn() throws {
        try GtkSession.start()
        try onMain {
            final class Flags { var on: Set<Int> = [1] }
            let flags = Flags()
            @MainActor func flag(_ index: Int) -> Binding<Bool> {
                Binding(get: { flags.on.contains(index) }, set: { if $0 { flags.on.insert(index) } else { flags.on.remove(index) } })
            }
            let plain = RenderedMenu(Menu("Rows") {
                Button("Copy", icon: "edit-copy-symbolic") {}
                Button("Paste", icon: "edit-paste-symbolic") {}
                Toggle("Bold", icon: "format-text-bold-symbolic", isOn: flag(0))
            })
            let opened = try OpenedMenuButton(showing: plain, inWindowTitled: "Rows alone")
            gtk_test_widget_wait_for_draw(opened.popover)
            XCTAssertTrue(PopoverPages.modelButtons(in: opened.popover).isEmpty, "every item is a row")
            guard let copy = MenuRows.row("Copy", in: opened.popover), let paste = MenuRows.row("Paste", in: opened.popover)
            else { opened.close(); return XCTFail("two command rows expected") }
            XCTAssertNil(RowIndicatorAlignment.group(ofPageHolding: copy), "no size group in a page of rows alone")
            XCTAssertNil(RowIndicatorAlignment.startBox(of: copy), "nor a start box")
            XCTAssertNil(RowIndicatorAlignment.startBox(of: paste))
            @MainActor func leadingEdge(_ widget: UnsafeMutablePointer<GtkWidget>, in popover: UnsafeMutablePointer<GtkWidget>) -> Float {
                var bounds = graphene_rect_t()
                XCTAssertNotEqual(gtk_widget_compute_bounds(widget, popover, &bounds), 0)
                return bounds.origin.x
            }
            @MainActor func icon(_ row: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
                WidgetTree.all(row).first { WidgetTree.isWidget($0, ofType: "GtkImage") }
            }
            if let copyIcon = icon(copy), let pasteIcon = icon(paste) {
                XCTAssertEqual(leadingEdge(copyIcon, in: opened.popover), leadingEdge(pasteIcon, in: opened.popover), "the rows' icons line up")
            } else {
                XCTFail("icons expected in the command rows")
            }
            opened.close()

            let withList = RenderedMenu(Menu("Rows and flags") {
                Button("Copy", icon: "edit-copy-symbolic") {}
                Section {
                    ForEach(0..<100) { index in Toggle("Flag \(index)", isOn: flag(index)) }
                        .menuListStyle(.scrolling(visibleRows: 5))
                }
                Button("Paste", icon: "edit-paste-symbolic") {}
            })
            guard let (listOpened, view) = try ScrollingMenuListTests.openScrollingList(withList, inWindowTitled: "Rows and a list")
            else { return }
            defer { listOpened.close() }
            gtk_test_widget_wait_for_draw(listOpened.popover)
            Screenshot.saveIfAsked(name: "row-layout-rows-and-a-list", variable: Self.screenshotVariable, size: "420x520")
            let popover = listOpened.popover
            guard let copyRow = MenuRows.row("Copy", in: popover), let pasteRow = MenuRows.row("Paste", in: popover),
                  let checkRow = view.rowWidgets.first(where: { ScrollingMenuListTests.label(of: $0) == "Flag 1" }),
                  let checkStart = RowIndicatorAlignment.startBox(of: checkRow),
                  let group = RowIndicatorAlignment.group(ofPageHolding: copyRow)
            else { return XCTFail("command rows, a list's check row with its start box, and the page's group expected") }
            var members = Set<UnsafeMutableRawPointer>()
            var node = gtk_size_group_get_widgets(group)
            while let current = node {
                if let widget = current.pointee.data { members.insert(widget) }
                node = current.pointee.next
            }
            let column: Int32 = gtk_widget_get_width(checkStart)
            XCTAssertGreaterThan(column, 0, "the check row's start box holds its indicator")
            for (name, row) in [("Copy", copyRow), ("Paste", pasteRow)] {
                guard let start = RowIndicatorAlignment.startBox(of: row) else { XCTFail("\(name) has a start box"); continue }
                XCTAssertTrue(members.contains(UnsafeMutableRawPointer(start)), "\(name)'s start box joined the page's group")
                XCTAssertEqual(gtk_widget_get_width(start), column, "\(name) makes room for the indicator column")
                if let rowIcon = icon(row), let label = WidgetTree.all(checkRow).first(where: { WidgetTree.isWidget($0, ofType: "GtkLabel") }) {
                    XCTAssertEqual(leadingEdge(rowIcon, in: popover), leadingEdge(label, in: popover), accuracy: 1,
                                   "\(name)'s icon starts where the check row's label does")
                }
            }
        }
    }

    /// Long labels: GTK's model buttons neither wrap nor ellipsize a label (gtkmodelbutton.c
    /// sets neither), and GMenuKit cuts every label at 120 characters. A row's label is laid
    /// out as GTK's is, a long subtitle under a short label wraps instead of widening the
    /// menu, and the menu of the longest labels stays narrower than the screen.
    func testLongLabelsAreLaidOutAsGTKsAndALongSubtitleWraps() throws {
        try GtkSession.start()
        try onMain {
            let long = String(repeating: "Export the Selected Pages ", count: 8)
            let subtitle = String(repeating: "as a PDF file that keeps its links and bookmarks ", count: 3)
            let menu = RenderedMenu(Menu("Long") {
                Button(long) {}
                Button(long, subtitle: "As a PDF file") {}
            })
            let opened = try OpenedMenuButton(showing: menu, inWindowTitled: "Long labels")
            gtk_test_widget_wait_for_draw(opened.popover)
            let rows = MenuRows.all(in: opened.popover)
            let gtkItems = PopoverPages.modelButtons(in: opened.popover)
            let rowLabels = rows.first.map { WidgetTree.all($0).filter { WidgetTree.isWidget($0, ofType: "GtkLabel") } } ?? []
            let gtkLabel = gtkItems.first.flatMap { WidgetTree.all($0).first { WidgetTree.isWidget($0, ofType: "GtkLabel") } }
            if let gtkLabel, rowLabels.count == 2 {
                let rowText = String(cString: gtk_label_get_text(gmk_label(rowLabels[0])))
                let gtkText = String(cString: gtk_label_get_text(gmk_label(gtkLabel)))
                XCTAssertEqual(rowText, gtkText, "both labels are cut the same way")
                XCTAssertEqual(rowText.count, MenuLabelText.maximumLength)
                let rowWidth: Int32 = gtk_widget_get_width(rowLabels[0])
                let gtkWidth: Int32 = gtk_widget_get_width(gtkLabel)
                XCTAssertEqual(rowWidth, gtkWidth, "the row's label is as wide as GTK's")
            } else {
                XCTFail("a row with a title and a subtitle beside GTK's item expected")
            }
            let longMenuWidth: Int32 = gtk_widget_get_width(opened.popover)
            opened.close()

            let short = RenderedMenu(Menu("Short") {
                Button("Print") {}
                Button("Export", subtitle: subtitle) {}
            })
            let shortOpened = try OpenedMenuButton(showing: short, inWindowTitled: "Long subtitle")
            defer { shortOpened.close() }
            gtk_test_widget_wait_for_draw(shortOpened.popover)
            let shortLabels = MenuRows.row("Export", in: shortOpened.popover).map {
                WidgetTree.all($0).filter { WidgetTree.isWidget($0, ofType: "GtkLabel") }
            } ?? []
            guard shortLabels.count == 2 else { return XCTFail("a title and a subtitle expected") }
            let titleHeight: Int32 = gtk_widget_get_height(shortLabels[0])
            let subtitleHeight: Int32 = gtk_widget_get_height(shortLabels[1])
            let shortMenuWidth: Int32 = gtk_widget_get_width(shortOpened.popover)
            XCTAssertGreaterThan(subtitleHeight, 2 * titleHeight, "the long subtitle wraps onto lines of its own")
            XCTAssertLessThan(shortMenuWidth, longMenuWidth, "rather than making the menu as wide as its text")

            var geometry = GdkRectangle()
            if let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display),
               let monitor = g_list_model_get_item(monitors, 0) {
                gdk_monitor_get_geometry(OpaquePointer(monitor), &geometry)
                g_object_unref(monitor)
            }
            XCTAssertLessThan(longMenuWidth, geometry.width, "the menu of the longest labels fits the screen")
        }
    }
}

/// Sets one property of a GObject from Swift (g_object_set is variadic).
@MainActor
enum GObjectProperty {
    static func set(_ object: UnsafeMutableRawPointer, _ name: String, string: String) {
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        g_value_set_string(&value, string)
        g_object_set_property(gmk_object(object), name, &value)
        g_value_unset(&value)
    }

    static func set(_ object: UnsafeMutableRawPointer, _ name: String, boolean: Bool) {
        var value = GValue()
        g_value_init(&value, GType(5 << 2))  // G_TYPE_BOOLEAN
        g_value_set_boolean(&value, boolean ? 1 : 0)
        g_object_set_property(gmk_object(object), name, &value)
        g_value_unset(&value)
    }

    static func set(_ object: UnsafeMutableRawPointer, _ name: String, int: Int32) {
        var value = GValue()
        g_value_init(&value, GType(6 << 2))  // G_TYPE_INT
        g_value_set_int(&value, int)
        g_object_set_property(gmk_object(object), name, &value)
        g_value_unset(&value)
    }
}
