import MenuTestFixtures
import XCTest

@testable import GMenuKitCore


/// How many section levels the plan has, following the first item of each.
@MainActor
private func sectionDepth(_ items: [PlanItem]) -> Int {
    var depth = 0
    var level = items
    while let section = level.first?.section {
        depth += 1
        level = section
    }
    return depth
}

/// How many submenu levels the plan has, following the last item of each.
@MainActor
private func plannedDepth(_ planned: PlannedMenu) -> Int {
    var depth = 0
    var level = planned.items
    while let submenu = level.last?.submenu {
        depth += 1
        level = submenu
    }
    return depth
}

/// Menus nested far below the cut (`MenuNesting.maximumDepth`) are cut there with one error,
/// and nothing below the cut is resolved or checked: resolving or checking 10,000 levels would
/// overflow the stack.
final class DeepNestingTests: XCTestCase {
    func testTenThousandLevelsAreCutWithTheErrorOfFiftyLevels() {
        onMain {
            let fifty = PlannedMenu(menuNested(50))
            let deep = PlannedMenu(menuNested(10_000))
            XCTAssertEqual(plannedDepth(fifty), MenuNesting.maximumDepth)
            XCTAssertEqual(plannedDepth(deep), MenuNesting.maximumDepth)
            XCTAssertEqual(deep.diagnostics.count, 1, "\(deep.diagnostics)")
            XCTAssertEqual(deep.diagnostics.map(\.severity), fifty.diagnostics.map(\.severity))
            XCTAssertEqual(deep.diagnostics.map(\.message), fifty.diagnostics.map(\.message))
            XCTAssertEqual(deep.diagnostics.first?.message,
                           "submenus are nested more than 16 deep; the deeper ones are left out")
            // The path names the menu that was cut: 17 levels below the top.
            let path = deep.diagnostics.first?.path.components(separatedBy: " › ") ?? []
            XCTAssertEqual(path.count, MenuNesting.maximumDepth + 2)
            XCTAssertEqual(path.first, "L9999")
            XCTAssertEqual(path.last, "L\(9999 - MenuNesting.maximumDepth - 1)")
        }
    }

    func testNothingBelowTheCutIsResolved() {
        onMain {
            let endless = EndlessMenus()
            let planned = PlannedMenu(Menu("Root") { endless.menu(1) })
            XCTAssertEqual(plannedDepth(planned), MenuNesting.maximumDepth)
            XCTAssertEqual(endless.deepestResolved, MenuNesting.maximumDepth, "the menu beyond the cut is an item without content")
            XCTAssertEqual(planned.diagnostics.filter { $0.severity == .error }.count, 1)

            // A rendered menu's guideline checks: the GTK tests' DeepNestingTests.
            endless.deepestResolved = 0
            _ = MenuGuidelines.check(Menu("Root") { endless.menu(1) })
            XCTAssertEqual(endless.deepestResolved, MenuNesting.maximumDepth)
        }
    }

    func testGuidelineChecksStopAtTheCut() {
        onMain {
            // Nodes built by hand can go as deep as they like; the checks walk down to the cut.
            var node = MenuNode(identity: MenuIdentity("leaf"), title: "Leaf", kind: .button(.perform {}))
            for level in 0..<10_000 {
                node = MenuNode(identity: MenuIdentity("l\(level)"), title: "Level \(level)",
                                kind: .submenu(children: [node], primaryAction: nil))
            }
            let nodes = [node]
            for context in [MenuContext.pullDown, .menuBar, .contextMenu, .popUp, .submenu] {
                let found = MenuGuidelines.check(nodes, title: "Deep", context: context)
                XCTAssertEqual(found.filter { $0.rule == "S3" && $0.severity == .warning }.count, 1, "\(context)")
                let deepest = found.map { $0.path.components(separatedBy: " › ").count }.max() ?? 0
                XCTAssertLessThanOrEqual(deepest, MenuNesting.maximumDepth + 2, "\(context)")
            }
            XCTAssertEqual(MenuGuidelines.check(menuNested(10_000), context: .menuBar)
                .filter { $0.rule == "S3" && $0.severity == .warning }.count, 1)
            // The GNOME profile stops at the cut too: one G6, however deep.
            let gnome = MenuGuidelines.check(nodes, title: "Deep", context: .pullDown, style: .gnome)
            XCTAssertEqual(gnome.filter { $0.rule == "G6" }.count, 1)
            XCTAssertLessThanOrEqual(gnome.map { $0.path.components(separatedBy: " › ").count }.max() ?? 0, MenuNesting.maximumDepth + 2)
            // Dropping the nodes built by hand: arrays of nodes, released level inside level.
            _ = consume node
        }
    }

    func testDroppingAMenuTenThousandLevelsDeep() {
        onMain {
            // Swift releases the levels one inside the other (see `Menu`); 10,000 fit well.
            var menu: Menu? = menuNested(10_000)
            XCTAssertEqual(menu?.title, "L9999")
            menu = nil
            XCTAssertNil(menu)
        }
    }

    /// Opening such a menu in GTK: the GTK tests' DeepNestingTests.
    func testTenThousandNestedSectionsAreCutWithOneError() {
        onMain {
            let sections = sectionsNested(10_000)
            let planned = PlannedMenu(Menu("Deep") { sections })
            XCTAssertEqual(sectionDepth(planned.items), MenuNesting.maximumDepth)
            let errors = planned.diagnostics.filter { $0.severity == .error }
            XCTAssertEqual(errors.map(\.message), ["sections are nested more than 16 deep; the deeper ones are left out"])
            XCTAssertEqual(errors.first?.path.components(separatedBy: " › ").last, "S\(9999 - MenuNesting.maximumDepth)")
            // The innermost section left is empty: GTK shows nothing of it.
            XCTAssertEqual(planned.diagnostics.filter { $0.severity == .hint }.count, 1)

            // Control groups in control groups: only the first row is a row; the rest is cut the same way.
            var row: any MenuContent = Button("Cut", icon: "edit-cut-symbolic") {}
            for _ in 0..<10_000 {
                let inner = row
                row = ControlGroup { inner }
            }
            let rows = row
            XCTAssertNoThrow(PlannedMenu(Menu("Rows") { rows }))
        }
    }

    func testGuidelineChecksStopAtTheSectionCut() {
        onMain {
            var node = MenuNode(identity: MenuIdentity("leaf"), title: "Leaf", kind: .button(.perform {}))
            for level in 0..<10_000 {
                node = MenuNode(identity: MenuIdentity("s\(level)"), title: "Section \(level)", kind: .section(children: [node]))
            }
            let nodes = [node]
            for context in [MenuContext.pullDown, .menuBar, .popUp, .submenu] {
                let found = MenuGuidelines.check(nodes, title: "Deep", context: context)
                let deepest = found.map { $0.path.components(separatedBy: " › ").count }.max() ?? 0
                XCTAssertLessThanOrEqual(deepest, MenuNesting.maximumDepth + 2, "\(context)")
            }
            _ = MenuGuidelines.check(Menu("Deep") { sectionsNested(10_000) })
        }
    }
}
