import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// Removals, insertions and changes that turn an old array of elements into a new one, found by
/// walking both in order: a pure comparison of values, which a list
/// (``ForEachElements/readChanges()``) resolves into nodes.
///
/// Runs of elements whose bytes did not change (the same array storage, the same string,
/// the same object) are skipped with `memcmp`: such an element is equal to what it was and
/// has the same id. Only the elements around a difference have their ids read and `==`
/// called, so a change in a list of thousands costs little more than in a list of ten.
/// An element that moved is one removal and one insertion (``containsMoves``).
package struct ElementDifference: Equatable, Sendable {
    /// An element that stayed but changed: where it stands now, and where it stood.
    package struct Change: Equatable, Sendable {
        package var index: Int
        package var oldIndex: Int

        package init(index: Int, oldIndex: Int) {
            self.index = index
            self.oldIndex = oldIndex
        }
    }

    /// Old indices of the elements that went, ascending.
    package var removed: [Int] = []
    /// Elements that stayed (the same id) but are not equal to what they were, in order.
    package var changed: [Change] = []
    /// New indices of the elements that came, ascending.
    package var inserted: [Int] = []
    /// New indices of elements equal to what they were, but no longer byte for byte the same
    /// (a value rebuilt with the same contents): nothing to render, the list just takes them over.
    package var rebuilt: [Int] = []
    /// Whether an id both went and came: an element that moved.
    package var containsMoves = false

    /// Whether nothing went, came or changed (elements may have been rebuilt).
    package var isEmpty: Bool { removed.isEmpty && changed.isEmpty && inserted.isEmpty }

    package init(removed: [Int] = [], changed: [Change] = [], inserted: [Int] = [], rebuilt: [Int] = [],
                 containsMoves: Bool = false) {
        self.removed = removed
        self.changed = changed
        self.inserted = inserted
        self.rebuilt = rebuilt
        self.containsMoves = containsMoves
    }

    /// Compares `old` with `new`, reading ids with `id` and comparing elements of the same id
    /// with `areEqual`. Nil for lists too different to walk cheaply.
    package init?<Element, ID: Hashable>(
        from old: [Element], to new: [Element], id: (Element) -> ID, areEqual: (Element, Element) -> Bool
    ) {
        var buffer: [Change] = []
        self.init(from: old, to: new, id: id, areEqual: areEqual, changedInto: &buffer)
    }

    /// The same, appending the changes to `buffer`, an empty array whose storage a list kept
    /// (taken over: left empty).
    package init?<Element, ID: Hashable>(
        from old: [Element], to new: [Element], id: (Element) -> ID, areEqual: (Element, Element) -> Bool,
        changedInto buffer: inout [Change]
    ) {
        // The elements read where they lie: an array's subscript hands out a copy of the element
        // (in this generic code, through the type's value witnesses: a retain of each of its
        // references, and a release after), four around every difference.
        let found = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in Self.walk(from: old, to: new, changedInto: &buffer, id: id, areEqual: areEqual) }
        }
        guard let found else { return nil }
        self = found
    }

    private static func walk<Element, ID: Hashable>(
        from old: UnsafeBufferPointer<Element>, to new: UnsafeBufferPointer<Element>, changedInto buffer: inout [Change],
        id: (Element) -> ID, areEqual: (Element, Element) -> Bool
    ) -> ElementDifference? {
        var difference = ElementDifference()
        swap(&difference.changed, &buffer)
        var oldOffset = 0, newOffset = 0
        // Looking ahead for an element costs at most this many comparisons in all.
        var budget = 4 * (old.count + new.count) + 1_000
        while oldOffset < old.count || newOffset < new.count {
            if oldOffset == old.count {
                difference.inserted.append(newOffset)
                newOffset += 1
                continue
            }
            if newOffset == new.count {
                difference.removed.append(oldOffset)
                oldOffset += 1
                continue
            }
            let unchanged = identicalRun(old, from: oldOffset, new, from: newOffset)
            if unchanged > 0 {
                oldOffset += unchanged
                newOffset += unchanged
                continue
            }
            // Each read once: a reading is a copy of the element.
            let (oldElement, newElement) = (old[oldOffset], new[newOffset])
            let newID = id(newElement)
            if id(oldElement) == newID {
                if areEqual(oldElement, newElement) {
                    difference.rebuilt.append(newOffset)
                } else {
                    difference.changed.append(Change(index: newOffset, oldIndex: oldOffset))
                }
                oldOffset += 1
                newOffset += 1
                continue
            }
            // Does the new element come later in the old list? Then the ones before it went.
            var ahead = oldOffset + 1
            while ahead < old.count && id(old[ahead]) != newID { ahead += 1 }
            budget -= ahead - oldOffset
            guard budget > 0 else { return nil }
            if ahead < old.count {
                difference.removed.append(contentsOf: oldOffset..<ahead)
                oldOffset = ahead
            } else {
                difference.inserted.append(newOffset)
                newOffset += 1
            }
        }
        if !difference.removed.isEmpty && !difference.inserted.isEmpty {
            let insertedIDs = Set(difference.inserted.map { id(new[$0]) })
            difference.containsMoves = difference.removed.contains { insertedIDs.contains(id(old[$0])) }
        }
        return difference
    }

    /// Whether `new` holds elements equal to `old`'s, one for one: the very same array at once,
    /// elements the same byte for byte without `areEqual` (as a difference takes them), which
    /// is asked from the first element that differs.
    package static func elementsEqual<Element>(_ new: [Element], _ old: [Element], areEqual: (Element, Element) -> Bool) -> Bool {
        guard new.count == old.count else { return false }
        let identical = new.withUnsafeBufferPointer { new in
            old.withUnsafeBufferPointer { old in
                new.baseAddress == old.baseAddress ? new.count : identicalRun(old, from: 0, new, from: 0)
            }
        }
        for index in identical..<new.count where !areEqual(new[index], old[index]) { return false }
        return true
    }

    /// How many elements from the given offsets on are byte for byte the same in both lists.
    package static func identicalRun<Element>(
        _ old: UnsafeBufferPointer<Element>, from oldOffset: Int, _ new: UnsafeBufferPointer<Element>, from newOffset: Int
    ) -> Int {
        let stride = MemoryLayout<Element>.stride
        let available = min(old.count - oldOffset, new.count - newOffset)
        guard stride > 0, available > 0 else { return max(available, 0) }
        let oldStart = UnsafeRawPointer(old.baseAddress! + oldOffset)
        let newStart = UnsafeRawPointer(new.baseAddress! + newOffset)
        // Blocks of 64 elements, then of 8 inside the block that differs, then element by
        // element: one change among a hundred sections compares a few dozen bytes at a time
        // instead of calling `memcmp` for every element up to it.
        var run = 0
        func skipIdentical(blocksOf block: Int) {
            while run + block <= available && memcmp(oldStart + run * stride, newStart + run * stride, block * stride) == 0 {
                run += block
            }
        }
        skipIdentical(blocksOf: 64)
        skipIdentical(blocksOf: 8)
        skipIdentical(blocksOf: 1)
        return run
    }
}

/// `==` for a type that turns out to be `Equatable`, found once per element type rather than per
/// element; for other classes, identity: what an object's content reads, its element's
/// observation follows. Kept by type: finding it (a conformance check, a closure boxed as `Any`
/// and cast back) cost every list 1.2 k instructions as it was made, and a list of sections
/// makes the changed section's inner list anew at every change.
package func equality<Element>(of type: Element.Type) -> ((Element, Element) -> Bool)? {
    let key = ObjectIdentifier(type)
    let known = knownEqualities.withLock { $0[key] }
    if let known {
        // Kept under its own type's identifier.
        return unsafeDowncast(known, to: ElementEquality<Element>.self).areEqual
    }
    let found = ElementEquality(areEqual: findEquality(of: type))
    knownEqualities.withLock { $0[key] = found }
    return found.areEqual
}

/// The equality of each element type asked for so far (a few types a program).
private let knownEqualities = Mutex<[ObjectIdentifier: AnyObject]>([:])

// Sendable: its closure only compares (`==`, `===`) and captures nothing.
private final class ElementEquality<Element>: @unchecked Sendable {
    let areEqual: ((Element, Element) -> Bool)?
    init(areEqual: ((Element, Element) -> Bool)?) { self.areEqual = areEqual }
}

private func findEquality<Element>(of type: Element.Type) -> ((Element, Element) -> Bool)? {
    if let equatable = type as? any Equatable.Type {
        func make<E: Equatable>(_: E.Type) -> Any { { (a: E, b: E) in a == b } }
        return make(equatable) as? (Element, Element) -> Bool
    }
    guard type is AnyClass else { return nil }
    return { $0 as AnyObject === $1 as AnyObject }
}
