import CGtk
import XCTest

@testable import GMenuKit

/// Labels show as written; action names are valid, stable and distinct.
final class LabelAndNameTests: GtkTestCase {
    func testUnderscoreNeverBecomesAMnemonicAndDotsBecomeAnEllipsis() {
        onMain {
            let rendered = RenderedMenu(Menu("File") {
                Button("Save_As...") {}
                Menu("snake_case") { Button("a_b") {} }
                Section("my_section") { Button("x") {} }
            })
            let all = flatten(MenuModelReader.read(rendered.menuModel))
            XCTAssertTrue(all.contains { $0.label == "Save__As…" }, "\(all)")
            XCTAssertTrue(all.contains { $0.label == "snake__case" && $0.submenu != nil })
            XCTAssertTrue(all.contains { $0.label == "a__b" })
            XCTAssertTrue(all.contains { $0.label == "my_section" && $0.section != nil },
                          "section headers are not parsed for mnemonics, so they stay as written")
        }
    }

    func testMarkupCharactersStayLiteralWithoutMarkup() {
        onMain {
            let rendered = RenderedMenu(Menu("Edit") { Button("Find & <Replace>") {} })
            let find = MenuModelReader.read(rendered.menuModel)[0]
            XCTAssertEqual(find.label, "Find & <Replace>")
            XCTAssertNil(find.attributes["use-markup"])
        }
    }

    func testActionNamesAreValidAndDistinctForRepeatedLabels() {
        onMain {
            let rendered = RenderedMenu(Menu("Mixed") {
                Button("Open") {}
                Button("Open") {}
                Menu("More") { Button("Open") {} }
                Button("Ünïcödé ✓ Straße") {}
                Button("___") {}
                Button("2 Columns") {}
            })
            let actions = flatten(MenuModelReader.read(rendered.menuModel)).compactMap(\.action)
            XCTAssertEqual(actions.count, 6)
            XCTAssertEqual(Set(actions).count, 6, "\(actions)")
            for action in actions {
                XCTAssertTrue(g_action_name_is_valid(String(action.dropFirst("menu.".count))) != 0, action)
                XCTAssertTrue(g_action_group_has_action(rendered.actionGroup.unsafePointer, String(action.dropFirst(5))) != 0, action)
            }
            XCTAssertEqual(Array(actions.prefix(2)), ["menu.open", "menu.open-2"])
        }
    }

    func testActionNamesAreStableAcrossRefreshes() {
        onMain {
            var showsAll = false
            let rendered = RenderedMenu(Menu("View") {
                if showsAll {
                    Button("Hidden Extra") {}
                }
                Button(showsAll ? "Show Less" : "Show All") { showsAll.toggle() }
                Button("Open") {}
            })
            let before = MenuModelReader.read(rendered.menuModel).map(\.action)
            showsAll = true
            rendered.refresh()
            let after = MenuModelReader.read(rendered.menuModel).map(\.action)
            XCTAssertEqual(Array(after.suffix(2)), before)
            XCTAssertEqual(after.count, 3)
        }
    }

    func testExplicitIdentityKeepsTheActionWhenCodeAroundItChanges() {
        onMain {
            var extra = false
            let rendered = RenderedMenu(Menu("Go") {
                if extra { Button("Back") {} }
                Button("Home") {}.id("home")
            })
            let before = MenuModelReader.read(rendered.menuModel).last?.action
            extra = true
            rendered.refresh()
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).last?.action, before)
        }
    }

    func testPrefixScopesTheActions() {
        onMain {
            let rendered = RenderedMenu(Menu("Edit") { Button("Copy") {} }, actionPrefix: "editor")
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel)[0].action, "editor.copy")
        }
    }

    func testSlugs() {
        XCTAssertEqual(ActionNameRegistry.slug("Sort by Date"), "sort-by-date")
        XCTAssertEqual(ActionNameRegistry.slug("  Zoom -- In  "), "zoom-in")
        XCTAssertEqual(ActionNameRegistry.slug("…"), "item")
        XCTAssertEqual(ActionNameRegistry.slug(String(repeating: "a", count: 100)).count, 40)
    }
}
