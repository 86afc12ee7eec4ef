/// Where a node sits in its menu, stable across refreshes as long as the code that declares it
/// does not change: the path of builder positions, branches and `ForEach` ids leading to it.
///
/// Action names are derived from identities, which is why an item keeps its action while its
/// label changes ("Show Map" becomes "Hide Map").
public struct MenuIdentity: Hashable, Sendable, CustomStringConvertible {
    public private(set) var path: String

    public init(_ path: String = "") { self.path = path }

    public func appending(_ component: String) -> MenuIdentity {
        var path = self.path
        path.reserveCapacity(path.utf8.count + 1 + component.utf8.count)
        path.append("/")
        path.append(component)
        return MenuIdentity(path)
    }

    /// A position in a builder block ("/3", "/for3"), without intermediate strings: identities
    /// are made for every item on every refresh.
    func appending(_ label: String, _ index: Int) -> MenuIdentity {
        var path = self.path
        path.append("/")
        path.append(label)
        path.append(String(index))
        return MenuIdentity(path)
    }

    /// A `ForEach` element: "/[id]".
    func appending<ID: Hashable>(element id: ID) -> MenuIdentity {
        var path = self.path
        path.append("/[")
        // Strings and integers, the usual ids, without `String(describing:)`'s generic printing.
        if let text = id as? String {
            path.append(text)
        } else if let number = id as? Int {
            path.append(String(number))
        } else {
            path.append(String(describing: id))
        }
        path.append("]")
        return MenuIdentity(path)
    }

    public var description: String { path.isEmpty ? "/" : path }
}
