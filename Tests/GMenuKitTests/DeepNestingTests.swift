import CGtk
import MenuTestFixtures
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Menus nested far below the cut, as GTK shows them and as a rendered menu reports and checks
/// them. The cut itself is planning: GMenuKitCoreTests' DeepNestingTests.
final class DeepNestingTests: GtkTestCase {
    func testACutMenuReportsItsErrorOnce() {
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let fifty = RenderedMenu(menuNested(50))
            let deep = RenderedMenu(menuNested(10_000))
            XCTAssertEqual(fifty.diagnostics.count, 1)
            XCTAssertEqual(collector.collected.count, 2, "each menu reports its error once")
            deep.refresh()
            XCTAssertEqual(collector.collected.count, 2)
        }
    }

    func testARenderedMenusGuidelineChecksResolveNothingBelowTheCut() {
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let endless = EndlessMenus()
            let rendered = RenderedMenu(Menu("Root") { endless.menu(1) })
            endless.deepestResolved = 0
            _ = rendered.guidelineDiagnostics()
            XCTAssertEqual(endless.deepestResolved, MenuNesting.maximumDepth)
        }
    }

    func testTenThousandLevelsOpenFromAMenuButton() throws {
        try GtkSession.start()
        onMain {
            let wasReporting = RenderedMenu.reportsGuidelineDiagnostics
            RenderedMenu.reportsGuidelineDiagnostics = true
            defer { RenderedMenu.reportsGuidelineDiagnostics = wasReporting }
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            weak var released: RenderedMenu?
            do {
                let rendered = RenderedMenu(menuNested(10_000))
                released = rendered
                let opened = OpenedMenuButton(showing: rendered)
                XCTAssertNotEqual(gtk_widget_get_mapped(opened.popover), 0)
                let errors = collector.collected.filter { $0.severity == .error }
                XCTAssertEqual(errors.map(\.message), ["submenus are nested more than 16 deep; the deeper ones are left out"])
                // The guideline report of the first opening: the nesting warning, once.
                XCTAssertEqual(collector.collected.filter { $0.rule == "S3" && $0.severity == .warning }.count, 1)
                opened.close()
            }
            MainLoop.drain()
            XCTAssertNil(released, "the rendered menu and its 10,000-level value went")
        }
    }

    func testTenThousandNestedSectionsOpenFromAMenuButton() throws {
        try GtkSession.start()
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let sections = sectionsNested(10_000)
            let rendered = RenderedMenu(Menu("Deep") { sections })
            XCTAssertEqual(rendered.diagnostics.filter { $0.severity == .error }.count, 1)
            _ = rendered.guidelineDiagnostics()
            let opened = OpenedMenuButton(showing: rendered)
            XCTAssertNotEqual(gtk_widget_get_mapped(opened.popover), 0)
            opened.close()
        }
    }
}

