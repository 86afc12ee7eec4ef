import CGtk
import XCTest

@testable import GMenuKit

/// `RenderedMenu.builderXML()` writes GtkBuilder XML that GtkBuilder reads back to the same
/// model, and that GMenuKit imports back to the same model again.
final class BuilderExportTests: GtkTestCase {
    /// Every fixture menu: imported, rendered, exported, read by GtkBuilder and imported again.
    func testFixtureMenusRoundTrip() throws {
        try GtkSession.start()
        var compared = 0
        for name in BuilderFixtures.uiFiles {
            let xml = try String(contentsOfFile: BuilderFixtures.path(name), encoding: .utf8)
            try MainActor.assumeIsolated {
                let document = try BuilderDocument(xml: xml, fileName: name)
                for id in document.menus.compactMap(\.id) {
                    let rendered = RenderedMenu(try Menu(builder: document, id: id))
                    try Self.assertRoundTrips(rendered, "\(name) \(id)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 10)
    }

    /// A menu declared with GMenuKit: its own actions, a toggle, a picker, a header, a submenu,
    /// a control group, a destructive item (markup), an item that keeps the menu open (a
    /// Boolean attribute), typed targets, hidden-when, and labels that need escaping.
    func testDeclaredMenuRoundTrips() throws {
        try GtkSession.start()
        try MainActor.assumeIsolated {
            let rendered = RenderedMenu(Menu("Edit") {
                Button("Undo & Redo <all>") {}.keyboardShortcut("<Control>z")
                Toggle("Bold", isOn: .constant(true))
                Picker("Sort By", selection: .constant("name")) {
                    Text("Name").tag("name")
                    Text("Date").tag("date")
                }
                Section("Tabs") {
                    Button("Close Tab", actionName: "win.close-tab", target: false)
                    Button("By Name", actionName: "win.sort", target: ("name", Int32(2)))
                    Button("Zoom", actionName: "win.zoom(1.5)").hidden(when: .actionMissing)
                }
                ControlGroup {
                    Button("Cut", icon: "edit-cut-symbolic") {}
                    Button("Copy", icon: "edit-copy-symbolic") {}
                }
                Menu("More") {
                    Button("Again") {}.menuActionDismissBehavior(.disabled)
                    Button("Delete", role: .destructive) {}
                }
            })
            rendered.destructiveColor = "#c01c28"
            rendered.refresh()
            let xml = rendered.builderXML()
            XCTAssertTrue(xml.contains("type=\"(si)\">(&apos;name&apos;, 2)</attribute>") || xml.contains("type=\"(si)\">('name', 2)</attribute>"), xml)
            XCTAssertTrue(xml.contains("<attribute name=\"hidden-when\">action-missing</attribute>"), xml)
            XCTAssertTrue(xml.contains("Undo &amp; Redo &lt;all&gt;"), xml)
            try Self.assertRoundTrips(rendered, "declared")
        }
    }

    @MainActor
    static func assertRoundTrips(_ rendered: RenderedMenu, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let xml = rendered.builderXML(id: "exported")
        let builder = gtk_builder_new()!
        defer { g_object_unref(builder.gpointer) }
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(builder, xml, -1, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "?"
            g_clear_error(&error)
            return XCTFail("\(what): GtkBuilder refuses the export: \(message)\n\(xml)", file: file, line: line)
        }
        let model = try XCTUnwrap(BuilderFixtures.menu("exported", of: builder), file: file, line: line)
        XCTAssertEqual(MenuModelComparer.differences(model, rendered.menuModel), [], "\(what): GtkBuilder's reading", file: file, line: line)
        let reimported = RenderedMenu(try Menu(builder: xml, id: "exported"))
        XCTAssertEqual(MenuModelComparer.differences(reimported.menuModel, rendered.menuModel), [], "\(what): imported again", file: file, line: line)
    }
}
