import CGtk
import XCTest

@testable import GMenuKit

/// A refresh takes each action the last one applied at the same index, by name, instead of
/// looking it up in the group (`MenuActionGroup`): after refreshes that move items to other
/// positions (another action then stands at the index), turn a button into a toggle under the
/// same name, and drop and add items, each item's action is still its own, with the closure of
/// the last refresh.
final class RefreshActionTests: GtkTestCase {
    func testRefreshesThatReorderReshapeDropAndAddItemsKeepEachItemsOwnAction() {
        onMain {
            var order = ["a", "b", "c", "d"]
            var toggles: Set<String> = []
            var ran: [String] = []
            var isOn: [String: Bool] = [:]
            var generation = 0
            @MainActor func item(_ id: String) -> any MenuContent {
                if toggles.contains(id) {
                    return Toggle("Toggle " + id, isOn: Binding(get: { isOn[id, default: false] }, set: { isOn[id] = $0 })).id(id)
                }
                let made = generation
                return Button("Button " + id) { ran.append("\(id)@\(made)") }.id(id)
            }
            // Each item named by its id (its action's name follows it), made in a loop.
            let rendered = RenderedMenu(Menu("Items") {
                for id in order { item(id) }
            })
            let group = rendered.actionGroup.unsafePointer
            let steps: [(order: [String], toggles: Set<String>)] = [
                (["a", "b", "c", "d"], []), (["a", "b", "c", "d"], []), (["b", "a", "c", "d"], []),
                (["b", "a", "c", "d"], ["c"]), (["b", "a", "c", "d"], ["c"]), (["a", "b", "d"], ["a"]),
                (["a", "b", "d"], ["a"]), (["e", "a", "b", "d", "c"], ["e", "b"]), (["e", "a", "b", "d", "c"], []),
            ]
            for (step, (newOrder, newToggles)) in steps.enumerated() {
                (order, toggles, generation) = (newOrder, newToggles, step + 1)
                rendered.refresh()
                let items = flatten(MenuModelReader.read(rendered.menuModel))
                XCTAssertEqual(items.compactMap(\.label), order.map { (toggles.contains($0) ? "Toggle " : "Button ") + $0 },
                               "step \(step)")
                for (id, read) in zip(order, items) {
                    ran = []
                    let wasOn = isOn[id, default: false]
                    activate(read, in: group)
                    if toggles.contains(id) {
                        XCTAssertEqual(isOn[id, default: false], !wasOn, "step \(step): \(id)'s toggle flips")
                        XCTAssertEqual(actionState(group, localActionName(read)), String(!wasOn), "step \(step): \(id)'s state")
                        XCTAssertEqual(ran, [], "step \(step): \(id)'s toggle runs no button")
                    } else {
                        XCTAssertEqual(ran, ["\(id)@\(generation)"], "step \(step): \(id)'s button runs its own closure, as refreshed")
                        XCTAssertNil(actionState(group, localActionName(read)), "step \(step): \(id)'s action has no state")
                    }
                }
                // Every action the group holds is one an item uses.
                XCTAssertEqual(Set(actionNames(of: group)), Set(items.map(localActionName)), "step \(step)")
            }
        }
    }
}
