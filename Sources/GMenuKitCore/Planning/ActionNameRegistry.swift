import Synchronization

/// Gives every item that needs an action a valid GAction name that stays the same for as long
/// as the item's identity does.
///
/// Names are readable (derived from the first label the item had: "sort-by-date"), valid for
/// `g_action_name_is_valid` (ASCII letters, digits and '-'), and unique within one rendered
/// menu even when labels repeat ("open", "open-2").
package struct ActionNameRegistry {
    package init() {}

    private struct Entry {
        var name: String
        /// The last pass that asked for this identity.
        var pass: Int
        /// The kept list whose notes name this item, if any: a pass that keeps the list as it
        /// stands marks its group, not each entry.
        var group: KeptNameGroup?
    }

    private var entries: [MenuIdentity: Entry] = [:]
    private var takenNames: Set<TakenName> = []
    /// Where to go on counting for a name many items share, so that naming the thousandth
    /// "Open" does not try "open-2" … "open-999" first.
    private var nextSuffix: [String: Int] = [:]
    private var pass = 0
    private var askedThisPass = 0
    /// Drawn anew whenever a name goes, and for every registry made: a kept list's group noted
    /// under the same stamp names items that all still have their names in this registry (see
    /// ``holdsNames(of:)``).
    private var stamp = Self.newStamp()

    private static let lastStamp = Atomic<Int>(0)

    private static func newStamp() -> Int {
        lastStamp.add(1, ordering: .relaxed).newValue
    }

    /// How many items have a name: after a pass, the items with actions of their own it planned.
    package var count: Int { entries.count }

    /// The identity's name, taken now from `title` if it has none; with `group`, the entry is
    /// noted as one of the group's (a kept list's names, asked one by one).
    package mutating func name(for identity: MenuIdentity, title: String, joining group: KeptNameGroup? = nil) -> String {
        // One hash of the identity, whether the item has its name (the common case on a
        // refresh) or gets one now: the entry is read and written in place.
        var asked = 0
        let name = Self.name(
            of: &entries[identity, default: Entry(name: "", pass: Self.unnamed)], title: title, pass: pass,
            asked: &asked, takenNames: &takenNames, nextSuffix: &nextSuffix, group: group)
        askedThisPass += asked
        return name
    }

    /// The name an identity has now, without asking for one.
    package func existingName(for identity: MenuIdentity) -> String? {
        entries[identity].map { $0.name }
    }

    /// The name an identity has now, noted as one of `group`'s (a list's items kept by name).
    package mutating func existingName(for identity: MenuIdentity, joining group: KeptNameGroup) -> String? {
        group.stamp = stamp
        return Self.join(&entries[identity], group)
    }

    /// Whether every item `group` noted still has the name it was noted with: no name went
    /// since the group was noted (or last checked name by name, ``confirm(_:)``).
    package func holdsNames(of group: KeptNameGroup) -> Bool {
        group.stamp == stamp
    }

    /// `group`'s items each asked again this pass, name by name (``name(for:title:joining:)``),
    /// and found with their names: the group holds them from now on.
    package func confirm(_ group: KeptNameGroup) {
        group.stamp = stamp
    }

    /// `group`'s `count` items asked for at once in this pass (the names it holds, see
    /// ``holdsNames(of:)``): a list kept as it stands, whose items a hash lookup each would
    /// find where they are, cold in memory (a tenth of a large menu's refresh in time).
    package mutating func keepAsked(_ group: KeptNameGroup, count: Int) {
        guard group.pass != pass else { return }
        group.pass = pass
        askedThisPass += count
    }

    /// Takes the registry out of `registry`, leaving an empty one: the planner then holds the
    /// only reference to its tables and changes them in place, where a copy would duplicate
    /// every name of the menu on its first change.
    package static func take(_ registry: inout ActionNameRegistry) -> ActionNameRegistry {
        let taken = registry
        registry = ActionNameRegistry()
        return taken
    }

    /// The pass of an entry made just now, before it has a name.
    private static let unnamed = -1

    private static func name(
        of entry: inout Entry, title: String, pass: Int, asked: inout Int,
        takenNames: inout Set<TakenName>, nextSuffix: inout [String: Int], group: KeptNameGroup?
    ) -> String {
        if entry.pass == unnamed {
            entry.name = takeName(for: title, takenNames: &takenNames, nextSuffix: &nextSuffix)
        }
        if entry.pass != pass && entry.group?.pass != pass {
            asked += 1
        }
        entry.pass = pass
        if let group { entry.group = group }
        return entry.name
    }

    private static func join(_ entry: inout Entry?, _ group: KeptNameGroup) -> String? {
        entry?.group = group
        return entry?.name
    }

    /// Whether the entry was asked for in `pass`, itself or through its group.
    private static func isAsked(_ entry: Entry, in pass: Int) -> Bool {
        entry.pass == pass || entry.group?.pass == pass
    }

    /// A name derived from the title that no other item has, taken.
    private static func takeName(for title: String, takenNames: inout Set<TakenName>, nextSuffix: inout [String: Int]) -> String {
        let base = slug(title)
        // One hash when the name is free, the common case.
        if takenNames.insert(TakenName(base)).inserted { return base }
        var counter = nextSuffix[base, default: 2]
        var name: String
        repeat {
            name = base + "-" + String(counter)
            counter += 1
        } while !takenNames.insert(TakenName(name)).inserted
        nextSuffix[base] = counter
        return name
    }

    /// Releases the name of an item that went, and says what it was.
    package mutating func release(_ identity: MenuIdentity) -> String? {
        guard let entry = entries.removeValue(forKey: identity) else { return nil }
        takenNames.remove(TakenName(entry.name))
        if Self.isAsked(entry, in: pass) { askedThisPass -= 1 }
        stamp = Self.newStamp()
        return entry.name
    }

    /// Releases the names of items that the last pass did not ask for again.
    package mutating func endPass() {
        if entries.count != askedThisPass {
            let current = pass
            for (identity, entry) in entries where !Self.isAsked(entry, in: current) {
                entries[identity] = nil
                takenNames.remove(TakenName(entry.name))
            }
            stamp = Self.newStamp()
        }
        pass += 1
        askedThisPass = 0
    }

    /// Lowercase ASCII words joined by '-', at most 40 characters: "Sort by Date" → "sort-by-date".
    package static func slug(_ title: String) -> String {
        // Built on the stack, read from the title's bytes in place (stepping through `utf8`
        // costs several times more): a name is made for every item of a new menu.
        title.withUTF8Bytes { titleBytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumSlugLength) { bytes in
                var count = 0
                var pendingDash = false
                for byte in titleBytes {
                    let character: UInt8
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): character = byte
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"): character = byte + 32
                    default:
                        // Spaces, punctuation and every byte of a non-ASCII character separate words.
                        pendingDash = true
                        continue
                    }
                    if pendingDash && count > 0 {
                        // A name does not end in a dash.
                        if count + 1 == maximumSlugLength { break }
                        bytes[count] = UInt8(ascii: "-")
                        count += 1
                    }
                    pendingDash = false
                    bytes[count] = character
                    count += 1
                    if count == maximumSlugLength { break }
                }
                return count == 0 ? "item" : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<count]), as: UTF8.self)
            }
        }
    }

    private static let maximumSlugLength = 40

    /// What `g_action_name_is_valid` accepts: non-empty, ASCII letters, digits, '-' and '.'.
    package static func isValidActionName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".")
        }
    }
}

/// The names of a kept list's items with actions of their own, as one: a render that keeps the
/// list as it stands marks the group asked, instead of asking for each name by its identity.
/// Made anew whenever the list's items are noted again, so that an item it no longer shows is
/// not kept by it.
package final class KeptNameGroup {
    /// The last pass that kept the list's items.
    fileprivate var pass = Int.min
    /// The registry's stamp when the group's names were last known to be there.
    fileprivate var stamp = 0

    package init() {}
}

/// A name in the registry's set of taken names, hashed by its bytes (`KeyHashing`) rather than
/// by `Hasher`: a new menu takes a name for every item, and the set rehashes them all as it grows.
private struct TakenName: Hashable {
    let name: String

    init(_ name: String) { self.name = name }

    func _rawHashValue(seed: Int) -> Int {
        KeyHashing.seeded(KeyHashing.fnv1a(name), seed: seed)
    }
}
