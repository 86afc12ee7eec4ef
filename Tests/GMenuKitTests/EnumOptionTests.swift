import CGtk
import Observation
import MenuTestFixtures
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// `ForEach` over enums (`CaseIterable & Identifiable`, or `id: \.self`) and picker tags of any
/// `Hashable` type, chosen through GTK's actions; the targets they get are planning
/// (GMenuKitCoreTests' EnumOptionTests).
final class EnumOptionTests: GtkTestCase {
    func testEnumOptionsBecomeRadioItemsWhoseTargetsAreTheirTags() {
        onMain {
            let order = Order()
            let rendered = RenderedMenu(Menu("Order") { IceCreamMenu(order: order) })
            let items = MenuModelReader.read(rendered.menuModel)
            let vanilla = item(labelled: "Vanilla", in: items)!
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, localActionName(vanilla)), "vanilla")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, localActionName(item(labelled: "Large", in: items))), "Size(points: 12)")

            // Choosing an option sets the selection to its enum case; a change to the model shows.
            activate(item(labelled: "Strawberry", in: items)!, in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(order.flavor, .strawberry)
            activate(item(labelled: "Large", in: items)!, in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(order.size, Size(points: 16))
            order.topping = .sprinkles
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, localActionName(item(labelled: "Nuts", in: items))), "sprinkles")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, localActionName(vanilla)), "strawberry")

            // Buttons made for each case keep their case.
            let favorites = item(labelled: "Favorites", in: MenuModelReader.read(rendered.menuModel))?.submenu ?? []
            guard let chocolate = favorites.first else { return XCTFail("no favorites") }
            activate(chocolate, in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(order.favorites, [.chocolate])
        }
    }

    func testOptionsWrittenAsTextAloneAreTaggedByTheirElementsIDs() {
        onMain {
            var flavor = Flavor.chocolate
            let rendered = RenderedMenu(Menu("Order") {
                Picker("Flavor", selection: Binding(get: { flavor }, set: { flavor = $0 })) {
                    ForEach(Flavor.allCases) { flavor in Text(flavor.name) }
                }
            })
            let items = MenuModelReader.read(rendered.menuModel)
            activate(item(labelled: "Vanilla", in: items)!, in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(flavor, .vanilla)
        }
    }

    func testTagsThatPrintAlikeGetTargetsApartAndAWarning() {
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let order = Order()
            let rendered = RenderedMenu(Menu("Order") {
                Picker("Scoops", selection: Binding(order, \.scoop)) {
                    Text("One").tag(Scoop(size: 1))
                    Text("Two").tag(Scoop(size: 2))
                }
            })
            let items = MenuModelReader.read(rendered.menuModel)
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, localActionName(item(labelled: "Two", in: items))), "scoop")
            activate(item(labelled: "Two", in: items)!, in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(order.scoop, Scoop(size: 2))
            XCTAssertEqual(collector.collected.count, 1, "the warning of the plan is reported: \(collector.collected)")
        }
    }

    func testForEachOverARangeIsIdentifiedByTheNumber() {
        onMain {
            var chosen: [Int] = []
            let rendered = RenderedMenu(Menu("Recent") {
                ForEach(0..<3) { index in Button("Document \(index + 1)") { chosen.append(index) } }
            })
            let items = MenuModelReader.read(rendered.menuModel)
            activate(items[2], in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(chosen, [2])
        }
    }
}
