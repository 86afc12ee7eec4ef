import XCTest

@testable import GMenuKitCore

/// Where the statements of builder blocks stand: a block of one statement is returned as that
/// statement (no box of its own), and still holds the first position of its block where its
/// holder makes a node of its own, and no position where it stands in place (a list element's,
/// a branch's, a body's content). Identities name state and kept items across renders.
final class BlockIdentityTests: XCTestCase {
    private struct Single: MenuContent {
        var body: some MenuContent { Button("In Body") {} }
    }

    private struct Pair: MenuContent {
        var body: some MenuContent {
            Button("First") {}
            Button("Second") {}
        }
    }

    func testBlocksOfOneHoldTheirPlaceWhereTheirHolderMakesANode() {
        onMain {
            let nodes = Menu("M") { Button("Only") {} }.resolveContent(at: MenuIdentity("/m"))
            XCTAssertEqual(nodes.map(\.identity.description), ["/m/0"])

            let section = Menu("M") {
                Section("S") { Button("Alone") {} }
                Section("T") {
                    Button("One") {}
                    Button("Two") {}
                }
            }.resolveContent(at: MenuIdentity("/m"))
            XCTAssertEqual(section.map(\.identity.description), ["/m/0", "/m/1"])
            XCTAssertEqual(section[0].children.map(\.identity.description), ["/m/0/0"], "a section's one item is not the section")
            XCTAssertEqual(section[1].children.map(\.identity.description), ["/m/1/0", "/m/1/1"])
        }
    }

    func testBlocksOfOneStandInPlaceInElementsBranchesAndBodies() {
        onMain {
            let content = MenuContentBuilder.buildFinalResult(MenuContentBuilder.buildBlock(Button("B") {}))
            XCTAssertTrue(content is Button, "a block of one is its statement")

            var resolved = ResolvedMenuNodes()
            ForEach(1..<3) { number in
                if number == 1 { Button("One") {} } else { Button("Other") {} }
            }.resolveElements(of: 1..<3, at: MenuIdentity("/list"), into: &resolved)
            XCTAssertEqual(resolved.nodes.map(\.identity.description), ["/list/[1]/if", "/list/[2]/else"])

            // A body of one and a body of two, each at its content's own identity.
            let bodies = Menu("M") {
                Single()
                Pair()
            }.resolveContent(at: MenuIdentity("/m"))
            XCTAssertEqual(bodies.map(\.identity.description), ["/m/0", "/m/1/0", "/m/1/1"])
            XCTAssertEqual(bodies.map(\.title), ["In Body", "First", "Second"])
        }
    }
}
