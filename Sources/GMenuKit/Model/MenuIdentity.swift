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
        pathHash = Self.fnv1a(path, continuing: Self.fnvOffsetBasis)
    }

    public static func == (lhs: MenuIdentity, rhs: MenuIdentity) -> Bool {
        lhs.pathHash == rhs.pathHash && lhs.path == rhs.path
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pathHash)
    }

    /// The identity of something inside this one, named by `component`.
    public func appending(_ component: String) -> MenuIdentity {
        var identity = self
        identity.append("/", reserving: component.utf8.count)
        identity.append(component)
        return identity
    }

    /// A position in a builder block ("/3", "/for3"), without intermediate strings: identities
    /// are made for every item on every refresh.
    func appending(_ label: String, _ index: Int) -> MenuIdentity {
        var identity = self
        let number = String(index)
        identity.append("/", reserving: label.utf8.count + number.utf8.count)
        identity.append(label)
        identity.append(number)
        return identity
    }

    /// A `ForEach` element: "/[id]".
    func appending<ID: Hashable>(element id: ID) -> MenuIdentity {
        // Strings and integers, the usual ids, without `String(describing:)`'s generic printing.
        let text = if let text = id as? String {
            text
        } else if let number = id as? Int {
            String(number)
        } else {
            String(describing: id)
        }
        var identity = self
        identity.append("/[", reserving: text.utf8.count + 1)
        identity.append(text)
        identity.append("]")
        return identity
    }

    public var description: String { path.isEmpty ? "/" : path }

    /// Appends to the path and its hash; `extra` more bytes follow, so that the path, shared
    /// with the identity it came from, is copied once into storage that holds them all.
    private mutating func append(_ text: String, reserving extra: Int = 0) {
        if extra > 0 { path.reserveCapacity(path.utf8.count + text.utf8.count + extra) }
        path.append(text)
        pathHash = Self.fnv1a(text, continuing: pathHash)
    }

    private static let fnvOffsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    private static func fnv1a(_ text: String, continuing hash: UInt64) -> UInt64 {
        var hash = hash
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
