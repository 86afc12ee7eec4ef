/// Where a node sits in its menu, stable across refreshes as long as the code that declares it
/// does not change: the path of builder positions, branches and `ForEach` ids leading to it.
///
/// Action names are derived from identities, which is why an item keeps its action while its
/// label changes ("Show Map" becomes "Hide Map").
public struct MenuIdentity: Hashable, Sendable, CustomStringConvertible {
    public private(set) var path: String

    public init(_ path: String = "") { self.path = path }

    public func appending(_ component: String) -> MenuIdentity {
        MenuIdentity(path + "/" + component)
    }

    public var description: String { path.isEmpty ? "/" : path }
}
