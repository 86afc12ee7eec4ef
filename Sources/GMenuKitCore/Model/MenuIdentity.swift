/// Where a node sits in its menu, stable across refreshes as long as the code that declares it
/// does not change: the path of builder positions, branches and `ForEach` ids leading to it.
///
/// Action names are derived from identities, which is why an item keeps its action while its
/// label changes ("Show Map" becomes "Hide Map").
public struct MenuIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The path of builder positions, branches and element ids: "/0/if/[42]".
    public private(set) var path: String
    /// FNV-1a of the path's bytes, carried along as components are appended. Planning hashes
    /// every item's identity more than once, and hash tables rehash on growth: each of those
    /// then feeds one integer to the hasher instead of the whole path.
    private var pathHash: UInt64

    /// An identity of the given path; the empty path is a menu's top.
    public init(_ path: String = "") {
        self.path = path
        pathHash = KeyHashing.fnv1a(path)
    }

    public static func == (lhs: MenuIdentity, rhs: MenuIdentity) -> Bool {
        lhs.pathHash == rhs.pathHash && lhs.path == rhs.path
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pathHash)
    }

    /// What sets and dictionaries hash an identity by: its carried hash, without a `Hasher`
    /// (see `KeyHashing`).
    public func _rawHashValue(seed: Int) -> Int {
        KeyHashing.seeded(pathHash, seed: seed)
    }

    /// The identity of something inside this one, named by `component`.
    public func appending(_ component: String) -> MenuIdentity {
        appending("/", component, number: nil, "")
    }

    /// A position in a builder block ("/3", "/for3"), without intermediate strings: identities
    /// are made for every item on every refresh.
    package func appending(_ label: String, _ index: Int) -> MenuIdentity {
        appending("/", label, number: index, "")
    }

    /// A `ForEach` element: "/[id]".
    package func appending<ID: Hashable>(element id: ID) -> MenuIdentity {
        // Strings and integers, the usual ids, without `String(describing:)`'s generic printing;
        // told by their type, not by a dynamic cast (a list's code is generic, unspecialized).
        if ID.self == Int.self { return appending("/[", "", number: unsafeBitCast(id, to: Int.self), "]") }
        if ID.self == String.self { return appending("/[", unsafeBitCast(id, to: String.self), number: nil, "]") }
        return appending("/[", String(describing: id), number: nil, "]")
    }

    public var description: String { path.isEmpty ? "/" : path }

    /// Whether this is the identity of an element of one of `lists` (given by their paths'
    /// hashes), or of something inside one: some prefix of the path that ends where an
    /// element's "/[" begins is a list's path. One pass over the path, the prefixes hashed
    /// as it goes; a hash that matches is compared as text.
    package func isInsideElement(of lists: [UInt64: [MenuIdentity]]) -> Bool {
        // At each byte, the hash of the path before the byte that precedes it.
        var hash = KeyHashing.fnvOffsetBasis
        var previous: UInt8?
        for (offset, byte) in path.utf8.enumerated() {
            if previous == UInt8(ascii: "/") && byte == UInt8(ascii: "["), let candidates = lists[hash] {
                let prefix = path.utf8.prefix(offset - 1)
                if candidates.contains(where: { $0.path.utf8.elementsEqual(prefix) }) { return true }
            }
            if let previous { hash = (hash ^ UInt64(previous)) &* KeyHashing.fnvPrime }
            previous = byte
        }
        return false
    }

    /// The path's hash, as ``isInsideElement(of:)`` looks lists up by.
    package var pathHashValue: UInt64 { pathHash }

    /// This identity with `head`, `text`, `number`'s decimal digits and `tail` after its path:
    /// the new path written once into storage of its size, and the hash carried on over the
    /// new bytes. (Appending piece by piece, with `String(index)`, took a quarter of resolving
    /// a menu's content.)
    private func appending(_ head: StaticString, _ text: String, number: Int?, _ tail: StaticString) -> MenuIdentity {
        var (path, text) = (self.path, text)
        let oldCount = path.utf8.count
        let newPath = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let digitCount = number.map { Self.writeDigits(of: $0, into: digits) } ?? 0
            return path.withUTF8 { old in
                text.withUTF8 { middle in
                    let count = old.count + head.utf8CodeUnitCount + middle.count + digitCount + tail.utf8CodeUnitCount
                    return String(unsafeUninitializedCapacity: count) { buffer in
                        var offset = Self.copy(old, into: buffer, at: 0)
                        offset = Self.copy(UnsafeBufferPointer(start: head.utf8Start, count: head.utf8CodeUnitCount), into: buffer, at: offset)
                        offset = Self.copy(middle, into: buffer, at: offset)
                        offset = Self.copy(UnsafeBufferPointer(rebasing: digits[..<digitCount]), into: buffer, at: offset)
                        return Self.copy(UnsafeBufferPointer(start: tail.utf8Start, count: tail.utf8CodeUnitCount), into: buffer, at: offset)
                    }
                }
            }
        }
        var identity = self
        identity.path = newPath
        identity.pathHash = KeyHashing.fnv1a(newPath, from: oldCount, continuing: pathHash)
        return identity
    }

    /// Copies `bytes` into `buffer` at `offset`; returns the offset after them.
    private static func copy(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return offset }
        (target + offset).update(from: source, count: bytes.count)
        return offset + bytes.count
    }

    /// Writes `number` in decimal (with a minus sign when negative) at the start of `buffer`,
    /// which holds 20 bytes; returns how many it wrote.
    private static func writeDigits(of number: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var magnitude = number.magnitude
        var reversed = 0
        repeat {
            buffer[reversed] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            reversed += 1
        } while magnitude > 0
        if number < 0 {
            buffer[reversed] = UInt8(ascii: "-")
            reversed += 1
        }
        // Written from the last digit: turned around in place.
        var (low, high) = (0, reversed - 1)
        while low < high {
            buffer.swapAt(low, high)
            low += 1
            high -= 1
        }
        return reversed
    }
}
