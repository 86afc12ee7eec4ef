import XCTest

@testable import GMenuKitCore

/// A kept list read for a refresh (`DeferredElements.expandKept`): an element whose content
/// reads as it did makes no node, only its own action with the closure or binding of this
/// reading; the others are resolved, and a changed one is resolved until its new node is signed.
final class KeptContentReadingTests: XCTestCase {
    /// The names of the items' own actions.
    private static let names = (0..<8).map { "item-\($0)" }

    @MainActor
    private final class Shelf {
        var titles = (0..<8).map { "Entry \($0)" }
        var generation = 0
        var ran: [(element: Int, generation: Int)] = []
        var flags = Array(repeating: false, count: 8)
        /// The graph the list was rendered in, held as a rendered menu holds its own: a kept
        /// list's element is resolved again in it when a standing action is activated.
        var graph: RenderGraph?
    }

    /// A list of eight elements, buttons but the first, a toggle, expanded once as a full
    /// render that notes what keeping its items needs; with the signatures of its nodes.
    @MainActor
    private static func expandedList(
        of shelf: Shelf, content: ((Int) -> any MenuContent)? = nil
    ) -> (ForEachElements<[Int], Int>, [KeptItemSignature]) {
        let graph = RenderGraph()
        shelf.graph = graph
        // Not a menu's first render, which notes nothing for keeping.
        graph.fullRender(lists: ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })) {}
        let deferral = ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })
        let list: ForEachElements<[Int], Int> = graph.fullRender(lists: deferral) {
            ForEachElements(ForEach(Array(0..<8), id: \.self) { index in
                if let content { return content(index) }
                let generation = shelf.generation
                if index == 0 {
                    return Toggle(shelf.titles[index], isOn: Binding(get: { shelf.flags[index] }, set: { shelf.flags[index] = $0 }))
                }
                return Button(shelf.titles[index]) { shelf.ran.append((index, generation)) }
            }, identity: MenuIdentity("/shelf"), deferral: deferral)
        }
        let nodes = list.expand()
        return (list, nodes.map { KeptItemSignature($0, kind: $0.keptKind!) })
    }

    func testAnUnchangedListIsReadWithoutANodeAndItsActionsRunTheLatestClosures() {
        onMain {
            let shelf = Shelf()
            let (list, signatures) = Self.expandedList(of: shelf)
            shelf.generation = 1
            var actions: [PlannedAction] = []
            guard let read = list.expandKept(comparingWith: signatures, ownActions: Self.names, appendingActionsTo: &actions) else {
                return XCTFail("a list of plain buttons and a toggle, expanded with nothing around it, is read")
            }
            XCTAssertEqual(read.count, 8)
            XCTAssertEqual(read.resolved, [], "nothing changed: no element resolved")
            XCTAssertTrue(read.nodes.isEmpty)
            // The buttons' actions stand, bound late (`KeptActionRun`): no action planned for them.
            XCTAssertEqual(actions.map(\.name), ["item-0"], "the toggle's own action alone, under its name")
            XCTAssertEqual(read.standing, Array(1..<8), "every button read stands")
            // What a standing action runs: the element resolved again, its closure made now.
            shelf.generation = 2
            guard let target = list.keptItemTarget(ofElement: 3) else { return XCTFail("an element read has its item's target") }
            XCTAssertTrue(list.performKept(target: target))
            XCTAssertEqual(shelf.ran.last?.element, 3)
            XCTAssertEqual(shelf.ran.last?.generation, 2, "the closure its content makes as it is activated, not the last render's")
            guard case .toggle(let isOn) = actions[0].behavior else { return XCTFail("a toggle binds its flag") }
            isOn.wrappedValue = true
            XCTAssertEqual(shelf.flags[0], true, "the toggle's action sets through the binding read now")
        }
    }

    func testAChangedElementIsResolvedUntilItsNewNodeIsSigned() {
        onMain {
            let shelf = Shelf()
            var (list, signatures) = Self.expandedList(of: shelf)
            @MainActor func resolved() -> [Int]? {
                var actions: [PlannedAction] = []
                let read = list.expandKept(comparingWith: signatures, ownActions: Self.names, appendingActionsTo: &actions)
                XCTAssertEqual(actions.count + (read?.standing.count ?? 0), 8,
                               "an action for every element but the standing ones, a resolved one's too")
                XCTAssertTrue(Set(read?.standing ?? []).isDisjoint(with: read?.resolved ?? []), "a resolved element does not stand")
                return read?.resolved
            }
            shelf.titles[5] = "Renamed"
            var actions: [PlannedAction] = []
            guard let read = list.expandKept(comparingWith: signatures, ownActions: Self.names, appendingActionsTo: &actions) else {
                return XCTFail("read")
            }
            XCTAssertEqual(read.resolved, [5])
            XCTAssertEqual(read.nodes.map(\.title), ["Renamed"], "the changed element's node, made now")
            XCTAssertEqual(resolved(), [5], "still signed as it was: resolved again")
            // As planning the change alone signs it anew (`MenuPlanner.planChanges(ofKept:)`).
            signatures[5] = KeptItemSignature(read.nodes[0], kind: .button)
            XCTAssertEqual(resolved(), [5], "its reading was forgotten with its change: resolved once more, and signed")
            XCTAssertEqual(resolved(), [], "read again, as the others")
        }
    }

    func testTheElementsReadAreResolvedAsAnExpansionResolvesThem() {
        onMain {
            let shelf = Shelf()
            let (list, signatures) = Self.expandedList(of: shelf)
            shelf.titles[2] = "Renamed"
            var actions: [PlannedAction] = []
            guard var read = list.expandKept(comparingWith: signatures, ownActions: Self.names, appendingActionsTo: &actions) else {
                return XCTFail("read")
            }
            let nodes = list.nodes(of: &read)
            let expanded = list.expand()
            XCTAssertEqual(nodes.map(\.title), expanded.map(\.title))
            XCTAssertEqual(nodes.map(\.identity), expanded.map(\.identity))
            XCTAssertEqual(nodes.map { KeptItemSignature($0, kind: $0.keptKind!) }, expanded.map { KeptItemSignature($0, kind: $0.keptKind!) })
            XCTAssertTrue(nodes.allSatisfy { $0.origin?.elements === list })
            XCTAssertEqual(nodes.map { $0.origin?.index }, Array(0..<8))
        }
    }

    func testAnElementWhoseBranchOrIdChangedIsResolved() {
        onMain {
            @MainActor final class Shelf {
                var ids = (0..<8).map { "entry-\($0)" }
                var checked = -1
            }
            let shelf = Shelf()
            let graph = RenderGraph()
            graph.fullRender(lists: ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })) {}
            let deferral = ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })
            // String ids: read by their hashes, where integers are compared.
            let list: ForEachElements<[String], String> = graph.fullRender(lists: deferral) {
                ForEachElements(ForEach(shelf.ids, id: \.self) { id in
                    // One title for all: only the id tells the elements apart.
                    if id == shelf.ids[shelf.checked < 0 ? 0 : shelf.checked], shelf.checked >= 0 {
                        Toggle("Entry", isOn: .constant(true))
                    } else {
                        Button("Entry") {}
                    }
                }, identity: MenuIdentity("/shelf"), deferral: deferral)
            }
            let signatures = list.expand().map { KeptItemSignature($0, kind: $0.keptKind!) }
            @MainActor func resolved() -> [Int]? {
                var actions: [PlannedAction] = []
                return list.expandKept(comparingWith: signatures, ownActions: [], appendingActionsTo: &actions)?.resolved
            }
            XCTAssertEqual(resolved(), [])
            shelf.checked = 3
            XCTAssertEqual(resolved(), [3], "the other branch: a toggle where a button stood")
            shelf.checked = -1
            shelf.ids[5] = "entry-9"
            XCTAssertEqual(resolved(), [3, 5], "another id at index 5, its content the same; the element at 3, changed last time, once more")
        }
    }

    /// Long labels and icon names written as literals are read by the two words they are made
    /// of: unchanged, they read as they did; the same text made at run time reads otherwise and
    /// its element is resolved, making the node it made before.
    func testLongLiteralsReadAsTheyDidAndTheSameTextMadeAtRunTimeIsResolved() {
        onMain {
            @MainActor final class Switches {
                var madeAtRunTime = false
                var otherIcon = false
            }
            let switches = Switches()
            let long = "A label too long to be a small string"
            let made = String(decoding: Array(long.utf8), as: UTF8.self)
            // The shelf's own titles unused: this content is the list's.
            let (list, signatures) = Self.expandedList(of: Shelf()) { index in
                let title = index == 4 && switches.madeAtRunTime ? made : "A label too long to be a small string"
                let icon = index == 2 && switches.otherIcon ? "document-save-symbolic" : "document-open-symbolic"
                return Button(title, icon: icon) {}
            }
            @MainActor func read() -> KeptExpansion? {
                var actions: [PlannedAction] = []
                return list.expandKept(comparingWith: signatures, ownActions: [], appendingActionsTo: &actions)
            }
            XCTAssertEqual(read()?.resolved, [], "literals as they were: nothing resolved")
            XCTAssertEqual(read()?.resolved, [])
            switches.otherIcon = true
            XCTAssertEqual(read()?.resolved, [2], "another literal icon name of the same length: resolved")
            switches.otherIcon = false
            switches.madeAtRunTime = true
            guard let switched = read() else { return XCTFail("read") }
            // The element at 2, changed last time, is resolved once more (its reading was forgotten).
            XCTAssertEqual(switched.resolved, [2, 4], "the same text made at run time reads otherwise")
            XCTAssertEqual(switched.nodes.map(\.title), [long, long], "and makes the node it made before")
            XCTAssertEqual(switched.nodes.map(\.icon), ["document-open-symbolic", "document-open-symbolic"])
        }
    }

    func testContentGMenuKitDoesNotReadIsResolvedEveryTime() {
        onMain {
            struct Entry: MenuContent {
                let title: String
                var body: some MenuContent { Button(title) {} }
            }
            let shelf = Shelf()
            let (list, signatures) = Self.expandedList(of: shelf) { index in
                index == 6 ? Entry(title: shelf.titles[index]) as any MenuContent : Button(shelf.titles[index]) {}
            }
            for _ in 0..<2 {
                var actions: [PlannedAction] = []
                XCTAssertEqual(list.expandKept(comparingWith: signatures, ownActions: [], appendingActionsTo: &actions)?.resolved, [6],
                               "content with a body of its own is resolved")
            }
        }
    }

    func testAListWithModifiersAroundItIsNotRead() {
        onMain {
            let shelf = Shelf()
            let (list, _) = Self.expandedList(of: shelf)
            list.modifiers.append { $0.isGeneratedContent = true }
            let nodes = list.expand()
            let signatures = nodes.map { KeptItemSignature($0, kind: $0.keptKind!) }
            var actions: [PlannedAction] = []
            XCTAssertNil(list.expandKept(comparingWith: signatures, ownActions: Self.names, appendingActionsTo: &actions),
                         "a modifier's closure is no part of a reading: expanded")
            XCTAssertTrue(actions.isEmpty)
        }
    }
}

extension DeferredElements {
    /// A read with storage of its own for the contents, as a refresh's first kept list has.
    func expandKept(
        comparingWith signatures: [KeptItemSignature], ownActions: [String], appendingActionsTo actions: inout [PlannedAction]
    ) -> KeptExpansion? {
        var contents: [any MenuContent] = []
        return expandKept(comparingWith: signatures, ownActions: ownActions, appendingActionsTo: &actions, reusing: &contents)
    }
}
