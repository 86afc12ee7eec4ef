import GMenuKitCore

/// Finds an item by its path of titles, level by level: only the levels on the path are read,
/// so finding costs the same however many items lie elsewhere.
enum ItemFinding {
    enum Result {
        case found(PlannedItem, titles: [String], positions: [Int])
        case failed(String)
    }

    /// `title` reads an item's title as shown. Sections are passed through (their items are
    /// the level's); a title may name a section's header, which then narrows the level to it.
    @MainActor
    static func find(_ path: [String], in items: [PlannedItem], title: (PlannedItem) -> String) -> Result {
        guard !path.isEmpty else { return .failed("an empty path names no item") }
        var level = items
        var titles: [String] = []
        var positions: [Int] = []
        for (depth, wanted) in path.enumerated() {
            var matches: [(item: PlannedItem, positions: [Int])] = []
            collect(level, at: [], wanted: wanted, title: title, into: &matches)
            if matches.count > 1 {
                // An exact title wins over one that only matches without its ellipsis.
                let exact = matches.filter { title($0.item) == wanted }
                if exact.count == 1 { matches = exact }
            }
            let where_ = titles.isEmpty ? "at the top" : "in " + titles.joined(separator: " › ")
            guard matches.count == 1 else {
                // What the level shows, read only for the message.
                var shown: [String] = []
                shownTitles(of: level, title: title, into: &shown)
                return .failed(matches.isEmpty
                    ? "no item '\(wanted)' \(where_) (items there: \(shown.map { "'\($0)'" }.joined(separator: ", ")))"
                    : "\(matches.count) items '\(wanted)' \(where_): the path is ambiguous")
            }
            let match = matches[0].item
            titles.append(title(match))
            positions += matches[0].positions
            if depth == path.count - 1 { return .found(match, titles: titles, positions: positions) }
            guard let link = match.link else {
                return .failed("'\(titles.joined(separator: " › "))' has no items; the path goes on with '\(path[depth + 1])'")
            }
            level = link.children
        }
        return .failed("unreachable")
    }

    @MainActor
    private static func collect(_ level: [PlannedItem], at prefix: [Int], wanted: String, title: (PlannedItem) -> String,
                                into matches: inout [(item: PlannedItem, positions: [Int])]) {
        // Items are read in place (a copy of a planned item retains each of its fields): a long
        // level on the path costs a comparison per item.
        for index in level.indices {
            let isSection = level[index].link?.kind == .section
            let matched: Bool
            if let label = level[index].attributes.label, isPlain(label, markup: level[index].attributes.useMarkup) {
                // Most labels are their title: compared as they are, without reading them.
                matched = (!isSection || !label.isEmpty) && Self.matches(label, wanted)
            } else {
                let itemTitle = title(level[index])
                matched = (!isSection || !itemTitle.isEmpty) && Self.matches(itemTitle, wanted)
            }
            if matched { matches.append((level[index], prefix + [index])) }
            if isSection, let children = level[index].link?.children {
                collect(children, at: prefix + [index], wanted: wanted, title: title, into: &matches)
            }
        }
    }

    @MainActor
    private static func shownTitles(of level: [PlannedItem], title: (PlannedItem) -> String, into shown: inout [String]) {
        for item in level {
            if let link = item.link, link.kind == .section {
                shownTitles(of: link.children, title: title, into: &shown)
            } else {
                shown.append(title(item))
            }
        }
    }

    /// A label without markup, access-key marks or invisible marks: its own title.
    private static func isPlain(_ label: String, markup: Bool) -> Bool {
        !markup && label.utf8.allSatisfy { $0 != UInt8(ascii: "_") && $0 < 0x80 }
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
