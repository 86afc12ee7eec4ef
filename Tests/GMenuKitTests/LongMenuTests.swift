import CGtk
import XCTest

@testable import GMenuKit

/// A menu so long that GTK takes seconds to open it says so once, the first time it is shown,
/// also when its items are generated (which rule O4 otherwise allows to be long).
final class LongMenuTests: GtkTestCase {
    func testAMenuGTKOpensSlowlyIsReportedOnceWhenFirstShown() {
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let limit = RenderedMenu.itemsGTKOpensSlowly
            let history = Array(0..<(limit - 2))
            let long = RenderedMenu(Menu("History") {
                Section("Recent") { ForEach(history, id: \.self) { Button("Visit \($0)") {} }.generatedContent() }
                Menu("More") { Button("Clear History") {} }
            })
            XCTAssertTrue(collector.collected.filter { $0.rule == "O4" }.isEmpty, "nothing before the menu is shown")
            long.menuWillShow()
            long.menuWillShow()
            let reported = collector.collected.filter { $0.rule == "O4" }
            XCTAssertEqual(reported.count, 1, "\(reported)")
            XCTAssertEqual(reported.first?.path, "History")
            XCTAssertEqual(reported.first?.severity, .warning)
            XCTAssertTrue(reported.first?.message.contains("\(limit) items") ?? false, reported.first?.message ?? "")
            XCTAssertTrue(reported.first?.suggestion?.contains(".menuListStyle(.scrolling(visibleRows:))") ?? false,
                          "the suggestion names the scrolling list: \(reported.first?.suggestion ?? "")")

            // The same history as a scrolling list is one slot: nothing to report.
            let scrolling = RenderedMenu(Menu("History") {
                Section("Recent") { ForEach(Array(0..<(limit * 10)), id: \.self) { Button("Visit \($0)") {} }.menuListStyle(.scrolling(visibleRows: 12)) }
            })
            scrolling.menuWillShow()
            XCTAssertEqual(collector.collected.filter { $0.rule == "O4" }.count, 1, "a scrolling list of \(limit * 10) is not reported")

            let shorter = RenderedMenu(Menu("History") {
                ForEach(Array(0..<(limit - 1)), id: \.self) { Button("Visit \($0)") {} }.generatedContent()
            })
            shorter.menuWillShow()
            XCTAssertEqual(collector.collected.filter { $0.rule == "O4" }.count, 1, "one item fewer is not reported")
        }
    }
}
