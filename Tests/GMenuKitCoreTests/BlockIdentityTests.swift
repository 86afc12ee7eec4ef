import XCTest

@testable import GMenuKitCore

/// Where the statements of builder blocks stand: a block of one statement in a branch or a
/// loop is that statement (no box of its own); what a closure or body returns is a group, whose
/// one statement holds the block's first position where its holder makes a node of its own, and
/// no position where it stands in place (a list element's, a branch's, a body's content). And
/// the shapes SwiftUI code takes still compile. Identities name state and kept items across
/// renders.
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

    /// A container written as SwiftUI's are, generic over the content its builder makes.
    private struct Titled<Content: MenuContent>: MenuContent {
        let title: String
        let content: Content
        init(_ title: String, @MenuContentBuilder content: () -> Content) {
            self.title = title
            self.content = content()
        }
        var body: some MenuContent {
            Section(title) { content }
        }
    }

    private struct Branching: MenuContent {
        let flag: Bool
        var body: some MenuContent {
            if flag { Button("Yes") {} } else { Button("No") {} }
        }
    }

    private struct Empty: MenuContent {
        var body: some MenuContent {}
    }

    private struct Looping: MenuContent {
        var body: some MenuContent {
            for name in ["A", "B"] { Button(name) {} }
        }
    }

    @MainActor @MenuContentBuilder
    private static func made() -> some MenuContent {
        Button("Made") {}
    }

    /// The shapes SwiftUI code takes still compile and resolve: a generic container's content of
    /// one statement and of two, a body that is only an `if`/`else`, an empty body, a loop, a
    /// builder function returning `some MenuContent`.
    func testSwiftUIShapesCompileAndResolve() {
        onMain {
            let nodes = Menu("M") {
                Titled("One") { Button("Alone") {} }
                Titled("Two") {
                    Button("First") {}
                    Button("Second") {}
                }
                Branching(flag: false)
                Empty()
                Looping()
                Self.made()
            }.resolveContent(at: MenuIdentity("/m"))
            XCTAssertEqual(nodes.map(\.title), ["One", "Two", "No", "A", "B", "Made"])
            XCTAssertEqual(nodes[0].children.map(\.title), ["Alone"])
            XCTAssertEqual(nodes[1].children.map(\.title), ["First", "Second"])
            let identities = nodes.map(\.identity.description) + nodes[0].children.map(\.identity.description)
                + nodes[1].children.map(\.identity.description)
            XCTAssertEqual(Set(identities).count, identities.count, "identities are distinct: \(identities)")
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
            XCTAssertTrue(MenuContentBuilder.buildBlock(Button("B") {}) is Button, "a block of one is its statement")
            let final = MenuContentBuilder.buildFinalResult(MenuContentBuilder.buildBlock(Button("B") {}))
            XCTAssertEqual(final.resolveNodes(at: MenuIdentity("/c")).map(\.identity.description), ["/c/0"],
                           "a closure's one statement holds its block's first position")

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
    /// `ForEach`'s closures (`ForEachContentBuilder`) take every statement form SwiftUI code
    /// writes in a `ForEach`: one statement, several, none, `if`/`else`, `if let`, `switch`, a
    /// `for` loop, and an explicit `return`; each makes the items and identities it made when
    /// the closure's block was a group.
    func testForEachClosuresTakeTheStatementsSwiftUICodeWrites() {
        onMain {
            let names: [String?] = ["a", nil]
            let nodes = Menu("M") {
                ForEach(0..<2) { number in Button("One \(number)") {} }
                ForEach(0..<1) { _ in
                    Button("First") {}
                    Button("Second") {}
                }
                ForEach(0..<2) { _ in }
                ForEach(0..<2) { number in
                    if number == 0 { Button("If") {} } else { Button("Else") {} }
                }
                ForEach(0..<2) { index in
                    if let name = names[index] { Button("Named \(name)") {} }
                }
                ForEach(0..<3) { number in
                    switch number {
                    case 0: Button("Zero") {}
                    case 1: Button("One") {}
                    default: Divider()
                    }
                }
                ForEach(0..<1) { _ in
                    for letter in ["x", "y"] { Button(letter) {} }
                }
                ForEach(["z"], id: \.self) { letter in
                    return Button(letter) {}
                }
            }.resolveContent(at: MenuIdentity("/m"))
            XCTAssertEqual(nodes.map(\.title), ["One 0", "One 1", "First", "Second", "If", "Else", "Named a", "Zero", "One", "", "x", "y", "z"])
            XCTAssertEqual(nodes.map(\.identity.description), [
                "/m/0/[0]", "/m/0/[1]", "/m/1/[0]/0", "/m/1/[0]/1", "/m/3/[0]/if", "/m/3/[1]/else", "/m/4/[0]/some",
                "/m/5/[0]/if/if", "/m/5/[1]/if/else", "/m/5/[2]/else", "/m/6/[0]/for0", "/m/6/[0]/for1", "/m/7/[z]",
            ])
        }
    }

    /// A list hands each element's node identity of its last expansion down, and a branch takes
    /// it rather than writing its own anew, only where the bytes are the same.
    func testABranchTakesTheIdentityItsElementMadeLastTimeOnlyWhereItIsTheSame() {
        func storage(_ identity: MenuIdentity) -> UnsafePointer<UInt8>? { identity.path.withUTF8Bytes { $0.baseAddress } }
        // Long enough to be stored apart (a short string lives in the value itself).
        let element = MenuIdentity("/a-list-of-recent-documents/[1]")
        let earlier = MenuIdentity("/a-list-of-recent-documents/[1]/if")
        let taken = element.appending("if", reusing: earlier)
        XCTAssertEqual(taken, element.appending("if"))
        XCTAssertEqual(taken.hashValue, element.appending("if").hashValue)
        XCTAssertEqual(storage(taken), storage(earlier), "the same bytes: taken, not written again")

        for (base, component, other) in [
            (element, "else", earlier),  // another branch
            (MenuIdentity("/a-list-of-recent-documents/[2]"), "if", earlier),  // another element, as long
            (element, "if", MenuIdentity("/a-list-of-recent-documents/[1]/ig")),  // the same length, another ending
            (element, "if", MenuIdentity("/a-list-of-recent-documents/[1]xif")),  // no "/" before it
            (element, "if", MenuIdentity("/a-list-of-recent-documents/[1]/if/0")),  // something inside it
        ] {
            let made = base.appending(component, reusing: other)
            XCTAssertEqual(made.description, base.appending(component).description)
            XCTAssertEqual(made, base.appending(component))
            XCTAssertNotEqual(storage(made), storage(other))
        }

        // Through a list element: an identity of the other branch handed down is not taken.
        onMain {
            var nodes: [MenuNode] = []
            for (number, earlier) in [(1, "/list/[1]/else"), (2, "/list/[2]/else"), (2, "/list/[1]/else")] {
                resolveElement(number, id: number, content: { number in
                    MenuContentBuilder.buildFinalResult(number == 1
                        ? MenuContentBuilder.buildEither(first: Button("One") {})
                        : MenuContentBuilder.buildEither(second: Button("Other") {}))
                }, at: MenuIdentity("/list"), earlier: MenuIdentity(earlier), into: &nodes)
            }
            XCTAssertEqual(nodes.map(\.identity.description), ["/list/[1]/if", "/list/[2]/else", "/list/[2]/else"])
        }
    }

    /// A list of integer ids notes each element's own identity as it expands (after a menu's
    /// first render); the next expansion's element of the same id at the same index takes it
    /// rather than writing it anew, and any other element makes its own, equal to what a fresh
    /// list makes. A first render notes none.
    func testAnElementTakesItsIdentityFromTheLastExpansionOnlyForTheSameIDAtTheSameIndex() {
        final class Entries { var ids = [1, 2, 3] }
        func storage(_ identity: MenuIdentity) -> UnsafePointer<UInt8>? { identity.path.withUTF8Bytes { $0.baseAddress } }
        onMain {
            let entries = Entries()
            let graph = RenderGraph()
            // Not in a menu's first render, which most menus never follow with another.
            graph.fullRender(lists: ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })) {}
            let deferral = ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })
            // Long enough to be stored apart (a short string lives in the value itself).
            let identity = MenuIdentity("/a-list-of-recent-documents")
            let (list, fresh): (ForEachElements<[Int], Int>, ForEachElements<[Int], Int>) = graph.fullRender(lists: deferral) {
                let forEach = ForEach(entries.ids, id: \.self) { Button("Entry \($0)") {} }
                return (ForEachElements(forEach, identity: identity, deferral: deferral),
                        ForEachElements(forEach, identity: identity, deferral: deferral))
            }
            XCTAssertTrue(deferral.notesKeptItems, "a later render")
            let first = list.expand()
            XCTAssertEqual(first.map(\.identity.description), (1...3).map { "/a-list-of-recent-documents/[\($0)]" })
            let second = list.expand()
            XCTAssertEqual(second.map(\.identity), first.map(\.identity))
            XCTAssertEqual(second.map { storage($0.identity) }, first.map { storage($0.identity) }, "taken, not written again")

            entries.ids = [1, 4, 2]  // the same id at index 0; a new one at 1; 2 moved to 2
            let third = list.expand()
            XCTAssertEqual(third.map(\.identity), fresh.expand().map(\.identity))
            XCTAssertEqual(third.map(\.identity.description), [1, 4, 2].map { "/a-list-of-recent-documents/[\($0)]" })
            XCTAssertEqual(storage(third[0].identity), storage(first[0].identity))
            XCTAssertNotEqual(storage(third[1].identity), storage(first[1].identity))
            XCTAssertNotEqual(storage(third[2].identity), storage(first[1].identity), "element 2 stands elsewhere: made anew")
            XCTAssertEqual(third.map { $0.identity.hashValue }, [1, 4, 2].map { identity.appending(element: $0).hashValue })

            // A menu's first render notes none: its elements' identities are made each time.
            let firstRender = RenderGraph()
            let firstLists = ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })
            let unnoted: ForEachElements<[Int], Int> = firstRender.fullRender(lists: firstLists) {
                ForEachElements(ForEach(entries.ids, id: \.self) { Button("Entry \($0)") {} }, identity: identity, deferral: firstLists)
            }
            let once = unnoted.expand(), again = unnoted.expand()
            XCTAssertEqual(again.map(\.identity), once.map(\.identity))
            XCTAssertNotEqual(storage(again[0].identity), storage(once[0].identity))
        }
    }

    /// A plan finds an item planned anew with the identity of a kept list's element (an
    /// explicit id of that form) by the list paths before each "/[" of the item's path.
    func testAnIdentityIsInsideAnElementOnlyWhereAListsPathEndsBeforeItsBracket() {
        let lists = MenuIdentity.ListPaths([MenuIdentity("/1"), MenuIdentity("/0/x"), MenuIdentity("/2/[9]/1"), MenuIdentity("/1")])
        func inside(_ path: String) -> Bool { MenuIdentity(path).isInsideElement(of: lists) }
        XCTAssertTrue(inside("/1/[3]"))
        XCTAssertTrue(inside("/1/[3]/if/0"))
        XCTAssertTrue(inside("/0/x/[a]"))
        XCTAssertTrue(inside("/2/[9]/1/[3]/0"), "a list inside another's element")
        XCTAssertFalse(inside("/2/[9]/0"), "an element of a list that is not kept")
        XCTAssertFalse(inside("/1"), "the list itself")
        XCTAssertFalse(inside("/10/[3]"), "a longer path with the list's as its prefix")
        XCTAssertFalse(inside("/2/[3]"))
        XCTAssertFalse(inside("/0/[x]"), "the path before the bracket is not a list's")
        XCTAssertFalse(inside("/1/3"), "no bracket")
        XCTAssertFalse(inside(""))
        XCTAssertFalse(inside("["))
    }

    /// A plan's claims give each identity out once: the first claimed is held apart from the set
    /// until a second comes (a list's change plans one item), and a second claim of it, or of
    /// any identity, still gets the next free suffix.
    func testEachIdentityIsGivenOutOnceWhereTheFirstIsHeldApart() {
        var claims = IdentityClaims()
        func claim(_ path: String) -> String { claims.claim(MenuIdentity(path)).path }
        XCTAssertEqual(claim("/a"), "/a", "the first claim, held apart")
        XCTAssertEqual(claim("/a"), "/a~2", "the same again, with the first moved into the set")
        XCTAssertEqual(claim("/b"), "/b")
        XCTAssertEqual(claim("/a"), "/a~3")
        XCTAssertEqual(claim("/b"), "/b~2")

        var alone = IdentityClaims()
        XCTAssertEqual(alone.claim(MenuIdentity("/x")).path, "/x")
        XCTAssertEqual(alone.claim(MenuIdentity("/y")).path, "/y", "a second, different identity")
        XCTAssertEqual(alone.claim(MenuIdentity("/x")).path, "/x~2", "the first is in the set once a second came")

        var reserved = IdentityClaims()
        reserved.reserve(100)
        XCTAssertEqual(reserved.claim(MenuIdentity("/r")).path, "/r")
        XCTAssertEqual(reserved.claim(MenuIdentity("/r")).path, "/r~2", "room made for the set changes nothing")
    }

    /// An item planned anew inside a kept list's element clashes whether its identity is the
    /// only one claimed (held apart) or one of many (in the set).
    func testAClashWithAKeptListsElementIsSeenInTheFirstClaimAndInTheRest() {
        onMain {
            let deferral = ElementDeferral(dataChanged: { _ in }, elementsChanged: { _ in })
            let kept = ForEachElements(ForEach([1, 2], id: \.self) { Button("Entry \($0)") {} },
                                       identity: MenuIdentity("/recent"), deferral: deferral)
            var alone = IdentityClaims()
            _ = alone.claim(MenuIdentity("/recent/[2]/if/0"))
            XCTAssertTrue(alone.clash(with: [kept]), "the one claim, held apart")

            var many = IdentityClaims()
            _ = many.claim(MenuIdentity("/clear"))
            _ = many.claim(MenuIdentity("/recent/[1]"))
            XCTAssertTrue(many.clash(with: [kept]), "a later claim, in the set")

            var apart = IdentityClaims()
            _ = apart.claim(MenuIdentity("/recent-more/[1]"))
            _ = apart.claim(MenuIdentity("/clear"))
            XCTAssertFalse(apart.clash(with: [kept]), "another list's path")
            XCTAssertFalse(IdentityClaims().clash(with: [kept]), "nothing claimed")

            // Only claims at least as long as the shortest kept list's path and "/[" can lie
            // inside an element: shorter ones are never walked, and a long one still is.
            let deeper = ForEachElements(ForEach([1], id: \.self) { Button("Entry \($0)") {} },
                                         identity: MenuIdentity("/sections/[4]/0"), deferral: deferral)
            var short = IdentityClaims()
            for path in ["/sections/[4]", "/sections/[5]", "/recent", "/a"] { _ = short.claim(MenuIdentity(path)) }
            XCTAssertFalse(short.clash(with: [kept, deeper]))
            _ = short.claim(MenuIdentity("/sections/[4]/0/[1]"))
            XCTAssertTrue(short.clash(with: [kept, deeper]), "a long claim among short ones, inside the deeper list's element")
            var shortFirst = IdentityClaims()
            _ = shortFirst.claim(MenuIdentity("/recent/[9]"))
            XCTAssertTrue(shortFirst.clash(with: [deeper, kept]), "the shortest path is any list's, in any order")
        }
    }
}
