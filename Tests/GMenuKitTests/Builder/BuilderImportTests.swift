import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Menus of real GTK 4 apps (Tests/Fixtures/builder) imported by GMenuKit and rendered: read back
/// through GIO they equal GtkBuilder's own reading of the same XML, attribute for attribute.
final class BuilderImportTests: GtkTestCase {
    /// Every menu of every fixture, the app's whole `.ui` file read by GMenuKit (its widgets
    /// skipped), against GtkBuilder's GMenu: labels with their mnemonics, accels, action
    /// names, targets of every type, hidden-when, display hints, custom slots, icons, links.
    func testEveryFixtureMenuRendersAsGtkBuilderReadsIt() throws {
        try GtkSession.start()
        var compared = 0
        for name in BuilderFixtures.uiFiles {
            let xml = try String(contentsOfFile: BuilderFixtures.path(name), encoding: .utf8)
            compared += try MainActor.assumeIsolated { try Self.compareEveryMenu(of: xml, named: name) }
        }
        XCTAssertGreaterThanOrEqual(compared, 10, "menus compared")
    }

    /// Blueprint files, compiled by blueprint-compiler, import as GtkBuilder reads the XML.
    func testBlueprintFixturesRenderAsGtkBuilderReadsThem() throws {
        try GtkSession.start()
        var compared = 0
        for name in BuilderFixtures.blueprintFiles {
            guard let xml = BuilderFixtures.compiledBlueprint(name) else {
                throw XCTSkip("blueprint-compiler is not installed")
            }
            compared += try MainActor.assumeIsolated { try Self.compareEveryMenu(of: xml, named: name) }
            // The library's own way in: the same menus.
            let document = try MainActor.assumeIsolated { try BuilderDocument(blueprintFile: BuilderFixtures.path(name)) }
            XCTAssertEqual(document.menus.compactMap(\.id), try BuilderDocument(xml: xml).menus.compactMap(\.id))
        }
        XCTAssertGreaterThanOrEqual(compared, 2)
    }

    @MainActor
    private static func compareEveryMenu(of xml: String, named name: String) throws -> Int {
        let document = try BuilderDocument(xml: xml, fileName: name)
        let builder = try BuilderFixtures.gtkBuilder(readingMenusOf: xml)
        defer { g_object_unref(builder.gpointer) }
        XCTAssertFalse(document.menus.isEmpty, "\(name) has menus")
        for menu in document.menus {
            guard let id = menu.id else { continue }
            let expected = try XCTUnwrap(BuilderFixtures.menu(id, of: builder), "\(name): GtkBuilder has \(id)")
            let rendered = RenderedMenu(try Menu(builder: document, id: id))
            let differences = MenuModelComparer.differences(rendered.menuModel, expected)
            XCTAssertEqual(differences, [], "\(name) \(id)")
            XCTAssertGreaterThan(MenuModelComparer.itemCount(rendered.menuModel), 0, "\(name) \(id)")
        }
        return document.menus.count
    }

    /// An attribute's text as GtkBuilder joins it: the pieces around a comment or a CDATA
    /// section together, text of spaces alone dropped, no text an empty value; the same
    /// GMenu as GtkBuilder's.
    func testAttributeTextInPiecesReadsAsGtkBuilderJoinsIt() throws {
        try GtkSession.start()
        let xml = """
            <interface><menu id="m"><item>
              <attribute name="label">Save <!-- as what? -->As…</attribute>
              <attribute name="action">win.save-as</attribute>
              <attribute name="custom"><![CDATA[<b>]]> and <!-- x --> more</attribute>
              <attribute name="spaces">   </attribute>
              <attribute name="empty"></attribute>
              <attribute name="elided"/>
            </item></menu></interface>
            """
        let compared = try MainActor.assumeIsolated { try Self.compareEveryMenu(of: xml, named: "pieces") }
        XCTAssertEqual(compared, 1)
        let item = try XCTUnwrap(BuilderDocument(xml: xml).menu(id: "m")?.items.first)
        XCTAssertEqual(item.attributes.map(\.value), ["Save As…", "win.save-as", "<b> and  more", "", "", ""])
    }

    /// The comparer tells a string target from a typed one, a missing attribute, and a
    /// different link: what the fixture comparisons rely on.
    func testComparerFindsTypeValueAndLinkDifferences() {
        let first = g_menu_new()!
        let second = g_menu_new()!
        let stringTarget = g_menu_item_new("Name", nil)!
        g_menu_item_set_attribute_value(stringTarget, "action", g_variant_new_string("win.sort"))
        g_menu_item_set_attribute_value(stringTarget, "target", g_variant_new_string("true"))
        let boolTarget = g_menu_item_new("Name", nil)!
        g_menu_item_set_attribute_value(boolTarget, "action", g_variant_new_string("win.sort"))
        g_menu_item_set_attribute_value(boolTarget, "target", g_variant_new_boolean(1))
        g_menu_append_item(first, stringTarget)
        g_menu_append_item(second, boolTarget)
        let section = g_menu_new()!
        g_menu_append_section(first, "More", gmk_menu_model(section.gpointer))
        g_menu_append_submenu(second, "More", gmk_menu_model(section.gpointer))
        let differences = MenuModelComparer.differences(gmk_menu_model(first.gpointer), gmk_menu_model(second.gpointer))
        XCTAssertEqual(differences, [
            "0 target: 'true', expected true",
            "1 link section: present, expected none",
            "1 link submenu: missing, expected one",
        ])
        XCTAssertEqual(MenuModelComparer.differences(gmk_menu_model(first.gpointer), gmk_menu_model(first.gpointer)), [])
        [first, second, section].forEach { g_object_unref($0.gpointer) }
        [stringTarget, boolTarget].forEach { g_object_unref($0.gpointer) }
    }

    /// Imported content mixes with declared content: a declared item and an imported section
    /// in one menu, the section rendered as GtkBuilder reads it; the imported nodes show their
    /// labels without mnemonic marks to the guideline checks, with the marked letter.
    func testImportedContentMixesWithDeclaredContent() throws {
        try GtkSession.start()
        let xml = """
            <interface>
              <menu id="zoom">
                <section id="zoom_section">
                  <attribute name="label">Zoom</attribute>
                  <attribute name="display-hint">inline-buttons</attribute>
                  <item>
                    <attribute name="label">Zoom _In</attribute>
                    <attribute name="action">win.zoom</attribute>
                    <attribute name="target" type="d">1.25</attribute>
                    <attribute name="verb-icon">zoom-in-symbolic</attribute>
                  </item>
                  <item>
                    <attribute name="label">Save __As</attribute>
                    <attribute name="action">win.save-as</attribute>
                  </item>
                </section>
              </menu>
            </interface>
            """
        try MainActor.assumeIsolated {
            let content = try BuilderMenuContent(BuilderDocument(xml: xml), id: "zoom")
            let menu = Menu("View") {
                Button("Refresh") {}
                content
            }
            let nodes = menu.resolveContent()
            let section = try XCTUnwrap(nodes.last?.children)
            XCTAssertEqual(section.map(\.title), ["Zoom In", "Save _As"])
            XCTAssertEqual(section.map(\.mnemonic), ["I", nil])
            XCTAssertEqual(section.first?.imported?.label, "Zoom _In")
            XCTAssertEqual(section.first?.imported?.location.line, 6)

            let rendered = RenderedMenu(menu)
            let builder = try BuilderFixtures.gtkBuilder(readingMenusOf: xml)
            defer { g_object_unref(builder.gpointer) }
            let expected = try XCTUnwrap(BuilderFixtures.menu("zoom", of: builder))
            XCTAssertEqual(g_menu_model_get_n_items(rendered.menuModel), 2)
            let declared = MenuModelComparer.attributesOfItems(rendered.menuModel).first
            XCTAssertEqual(declared?["label"], "'Refresh'")
            // The imported section, alone in a model of its own, as GtkBuilder's menu.
            let imported = g_menu_new()!
            let links = MenuModelComparer.links(rendered.menuModel, 1)
            let attributes = MenuModelComparer.attributes(rendered.menuModel, 1)
            let item = g_menu_item_new_section(nil, links[G_MENU_LINK_SECTION]!)!
            for (name, value) in attributes { g_menu_item_set_attribute_value(item, name, value) }
            g_menu_append_item(imported, item)
            XCTAssertEqual(MenuModelComparer.differences(gmk_menu_model(imported.gpointer), expected), [])
            attributes.values.forEach { g_variant_unref($0) }
            links.values.forEach { g_object_unref($0) }
            g_object_unref(item.gpointer)
            g_object_unref(imported.gpointer)
        }
    }

    /// The file's lines reach every element: the linter reports `file:line`.
    func testElementsKeepTheirLines() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface domain="gnome-text-editor">
              <object class="GtkBox"/>
              <menu id="m">
                <section>
                  <attribute name="label" translatable="yes" context="menu">Sort</attribute>
                  <item>
                    <attribute name="label" translatable="yes">_Name</attribute>
                    <attribute name="action">win.sort</attribute>
                    <attribute name="target" type="(sb)">('name', false)</attribute>
                  </item>
                </section>
              </menu>
            </interface>
            """
        let document = try MainActor.assumeIsolated { try BuilderDocument(xml: xml, fileName: "w.ui") }
        XCTAssertEqual(document.domain, "gnome-text-editor")
        let menu = try XCTUnwrap(document.menu(id: "m"))
        XCTAssertEqual(menu.location.line, 4)
        let section = menu.items[0]
        XCTAssertEqual(section.element, .section)
        XCTAssertEqual(section.location.line, 5)
        XCTAssertEqual(section.attribute("label")?.context, "menu")
        XCTAssertEqual(section.attribute("label")?.location.description, "w.ui:6")
        let item = section.links[0].items[0]
        XCTAssertEqual(item.location.line, 7)
        XCTAssertEqual(item.label, "_Name")
        XCTAssertEqual(item.attribute("label")?.isTranslatable, true)
        XCTAssertEqual(item.attribute("target")?.type, "(sb)")
        XCTAssertEqual(item.attribute("target")?.location.line, 10)
    }

    /// A start tag's column counts characters, not bytes (the reader finds each line's start as
    /// the parser reaches it, and walks a line that is not ASCII), and a tag written over two
    /// lines is where its `<` is.
    func testElementsKeepTheirColumnsOnLinesThatAreNotASCII() throws {
        let xml = """
            <interface>
            <menu id="m">
            <!-- é --> <item>
              <attribute name="label">A</attribute>
            </item>
            <item
               >
              <attribute name="label">B</attribute>
            </item>
              <section>
              </section>
            </menu>
            </interface>
            """
        let document = try MainActor.assumeIsolated { try BuilderDocument(xml: xml) }
        let items = try XCTUnwrap(document.menu(id: "m")).items
        XCTAssertEqual(items.map { [$0.location.line, $0.location.column] }, [[3, 12], [6, 1], [10, 3]])
        XCTAssertEqual(items[0].attribute("label").map { [$0.location.line, $0.location.column] }, [4, 3])
        XCTAssertEqual(items[1].attribute("label").map { [$0.location.line, $0.location.column] }, [8, 3])
    }

    /// A start tag followed at once by another, a tag over several lines followed by another,
    /// and a comment before a tag: each element is found at its own '<' (GMarkup reports a
    /// start element from inside the next tag). Found by comparing the reader's records.
    func testElementsFollowedAtOnceByAnotherTagKeepTheirOwnPosition() throws {
        let xml = """
            <interface>
            <menu
            
            id="q"><item><attribute name="label">A</attribute></item>
            <!-- note --><item><!-- x --><attribute name="label">B</attribute></item>
            <section><section><item/></section></section>
            </menu>
            </interface>
            """
        let document = try MainActor.assumeIsolated { try BuilderDocument(xml: xml) }
        let menu = try XCTUnwrap(document.menu(id: "q"))
        XCTAssertEqual([menu.location.line, menu.location.column], [2, 1])
        let items = menu.items
        XCTAssertEqual(items.map { [$0.location.line, $0.location.column] }, [[4, 8], [5, 14], [6, 1]])
        XCTAssertEqual(items[0].attribute("label").map { [$0.location.line, $0.location.column] }, [4, 14])
        XCTAssertEqual(items[1].attribute("label").map { [$0.location.line, $0.location.column] }, [5, 30])
    }

    /// An empty-element tag (`<item/>`) followed at once by another tag is found at its own '<':
    /// GMarkup reports it at its '>' rather than past it, and the reader once took the tag
    /// before it (the menu's first item, at column 1 of the line before it). Found by
    /// comparing random menus' positions with their tags'.
    func testEmptyElementTagsFollowedAtOnceByATagKeepTheirOwnPosition() throws {
        let xml = """
            <interface><menu id="m"><item/><item/><item><attribute name="x"></attribute><attribute name="y"/></item>
            <section><submenu/><item /></section></menu></interface>
            """
        let document = try MainActor.assumeIsolated { try BuilderDocument(xml: xml) }
        let items = try XCTUnwrap(document.menu(id: "m")).items
        XCTAssertEqual(items.map { [$0.location.line, $0.location.column] }, [[1, 25], [1, 32], [1, 39], [2, 1]])
        XCTAssertEqual(items[2].attributes.map { [$0.location.line, $0.location.column] }, [[1, 45], [1, 77]])
        XCTAssertEqual(items[3].links[0].items.map { [$0.location.line, $0.location.column] }, [[2, 10], [2, 20]])
    }

    /// What GtkBuilder refuses, GMenuKit refuses with the line: unknown elements and attributes,
    /// text outside an attribute, a bad type string, a value not of its type, a missing id.
    func testInvalidMenusAreRefusedWithTheirLine() {
        let cases: [(String, Int, String)] = [
            ("<menu id='m'>\n<item><label>x</label></item></menu>", 2, "not allowed inside <item>"),
            ("<menu id='m'>\n<item colour='red'/></menu>", 2, "attribute 'colour' invalid"),
            ("<menu id='m'>\n<item>text</item></menu>", 2, "Text may not appear inside <item>"),
            ("<menu id='m'><item>\n<attribute name='target' type='(sb'>x</attribute></item></menu>", 2, "Invalid GVariant type string"),
            ("<menu id='m'><item>\n<attribute translatable='perhaps' name='label'>x</attribute></item></menu>", 2, "as a boolean"),
            ("<menu>\n</menu>", 1, "requires attribute 'id'"),
            ("<object class='GtkBox'>\n<menu id='m' colour='red'/></object>", 2, "attribute 'colour' invalid"),
            ("<menu id='m'>\n<attribute name='label'>x</attribute></menu>", 2, "not allowed inside <menu>"),
            ("<menu id='m'><item>\n<attribute name='target' type='b'>yes</attribute></item></menu>", 2, "not a GVariant of type 'b'"),
            ("<menu id='m'><item>\n", 2, "the currently open element is “item”"),
        ]
        for (body, line, message) in cases {
            let xml = "<interface>" + body + "</interface>"
            XCTAssertThrowsError(try MainActor.assumeIsolated { try Menu(builder: xml, id: "m") }, body) { error in
                guard let error = error as? BuilderImportError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.line, line, "\(body): \(error)")
                XCTAssertTrue(error.message.contains(message), "\(body): \(error.message)")
            }
        }
        XCTAssertThrowsError(try MainActor.assumeIsolated { try Menu(builder: "<interface><menu id='a'/></interface>", id: "b") }) { error in
            XCTAssertTrue("\(error)".contains("no menu with the id 'b'; its menus are a"), "\(error)")
        }
    }
}

/// An imported menu lets go of everything: its menu models and their parsed values, its
/// rendered menu, shown once in a popover.
final class BuilderImportLifetimeTests: GtkTestCase {
    func testAnImportedMenuShownInAPopoverIsFinalized() throws {
        try GtkSession.start()
        let xml = try String(contentsOfFile: BuilderFixtures.path("nautilus-toolbar-view-menu.ui"), encoding: .utf8)
        try MainActor.assumeIsolated {
            let census = ObjectCensus()
            weak var weakRendered: RenderedMenu?
            try {
                let rendered = RenderedMenu(try Menu(builder: xml, id: "sort_section"))
                weakRendered = rendered
                let opened = OpenedMenuButton(showing: rendered)
                census.watchEverything(in: rendered)
                opened.close()
            }()
            MainLoop.drain()
            XCTAssertNil(weakRendered)
            XCTAssertGreaterThan(census.watchedCount, 0)
            XCTAssertTrue(census.allFinalized, census.summary)
        }
    }
}
