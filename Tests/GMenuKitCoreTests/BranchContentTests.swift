import XCTest

@testable import GMenuKitCore

/// An `if`/`else` in a `ForEach` element's content is one box: the branch holds its content as
/// its own type (`TypedBranchContent`), where it was a box (the branch's) around a box (the
/// content's as `any MenuContent`). It resolves and reads as the branch of content known only
/// as `any MenuContent` does, and lets its content go with it.
final class BranchContentTests: XCTestCase {
    private final class Tracked {}

    /// A `ForEach` closure's body, as written in an app.
    @MainActor @ForEachContentBuilder
    private static func elementContent(_ number: Int, action: @escaping @MainActor () -> Void) -> any MenuContent {
        if number == 0 {
            Toggle("Zero", isOn: .constant(true))
        } else {
            Button("Entry \(number)", icon: "document-open", action: action)
        }
    }

    /// The same branches with their content known only as `any MenuContent`.
    @MainActor @ForEachContentBuilder
    private static func existentialContent(_ number: Int, action: @escaping @MainActor () -> Void) -> any MenuContent {
        let zero: any MenuContent = Toggle("Zero", isOn: .constant(true))
        let entry: any MenuContent = Button("Entry \(number)", icon: "document-open", action: action)
        if number == 0 { zero } else { entry }
    }

    func testABranchHoldsItsContentAsItsOwnTypeInOneBox() {
        onMain {
            let first = Self.elementContent(0) {}
            let other = Self.elementContent(3) {}
            XCTAssertEqual((first as? _MenuContentBranch)?.branch, "if")
            XCTAssertEqual((other as? _MenuContentBranch)?.branch, "else")
            XCTAssertTrue((first as? _MenuContentBranch)?.content is TypedBranchContent<Toggle>)
            XCTAssertTrue((other as? _MenuContentBranch)?.content is TypedBranchContent<Button>)
            // Content known only as `any MenuContent` still builds a branch (Swift opens it for
            // the generic builder); `MenuContentBuilder`'s branches hold it as it is.
            XCTAssertEqual((Self.existentialContent(3) {} as? _MenuContentBranch)?.branch, "else")
            XCTAssertTrue((MenuContentBuilder.buildEither(first: Button("B") {}) as? _MenuContentBranch)?.content is ExistentialBranchContent)
            XCTAssertLessThanOrEqual(MemoryLayout<_MenuContentBranch>.size, 3 * MemoryLayout<Int>.size,
                                     "a branch fits an existential's inline buffer (no box of its own)")
        }
    }

    /// An `if let` (or an `if` without `else`) of an element: its content in the branch's one
    /// box; where the condition is false, nothing (`EmptyMenuContent`, not read).
    func testAnOptionalBranchHoldsItsContentInOneBox() {
        onMain {
            let names: [String?] = ["a", nil]
            let content: (Int) -> any MenuContent = Self.contentOfElement { index in
                if let name = names[index] { Button("Named \(name)") {} }
            }
            let named = content(0) as? _MenuContentBranch
            XCTAssertTrue(named?.content is TypedBranchContent<Button>)
            XCTAssertEqual(named?.resolveNodes(at: MenuIdentity("/l/[0]")).map(\.identity.description), ["/l/[0]/some"])
            XCTAssertTrue(content(1) is EmptyMenuContent)
            XCTAssertEqual(content(1).resolveNodes(at: MenuIdentity("/l/[1]")).count, 0)
            var reading = _KeptContentReading()
            XCTAssertFalse(content(1)._readForKeeping(into: &reading))
            var typedReading = _KeptContentReading(), existentialReading = _KeptContentReading()
            _ = named?._readForKeeping(into: &typedReading)
            _ = MenuContentBuilder.buildOptional(Button("Named a") {})._readForKeeping(into: &existentialReading)
            XCTAssertEqual(typedReading.signature, existentialReading.signature, "read as the branch of any content is")
        }
    }

    func testATypedBranchResolvesAndReadsAsABranchOfAnyContent() {
        onMain {
            for number in 0..<3 {
                let typed = Self.elementContent(number) {}
                let existential = Self.existentialContent(number) {}
                let identity = MenuIdentity("/list").appending(element: number)
                let typedNodes = typed.resolveNodes(at: identity), existentialNodes = existential.resolveNodes(at: identity)
                XCTAssertEqual(typedNodes.map(\.identity.description), existentialNodes.map(\.identity.description))
                XCTAssertEqual(typedNodes.map(\.title), existentialNodes.map(\.title))
                XCTAssertEqual(typedNodes.map(\.identity.description), ["/list/[\(number)]/\(number == 0 ? "if" : "else")"])

                var typedReading = _KeptContentReading(), existentialReading = _KeptContentReading()
                XCTAssertTrue(typed._readForKeeping(into: &typedReading))
                XCTAssertTrue(existential._readForKeeping(into: &existentialReading))
                XCTAssertEqual(typedReading.signature, existentialReading.signature, "element \(number)")
            }
            // The branch is in the reading: the same button in the other branch reads otherwise.
            var ifReading = _KeptContentReading(), elseReading = _KeptContentReading()
            _ = ForEachContentBuilder.buildEither(first: Button("Same") {})._readForKeeping(into: &ifReading)
            _ = ForEachContentBuilder.buildEither(second: Button("Same") {})._readForKeeping(into: &elseReading)
            XCTAssertNotEqual(ifReading.signature, elseReading.signature)
        }
    }

    func testABranchLetsItsContentGo() {
        onMain {
            weak var weakTracked: Tracked?
            var content: (any MenuContent)?
            do {
                let tracked = Tracked()
                weakTracked = tracked
                content = Self.elementContent(2) { _ = tracked }
            }
            XCTAssertNotNil(weakTracked, "the branch's box holds the button, which holds its action")
            XCTAssertEqual(content?.resolveNodes(at: MenuIdentity("/l")).map(\.title), ["Entry 2"])
            content = nil
            XCTAssertNil(weakTracked, "the box, the button and its action are freed with the branch")
        }
    }

    @MainActor
    private static func contentOfElement(@ForEachContentBuilder _ content: @escaping (Int) -> any MenuContent) -> (Int) -> any MenuContent {
        content
    }
}
