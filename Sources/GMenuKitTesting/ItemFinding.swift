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
        for index in level.indices {
            let item = level[index]
            // Most labels are their title: compared as they are, without reading them.
            let itemTitle = isPlain(item.attributes) ? (item.attributes.label ?? "") : title(item)
            if let link = item.link, link.kind == .section {
                if !itemTitle.isEmpty && Self.matches(itemTitle, wanted) { matches.append((item, prefix + [index])) }
                collect(link.children, at: prefix + [index], wanted: wanted, title: title, into: &matches)
            } else if Self.matches(itemTitle, wanted) {
                matches.append((item, prefix + [index]))
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
    private static func isPlain(_ attributes: PlannedAttributes) -> Bool {
        guard !attributes.useMarkup, let label = attributes.label else { return false }
        return label.utf8.allSatisfy { $0 != UInt8(ascii: "_") && $0 < 0x80 }
    }

    static func matches(_ title: String, _ wanted: String) -> Bool {
        title == wanted || (title.utf8.count + 3 >= wanted.utf8.count && wanted.utf8.count + 3 >= title.utf8.count
                            && sameIgnoringEllipsis(title, wanted))
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
