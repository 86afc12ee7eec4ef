import GMenuKitCore

/// Finds an item by its path of titles, level by level: only the levels on the path are read,
/// so finding costs the same however many items lie elsewhere.
///
/// Generic over the item, so that the planned items of ``InspectedMenu`` and the items GIO
/// reads back for ``LiveMenu`` are found by the same rules; specialized for each, it costs what
/// a version for one of them would.
/// What finding needs of an item: its title, and what it links to.
@MainActor
protocol FindableMenuItem {
    /// The title as shown (without the access key's mark and markup).
    var shownTitle: String { get }
    /// The title when the label is its own title, read without work; nil: read `shownTitle`.
    var plainTitle: String? { get }
    /// A section (and a stepper, a section of two buttons): passed through by paths.
    var isSection: Bool { get }
    /// A section's or submenu's items; nil for an item with none.
    var linkedItems: [Self]? { get }
}

extension PlannedItem: FindableMenuItem {
    var shownTitle: String {
        link?.kind == .section ? attributes.label ?? "" : LabelReading.visible(attributes.label, isMarkup: attributes.useMarkup).title
    }
    var plainTitle: String? {
        link?.kind == .section ? attributes.label ?? "" : ItemFinding.plainTitle(attributes.label, isMarkup: attributes.useMarkup)
    }
    var isSection: Bool { link?.kind == .section }
    var linkedItems: [PlannedItem]? { link?.children }
}

enum ItemFinding {
    enum Result<Item> {
        case found(Item, titles: [String], positions: [Int])
        case failed(String)
    }

    /// Sections are passed through (their items are the level's); a title may name a section's
    /// header, which then narrows the level to it.
    @MainActor
    static func find<Item: FindableMenuItem>(_ path: [String], in items: [Item]) -> Result<Item> {
        guard !path.isEmpty else { return .failed("an empty path names no item") }
        var level = items
        var titles: [String] = []
        var positions: [Int] = []
        for (depth, wanted) in path.enumerated() {
            var matches: [(item: Item, positions: [Int])] = []
            collect(level, at: [], wanted: wanted, into: &matches)
            if matches.count > 1 {
                // An exact title wins over one that only matches without its ellipsis.
                let exact = matches.filter { $0.item.shownTitle == wanted }
                if exact.count == 1 { matches = exact }
            }
            let where_ = titles.isEmpty ? "at the top" : "in " + titles.joined(separator: " › ")
            guard matches.count == 1 else {
                // What the level shows, read only for the message.
                var shown: [String] = []
                shownTitles(of: level, into: &shown)
                return .failed(matches.isEmpty
                    ? "no item '\(wanted)' \(where_) (items there: \(shown.map { "'\($0)'" }.joined(separator: ", ")))"
                    : "\(matches.count) items '\(wanted)' \(where_): the path is ambiguous")
            }
            let match = matches[0].item
            titles.append(match.shownTitle)
            positions += matches[0].positions
            if depth == path.count - 1 { return .found(match, titles: titles, positions: positions) }
            guard let next = match.linkedItems else {
                return .failed("'\(titles.joined(separator: " › "))' has no items; the path goes on with '\(path[depth + 1])'")
            }
            level = next
        }
        return .failed("unreachable")
    }

    @MainActor
    private static func collect<Item: FindableMenuItem>(_ level: [Item], at prefix: [Int], wanted: String,
                                                        into matches: inout [(item: Item, positions: [Int])]) {
        // Items are read in place (a copy of a planned item retains each of its fields): a long
        // level on the path costs a comparison per item.
        for index in level.indices {
            let itemTitle = level[index].plainTitle ?? level[index].shownTitle
            if level[index].isSection {
                if !itemTitle.isEmpty && Self.matches(itemTitle, wanted) { matches.append((level[index], prefix + [index])) }
                collect(level[index].linkedItems ?? [], at: prefix + [index], wanted: wanted, into: &matches)
            } else if Self.matches(itemTitle, wanted) {
                matches.append((level[index], prefix + [index]))
            }
        }
    }

    @MainActor
    private static func shownTitles<Item: FindableMenuItem>(of level: [Item], into shown: inout [String]) {
        for item in level {
            if item.isSection {
                shownTitles(of: item.linkedItems ?? [], into: &shown)
            } else {
                shown.append(item.shownTitle)
            }
        }
    }

    /// A label without markup, access-key marks or other than ASCII is its own title: most
    /// labels, compared as they are without reading them.
    static func plainTitle(_ label: String?, isMarkup: Bool) -> String? {
        guard !isMarkup, let label, label.utf8.allSatisfy({ $0 != UInt8(ascii: "_") && $0 < 0x80 }) else { return nil }
        return label
    }

    static func matches(_ title: String, _ wanted: String) -> Bool {
        if title == wanted { return true }
        // Only a title or path ending in an ellipsis ("…", "...") can match the other without it.
        let endsInEllipsis = { (text: String) in text.utf8.last == UInt8(ascii: ".") || text.utf8.last == 0xA6 }
        return (endsInEllipsis(title) || endsInEllipsis(wanted)) && sameIgnoringEllipsis(title, wanted)
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
