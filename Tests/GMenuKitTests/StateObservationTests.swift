import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

@Observable @MainActor private final class Document {
    var isBold = false
    var sortKey = "name"
    var zoom = 1.0
}

/// A toggle's, picker's or slider's state follows its binding through one observation however
/// often the menu is refreshed: Observation cannot cancel one, and one more per refresh would
/// pile up in the model until it changes (about 1.5 KB a refresh, all firing at once then).
final class StateObservationTests: GtkTestCase {
    func testRefreshesAddNoObservationsToABindingOverTheSameProperty() {
        onMain {
            let document = Document()
            let rendered = RenderedMenu(Menu("Format") {
                Toggle("Bold", isOn: Binding(document, \.isBold))
                Picker("Sort By", selection: Binding(document, \.sortKey)) {
                    Text("Name").tag("name")
                    Text("Date").tag("date")
                }
                Slider("Zoom", value: Binding(document, \.zoom), in: 0.5...2)
            })
            let names = actionNames(of: rendered.actionGroup.unsafePointer)
            let bold = names.first { $0.contains("bold") }!, sort = names.first { $0.contains("sort") }!
            for _ in 0..<1_000 { rendered.refresh() }

            var before = ChangeNotice.delivered
            document.isBold = true
            XCTAssertEqual(ChangeNotice.delivered - before, 1, "one observation of isBold, not one per refresh")
            before = ChangeNotice.delivered
            document.sortKey = "date"
            XCTAssertEqual(ChangeNotice.delivered - before, 1)
            before = ChangeNotice.delivered
            document.zoom = 1.5
            XCTAssertEqual(ChangeNotice.delivered - before, 1)
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, bold), "true")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, sort), "date")
        }
    }

    /// A binding that comes to read another object across refreshes is observed anew: the
    /// state follows the new object, not the old one.
    func testABindingToAnotherObjectIsObservedAnew() {
        onMain {
            let first = Document(), second = Document()
            var current = first
            let rendered = RenderedMenu(Menu("Format") { Toggle("Bold", isOn: Binding(current, \.isBold)) })
            let bold = actionNames(of: rendered.actionGroup.unsafePointer).first { $0.contains("bold") }!
            current = second
            rendered.refresh()
            second.isBold = true
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, bold), "true", "the toggle follows the object it now reads")
            first.isBold = false
            second.isBold = false
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, bold), "false")
        }
    }
}
