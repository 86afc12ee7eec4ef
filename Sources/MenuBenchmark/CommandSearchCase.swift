import CGtk
import GMenuKit

/// Case 12: one keystroke in the command palette over N commands, against GTK's own
/// `GtkFilterListModel` with a `GtkStringFilter` doing a plain substring match over the same N
/// strings (Benchmarks/c/search_case.c). Each run types "d", "da", "dat", "date" and
/// "date in" and times every keystroke: GMenuKit's search (words, prefixes, initials, a typo,
/// ranking, the best 50 kept) against GTK's filter of the same text, run to completion.
enum CommandSearchCase {
    static let keystrokes = ["d", "da", "dat", "date", "date in"]

    /// The commands: "Verb Noun" titles in "Menu" menus, as the C side writes them.
    static func entries(_ count: Int) -> [CommandSearchIndex.Entry] {
        let verbs = ["Open", "Save", "Export", "Insert", "Delete", "Format", "Sort", "Print", "Copy", "Date"]
        let nouns = ["Document", "Page", "Image", "Table", "Note", "Chart", "Link", "Comment", "Date", "Section"]
        return (0..<count).map { index in
            CommandSearchIndex.Entry(title: "\(verbs[index % 10]) \(nouns[(index / 10) % 10]) \(index)",
                                     path: ["Menu \(index / 100)"])
        }
    }

    @MainActor
    static func run(items: Int, runs: Int) {
        let index = CommandSearchIndex(entries(items), fold: SearchFolding.fold)
        var found = 0
        var seconds: [Double] = []
        for run in 0...runs {
            for query in keystrokes {
                let time = Stopwatch.time { found = index.search(query, limit: 50).count }
                if run > 0 { seconds.append(time) }  // the first run warms up
            }
        }
        Report.result("12", items: items, seconds: seconds, itemsChanged: found)
    }
}
