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

    /// A planned action keeps its behavior's shape beside it (the action group replaces an
    /// action whose shape changed), and a binding's source, which a refresh compares to keep a
    /// toggle's observation, is its object and key path: the same key path made elsewhere is the
    /// same source, another property or object is not.
    func testAnActionKeepsItsBehaviorsShapeAndABindingSourceIsItsObjectAndKeyPath() {
        onMain {
            let flags = SourceFlags(), other = SourceFlags()
            let isOn = Binding(flags, \.isOn)
            XCTAssertEqual(PlannedAction(name: "a", isEnabled: true, behavior: .perform {}).shape, .plain)
            XCTAssertEqual(PlannedAction(name: "a", isEnabled: true, behavior: .toggle(isOn: isOn)).shape, .toggle)
            XCTAssertEqual(PlannedAction(name: "a", isEnabled: false, behavior: .dispatch([:])).shape, .dispatch)
            XCTAssertEqual(PlannedAction(name: "a", isEnabled: true, behavior: .choice(selected: { "" }, select: { _ in true }, source: nil)).shape, .choice)

            let keyPath: ReferenceWritableKeyPath<SourceFlags, Bool> = Self.isOnPath()
            XCTAssertNotNil(isOn.source)
            XCTAssertEqual(isOn.source, Binding(flags, keyPath).source, "the same property, its key path made elsewhere")
            XCTAssertEqual(isOn.source?.hashValue, Binding(flags, keyPath).source?.hashValue)
            XCTAssertEqual(isOn.source, Binding(flags, \.isOn).source)
            XCTAssertNotEqual(isOn.source, Binding(flags, \.isBold).source, "another property")
            XCTAssertNotEqual(isOn.source, Binding(other, \.isOn).source, "another object")
            XCTAssertEqual(isOn.source?.isProperty, true)

            // A binding that reads more than the property: its source says what, and is another.
            let settings = Binding(flags, \.settings)
            let inner = settings.isOn
            XCTAssertEqual(inner.source?.isProperty, false)
            XCTAssertEqual(inner.source, Binding(flags, \.settings).isOn.source)
            XCTAssertNotEqual(inner.source, settings.source)
            XCTAssertNotEqual(inner.source, settings.isBold.source)
            let maybe = Binding<Bool?>(get: { flags.isOn }, set: { flags.isOn = $0 ?? false }, source: isOn.source)
            let unwrapped: Binding<Bool>? = Binding(maybe)
            XCTAssertEqual(unwrapped?.source?.isProperty, false)
            XCTAssertNotEqual(unwrapped?.source, isOn.source)
            XCTAssertNil(Binding(get: { true }, set: { _ in }).source, "closures read what no one can tell")

            // A refresh asks a behavior whether it reads a source where it lies: as its source says.
            let behaviors: [PlannedAction.Behavior] = [
                .toggle(isOn: isOn), .toggle(isOn: Binding(other, \.isOn)), .toggle(isOn: inner),
                .toggle(isOn: Binding(get: { true }, set: { _ in })),
                .choice(selected: { "" }, select: { _ in true }, source: isOn.source),
                .choice(selected: { "" }, select: { _ in true }, source: nil), .perform {}, .dispatch([:]),
            ]
            for source in [isOn.source, inner.source, Binding(other, \.isOn).source].compactMap({ $0 }) {
                for (index, behavior) in behaviors.enumerated() {
                    XCTAssertEqual(behavior.readsSource(source), behavior.bindingSource == source, "behavior \(index)")
                }
            }
            XCTAssertTrue(behaviors[0].readsSource(Binding(flags, keyPath).source!), "its key path made elsewhere")
            XCTAssertFalse(behaviors[2].readsSource(isOn.source!), "a property of the property is not the property")
        }
    }

    @MainActor private static func isOnPath() -> ReferenceWritableKeyPath<SourceFlags, Bool> {
        \SourceFlags.isOn
    }
}

@MainActor
private final class SourceFlags {
    var isOn = false
    var settings = SourceSettings()
    var isBold = false
}

@MainActor
private final class SourceSettings {
    var isOn = false
    var isBold = false
}
