import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

@Observable @MainActor private final class Library {
    var showsHidden = false
    var titles = ["Inbox", "Drafts", "Sent"]
}

@Observable @MainActor private final class Mailbox: Identifiable {
    let id: Int
    var name: String
    init(_ id: Int, _ name: String) { (self.id, self.name) = (id, name) }
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
            // The change's reading of the data replaced a tracking that had ended, and did not
            // join the retirement (a second registrar at every change): it outlived the
            // refreshes, one tracking, and goes now.
            XCTAssertEqual(ObservationRetirement.delivered - before, 2, "the change's tracking and the current one, not one per refresh")
            MainLoop.drain()
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).map(\.label), ["Drafts", "Sent", "Archive"])

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

    /// A change's new tracking of the element that changed does not join the retirement (it
    /// replaces one that ended): one such tracking outlives refreshes, never more, it renders
    /// nothing, and it keeps no menu alive.
    func testAChangesTrackingOutlivesRefreshesAloneAndHarmlessly() {
        onMain {
            let folders = [Mailbox(1, "Inbox"), Mailbox(2, "Drafts")]
            var evaluations = 0
            var rendered: RenderedMenu? = RenderedMenu(Menu("Move To") {
                ForEach(folders) { folder in countingEvaluation(&evaluations, of: Button(folder.name) {}) }
            })
            for round in 1...3 {
                folders[1].name = "Outbox \(round)"
                MainLoop.drain()
                for _ in 0..<200 { rendered?.refresh() }
                let (before, evaluated) = (ObservationRetirement.delivered, evaluations)
                folders[1].name = "Sent \(round)"
                XCTAssertEqual(ObservationRetirement.delivered - before, 2, "round \(round): the change's tracking and the current one, not one per refresh or per round")
                MainLoop.drain()
                XCTAssertEqual(evaluations - evaluated, 1, "round \(round): the element resolved once")
                XCTAssertEqual(MenuModelReader.read(rendered!.menuModel).map(\.label), ["Inbox", "Sent \(round)"])
            }
            weak var released = rendered
            rendered = nil
            XCTAssertNil(released, "the change's tracking does not keep the menu")
            let before = ObservationRetirement.delivered
            folders[1].name = "Trash"
            MainLoop.drain()
            XCTAssertEqual(ObservationRetirement.delivered - before, 1, "the last change's tracking ends now, doing nothing")
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
