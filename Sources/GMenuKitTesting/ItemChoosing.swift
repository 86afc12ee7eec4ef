/// What the headless and the live menu share beyond finding: picking the one item a condition
/// names, and choosing a toggle or an option by what the item is. Both kinds of item conform;
/// their public methods call these.
@MainActor
protocol ChoosableMenuItem: CustomStringConvertible {
    var kind: MenuItemReading.Kind { get }
    var title: String { get }
    var path: [String] { get }
    var children: [Self] { get }
    func activate() throws(MenuTestFailure)
}

@MainActor
enum ItemChoosing {
    /// The one item of `found`; a failure names how many matched `description` and shows `outline`.
    static func theOne<Item: ChoosableMenuItem>(_ found: [Item], _ description: String, in title: String,
                                                outline: String) throws(MenuTestFailure) -> Item {
        guard found.count == 1 else {
            let which = found.isEmpty ? "no item"
                : "\(found.count) items (\(found.map { $0.path.joined(separator: " › ") }.joined(separator: "; ")))"
            throw MenuTestFailure("\(which) \(description) in '\(title)'\n\(outline)")
        }
        return found[0]
    }

    /// Whether an item titled `title` is what `wanted` names (the ellipsis may be left out).
    static func isTitled(_ title: String, _ wanted: String) -> Bool {
        title == wanted || ItemFinding.sameIgnoringEllipsis(title, wanted)
    }

    /// Chooses `item` if it is of `kind` ("a toggle", "a picker's option"); fails otherwise.
    static func choose<Item: ChoosableMenuItem>(_ item: Item, as kind: MenuItemReading.Kind, named name: String) throws(MenuTestFailure) {
        guard item.kind == kind else { throw MenuTestFailure("'\(item)' is a \(item.kind.rawValue), not \(name)") }
        try item.activate()
    }

    /// Chooses the option titled `title` of the picker `item` (a submenu or section of options,
    /// its sections' options included: an app's submenu often groups them).
    static func select<Item: ChoosableMenuItem>(_ title: String, of item: Item) throws(MenuTestFailure) {
        func options(in items: [Item]) -> [Item] {
            items.flatMap { $0.kind == .section ? options(in: $0.children) : $0.kind == .option ? [$0] : [] }
        }
        let options = options(in: item.children)
        guard let option = options.first(where: { ItemFinding.matches($0.title, title) }) else {
            throw MenuTestFailure("'\(item)' has no option '\(title)' (options: \(options.map { "'\($0.title)'" }.joined(separator: ", ")))")
        }
        try option.activate()
    }
}

extension InspectedItem: @MainActor ChoosableMenuItem {}
extension LiveMenuItem: @MainActor ChoosableMenuItem {}
