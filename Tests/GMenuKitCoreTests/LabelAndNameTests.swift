import MenuTestFixtures
import XCTest

@testable import GMenuKitCore

/// Labels show as written; action names are valid, stable and distinct.
final class LabelAndNameTests: XCTestCase {
    func testUnderscoreNeverBecomesAMnemonicAndDotsBecomeAnEllipsis() {
        onMain {
            let all = flatten(plan(Menu("File") {
                Button("Save_As...") {}
                Menu("snake_case") { Button("a_b") {} }
                Section("my_section") { Button("x") {} }
            }).items)
            XCTAssertTrue(all.contains { $0.label == "Save__As…" }, "\(all)")
            XCTAssertTrue(all.contains { $0.label == "snake__case" && $0.submenu != nil })
            XCTAssertTrue(all.contains { $0.label == "a__b" })
            XCTAssertTrue(all.contains { $0.label == "my_section" && $0.section != nil },
                          "section headers are not parsed for mnemonics, so they stay as written")
        }
    }

    /// Labels that need nothing done (an untitled section's empty one among them) come back as
    /// they are, by the quick check; the others are mended, and a mended label needs nothing more.
    func testALabelIsNormalizedOnceAndAnEmptyOneStaysEmpty() {
        let expected: [(String, String)] = [
            ("", ""), ("Open", "Open"), ("Save As", "Save As"), (" ", ""), ("a  b", "a b"), (" lead", "lead"),
            ("trail ", "trail"), ("Save...", "Save…"), ("two\nlines", "two lines"), ("Café", "Café"),
        ]
        for (raw, text) in expected {
            let normalized = MenuLabelText.normalize(raw)
            XCTAssertEqual(normalized.text, text, "“\(raw)”")
            XCTAssertFalse(normalized.wasOnlyCombiningMarks, "“\(raw)”")
            let again = MenuLabelText.normalize(normalized.text)
            XCTAssertEqual(again.text, text, "“\(raw)” normalized twice")
            XCTAssertEqual(again.problems, [], "“\(raw)” normalized twice")
        }
        XCTAssertEqual(MenuLabelText.normalize("").problems, [])
        XCTAssertEqual(MenuLabelText.normalize("two\nlines").problems.count, 1)
    }

    func testMarkupCharactersStayLiteralWithoutMarkup() {
        onMain {
            let find = plan(Menu("Edit") { Button("Find & <Replace>") {} }).items[0]
            XCTAssertEqual(find.label, "Find & <Replace>")
            XCTAssertNil(find.attributes["use-markup"])
        }
    }

    func testActionNamesAreValidAndDistinctForRepeatedLabels() {
        onMain {
            let result = plan(menuOfRepeatedAndUnusualLabels())
            let actions = flatten(result.items).compactMap(\.action)
            XCTAssertEqual(actions.count, 6)
            XCTAssertEqual(Set(actions).count, 6, "\(actions)")
            // GLib's own g_action_name_is_valid and the action group: the GTK tests' ActionNameTests.
            for action in actions {
                XCTAssertTrue(ActionNameRegistry.isValidActionName(String(action.dropFirst("menu.".count))), action)
                XCTAssertNotNil(result.planned.action(String(action.dropFirst(5))), action)
            }
            XCTAssertEqual(Array(actions.prefix(2)), ["menu.open", "menu.open-2"])
        }
    }

    func testActionNamesAreStableAcrossRefreshes() {
        onMain {
            var showsAll = false
            let planned = PlannedMenu(Menu("View") {
                if showsAll {
                    Button("Hidden Extra") {}
                }
                Button(showsAll ? "Show Less" : "Show All") { showsAll.toggle() }
                Button("Open") {}
            })
            let before = planned.items.map(\.action)
            showsAll = true
            planned.refresh()
            let after = planned.items.map(\.action)
            XCTAssertEqual(Array(after.suffix(2)), before)
            XCTAssertEqual(after.count, 3)
        }
    }

    func testExplicitIdentityKeepsTheActionWhenCodeAroundItChanges() {
        onMain {
            var extra = false
            let planned = PlannedMenu(Menu("Go") {
                if extra { Button("Back") {} }
                Button("Home") {}.id("home")
            })
            let before = planned.items.last?.action
            extra = true
            planned.refresh()
            XCTAssertEqual(planned.items.last?.action, before)
        }
    }

    /// A command identity names the action whatever the label says, or becomes: a new label
    /// (or a translation) keeps the name everything else uses.
    func testACommandIDNamesTheActionWhateverTheLabel() {
        onMain {
            var label = "Export as PDF…"
            let planned = PlannedMenu(Menu("File") {
                Button(label) {}.commandID("export-pdf")
                Button("Export as PDF…") {}
                Toggle("Show Sidebar", isOn: .constant(true)).commandID(CommandID("Sidebar Visible"))
            })
            XCTAssertEqual(planned.items.map(\.action), ["menu.export-pdf", "menu.export-as-pdf", "menu.sidebar-visible"],
                           "an identity's name, a label's, and an identity written in words made one")
            label = "Als PDF exportieren…"
            let renamed = PlannedMenu(Menu("File") {
                Button(label) {}.commandID("export-pdf")
            })
            XCTAssertEqual(renamed.items.map(\.action), ["menu.export-pdf"])
            XCTAssertEqual(CommandID.about.name, "about")
            XCTAssertEqual(CommandID("Export PDF!").name, "export-pdf")
        }
    }

    func testPrefixScopesTheActions() {
        onMain {
            XCTAssertEqual(plan(Menu("Edit") { Button("Copy") {} }, actionPrefix: "editor").items[0].action, "editor.copy")
        }
    }

    func testSlugs() {
        XCTAssertEqual(ActionNameRegistry.slug("Sort by Date"), "sort-by-date")
        XCTAssertEqual(ActionNameRegistry.slug("  Zoom -- In  "), "zoom-in")
        XCTAssertEqual(ActionNameRegistry.slug("…"), "item")
        XCTAssertEqual(ActionNameRegistry.slug(String(repeating: "a", count: 100)).count, 40)
    }

    /// Identities and taken names are hashed by their bytes (`KeyHashing`), not by `Hasher`:
    /// an identity is one key however it was made, thousands stay distinct through the
    /// tables' growth, and a released name is free again.
    func testIdentitiesAndActionNamesAreKeysByTheirText() {
        let appended = MenuIdentity().appending("0", 3).appending(element: 42).appending("label")
        let parsed = MenuIdentity(appended.path)
        XCTAssertEqual(appended, parsed)
        XCTAssertEqual(Set([appended, parsed]).count, 1)
        XCTAssertEqual([appended: 1][parsed], 1)
        // Each number written as Swift writes it, and hashed on as the identity made from its text.
        for number in [0, 7, 10, 99, 100, 12_345, -1, -250, Int.max, Int.min] {
            let element = MenuIdentity("/0").appending(element: number).appending("if")
            XCTAssertEqual(element.path, "/0/[\(number)]/if")
            XCTAssertEqual(element, MenuIdentity(element.path))
            XCTAssertEqual(MenuIdentity().appending("for", number), MenuIdentity("/for\(number)"))
        }
        XCTAssertEqual(MenuIdentity("/é").appending(element: "Ünïcode"), MenuIdentity("/é/[Ünïcode]"))

        var byIdentity: [MenuIdentity: Int] = [:]
        let identities = (0..<5000).map { MenuIdentity("/0").appending(element: $0) }
        for (index, identity) in identities.enumerated() { byIdentity[identity] = index }
        XCTAssertEqual(byIdentity.count, 5000)
        XCTAssertTrue(identities.indices.allSatisfy { byIdentity[identities[$0]] == $0 })
        XCTAssertNil(byIdentity[MenuIdentity("/0/[5000]")])

        var names = ActionNameRegistry()
        let given = identities.prefix(3000).map { names.name(for: $0, title: "Open") }
        XCTAssertEqual(Set(given).count, 3000)
        XCTAssertEqual(given.first, "open")
        XCTAssertEqual(names.release(identities[0]), "open")
        XCTAssertEqual(names.name(for: MenuIdentity("/elsewhere"), title: "Open"), "open", "a released name is free again")
        XCTAssertEqual(names.name(for: identities[1], title: "Open"), given[1], "a kept item keeps its name")
    }

    /// A kept list's names held by its group: a pass that keeps the list marks the group, and
    /// the names stay through a pass that releases others; a name gone anywhere, or another
    /// registry, and the group is no longer trusted (its names are asked one by one again).
    func testAKeptListsGroupHoldsItsNamesUntilANameGoes() {
        var names = ActionNameRegistry()
        let listed = (0..<3).map { MenuIdentity("/0").appending(element: $0) }
        let other = MenuIdentity("/1"), leaving = MenuIdentity("/2")
        let given = listed.map { names.name(for: $0, title: "Open") }
        _ = names.name(for: other, title: "Other")
        _ = names.name(for: leaving, title: "Leaving")
        let group = KeptNameGroup()
        XCTAssertEqual(listed.map { names.existingName(for: $0, joining: group) }, given)
        names.endPass()
        XCTAssertTrue(names.holdsNames(of: group))

        // Kept as a group while only the other item is asked: the one not asked goes, the group's stay.
        names.keepAsked(group, count: listed.count)
        _ = names.name(for: other, title: "Other")
        names.endPass()
        XCTAssertNil(names.existingName(for: leaving))
        XCTAssertEqual(listed.map { names.existingName(for: $0) }, given, "the group's names were kept")
        XCTAssertEqual(names.count, 4)
        XCTAssertFalse(names.holdsNames(of: group), "a name went: the group's are asked again")

        // Asked one by one and found, the group is trusted again; a pass that asks neither
        // the group nor its items lets them go.
        XCTAssertEqual(listed.map { names.name(for: $0, title: "Open", joining: group) }, given)
        names.confirm(group)
        XCTAssertTrue(names.holdsNames(of: group))
        _ = names.name(for: other, title: "Other")
        names.endPass()
        names.keepAsked(group, count: listed.count)
        names.endPass()
        XCTAssertEqual(names.count, 3, "the group kept its names; the item outside it, not asked, went")
        XCTAssertNil(names.existingName(for: other))
        names.endPass()
        XCTAssertEqual(names.count, 0, "a pass that keeps nothing releases everything")
        XCTAssertEqual(names.name(for: MenuIdentity("/3"), title: "Open"), "open", "their names are free again")

        let elsewhere = ActionNameRegistry()
        XCTAssertFalse(elsewhere.holdsNames(of: group), "another registry never holds a group's names")
    }
}
