import XCTest

@testable import GMenuKitCore

/// When a rendered menu's `ForEach` shows scrolling without being asked (``LongGeneratedLists``),
/// decided without GTK: a list longer than the threshold whose first elements are each one
/// row, where the menu has a presenter; only those first elements' content runs.
final class LongGeneratedListTests: XCTestCase {
    /// Stands in for the GTK layer's presenter: a row is one enabled button without an icon.
    @MainActor
    private final class PresenterStandIn: LongListPresenting {
        var refused: Set<String> = []
        var shown: [String] = []

        func mayShowScrolling(_ identity: MenuIdentity) -> Bool { !refused.contains(identity.path) }

        func showsAsRow(_ nodes: [MenuNode]) -> Bool {
            guard nodes.count == 1, case .button = nodes[0].kind else { return false }
            return nodes[0].icon == nil && !nodes[0].isDisabled
        }

        func scrollingList<Data, ID>(for list: ForEach<Data, ID, any MenuContent>, at identity: MenuIdentity,
                                     modifiers: [(inout MenuNode) -> Void]) -> MenuNode {
            shown.append(identity.path)
            return MenuNode(identity: identity.appending("scrolling-list"), title: "Scrolling List", kind: .divider)
        }

        func shownScrollingList(at identity: MenuIdentity) -> MenuNode? { nil }
    }

    private struct Counted: MenuContent {
        let index: Int
        @State private var taps = 0
        var body: some MenuContent { Button("Entry \(index) (\(taps))") {} }
    }

    private final class Counter { var runs = 0 }

    /// The nodes a full render's planner would expand the content's lists into.
    @MainActor
    private static func expanded(_ content: any MenuContent, presenter: PresenterStandIn?) -> (nodes: [MenuNode], lists: [DeferredElements]) {
        let graph = RenderGraph()
        graph.longLists = presenter
        let deferral = ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })
        return graph.fullRender(lists: deferral) {
            var nodes: [MenuNode] = [], lists: [DeferredElements] = []
            for node in content.resolveNodes(at: MenuIdentity("menu")) {
                if let list = node.deferred {
                    lists.append(list)
                    nodes.append(contentsOf: list.expand())
                } else {
                    nodes.append(node)
                }
            }
            return (nodes, lists)
        }
    }

    @MainActor
    private static func buttons(_ count: Int, counter: Counter = Counter()) -> ForEach<Range<Int>, Int, any MenuContent> {
        ForEach(0..<count) { index in
            counter.runs += 1
            return Button("Entry \(index)") {}
        }
    }

    func testAListLongerThanTheThresholdIsOneScrollingListWhereTheMenuHasAPresenter() {
        onMain {
            let presenter = PresenterStandIn()
            let limit = LongGeneratedLists.threshold
            let long = Self.expanded(Self.buttons(limit + 1), presenter: presenter)
            XCTAssertEqual(long.nodes.map(\.title), ["Scrolling List"])
            XCTAssertEqual(long.lists.map(\.isShownScrolling), [true])
            XCTAssertEqual(presenter.shown, ["menu"])

            let atLimit = Self.expanded(Self.buttons(limit), presenter: presenter)
            XCTAssertEqual(atLimit.nodes.count, limit, "a list of \(limit) stays the menu's items")
            XCTAssertEqual(atLimit.lists.map(\.isShownScrolling), [false])

            let unpresented = Self.expanded(Self.buttons(limit * 4), presenter: nil)
            XCTAssertEqual(unpresented.nodes.count, limit * 4, "a menu that cannot hold a scrolling list keeps its items")
            XCTAssertEqual(presenter.shown.count, 1)
        }
    }

    func testOnlyTheFirstElementsContentRunsToDecide() {
        onMain {
            let counter = Counter()
            let long = Self.expanded(Self.buttons(10_000, counter: counter), presenter: PresenterStandIn())
            XCTAssertEqual(long.nodes.count, 1)
            XCTAssertEqual(counter.runs, LongGeneratedLists.sampled, "the elements a person sees first, not 10,000")
        }
    }

    func testElementsThatAreMoreThanARowKeepTheListItems() {
        onMain {
            let presenter = PresenterStandIn()
            let count = LongGeneratedLists.threshold * 2
            let withIcons = ForEach(0..<count) { index in Button("Entry \(index)", systemImage: "document-open") {} }
            XCTAssertEqual(Self.expanded(withIcons, presenter: presenter).nodes.count, count, "an icon is more than a row shows")

            // The sample's last element is a submenu; one further on is told only when shown (the GTK layer's).
            let sampled = LongGeneratedLists.sampled
            let withSubmenu = ForEach(0..<count) { index -> any MenuContent in
                if index == sampled - 1 { return Menu("Entry \(index)") { Button("Inside") {} } }
                return Button("Entry \(index)") {}
            }
            XCTAssertEqual(Self.expanded(withSubmenu, presenter: presenter).nodes.count, count)

            let withState = ForEach(0..<count) { index in Counted(index: index) }
            XCTAssertEqual(Self.expanded(withState, presenter: presenter).nodes.count, count,
                           "a row starts its content's @State afresh each time it is bound: such a list stays items")

            // The modifiers written around the list apply to each element before it is told.
            XCTAssertEqual(Self.expanded(Self.buttons(count).disabled(true), presenter: presenter).nodes.count, count)
            XCTAssertEqual(Self.expanded(Self.buttons(count).disabled(false), presenter: presenter).nodes.count, 1)

            var asked = Self.buttons(count)
            asked.scrollsWhenLong = false
            XCTAssertEqual(Self.expanded(asked, presenter: presenter).nodes.count, count, ".menuListStyle(.items)")

            presenter.refused = ["menu"]
            XCTAssertEqual(Self.expanded(Self.buttons(count), presenter: presenter).nodes.count, count,
                           "a list the presenter put back into the menu's items stays there")
            XCTAssertTrue(presenter.shown.count == 1, "\(presenter.shown)")
        }
    }

    func testAScrollingListChangesAloneUntilItIsShortAgain() {
        onMain {
            final class Entries { var count = LongGeneratedLists.threshold + 10 }
            let entries = Entries()
            let list = ForEach<Range<Int>, Int, any MenuContent>(
                data: { 0..<entries.count }, elementID: { $0 }, content: { index -> any MenuContent in Button("Entry \(index)") {} })
            let presenter = PresenterStandIn()
            let graph = RenderGraph()
            graph.longLists = presenter
            let deferral = ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })
            let shown: DeferredElements? = graph.fullRender(lists: deferral) {
                guard let deferred = list.resolveNodes(at: MenuIdentity("menu")).first?.deferred else { return nil }
                _ = deferred.expand()
                return deferred
            }
            guard let shown else { return XCTFail("a rendered menu defers its list") }
            XCTAssertTrue(shown.isShownScrolling)
            entries.count += 100
            XCTAssertEqual(shown.readChanges()?.isEmpty, true, "the scrolling list's source follows its data itself")
            XCTAssertEqual(shown.count, LongGeneratedLists.threshold + 110)
            entries.count = LongGeneratedLists.threshold
            XCTAssertNil(shown.readChanges(), "a list no longer long renders the whole menu again, as items")
        }
    }

    func testAListThatGrowsLongIsDecidedAgainAndALongListOfOtherElementsUpdatesAlone() {
        onMain {
            final class Entries { var count = LongGeneratedLists.threshold }
            let entries = Entries()
            let graph = RenderGraph()
            let presenter = PresenterStandIn()
            graph.longLists = presenter
            let deferral = ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })
            let rows = ForEach<Range<Int>, Int, any MenuContent>(
                data: { 0..<entries.count }, elementID: { $0 }, content: { index -> any MenuContent in Button("Entry \(index)") {} })
            let sections = ForEach<Range<Int>, Int, any MenuContent>(
                data: { 0..<(entries.count + 10) }, elementID: { $0 },
                content: { index -> any MenuContent in Section("Group \(index)") { Button("Entry \(index)") {} } })
            let lists: [DeferredElements] = graph.fullRender(lists: deferral) {
                [rows, sections].compactMap { list in
                    guard let deferred = list.resolveNodes(at: MenuIdentity("menu")).first?.deferred else { return nil }
                    _ = deferred.expand()
                    return deferred
                }
            }
            XCTAssertEqual(lists.map(\.isShownScrolling), [false, false])
            entries.count += 1
            XCTAssertNil(lists.first?.readChanges(), "a list of rows grown long: the whole menu decides again")
            let changes = lists.last?.readChanges()
            XCTAssertEqual(changes?.inserted.count, 1, "a long list of sections was decided: its change is its own")
            XCTAssertTrue(presenter.shown.isEmpty)
        }
    }
}
