import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A menu reports the guidelines it breaks once, when it first opens, in debug builds.
final class GuidelineReportingTests: GtkTestCase {
    func testFirstOpeningReportsGuidelineWarningsOnce() throws {
        try GtkSession.start()
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let rendered = RenderedMenu(Menu("View") {
                Button("Sort by date") {}
                Button("Zoom In") {}
                Button("Zoom Out") {}
            })
            XCTAssertEqual(collector.collected, [], "rendering alone reports no guideline")

            let window = gtk_window_new()!
            let button = gtk_menu_button_new()!
            gtk_window_set_child(gmk_window(window), button)
            rendered.attach(toMenuButton: button)
            gtk_window_present(gmk_window(window))
            defer {
                gtk_window_destroy(gmk_window(window))
                MainLoop.drain()
            }
            for _ in 0..<2 {
                gtk_menu_button_popup(gmk_menu_button(button))
                MainLoop.drain()
                gtk_menu_button_popdown(gmk_menu_button(button))
                MainLoop.drain()
            }
            XCTAssertEqual(collector.collected.map(\.rule), ["L2"])
            XCTAssertEqual(collector.collected.first?.path, "View › Sort by date")
            XCTAssertEqual(collector.collected.first?.suggestion, "Sort by Date")
            XCTAssertEqual(rendered.guidelineDiagnostics().map(\.rule), ["L2"])
        }
    }

    func testReportingCanBeSwitchedOff() {
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let wasOn = RenderedMenu.reportsGuidelineDiagnostics
            RenderedMenu.reportsGuidelineDiagnostics = false
            defer { RenderedMenu.reportsGuidelineDiagnostics = wasOn }
            let rendered = RenderedMenu(Menu("View") { Button("sort by date") {} })
            rendered.menuWillShow()
            XCTAssertEqual(collector.collected, [])
            XCTAssertFalse(rendered.guidelineDiagnostics().isEmpty, "the library call still answers")
        }
    }

    func testAttachingToSomethingElseIsADiagnosticNotACrash() throws {
        try GtkSession.start()
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let rendered = RenderedMenu(Menu("Edit") { Button("Copy") {} })
            let label = gtk_label_new("not a menu button")!
            g_object_ref_sink(label.gpointerForWidgetTests)
            rendered.attach(toMenuButton: label)
            g_object_unref(label.gpointerForWidgetTests)
            XCTAssertEqual(collector.collected.map(\.severity), [.error])
            XCTAssertTrue(collector.collected.first?.message.contains("GtkLabel") ?? false)
        }
    }
}

extension UnsafeMutablePointer {
    var gpointerForWidgetTests: gpointer { UnsafeMutableRawPointer(self) }
}
