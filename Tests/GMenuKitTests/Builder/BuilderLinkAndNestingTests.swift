import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Items of several links, and files nested far deeper than any menu can show: imported as
/// GtkBuilder reads them, with a diagnostic where GMenuKit's rows cannot show them, and no
/// crash however deep the file goes.
final class BuilderLinkAndNestingTests: GtkTestCase {
    /// An `<item>` with a section and a submenu link, a `<section>` with a submenu `<link>`,
    /// a `<submenu>` with a section `<link>`, and an item with a link of the app's own name:
    /// read back through GIO, the rendered menu is GtkBuilder's, every link with its items.
    static let severalLinks = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <menu id="menu">
            <item>
              <attribute name="label">Both</attribute>
              <attribute name="action">win.both</attribute>
              <link name="section">
                <item>
                  <attribute name="label">In the Section</attribute>
                  <attribute name="action">win.in-section</attribute>
                  <attribute name="target" type="(si)">('a', 1)</attribute>
                </item>
              </link>
              <link name="submenu">
                <item>
                  <attribute name="label">In the Submenu</attribute>
                  <attribute name="action">win.in-submenu</attribute>
                </item>
                <section>
                  <attribute name="label">Nested</attribute>
                  <item><attribute name="label">Deeper</attribute></item>
                </section>
              </link>
            </item>
            <section id="sec">
              <attribute name="label">Header</attribute>
              <item><attribute name="label">Shown</attribute></item>
              <link name="submenu">
                <item><attribute name="label">Hidden Submenu Item</attribute></item>
              </link>
            </section>
            <submenu>
              <attribute name="label">More</attribute>
              <item><attribute name="label">Submenu Item</attribute></item>
              <link name="section">
                <item><attribute name="label">Section Wins</attribute></item>
              </link>
            </submenu>
            <item>
              <attribute name="label">_Open</attribute>
              <attribute name="action">win.open</attribute>
              <link name="x-app-previews">
                <item>
                  <attribute name="label">Preview</attribute>
                  <attribute name="scale" type="d">1.5</attribute>
                </item>
              </link>
            </item>
          </menu>
        </interface>
        """

    func testItemsOfSeveralLinksReadBackAsGtkBuildersParse() throws {
        try GtkSession.start()
        try MainActor.assumeIsolated {
            let builder = try BuilderFixtures.gtkBuilder(readingMenusOf: Self.severalLinks)
            defer { g_object_unref(builder.gpointer) }
            let expected = try XCTUnwrap(BuilderFixtures.menu("menu", of: builder))
            let rendered = RenderedMenu(try Menu(builder: Self.severalLinks, id: "menu"))
            XCTAssertEqual(MenuModelComparer.differences(rendered.menuModel, expected), [])
            // The comparison sees every link: the first item has both, as GtkBuilder's has.
            XCTAssertEqual(Set(MenuModelComparer.linkNames(rendered.menuModel, 0)), [G_MENU_LINK_SECTION, G_MENU_LINK_SUBMENU])
            XCTAssertEqual(Set(MenuModelComparer.linkNames(rendered.menuModel, 3)), ["x-app-previews"])

            // What GTK shows is what GMenuKit's content holds: the section of each item that
            // has one, and the submenu only where no section is.
            let nodes = try Menu(builder: Self.severalLinks, id: "menu").resolveContent()
            XCTAssertEqual(nodes.count, 4)
            XCTAssertEqual(nodes[0].children.map(\.title), ["In the Section"])
            guard case .section = nodes[0].kind else { return XCTFail("\(nodes[0].kind)") }
            XCTAssertEqual(nodes[1].children.map(\.title), ["Shown"])
            XCTAssertEqual(nodes[2].children.map(\.title), ["Section Wins"])
            guard case .button(.named("win.open", _)) = nodes[3].kind else { return XCTFail("\(nodes[3].kind)") }

            // Each hidden submenu is a warning naming the item.
            let warnings = rendered.diagnostics.filter { $0.message.contains("section link and a submenu link") }
            XCTAssertEqual(warnings.map(\.path), ["Both", "Header", "More"], "\(rendered.diagnostics)")
            XCTAssertEqual(Set(warnings.map(\.severity)), [.warning])

            // Exported and read again, by GtkBuilder and by GMenuKit, the links stay.
            try BuilderExportTests.assertRoundTrips(rendered, "several links")

            // Opened beside GtkBuilder's menu, the same items show (sections, not the hidden submenus).
            let shown = SideBySideMenus(gtkBuilder: expected, gmenukit: rendered)
            defer { shown.close() }
            let gtkItems = PopoverRenderingTests.drawnItems(in: shown.leftPopover)
            XCTAssertEqual(PopoverRenderingTests.drawnItems(in: shown.rightPopover), gtkItems)
            XCTAssertFalse(gtkItems.isEmpty)
            if let directory = ProcessInfo.processInfo.environment["GMENUKIT_SCREENSHOT_DIR"], !directory.isEmpty {
                shown.screenshot(to: "\(directory)/builder-several-links.png")
            }
        }
    }

    /// A value not of its type inside a link GMenuKit only keeps is refused as GtkBuilder
    /// refuses it, with its line.
    func testABadValueInAKeptLinkIsRefusedWithItsLine() {
        let xml = """
            <interface>
              <menu id="m">
                <item>
                  <link name="x-app">
                    <item>
                      <attribute name="scale" type="d">large</attribute>
                    </item>
                  </link>
                </item>
              </menu>
            </interface>
            """
        XCTAssertThrowsError(try MainActor.assumeIsolated { try Menu(builder: xml, id: "m") }) { error in
            guard let error = error as? BuilderImportError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.line, 6)
            XCTAssertTrue(error.message.contains("not a GVariant of type 'd'"), error.message)
        }
    }

    /// Submenus and sections nested `levels` deep, alternating, each with one item beside it.
    static func nested(_ levels: Int) -> String {
        var xml = "<interface>\n<menu id=\"deep\">\n"
        for level in 0..<levels {
            xml += level % 2 == 0 ? "<submenu><attribute name=\"label\">S\(level)</attribute>" : "<section>"
            xml += "<item><attribute name=\"label\">Item \(level)</attribute></item>\n"
        }
        for level in (0..<levels).reversed() {
            xml += level % 2 == 0 ? "</submenu>" : "</section>"
        }
        return xml + "\n</menu>\n</interface>\n"
    }

    /// 3,000 and 10,000 levels (which overflowed the stack of the reader that recursed once a
    /// level) import, and render cut at GMenuKit's nesting limit with the error declared
    /// content gets; nothing below the cut is read into the document.
    func testTenThousandLevelsImportAndAreCutWithTheDeclaredError() throws {
        try GtkSession.start()
        try MainActor.assumeIsolated {
            let shallow = RenderedMenu(try Menu(builder: Self.nested(40), id: "deep"))
            for levels in [3_000, 10_000] {
                let document = try BuilderDocument(xml: Self.nested(levels))
                XCTAssertEqual(Self.depth(of: document.menus[0].items), 2 * MenuNesting.maximumDepth + 2, "\(levels)")
                let rendered = RenderedMenu(try Menu(builder: document, id: "deep"))
                let errors = rendered.diagnostics.filter { $0.severity == .error }
                XCTAssertEqual(errors.count, 1, "\(levels): \(rendered.diagnostics)")
                XCTAssertEqual(errors.first?.message, "submenus are nested more than 16 deep; the deeper ones are left out")
                XCTAssertEqual(errors.map(\.message), shallow.diagnostics.filter { $0.severity == .error }.map(\.message))
                XCTAssertEqual(errors.map(\.path), shallow.diagnostics.filter { $0.severity == .error }.map(\.path))
                // What GTK reads stops at the cut: 16 submenus below the top.
                var submenus = 0
                var level = MenuModelReader.read(rendered.menuModel)
                while let item = level.first(where: { $0.submenu != nil || $0.section != nil }) {
                    if let submenu = item.submenu {
                        submenus += 1
                        level = submenu
                    } else if let section = item.section {
                        level = section
                    } else {
                        break
                    }
                }
                XCTAssertEqual(submenus, MenuNesting.maximumDepth, "\(levels)")
            }
        }
    }

    /// Below the levels read, whole elements are skipped, their attributes with them: an
    /// attribute's record closes itself (no END of its own), so a skip that counted it as
    /// opening would run on past its element and take what follows. Each level here holds an
    /// item, the next level, then an item after it: every level read keeps its item after.
    func testWhatFollowsASkippedElementIsRead() throws {
        let levels = 60
        var xml = "<interface>\n<menu id=\"deep\">\n"
        for level in 0..<levels {
            xml += level % 2 == 0 ? "<submenu><attribute name=\"label\">S\(level)</attribute>" : "<section>"
            xml += "<item><attribute name=\"label\">Item \(level)</attribute><attribute name=\"action\">app.item</attribute></item>\n"
        }
        for level in (0..<levels).reversed() {
            xml += "<item><attribute name=\"label\">After \(level)</attribute><attribute name=\"action\">app.after</attribute></item>\n"
            xml += level % 2 == 0 ? "</submenu>" : "</section>"
        }
        xml += "<item><attribute name=\"label\">Last</attribute></item>\n</menu>\n</interface>\n"
        let document = try BuilderDocument(xml: xml)
        let top = document.menus[0].items
        XCTAssertEqual(top.map { $0.attributes.first?.value }, ["S0", "Last"])
        var afters: [String] = []
        var container = top.first
        while let items = container?.links.first?.items, !items.isEmpty {
            XCTAssertEqual(items.count, 3, "the level of \(afters.count): \(items.map(\.attributes))")
            XCTAssertEqual(items.first?.attributes.map(\.value).first, "Item \(afters.count)")
            let after = try XCTUnwrap(items.last)
            XCTAssertEqual(after.attributes.map(\.name), ["label", "action"])
            XCTAssertEqual(after.attributes.map(\.value), ["After \(afters.count)", "app.after"])
            afters.append(after.attributes.first?.value ?? "")
            container = items.count == 3 ? items[1] : nil
        }
        // The menu's items are at level 1, the first container's at 2: the last level read
        // holds its container's item, whose own items are skipped.
        let levelsRead = 2 * MenuNesting.maximumDepth + 2
        XCTAssertEqual(afters, (0..<(levelsRead - 1)).map { "After \($0)" })
    }

    /// The reader makes room for a record per 24 bytes of XML at first; empty-element tags
    /// (`<item/>`: a record and its END in 7 bytes) pass that, and the records grow.
    func testEmptyElementTagsPastTheFirstRoomAreAllRead() throws {
        let xml = "<interface><menu id=\"m\">" + String(repeating: "<item/>", count: 3_000)
            + "<item><attribute name=\"label\">Last</attribute></item></menu></interface>"
        let items = try BuilderDocument(xml: xml).menus[0].items
        XCTAssertEqual(items.count, 3_001)
        XCTAssertEqual(items.dropLast().filter { !$0.attributes.isEmpty || !$0.links.isEmpty }.count, 0)
        XCTAssertEqual(items.last?.attributes.map(\.value), ["Last"])
    }

    /// How many levels of items the document holds, following each first item's links.
    private static func depth(of items: [BuilderMenuItem]) -> Int {
        var depth = 0
        var level = items
        while !level.isEmpty {
            depth += 1
            level = level.first { !$0.links.isEmpty }?.links.first?.items ?? []
        }
        return depth
    }
}

extension MenuModelComparer {
    /// The names of an item's links.
    static func linkNames(_ model: UnsafeMutablePointer<GMenuModel>, _ index: gint) -> [String] {
        let links = links(model, index)
        defer { links.values.forEach { g_object_unref($0) } }
        return Array(links.keys)
    }
}

/// The menus of links GMenuKit keeps are released with the imported menu.
final class BuilderKeptLinkLifetimeTests: GtkTestCase {
    func testKeptLinkMenusAreFinalizedWithTheirMenu() throws {
        try GtkSession.start()
        try MainActor.assumeIsolated {
            let census = ObjectCensus()
            try {
                let rendered = RenderedMenu(try Menu(builder: BuilderLinkAndNestingTests.severalLinks, id: "menu"))
                for index: gint in [0, 3] {
                    let links = MenuModelComparer.links(rendered.menuModel, index)
                    links.values.forEach { census.watch($0) }
                    links.values.forEach { g_object_unref($0) }
                }
            }()
            MainLoop.drain()
            XCTAssertEqual(census.watchedCount, 3)
            XCTAssertTrue(census.allFinalized, census.summary)
        }
    }
}
