import XCTest

@testable import GMenuKitCore

/// Which items get which actions: generated items share one per level, and an explicit id
/// shaped like a name GMenuKit derives keeps an action of its own. Running the actions through
/// GTK: the GTK tests' ActionTests and PropertyBasedRenderingTests.
final class ActionPlanningTests: XCTestCase {
    func testGeneratedButtonsShareOneActionAndDispatchOnTheirTarget() {
        onMain {
            var files = ["a.txt", "b.txt", "c.txt"]
            let planned = PlannedMenu(Menu("File") {
                Button("New") {}
                Menu("Open Recent") {
                    ForEach(files, id: \.self) { file in
                        Button(file) {}
                    }
                    .generatedContent()
                    Divider()
                    Button("Clear Menu") { files = [] }
                }
            })
            let recent = planned.items[1].submenu ?? []
            let generated = recent[0].section ?? []
            XCTAssertEqual(generated.map(\.label), ["a.txt", "b.txt", "c.txt"])
            XCTAssertEqual(Set(generated.map(\.action)).count, 1, "one action for the whole list")
            XCTAssertEqual(Set(generated.compactMap(\.target)).count, 3, "one target per item")
            XCTAssertNotEqual(recent[1].section?.first?.action, generated[0].action, "written items keep their own")

            // The list changes: no action comes or goes.
            let actionsBefore = planned.plan.actions.map(\.name)
            files = ["d.txt"] + files
            planned.refresh()
            XCTAssertEqual(planned.plan.actions.map(\.name).sorted(), actionsBefore.sorted())
        }
    }

    /// Found by the property: an explicit id that reads like a path ends where GMenuKit's own
    /// derived identities end (a stepper's "/decrease"), so two items got one action name.
    func testExplicitIdShapedLikeAStepperPartKeepsItsOwnAction() {
        onMain {
            var size = 12
            let items = flatten(plan(Menu("Format") {
                Stepper("Font Size: \(size)", value: Binding(get: { size }, set: { size = $0 }), in: 8...72).id("size")
                Button("Reset Size") {}.id("size/decrease")
            }).items)
            let decrease = items.first { $0.label == "Decrease" }
            let reset = items.first { $0.label == "Reset Size" }
            XCTAssertNotNil(decrease?.action)
            XCTAssertNotEqual(decrease?.action, reset?.action, "two items, two actions")
        }
    }

    /// The same for the action generated items share: an explicit id must not take its name.
    func testExplicitIdShapedLikeTheGeneratedItemsActionKeepsItsOwnAction() {
        onMain {
            let items = flatten(plan(Menu("File") {
                ForEach(["a.txt", "b.txt"], id: \.self) { file in Button(file) {} }
                    .generatedContent()
                Divider()
                Button("Clear Menu") {}.id("generated-items")
            }).items)
            let file = items.first { $0.label == "b.txt" }
            let clear = items.first { $0.label == "Clear Menu" }
            XCTAssertNotNil(file?.action)
            XCTAssertNotEqual(file?.action, clear?.action, "a generated item and a written one, two actions")
        }
    }
}
