import XCTest

import GMenuKitCore

/// The comparison of a list's old and new elements (`ElementDifference`), on plain arrays: no
/// rendered menu, no observation, no GTK.
final class ElementDiffTests: XCTestCase {
    private struct Entry: Equatable {
        var id: Int
        var title: String
    }

    /// Not `Equatable`: compared by identity.
    private final class Document {
        let id: Int
        var title: String

        init(id: Int, title: String) {
            self.id = id
            self.title = title
        }
    }

    private func difference(_ old: [Int], _ new: [Int]) -> ElementDifference? {
        ElementDifference(from: old, to: new, id: { $0 }, areEqual: ==)
    }

    private func difference(_ old: [Entry], _ new: [Entry]) -> ElementDifference? {
        ElementDifference(from: old, to: new, id: \.id, areEqual: ==)
    }

    /// A title long enough to live on the heap: each one made is storage of its own.
    private func title(_ number: Int) -> String {
        "Entry number \(number), with a title too long to be stored inline"
    }

    // MARK: Nothing changed

    func testTheSameStorageIsNoDifference() {
        let old = (0..<1_000).map { Entry(id: $0, title: title($0)) }
        let new = old
        XCTAssertEqual(ElementDifference(from: old, to: new, id: { (_: Entry) -> Int in
            XCTFail("an id read where the bytes are the same")
            return 0
        }, areEqual: { _, _ in
            XCTFail("== called where the bytes are the same")
            return true
        }), ElementDifference())
    }

    func testEmptyListsAreNoDifference() {
        XCTAssertEqual(difference([Int](), []), ElementDifference())
    }

    // MARK: Insertions and removals

    func testInsertionsAreNewIndices() {
        XCTAssertEqual(difference([1, 2, 3], [1, 9, 2, 3, 8]), ElementDifference(inserted: [1, 4]))
        XCTAssertEqual(difference([], [1, 2]), ElementDifference(inserted: [0, 1]))
        XCTAssertEqual(difference([3], [1, 2, 3]), ElementDifference(inserted: [0, 1]))
    }

    func testRemovalsAreOldIndices() {
        XCTAssertEqual(difference([1, 2, 3, 4, 5], [1, 3, 5]), ElementDifference(removed: [1, 3]))
        XCTAssertEqual(difference([1, 2], []), ElementDifference(removed: [0, 1]))
        XCTAssertEqual(difference([1, 2, 3, 4], [3, 4]), ElementDifference(removed: [0, 1]))
    }

    func testRemovalsAndInsertionsTogether() {
        // The oldest entries of a history go, new ones come at the end.
        XCTAssertEqual(difference(Array(0..<10), Array(3..<13)),
                       ElementDifference(removed: [0, 1, 2], inserted: [7, 8, 9]))
        // One id went and another came where it stood: no move.
        let replaced = difference([1, 2, 3], [1, 7, 3])
        XCTAssertEqual(replaced, ElementDifference(removed: [1], inserted: [1]))
        XCTAssertEqual(replaced?.containsMoves, false)
    }

    // MARK: Changes

    func testAnElementOfTheSameIDThatIsNotEqualChanged() {
        let old = [Entry(id: 1, title: "Open"), Entry(id: 2, title: "Close")]
        let new = [Entry(id: 1, title: "Open"), Entry(id: 2, title: "Close All")]
        XCTAssertEqual(difference(old, new), ElementDifference(changed: [.init(index: 1, oldIndex: 1)]))
    }

    func testAChangeAfterARemovalHasBothIndices() {
        let old = [Entry(id: 1, title: "A"), Entry(id: 2, title: "B"), Entry(id: 3, title: "C")]
        let new = [Entry(id: 2, title: "B2"), Entry(id: 3, title: "C")]
        XCTAssertEqual(difference(old, new),
                       ElementDifference(removed: [0], changed: [.init(index: 0, oldIndex: 1)]))
    }

    func testOneChangeInALongListIsFoundAlone() {
        let old = (0..<10_000).map { Entry(id: $0, title: title($0)) }
        var new = old
        new[5_000].title = "Renamed"
        XCTAssertEqual(difference(old, new), ElementDifference(changed: [.init(index: 5_000, oldIndex: 5_000)]))
    }

    func testAChangedIDIsARemovalAndAnInsertion() {
        var new = Array(0..<100)
        new[50] = -1
        XCTAssertEqual(difference(Array(0..<100), new), ElementDifference(removed: [50], inserted: [50]))
    }

    // MARK: Moves

    func testAMoveIsARemovalAndAnInsertion() {
        let moved = difference([1, 2, 3, 4], [1, 3, 4, 2])
        XCTAssertEqual(moved, ElementDifference(removed: [1], inserted: [3], containsMoves: true))
        let rotated = difference([1, 2, 3], [3, 1, 2])
        XCTAssertEqual(rotated, ElementDifference(removed: [0, 1], inserted: [1, 2], containsMoves: true))
    }

    func testListsTooDifferentToWalkCheaplyGiveNil() {
        // Every new element is looked for through all the old ones.
        XCTAssertNil(difference(Array(0..<1_000), Array(1_000..<2_000)))
    }

    // MARK: Equal element for element

    func testElementsEqualOneForOneTheSameBytesFirst() {
        let long = (0..<4).map { "A title long enough for storage of its own \($0)" }
        // The same titles in storage of their own: other bytes, equal.
        let again = long.map { String(decoding: Array($0.utf8), as: UTF8.self) }
        var asked = 0
        let counting: (String, String) -> Bool = { asked += 1; return $0 == $1 }
        XCTAssertTrue(ElementDifference.elementsEqual(long, long, areEqual: counting), "the same array")
        XCTAssertEqual(asked, 0, "the same array is equal without ==")
        XCTAssertTrue(ElementDifference.elementsEqual(again, long, areEqual: counting))
        XCTAssertEqual(asked, 4, "== asked of the elements whose bytes differ")
        asked = 0
        var changedLast = long
        changedLast[3] = "Renamed"
        XCTAssertFalse(ElementDifference.elementsEqual(changedLast, long, areEqual: counting))
        XCTAssertEqual(asked, 1, "the first three the same bytes: == asked of the last alone")
        XCTAssertFalse(ElementDifference.elementsEqual(Array(long.dropLast()), long, areEqual: counting), "another count")
    }

    // MARK: Objects

    func testObjectsAreComparedByIdentity() throws {
        let areEqual = try XCTUnwrap(equality(of: Document.self))
        let open = Document(id: 1, title: "Open")
        let close = Document(id: 2, title: "Close")
        let old = [open, close]
        // The same objects in an array of their own: the same bytes.
        XCTAssertEqual(ElementDifference(from: old, to: [open, close], id: \.id, areEqual: areEqual), ElementDifference())
        // A change inside an object is not the list's: its element's own observation follows it.
        close.title = "Close All"
        XCTAssertEqual(ElementDifference(from: old, to: [open, close], id: \.id, areEqual: areEqual), ElementDifference())
        // Another object with the same id and title changed.
        let replacement = Document(id: 2, title: "Close All")
        XCTAssertEqual(ElementDifference(from: old, to: [open, replacement], id: \.id, areEqual: areEqual),
                       ElementDifference(changed: [.init(index: 1, oldIndex: 1)]))
    }

    // MARK: Equatable values

    func testEqualValuesRebuiltAreTakenOverWithoutAChange() {
        let old = (0..<100).map { Entry(id: $0, title: title($0)) }
        // The same contents in new strings: the bytes differ, `==` holds.
        var new = old
        new[10] = Entry(id: 10, title: title(10))
        new[11] = Entry(id: 11, title: title(11))
        let rebuilt = difference(old, new)
        XCTAssertEqual(rebuilt, ElementDifference(rebuilt: [10, 11]))
        XCTAssertEqual(rebuilt?.isEmpty, true)
    }

    func testEquatableValuesAreComparedWithEquals() throws {
        let areEqual = try XCTUnwrap(equality(of: Entry.self))
        XCTAssertTrue(areEqual(Entry(id: 1, title: title(1)), Entry(id: 1, title: title(1))))
        XCTAssertFalse(areEqual(Entry(id: 1, title: "A"), Entry(id: 1, title: "B")))
    }

    func testEqualityOfOtherTypes() throws {
        struct NotEquatable { var id: Int }
        XCTAssertNil(equality(of: NotEquatable.self), "values that are not Equatable cannot be compared")
        let sameObject = try XCTUnwrap(equality(of: Document.self))
        let document = Document(id: 1, title: "A")
        XCTAssertTrue(sameObject(document, document))
        XCTAssertFalse(sameObject(document, Document(id: 1, title: "A")))
    }

    func testEqualityIsKeptForEachTypeApart() throws {
        // Asked in turns, each type gets its own, however often it is asked: a table that
        // mixed types up would hand `Entry`'s comparison to `String` (or none to an object).
        struct NotEquatable { var id: Int }
        for _ in 0..<3 {
            let entries = try XCTUnwrap(equality(of: Entry.self))
            XCTAssertTrue(entries(Entry(id: 1, title: "A"), Entry(id: 1, title: "A")))
            XCTAssertFalse(entries(Entry(id: 1, title: "A"), Entry(id: 2, title: "A")))
            let strings = try XCTUnwrap(equality(of: String.self))
            XCTAssertTrue(strings("Open", "Open"))
            XCTAssertFalse(strings("Open", "Close"))
            XCTAssertNil(equality(of: NotEquatable.self))
            let documents = try XCTUnwrap(equality(of: Document.self))
            let document = Document(id: 1, title: "A")
            XCTAssertTrue(documents(document, document))
            XCTAssertFalse(documents(document, Document(id: 1, title: "A")))
        }
    }

    // MARK: Identical runs

    func testIdenticalRunsStopAtTheFirstDifferentElement() {
        let old = Array(0..<200)
        var new = old
        new[130] = -1
        // Past a whole block of 64 and into the next one.
        XCTAssertEqual(identicalRun(old, from: 0, new, from: 0), 130)
        XCTAssertEqual(identicalRun(old, from: 131, new, from: 131), 69)
        XCTAssertEqual(identicalRun(old, from: 1, new, from: 0), 0)
        XCTAssertEqual(identicalRun(old, from: 0, Array(old.prefix(10)), from: 0), 10)
    }

    private func identicalRun(_ old: [Int], from oldOffset: Int, _ new: [Int], from newOffset: Int) -> Int {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in ElementDifference.identicalRun(old, from: oldOffset, new, from: newOffset) }
        }
    }
}
