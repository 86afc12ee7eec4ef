import Observation
import MenuTestFixtures
import XCTest

@testable import GMenuKitCore

/// `ForEach` over enums (`CaseIterable & Identifiable`, or `id: \.self`) and picker tags of any
/// `Hashable` type: the targets and items planned for them. Choosing them through GTK's actions
/// and the states GTK reads: the GTK tests' EnumOptionTests.
final class EnumOptionTests: XCTestCase {
    func testEnumOptionsBecomeRadioItemsWhoseTargetsAreTheirTags() {
        onMain {
            let items = plan(Menu("Order") { IceCreamMenu(order: Order()) }).items
            let vanilla = item(labelled: "Vanilla", in: items)!
            XCTAssertEqual(flatten(items).filter { $0.action == vanilla.action }.compactMap(\.target),
                           ["chocolate", "vanilla", "strawberry"])
            XCTAssertEqual(item(labelled: "Sprinkles", in: items)?.target, "sprinkles")
            XCTAssertEqual(item(labelled: "Large", in: items)?.target, "Size(points: 16)")
            // Buttons made for each case.
            let favorites = item(labelled: "Favorites", in: items)?.submenu ?? []
            XCTAssertEqual(favorites.compactMap(\.label), ["Chocolate", "Vanilla", "Strawberry"])
        }
    }

    func testOptionsWrittenAsTextAloneAreTaggedByTheirElementsIDs() {
        onMain {
            var flavor = Flavor.chocolate
            let items = plan(Menu("Order") {
                Picker("Flavor", selection: Binding(get: { flavor }, set: { flavor = $0 })) {
                    ForEach(Flavor.allCases) { flavor in Text(flavor.name) }
                }
            }).items
            XCTAssertEqual(flatten(items).compactMap(\.target), ["chocolate", "vanilla", "strawberry"])
        }
    }

    func testTagsThatPrintAlikeGetTargetsApartAndAWarning() {
        onMain {
            let order = Order()
            let result = plan(Menu("Order") {
                Picker("Scoops", selection: Binding(order, \.scoop)) {
                    Text("One").tag(Scoop(size: 1))
                    Text("Two").tag(Scoop(size: 2))
                }
            })
            XCTAssertEqual(flatten(result.items).compactMap(\.target), ["scoop", "scoop#1"])
            XCTAssertEqual(result.diagnostics.map(\.path), ["Order › Scoops › Two"])
            XCTAssertTrue(result.diagnostics.first?.message.contains("prints as another option's tag") ?? false, "\(result.diagnostics)")
        }
    }

    func testForEachOverARangeIsIdentifiedByTheNumber() {
        onMain {
            let items = plan(Menu("Recent") {
                ForEach(0..<3) { index in Button("Document \(index + 1)") {} }
            }).items
            XCTAssertEqual(items.compactMap(\.label), ["Document 1", "Document 2", "Document 3"])
            XCTAssertEqual(Set(items.map(\.identity)).count, 3)
        }
    }
}
