import CGtk
import Foundation
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

@Observable @MainActor private final class Document {
    var isBold = false
    var sortKey = "name"
    var zoom = 1.0
}

@Observable @MainActor private final class Settings {
    var isOn = false
}

@Observable @MainActor private final class Preferences {
    var settings = Settings()
}

/// A model changed from any thread (not main-actor isolated).
@Observable private final class SharedFlag: @unchecked Sendable {
    var isOn = false
}

/// A toggle's, picker's or slider's state follows its binding through one observation however
/// often the menu is refreshed: one more per refresh would pile up in the model until it
/// changes (about 1.5 KB a refresh, all firing at once then).
final class StateObservationTests: GtkTestCase {
    /// Bold, Sort By and, with `zoom`, a Zoom slider, each bound to a property of `document`.
    @MainActor private static func formatMenu(_ document: Document, zoom: Bool) -> Menu {
        Menu("Format") {
            Toggle("Bold", isOn: Binding(document, \.isBold))
            Picker("Sort By", selection: Binding(document, \.sortKey)) {
                Text("Name").tag("name")
                Text("Date").tag("date")
            }
            if zoom { Slider("Zoom", value: Binding(document, \.zoom), in: 0.5...2) }
        }
    }

    func testRefreshesAddNoObservationsToABindingOverTheSameProperty() {
        onMain {
            let document = Document()
            let rendered = RenderedMenu(Self.formatMenu(document, zoom: true))
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

    /// A binding to an object's property reads that property alone: its tracking stands across
    /// changes, and each change made on the main thread sets the action's state at once, before
    /// any main loop runs, with one notice.
    func testEachChangeOfABoundPropertySetsTheStateAtOnce() {
        onMain {
            let document = Document()
            let rendered = RenderedMenu(Self.formatMenu(document, zoom: false))
            let group = rendered.actionGroup.unsafePointer
            let names = actionNames(of: group)
            let bold = names.first { $0.contains("bold") }!, sort = names.first { $0.contains("sort") }!
            for round in 1...5 {
                let before = ChangeNotice.delivered
                document.isBold.toggle()
                XCTAssertEqual(actionState(group, bold), round % 2 == 1 ? "true" : "false", "round \(round): set at once")
                document.sortKey = round % 2 == 1 ? "date" : "name"
                XCTAssertEqual(actionState(group, sort), round % 2 == 1 ? "date" : "name", "round \(round)")
                XCTAssertEqual(ChangeNotice.delivered - before, 2, "one notice a change, from one standing tracking each")
            }
        }
    }

    /// A binding through a property of a property (`\.settings.isOn`) reads two properties:
    /// when the object on the way is replaced, the state follows the new object's property,
    /// and the old object's no longer moves it.
    func testABindingThroughAReplacedObjectFollowsTheNewOne() {
        onMain {
            let preferences = Preferences()
            let first = preferences.settings
            let rendered = RenderedMenu(Menu("View") { Toggle("Sidebar", isOn: Binding(preferences, \.settings.isOn)) })
            let group = rendered.actionGroup.unsafePointer
            let sidebar = actionNames(of: group).first { $0.contains("sidebar") }!
            first.isOn = true
            MainLoop.drain()
            XCTAssertEqual(actionState(group, sidebar), "true")
            let second = Settings()
            preferences.settings = second
            MainLoop.drain()
            XCTAssertEqual(actionState(group, sidebar), "false", "the new object's value")
            second.isOn = true
            MainLoop.drain()
            XCTAssertEqual(actionState(group, sidebar), "true", "the new object's property is followed")
            first.isOn = false
            MainLoop.drain()
            XCTAssertEqual(actionState(group, sidebar), "true", "the old object's property is not")
        }
    }

    /// A bound property changed on another thread: the state follows from the main loop, not
    /// from the other thread.
    func testAChangeMadeOnAnotherThreadReachesTheStateFromTheMainLoop() {
        onMain {
            let flag = SharedFlag()
            let rendered = RenderedMenu(Menu("Sync") { Toggle("Online", isOn: Binding(flag, \.isOn)) })
            let group = rendered.actionGroup.unsafePointer
            let online = actionNames(of: group).first { $0.contains("online") }!
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                flag.isOn = true
                done.signal()
            }
            done.wait()
            XCTAssertEqual(actionState(group, online), "false", "not set from the other thread")
            MainLoop.drain()
            XCTAssertEqual(actionState(group, online), "true")
            flag.isOn = false
            XCTAssertEqual(actionState(group, online), "false", "the tracking still stands, on the main thread at once")
        }
    }
}
