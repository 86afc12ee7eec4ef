import CGtk
import Foundation
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A folder the menu lists: an `@Observable` object, so its menu section follows its name
/// and star without the list changing.
@Observable
@MainActor
final class Folder: Identifiable {
    let id: Int
    var name: String
    var isStarred = false
    var files: [String]

    init(id: Int, name: String, files: [String]) {
        self.id = id
        self.name = name
        self.files = files
    }
}

/// Tags as values, every one of them dimmed while the model is locked.
@Observable
@MainActor
final class TagModel {
    var tags = ["red", "green", "blue"]
    var isLocked = false
    @ObservationIgnored var contentEvaluations = 0

    var menu: Menu {
        Menu("Tags") {
            countingEvaluation(&self.contentEvaluations)
            ForEach(self.tags, id: \.self) { tag in Button(tag) {}.disabled(self.isLocked) }
        }
    }
}

/// A download whose progress another thread sets; its observation registrar is thread-safe.
@Observable
final class Download: Identifiable, @unchecked Sendable {
    let id: Int
    var progress = 0

    init(id: Int) { self.id = id }
}

/// Folders as objects in an `@Observable` list, under a button; a setting every folder's
/// section reads. Counts how often the menu's content and the folders' content run.
@Observable
@MainActor
final class FolderModel {
    var folders: [Folder]
    var showsStars = false
    @ObservationIgnored var contentEvaluations = 0
    @ObservationIgnored var folderEvaluations = 0
    @ObservationIgnored private var nextID = 0

    init(folders: Int) {
        self.folders = []
        self.folders = (0..<folders).map { _ in makeFolder() }
    }

    func makeFolder() -> Folder {
        defer { nextID += 1 }
        return Folder(id: nextID, name: "Folder \(nextID)", files: ["a.txt", "b.txt"])
    }

    var menu: Menu {
        Menu("Go") {
            countingEvaluation(&self.contentEvaluations)
            Button("Home") {}
            ForEach(self.folders) { folder in
                countingEvaluation(&self.folderEvaluations, of: Section(self.showsStars && folder.isStarred ? "★ " + folder.name : folder.name) {
                    ForEach(folder.files, id: \.self) { file in Button(file) {} }
                })
            }
        }
    }
}

/// Each element of a list is resolved under an observation of its own: a change to state that
/// one element's content read (a property of an `@Observable` element) resolves and replaces
/// that element alone, as a change to the list's data does, and the result is always what a
/// fresh render makes.
final class ElementObservationTests: GtkTestCase {
    func testAChangeInsideOneElementResolvesOnlyThatElement() {
        onMain {
            let model = FolderModel(folders: 6)
            let rendered = RenderedMenu(model.menu)
            let top = ItemsChangedRecorder(rendered.menuModel)
            let (contentBefore, foldersBefore) = (model.contentEvaluations, model.folderEvaluations)

            model.folders[3].name = "Renamed"
            MainLoop.drain()

            XCTAssertEqual(model.contentEvaluations, contentBefore, "the menu's content is not read again")
            XCTAssertEqual(model.folderEvaluations, foldersBefore + 1, "only the renamed folder is")
            XCTAssertEqual(rendered.listUpdates, 1)
            // "Home" stands in a section of its own; folder 3 is the item after it and three others.
            XCTAssertEqual(top.changes, [.init(position: 4, removed: 1, added: 0), .init(position: 4, removed: 0, added: 1)])
            Self.assertSameAsFreshRender(rendered, model)

            // A state the element reads but that does not change what it shows: nothing changes.
            let contentNow = model.contentEvaluations
            model.folders[2].isStarred = true
            MainLoop.drain()
            XCTAssertEqual(top.changes.count, 2, "a star that is not shown changes no item")
            XCTAssertEqual(model.contentEvaluations, contentNow)
            Self.assertSameAsFreshRender(rendered, model)
        }
    }

    /// An element that went is not resolved again when its object changes later, and one that
    /// moved is found where it went.
    func testElementsThatWentOrMovedAreFollowed() {
        onMain {
            let model = FolderModel(folders: 5)
            let rendered = RenderedMenu(model.menu)
            let gone = model.folders.remove(at: 1)
            MainLoop.drain()
            let top = ItemsChangedRecorder(rendered.menuModel)
            let foldersBefore = model.folderEvaluations

            gone.name = "Gone"
            MainLoop.drain()
            XCTAssertEqual(top.changes, [], "a folder that went is not shown again")
            XCTAssertEqual(model.folderEvaluations, foldersBefore)

            // Now at index 0 of the list, where its observation noted index 1.
            let moved = model.folders[1]
            model.folders.insert(model.makeFolder(), at: 0)
            model.folders.remove(at: 2)
            MainLoop.drain()
            model.folders.insert(moved, at: 0)
            MainLoop.drain()
            moved.name = "Moved"
            MainLoop.drain()
            Self.assertSameAsFreshRender(rendered, model)
        }
    }

    /// A setting that every element's content reads changes every element: with a few
    /// elements each is replaced alone; with many, the whole menu is planned once.
    func testStateEveryElementReadsUpdatesEachOrTheWholeMenu() {
        onMain {
            for (count, wholeMenu) in [(3, false), (40, true)] {
                let model = FolderModel(folders: count)
                for folder in model.folders { folder.isStarred = true }
                let rendered = RenderedMenu(model.menu)
                let contentBefore = model.contentEvaluations

                model.showsStars = true
                MainLoop.drain()

                XCTAssertEqual(model.contentEvaluations, contentBefore + (wholeMenu ? 1 : 0), "\(count) folders")
                XCTAssertEqual(rendered.listUpdates, wholeMenu ? 0 : 1, "\(count) folders")
                XCTAssertEqual(MenuModelReader.read(rendered.menuModel)[1].attributes["label"], "★ Folder 0")
                Self.assertSameAsFreshRender(rendered, model)
            }
        }
    }

    /// Renames, stars, files and the setting change beside insertions, removals and moves of
    /// folders, several at a time: after each turn of the main loop, the menu is what a fresh
    /// render makes.
    func testRandomElementAndListEditsMatchFreshRenders() {
        onMain {
            var random = SplitMix64(seed: 11)
            let model = FolderModel(folders: 6)
            let rendered = RenderedMenu(model.menu)
            var removed: [Folder] = []
            for step in 0..<300 {
                for _ in 0..<(1 + random.below(3)) {
                    let count = model.folders.count
                    switch random.below(9) {
                    case 0 where count > 0: removed.append(model.folders.remove(at: random.below(count)))
                    case 1: model.folders.insert(model.makeFolder(), at: random.below(count + 1))
                    case 2 where count > 1: model.folders.swapAt(0, count - 1)
                    case 3 where count > 0: model.folders[random.below(count)].isStarred.toggle()
                    case 4 where count > 0: model.folders[random.below(count)].files.append("f\(step).txt")
                    case 5: model.showsStars.toggle()
                    case 6 where !removed.isEmpty: removed[random.below(removed.count)].name = "Away \(step)"
                    default:
                        guard count > 0 else { continue }
                        model.folders[random.below(count)].name = random.pick(["A_b", "Mail...", "", "Ünïcödé", "Same"])
                    }
                }
                MainLoop.drain()
                let (updated, expected) = (NormalizedRendering(rendered), NormalizedRendering(RenderedMenu(model.menu)))
                guard updated == expected else { return XCTFail("step \(step): \(updated.firstDifference(from: expected))") }
            }
            XCTAssertGreaterThan(rendered.listUpdates, 100, "most changes are list or element updates")
        }
    }

    /// Elements that are values are observed together, once per list: a setting every element
    /// reads renders the whole menu once, and the result is what a fresh render makes.
    func testValueElementsReadingSharedStateAreObservedTogether() {
        onMain {
            let model = TagModel()
            let rendered = RenderedMenu(model.menu)
            let contentBefore = model.contentEvaluations
            model.isLocked = true
            MainLoop.drain()
            XCTAssertEqual(model.contentEvaluations, contentBefore + 1, "the whole menu, once")
            XCTAssertEqual(rendered.listUpdates, 0)
            let (updated, expected) = (NormalizedRendering(rendered), NormalizedRendering(RenderedMenu(model.menu)))
            XCTAssertEqual(updated, expected, updated.firstDifference(from: expected))
            let names = MenuModelReader.read(rendered.menuModel).map(localActionName)
            XCTAssertEqual(names.count, 3)
            XCTAssertFalse(names.contains { actionEnabled(rendered.actionGroup.unsafePointer, $0) }, "every tag is locked")
        }
    }

    /// An element object changed on another thread: its observation notes it there, and the
    /// menu follows on the main loop, with that element alone.
    func testAnElementChangedOnAnotherThreadUpdatesOnTheMainLoop() {
        onMain {
            let downloads = (0..<3).map { Download(id: $0) }
            let rendered = RenderedMenu(Menu("Downloads") {
                ForEach(downloads) { download in Button("\(download.progress)%") {} }
            })
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                downloads[1].progress = 50
                done.signal()
            }
            done.wait()
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).map(\.label), ["0%", "0%", "0%"],
                           "nothing changes off the main loop")
            MainLoop.drain()
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).map(\.label), ["0%", "50%", "0%"])
            XCTAssertEqual(rendered.listUpdates, 1)
        }
    }

    /// An element object changed on another thread while the main loop waits in `poll` for
    /// something to do: the change wakes the loop (GMenuKit's renders wait in one source that
    /// says it is ready when the loop asks, which a loop already waiting does not do again).
    /// The poll function below lets the other thread change the model once the loop waits, then
    /// polls without waiting: only a wakeup makes a file descriptor ready.
    func testAnElementChangedOnAnotherThreadWakesTheLoopWaitingInPoll() {
        onMain {
            let downloads = (0..<3).map { Download(id: $0) }
            let rendered = RenderedMenu(Menu("Downloads") {
                ForEach(downloads) { download in Button("\(download.progress)%") {} }
            })
            // A change on the main thread first: the source that waits for renders is attached
            // then, and attaching it from the other thread would wake the loop by itself.
            downloads[0].progress = 10
            MainLoop.drain()
            let original = g_main_context_get_poll_func(nil)
            defer { g_main_context_set_poll_func(nil, original) }
            PollWatch.results = []
            PollWatch.change = {
                let done = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    downloads[2].progress = 75
                    done.signal()
                }
                done.wait()
            }
            g_main_context_set_poll_func(nil, PollWatch.poll)
            // Blocks until a source is ready: at the first poll that would wait, the poll
            // function runs the change, then polls. (An iteration that finds a source ready
            // first, a timer of GTK's, does not wait: the next one does.)
            var iterations = 0
            while PollWatch.change != nil && iterations < 100 {
                g_main_context_iteration(nil, 1)
                iterations += 1
            }
            g_main_context_set_poll_func(nil, original)
            XCTAssertEqual(PollWatch.results.first.map { $0 > 0 }, true,
                           "the loop waiting in poll was woken: \(PollWatch.results)")
            MainLoop.drain()
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).map(\.label), ["10%", "0%", "75%"])
            XCTAssertEqual(rendered.listUpdates, 2)
        }
    }

    @MainActor private static func assertSameAsFreshRender(_ rendered: RenderedMenu, _ model: FolderModel, line: UInt = #line) {
        let (updated, expected) = (NormalizedRendering(rendered), NormalizedRendering(RenderedMenu(model.menu)))
        XCTAssertEqual(updated, expected, updated.firstDifference(from: expected), line: line)
    }
}

/// A poll function for the main context that, at the first poll that would wait, runs
/// `change` and then polls without waiting, noting what the poll found.
private enum PollWatch {
    nonisolated(unsafe) static var change: (() -> Void)?
    nonisolated(unsafe) static var results: [Int32] = []

    static let poll: GPollFunc = { fds, count, timeout in
        guard timeout != 0, let change = PollWatch.change else { return g_poll(fds, count, timeout) }
        PollWatch.change = nil
        change()
        let found = g_poll(fds, count, 0)
        PollWatch.results.append(found)
        return found
    }
}
