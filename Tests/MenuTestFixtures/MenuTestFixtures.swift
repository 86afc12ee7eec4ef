import GMenuKitCore
import Foundation
import Observation

// Content the core's tests and the GTK tests both build: the core's plan it, the GTK ones
// show and choose it. Depends on the core alone, so that the core's tests still build where
// GTK cannot be found (scripts/test-core-without-gtk.sh).

// MARK: Enum options (EnumOptionTests)

package enum Flavor: String, CaseIterable, Identifiable {
    case chocolate, vanilla, strawberry
    package var id: Self { self }
    package var name: String { rawValue.capitalized }
}

package enum Topping: CaseIterable {
    case nuts, sprinkles
}

/// A tag type whose values print alike: their targets cannot be their descriptions alone.
package struct Scoop: Hashable, CustomStringConvertible {
    package let size: Int
    package var description: String { "scoop" }

    package init(size: Int) { self.size = size }
}

package struct Size: Hashable {
    package let points: Int

    package init(points: Int) { self.points = points }
}

@Observable @MainActor package final class Order {
    package var flavor: Flavor = .vanilla
    package var topping: Topping = .nuts
    package var size = Size(points: 12)
    package var scoop = Scoop(size: 1)
    package var favorites: Set<Flavor> = []

    package init() {}
}

package struct IceCreamMenu: MenuContent {
    @Bindable package var order: Order

    package init(order: Order) { self.order = order }

    package var body: some MenuContent {
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

// MARK: Deep nesting (DeepNestingTests)

/// A menu nested `depth` levels, built in a loop as an app generating it would: each level holds
/// the level below, the innermost one item.
@MainActor
package func menuNested(_ depth: Int) -> Menu {
    var menu = Menu("L0") { Button("x") {} }
    for level in 1..<depth {
        let inner = menu
        menu = Menu("L\(level)") { inner }
    }
    return menu
}

/// Sections nested `depth` levels inside each other, built in a loop, one item innermost.
@MainActor
package func sectionsNested(_ depth: Int) -> any MenuContent {
    var content: any MenuContent = Button("x") {}
    for level in 0..<depth {
        let inner = content
        content = Section("S\(level)") { inner }
    }
    return content
}

/// Menus that nest themselves without end, from level 5 on through a list (whose elements
/// resolve after the content around them), noting the deepest level any resolution reached.
@MainActor
package final class EndlessMenus {
    package var deepestResolved = 0

    package init() {}

    package func menu(_ level: Int) -> Menu {
        Menu("Level \(level)") {
            let _ = self.deepestResolved = max(self.deepestResolved, level)
            Button("Item") {}
            if level >= 5 {
                ForEach([level + 1], id: \.self) { next in self.menu(next) }
            } else {
                self.menu(level + 1)
            }
        }
    }
}

// MARK: Action names (LabelAndNameTests, ActionNameTests)

/// Labels that repeat, across a submenu too, and labels with no ASCII letter to name an
/// action after: six items, six distinct valid action names.
@MainActor
package func menuOfRepeatedAndUnusualLabels() -> Menu {
    Menu("Mixed") {
        Button("Open") {}
        Button("Open") {}
        Menu("More") { Button("Open") {} }
        Button("Ünïcödé ✓ Straße") {}
        Button("___") {}
        Button("2 Columns") {}
    }
}
