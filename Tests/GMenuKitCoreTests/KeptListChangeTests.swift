import XCTest

@testable import GMenuKitCore

/// Which elements of a kept list a refresh may replace alone (`MenuPlanner.changedKeptItems`):
/// the ones whose nodes no longer match their items' signatures, in place (the same identity
/// as in the last expansion), and few; otherwise none of the list is kept.
final class KeptListChangeTests: XCTestCase {
    @MainActor
    private final class History {
        var ids = Array(0..<8)
        var titles = (0..<8).map { "Entry \($0)" }
    }

    func testTheChangedElementsAreThoseChangedInPlaceAndFew() {
        onMain {
            let history = History()
            let graph = RenderGraph()
            // Not a menu's first render, which notes nothing for keeping.
            graph.fullRender(lists: ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })) {}
            let deferral = ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })
            let list: ForEachElements<[Int], Int> = graph.fullRender(lists: deferral) {
                ForEachElements(ForEach(history.ids, id: \.self) { Button(history.titles[$0]) {} },
                                identity: MenuIdentity("/history"), deferral: deferral)
            }
            let planned = list.expand()
            let signatures = planned.map { KeptItemSignature($0, kind: $0.keptKind!) }
            // Expanded again, as a refresh does, against the items as first planned.
            @MainActor func changed() -> [Int]? {
                let identities = list.identitiesOfLastExpansion
                return MenuPlanner.changedKeptItems(list.expand(), of: list, signatures: signatures, identities: identities)
            }

            XCTAssertEqual(changed(), [], "nothing changed: kept whole")
            history.titles[5] = "Renamed"
            XCTAssertEqual(changed(), [5])
            history.titles[2] = "Renamed too"
            XCTAssertEqual(changed(), [2, 5], "two of eight: a quarter")
            history.titles[7] = "A third"
            XCTAssertNil(changed(), "three of eight: the whole list is planned")

            history.titles = (0..<8).map { "Entry \($0)" }
            XCTAssertEqual(changed(), [])
            history.ids[3] = 30
            history.titles.append(contentsOf: Array(repeating: "", count: 23))
            history.titles[30] = "Entry 3"
            XCTAssertNil(changed(), "another element at index 3, titled as the one it replaced: not in place")

            history.ids = Array(0..<7)
            XCTAssertNil(changed(), "an element went")
        }
    }

    func testAnElementThatIsNoLongerAKeptKindIsNotReplacedAlone() {
        onMain {
            final class Shelf { var dimmed = -1 }
            let shelf = Shelf()
            let graph = RenderGraph()
            graph.fullRender(lists: ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })) {}
            let deferral = ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })
            let list: ForEachElements<[Int], Int> = graph.fullRender(lists: deferral) {
                ForEachElements(ForEach(Array(0..<8), id: \.self) { Button("Entry \($0)") {}.disabled($0 == shelf.dimmed) },
                                identity: MenuIdentity("/shelf"), deferral: deferral)
            }
            let signatures = list.expand().map { KeptItemSignature($0, kind: $0.keptKind!) }
            shelf.dimmed = 4
            let identities = list.identitiesOfLastExpansion
            XCTAssertNil(MenuPlanner.changedKeptItems(list.expand(), of: list, signatures: signatures, identities: identities),
                         "a dimmed button is no item a render keeps")
        }
    }
}
