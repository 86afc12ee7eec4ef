import Observation
import XCTest

@testable import GMenuKitCore

private enum Flavor: String, CaseIterable, Identifiable {
    case chocolate, vanilla, strawberry
    var id: Self { self }
    var name: String { rawValue.capitalized }
}

private enum Topping: CaseIterable {
    case nuts, sprinkles
}

/// A tag type whose values print alike: their targets cannot be their descriptions alone.
private struct Scoop: Hashable, CustomStringConvertible {
    let size: Int
    var description: String { "scoop" }
}

private struct Size: Hashable {
    let points: Int
}

@Observable @MainActor private final class Order {
    var flavor: Flavor = .vanilla
    var topping: Topping = .nuts
    var size = Size(points: 12)
    var scoop = Scoop(size: 1)
    var favorites: Set<Flavor> = []
}

private struct IceCreamMenu: MenuContent {
    @Bindable var order: Order

    var body: some MenuContent {
        Picker("Flavor", selection: $order.flavor) {
            ForEach(Flavor.allCases) { flavor in Text(flavor.name).tag(flavor) }
        }
        Picker("Topping", selection: $order.topping) {
            ForEach(Topping.allCases, id: \.self) { topping in Text("\(topping)".capitalized).tag(topping) }
        }
        .pickerStyle(.menu)
        Picker("Size", selection: $order.size) {
            Text("Small").tag(Size(points: 12))
            Text("Large").tag(Size(points: 16))
        }
        Menu("Favorites") {
            ForEach(Flavor.allCases) { flavor in
                Button(flavor.name) { order.favorites.insert(flavor) }
            }
        }
    }
}

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
