import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

@Observable @MainActor private final class Library {
    var showsHidden = false
    var titles = ["Inbox", "Drafts", "Sent"]
}

@Observable @MainActor private final class MailFolder {
    var name: String
    init(_ name: String) { self.name = name }
}

/// A menu's content and its lists are each observed by one tracking however often the menu
/// renders: every full render retires the trackings of the one before, so nothing piles up in
/// the models it read (Observation itself cannot cancel a tracking), and a change to a model
/// runs one change handler, not one per refresh since the last change.
final class ContentObservationRetirementTests: GtkTestCase {
    func testRefreshesLeaveOneTrackingOfTheContentAndOfEachList() {
        onMain {
            let library = Library()
            let rendered = RenderedMenu(Menu("Go") {
                if library.showsHidden { Button("Hidden Files") {} }
                ForEach(library.titles, id: \.self) { title in Button(title) {} }
            })
            for _ in 0..<1_000 { rendered.refresh() }

            var before = ObservationRetirement.delivered
            library.titles.append("Archive")
            // The first render's tracking of the list did not join the retirement: no render
            // before it had seen the list read observable state (joining costs a tracking
            // installation for every list that reads none, a section's own array). It goes now.
            XCTAssertEqual(ObservationRetirement.delivered - before, 2, "the current tracking and the first render's, not one per refresh")
            MainLoop.drain()
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).map(\.label), ["Inbox", "Drafts", "Sent", "Archive"])

            for _ in 0..<1_000 { rendered.refresh() }
            before = ObservationRetirement.delivered
            library.titles.removeFirst()
            XCTAssertEqual(ObservationRetirement.delivered - before, 1, "from now on one tracking of the list's data")
            MainLoop.drain()

            for _ in 0..<1_000 { rendered.refresh() }
            before = ObservationRetirement.delivered
            library.showsHidden = true
            XCTAssertEqual(ObservationRetirement.delivered - before, 1, "one tracking of the content, not one per refresh")
            MainLoop.drain()
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).map(\.label), ["Hidden Files", "Drafts", "Sent", "Archive"])
        }
    }

    /// Elements that are objects are each observed alone: a refresh retires those trackings too.
    func testRefreshesLeaveOneTrackingOfEachObjectElement() {
        onMain {
            let folders = [MailFolder("Inbox"), MailFolder("Drafts")]
            let rendered = RenderedMenu(Menu("Move To") {
                ForEach(folders, id: \.name) { folder in Button(folder.name) {} }
            })
            for _ in 0..<500 { rendered.refresh() }
            let before = ObservationRetirement.delivered
            folders[1].name = "Outbox"
            XCTAssertEqual(ObservationRetirement.delivered - before, 1, "one tracking of the element, not one per refresh")
            MainLoop.drain()
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).map(\.label), ["Inbox", "Outbox"])
        }
    }

    /// A retired tracking changes nothing: a change after many refreshes renders once, and an
    /// invalidated menu no longer follows its models.
    func testRetiredTrackingsDoNotRenderAgain() {
        onMain {
            let library = Library()
            var evaluations = 0
            let rendered = RenderedMenu(Menu("Go") {
                countingEvaluation(&evaluations, of: Button(library.showsHidden ? "Hide Hidden Files" : "Show Hidden Files") {})
            })
            for _ in 0..<10 { rendered.refresh() }
            let afterRefreshes = evaluations
            library.showsHidden = true
            MainLoop.drain()
            XCTAssertEqual(evaluations - afterRefreshes, 1, "one render for one change")
            rendered.invalidate()
            let before = ObservationRetirement.delivered
            library.showsHidden = false
            MainLoop.drain()
            XCTAssertEqual(ObservationRetirement.delivered - before, 0, "an invalidated menu's trackings were retired")
            XCTAssertEqual(evaluations - afterRefreshes, 1)
        }
    }
}
