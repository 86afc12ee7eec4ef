import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// What GTK draws from a rendered menu: the model buttons of a real, mapped popover.
final class PopoverRenderingTests: GtkTestCase {
    /// One drawn menu row: the visible text, GTK's role for it, and whether it is checked.
    struct DrawnItem: Equatable {
        var text: String
        var role: Int32
        var isActive: Bool
        var isSensitive: Bool
    }

    static let normalRole: Int32 = 0, checkRole: Int32 = 1, radioRole: Int32 = 2

    /// Every mapped model button inside `widget`, in order, with the text its label shows.
    @MainActor
    static func drawnItems(in widget: UnsafeMutablePointer<GtkWidget>) -> [DrawnItem] {
        WidgetTree.all(widget)
            .filter { WidgetTree.isWidget($0, ofType: "GtkModelButton") && gtk_widget_get_mapped($0) != 0 }
            .map { button in
                DrawnItem(
                    text: visibleText(in: button),
                    role: gmk_object_get_int(button, "role"),
                    isActive: gmk_object_get_boolean(button, "active") != 0,
                    isSensitive: gtk_widget_is_sensitive(button) != 0)
            }
    }

    /// The text of the first GtkLabel inside, as drawn: no markup, no mnemonic underscores.
    @MainActor
    static func visibleText(in widget: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let label = WidgetTree.all(widget).first(where: { WidgetTree.isWidget($0, ofType: "GtkLabel") }) else { return "" }
        return String(cString: gtk_label_get_text(gmk_label(label)))
    }
    func testPopoverDrawsLabelsRolesAndStatesAsDeclared() throws {
        try GtkSession.start()
        onMain {
            var isBold = true
            var sort = "date"
            let rendered = RenderedMenu(Menu("Edit") {
                Button("Save_As...") {}
                Toggle("Bold", isOn: Binding(get: { isBold }, set: { isBold = $0 }))
                Button("Print") {}.disabled()
                Picker("Sort By", selection: Binding(get: { sort }, set: { sort = $0 })) {
                    Text("Name").tag("name")
                    Text("Date").tag("date")
                }
                Button("Delete <All> & More", role: .destructive) {}
            })
            rendered.destructiveColor = "#c01c28"

            let opened = OpenedMenuButton(showing: rendered)
            defer { opened.close() }
            let popover = opened.popover
            XCTAssertEqual(gtk_widget_get_mapped(popover), 1)
            var drawn = Self.drawnItems(in: popover)
            XCTAssertEqual(drawn, [
                DrawnItem(text: "Save_As…", role: Self.normalRole, isActive: false, isSensitive: true),
                DrawnItem(text: "Bold", role: Self.checkRole, isActive: true, isSensitive: true),
                DrawnItem(text: "Print", role: Self.normalRole, isActive: false, isSensitive: false),
                DrawnItem(text: "Name", role: Self.radioRole, isActive: false, isSensitive: true),
                DrawnItem(text: "Date", role: Self.radioRole, isActive: true, isSensitive: true),
                DrawnItem(text: "Delete <All> & More", role: Self.normalRole, isActive: false, isSensitive: true),
            ])

            // State changed elsewhere shows in the open menu.
            isBold = false
            sort = "name"
            rendered.refresh()
            MainLoop.drain()
            drawn = Self.drawnItems(in: popover)
            XCTAssertEqual(drawn.map(\.isActive), [false, false, false, true, false, false])
        }
    }

    /// GTK hears the action group: an item whose action comes while the menu is open can be
    /// chosen (with a real click), a disabled one is dimmed, and a removed one goes, all in the
    /// open popover.
    func testActionsThatComeChangeAndGoShowInTheOpenMenu() throws {
        try GtkSession.start()
        try onMain {
            var showsPaste = false
            var canCopy = true
            var pasted = 0
            let rendered = RenderedMenu(Menu("Edit") {
                Button("Copy") {}.disabled(!canCopy)
                if showsPaste { Button("Paste") { pasted += 1 } }
            })
            let title = "GMenuKit actions while open"
            let opened = try OpenedMenuButton(showing: rendered, inWindowTitled: title)
            defer { opened.close() }
            let popover = opened.popover
            XCTAssertEqual(Self.drawnItems(in: popover).map(\.text), ["Copy"])

            showsPaste = true
            rendered.refresh()
            MainLoop.drain()
            var drawn = Self.drawnItems(in: popover)
            XCTAssertEqual(drawn.map(\.text), ["Copy", "Paste"])
            XCTAssertEqual(drawn.map(\.isSensitive), [true, true], "the new item's action reached GTK")
            if let paste = PopoverPages.modelButtons(in: popover, text: "Paste").first {
                try RealInput.click(paste)
                MainLoop.turn { pasted > 0 }
            }
            XCTAssertEqual(pasted, 1, "clicking the new item runs its closure")

            // The popover closed on the choice; open it again.
            opened.open()
            canCopy = false
            rendered.refresh()
            MainLoop.drain()
            drawn = Self.drawnItems(in: popover)
            XCTAssertEqual(drawn.map(\.isSensitive), [false, true], "a disabled action dims its item")

            showsPaste = false
            rendered.refresh()
            MainLoop.drain()
            XCTAssertEqual(Self.drawnItems(in: popover).map(\.text), ["Copy"])
        }
    }
}
