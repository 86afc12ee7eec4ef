import Glibc

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

    /// The identity of something inside this one named by `component`, or `earlier` itself
    /// when it is that identity (the same bytes). Content resolved again at every refresh then
    /// does not write, hash and allocate the identity anew: a list hands down each element's
    /// first node identity of its last expansion (``ResolvedMenuNodes/earlierIdentity``), which
    /// a branch in the element's content takes (3% of an unchanged refresh of a list whose
    /// elements are an `if`). The element's own identity is not compared so: it is
    /// short, and its check cost what making it does.
    package func appending(_ component: String, reusing earlier: MenuIdentity) -> MenuIdentity {
        isPath(of: earlier, appending: component) ? earlier : appending(component)
    }

    /// A position in a builder block ("/3", "/for3"), without intermediate strings: identities
    /// are made for every item on every refresh.
    package func appending(_ label: String, _ index: Int) -> MenuIdentity {
        appending("/", label, number: index, "")
    }

    /// Whether `inner`, an identity that lies within this one, is where a block of one
    /// statement at this identity resolves it ("/0": position 0, no label). Told by its
    /// length and last byte, not written out or compared whole.
    package func holdsLoneStatement(at inner: MenuIdentity) -> Bool {
        inner.path.utf8.count == path.utf8.count + 2 && inner.path.utf8.last == UInt8(ascii: "0")
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
    package func isInsideElement(of lists: ListPaths) -> Bool {
        // At each byte, the hash of the path before the byte that precedes it.
        path.withUTF8Bytes { bytes in
            guard bytes.count > 1 else { return false }
            var hash = KeyHashing.fnvOffsetBasis
            for offset in 1..<bytes.count {
                let previous = bytes[offset - 1]
                if previous == UInt8(ascii: "/") && bytes[offset] == UInt8(ascii: "["),
                   lists.contains(UnsafeBufferPointer(rebasing: bytes[..<(offset - 1)]), hash: hash) {
                    return true
                }
                hash = (hash ^ UInt64(previous)) &* KeyHashing.fnvPrime
            }
            return false
        }
    }

    /// The path's hash, as ``isInsideElement(of:)`` looks lists up by.
    package var pathHashValue: UInt64 { pathHash }

    /// Lists' paths, by their hashes, for ``isInsideElement(of:)``. One path a hash, as good as
    /// always, in a table of identities: a table of arrays made an array for every kept list at
    /// every refresh (a hundred allocations and their releases, 2% of an unchanged refresh of a
    /// menu of a hundred sections). Paths that share a hash go apart.
    package struct ListPaths {
        private var single: [UInt64: MenuIdentity] = [:]
        private var sharingHashes: [UInt64: [MenuIdentity]] = [:]

        package init(_ paths: [MenuIdentity]) {
            single.reserveCapacity(paths.count)
            for path in paths {
                guard let other = single.updateValue(path, forKey: path.pathHash) else { continue }
                if other.path == path.path { continue }
                sharingHashes[path.pathHash, default: [other]].append(path)
            }
        }

        /// Whether `bytes` (of hash `hash`) are one of the paths.
        func contains(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Bool {
            guard let path = single[hash] else { return false }
            if let shared = sharingHashes[hash] {
                return shared.contains { $0.path.withUTF8Bytes { $0.elementsEqual(bytes) } }
            }
            return path.path.withUTF8Bytes { $0.elementsEqual(bytes) }
        }
    }

    /// Whether `earlier`'s path is this one's, "/" and `component`: the lengths first (a
    /// string keeps its count; an identity handed down for something else inside the element
    /// mostly differs in length), then the bytes (`memcmp`).
    private func isPath(of earlier: MenuIdentity, appending component: String) -> Bool {
        let count = path.utf8.count
        guard earlier.path.utf8.count == count + 1 + component.utf8.count else { return false }
        return path.withUTF8Bytes { base in
            component.withUTF8Bytes { added in
                earlier.path.withUTF8Bytes { whole in
                    guard let start = whole.baseAddress, whole[count] == UInt8(ascii: "/") else { return false }
                    return (base.isEmpty || memcmp(start, base.baseAddress!, count) == 0)
                        && (added.isEmpty || memcmp(start + count + 1, added.baseAddress!, added.count) == 0)
                }
            }
        }
    }

    /// This identity with `head`, `text`, `number`'s decimal digits and `tail` after its path:
    /// the new path written once into storage of its size, the few new bytes one by one and
    /// hashed on from the path's hash as they are written. (Appending piece by piece, with
    /// `String(index)`, took a quarter of resolving a menu's content; copying each piece with
    /// `memcpy`, digits through a buffer of their own, and hashing the new bytes in a second pass
    /// cost 13% more than this.)
    private func appending(_ head: StaticString, _ text: String, number: Int?, _ tail: StaticString) -> MenuIdentity {
        var hash = pathHash
        let digitCount = number.map(Self.digitCount) ?? 0
        let newPath = path.withUTF8Bytes { old in
            text.withUTF8Bytes { middle in
                let count = old.count + head.utf8CodeUnitCount + middle.count + digitCount + tail.utf8CodeUnitCount
                return String(unsafeUninitializedCapacity: count) { buffer in
                    guard let target = buffer.baseAddress else { return 0 }
                    if let source = old.baseAddress { target.update(from: source, count: old.count) }
                    var offset = old.count
                    for index in 0..<head.utf8CodeUnitCount {
                        target[offset] = head.utf8Start[index]
                        offset += 1
                    }
                    for byte in middle {
                        target[offset] = byte
                        offset += 1
                    }
                    if let number {
                        if number < 0 { target[offset] = UInt8(ascii: "-") }
                        // From the last digit back.
                        var (magnitude, position) = (number.magnitude, offset + digitCount - 1)
                        repeat {
                            target[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                            magnitude /= 10
                            position -= 1
                        } while magnitude > 0
                        offset += digitCount
                    }
                    for index in 0..<tail.utf8CodeUnitCount {
                        target[offset] = tail.utf8Start[index]
                        offset += 1
                    }
                    // Hashed into a local and stored once: a captured variable written in the
                    // loop is checked for exclusive access at every byte.
                    var newHash = hash
                    for index in old.count..<offset { newHash = (newHash ^ UInt64(target[index])) &* KeyHashing.fnvPrime }
                    hash = newHash
                    return offset
                }
            }
        }
        var identity = self
        identity.path = newPath
        identity.pathHash = hash
        return identity
    }

    /// How many bytes `number` takes in decimal, with its minus sign.
    private static func digitCount(_ number: Int) -> Int {
        var (magnitude, count) = (number.magnitude, number < 0 ? 2 : 1)
        while magnitude >= 10 {
            magnitude /= 10
            count += 1
        }
        return count
    }
}
