import GMenuKitCore

/// Finds an item by its path of titles, level by level: only the levels on the path are read,
/// so finding costs the same however many items lie elsewhere.
///
/// Generic over the item, so that the planned items of ``InspectedMenu`` and the items GIO
/// reads back for ``LiveMenu`` are found by the same rules; specialized for each, it costs what
/// the planned-item version did.
enum ItemFinding {
    enum Result<Item> {
        case found(Item, titles: [String], positions: [Int])
        case failed(String)
    }

    /// An item's link as finding needs it: whether it is a section (passed through) or opens
    /// a level of its own (a submenu), and the items it holds.
    typealias Link<Item> = (isSection: Bool, children: [Item])

    /// `title` reads an item's title as shown, `link` its section's or submenu's items (nil for
    /// an item with none). Sections are passed through (their items are the level's); a title
    /// may name a section's header, which then narrows the level to it.
    @MainActor
    static func find<Item>(_ path: [String], in items: [Item], title: (Item) -> String,
                           link: (Item) -> Link<Item>?) -> Result<Item> {
        guard !path.isEmpty else { return .failed("an empty path names no item") }
        var level = items
        var titles: [String] = []
        var positions: [Int] = []
        for (depth, wanted) in path.enumerated() {
            var matches: [(item: Item, positions: [Int])] = []
            var shown: [String] = []
            collect(level, at: [], wanted: wanted, title: title, link: link, into: &matches, shown: &shown)
            if matches.count > 1 {
                // An exact title wins over one that only matches without its ellipsis.
                let exact = matches.filter { title($0.item) == wanted }
                if exact.count == 1 { matches = exact }
            }
            let where_ = titles.isEmpty ? "at the top" : "in " + titles.joined(separator: " › ")
            guard matches.count == 1 else {
                return .failed(matches.isEmpty
                    ? "no item '\(wanted)' \(where_) (items there: \(shown.map { "'\($0)'" }.joined(separator: ", ")))"
                    : "\(matches.count) items '\(wanted)' \(where_): the path is ambiguous")
            }
            let match = matches[0].item
            titles.append(title(match))
            positions += matches[0].positions
            if depth == path.count - 1 { return .found(match, titles: titles, positions: positions) }
            guard let next = link(match) else {
                return .failed("'\(titles.joined(separator: " › "))' has no items; the path goes on with '\(path[depth + 1])'")
            }
            level = next.children
        }
        return .failed("unreachable")
    }

    @MainActor
    private static func collect<Item>(_ level: [Item], at prefix: [Int], wanted: String, title: (Item) -> String,
                                      link: (Item) -> Link<Item>?,
                                      into matches: inout [(item: Item, positions: [Int])], shown: inout [String]) {
        for (index, item) in level.enumerated() {
            let itemTitle = title(item)
            if let section = link(item), section.isSection {
                if !itemTitle.isEmpty && Self.matches(itemTitle, wanted) { matches.append((item, prefix + [index])) }
                collect(section.children, at: prefix + [index], wanted: wanted, title: title, link: link,
                        into: &matches, shown: &shown)
            } else {
                shown.append(itemTitle)
                if Self.matches(itemTitle, wanted) { matches.append((item, prefix + [index])) }
            }
        }
    }

    static func matches(_ title: String, _ wanted: String) -> Bool {
        title == wanted || sameIgnoringEllipsis(title, wanted)
    }

    /// "Save As" names "Save As…": the ellipsis says a dialog follows, not which item it is.
    static func sameIgnoringEllipsis(_ title: String, _ wanted: String) -> Bool {
        func trimmed(_ text: String) -> Substring {
            var text = Substring(text)
            while text.hasSuffix("…") || text.hasSuffix(".") { text = text.dropLast() }
            return text
        }
        return trimmed(title) == trimmed(wanted) && !trimmed(wanted).isEmpty
    }
}
