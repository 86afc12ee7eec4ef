/// Rule S2: when a term begins more than two items of one group ("Sort by Date", "Sort by
/// Score", "Sort by Time"), a submenu named with the term ("Sort By") holding the rest ("Date",
/// "Score", "Time") reads better.
///
/// The term must be two words or more: one shared verb ("Show Toolbar", "Show Sidebar", "Show
/// Map") is how a good menu reads. Commands and toggles are compared; generated content is not.
///
/// Severity: hint, on the first of the items, suggesting the submenu as "Sort By › Date, Score, Time".
extension GuidelineChecker {
    package static let shortestRepeatedTerm = 2
    package static let mostItemsSharingTerm = 2

    package mutating func checkRepeatedTerms(_ group: [CheckedItem]) {
        var labels: [(item: CheckedItem, words: [LabelWords.Word])] = []
        var indicesByOpening: [[String]: [Int]] = [:]
        var openings: [[String]] = []
        for item in group {
            switch item.node.kind {
            case .button, .toggle: break
            default: continue
            }
            let words = item.label.words.words
            guard words.count > Self.shortestRepeatedTerm else { continue }
            let opening = words.prefix(Self.shortestRepeatedTerm).map(\.lowercased)
            if indicesByOpening[opening] == nil { openings.append(opening) }
            indicesByOpening[opening, default: []].append(labels.count)
            labels.append((item, words))
        }
        for opening in openings {
            let sharing = indicesByOpening[opening, default: []].map { labels[$0] }
            guard sharing.count > Self.mostItemsSharingTerm else { continue }
            // Lengthen the term while every item shares the next word and keeps one of its own.
            var termLength = Self.shortestRepeatedTerm
            while sharing.allSatisfy({ $0.words.count > termLength + 1 }),
                  Set(sharing.map { $0.words[termLength].lowercased }).count == 1 {
                termLength += 1
            }
            let term = TitleStyle.titleCased(sharing[0].words.prefix(termLength).map(\.text).joined(separator: " "))
            let rest = sharing.map { TitleStyle.titleCased($0.words.dropFirst(termLength).map(\.text).joined(separator: " ")) }
            checkedIdentity = sharing[0].item.node.identity
            report("S2", .hint, path: sharing[0].item.path,
                   "\(sharing.count) items of this group begin with “\(term)”; a submenu named “\(term)” holding the rest reads better",
                   suggestion: term + " › " + rest.joined(separator: ", "))
        }
    }
}
