/// Finds commands by what a person types: the command palette's search, without GTK.
///
/// Each word typed must match a word of the entry, in any order: a whole word, the start of
/// one ("ins" for "Insert"), the initials of the title's words ("sa" for "Save As…"), a word
/// with one letter wrong, missing, extra or two letters swapped ("tabel" for "Table", words of
/// four letters or more), or a part inside a word. The title counts more than the menus leading
/// to it, and those more than the keywords an item declares. Text is compared as `fold` gives
/// it (the GTK layer folds case and accents with GLib), once per entry when the index is built:
/// a keystroke only compares.
public struct CommandSearchIndex: Sendable {
    /// One command as the search sees it.
    public struct Entry: Sendable, Equatable {
        /// What the item says.
        public var title: String
        /// The menus leading to it, outermost first ("Edit", "Sort By").
        public var path: [String]
        /// Words it is found by beside its title.
        public var keywords: [String]
        /// False for a dimmed item: listed last, never chosen by Return.
        public var isAvailable: Bool
        /// What the usage history knows it by.
        public var usageKey: String

        /// An entry; its usage key is its path and title ("Edit › Sort By › Date") unless given.
        public init(title: String, path: [String] = [], keywords: [String] = [], isAvailable: Bool = true, usageKey: String? = nil) {
            self.title = title
            self.path = path
            self.keywords = keywords
            self.isAvailable = isAvailable
            self.usageKey = usageKey ?? (path + [title]).joined(separator: " › ")
        }
    }

    /// An entry found, with how well it matched.
    public struct Match: Sendable, Equatable {
        /// The entry's position in the index.
        public var index: Int
        /// Match quality in thousands, plus the usage score: higher is better.
        public var score: Int
    }

    private struct Words: Sendable {
        var title: [[UInt8]]
        var path: [[UInt8]]
        var keywords: [[UInt8]]
        var initials: [UInt8]
    }

    /// The entries searched, in the order given.
    public let entries: [Entry]
    private let words: [Words]
    private let fold: @Sendable (String) -> String

    /// Splits every entry into folded words once; `fold` is applied to entries and queries alike.
    public init(_ entries: [Entry], fold: @escaping @Sendable (String) -> String = { $0.lowercased() }) {
        self.entries = entries
        self.fold = fold
        words = entries.map { entry in
            let title = Self.split(fold(entry.title))
            return Words(title: title, path: entry.path.flatMap { Self.split(fold($0)) },
                         keywords: entry.keywords.flatMap { Self.split(fold($0)) },
                         initials: title.compactMap(\.first))
        }
    }

    /// The entries that match every word of `query`, best first: match quality, then how often
    /// and how recently they were chosen, available ones before unavailable ones. An empty
    /// query lists the entries chosen before, most used first.
    public func search(_ query: String, usage: CommandUsage = CommandUsage(), now: Int64 = 0, limit: Int = .max) -> [Match] {
        let queryWords = Self.split(fold(query))
        var matches: [Match] = []
        if queryWords.isEmpty {
            for (index, entry) in entries.enumerated() {
                let used = usage.score(of: entry.usageKey, now: now)
                if used > 0 { matches.append(Match(index: index, score: used)) }
            }
        } else {
            matches.reserveCapacity(64)
            for index in words.indices {
                var total = 0
                for word in queryWords {
                    let score = Self.score(word, in: words[index])
                    if score == 0 { total = 0; break }
                    total += score
                }
                if total > 0 {
                    matches.append(Match(index: index, score: total * 1_000 + usage.score(of: entries[index].usageKey, now: now)))
                }
            }
        }
        matches.sort { left, right in
            let leftAvailable = entries[left.index].isAvailable, rightAvailable = entries[right.index].isAvailable
            if leftAvailable != rightAvailable { return leftAvailable }
            if left.score != right.score { return left.score > right.score }
            return left.index < right.index
        }
        if matches.count > limit { matches.removeLast(matches.count - limit) }
        return matches
    }

    // MARK: Matching one word

    private static func score(_ word: [UInt8], in entry: Words) -> Int {
        var best = 0
        for (position, candidate) in entry.title.enumerated() {
            // The first word of the title a little ahead of the others.
            best = max(best, score(word, against: candidate, weight: position == 0 ? 12 : 10))
        }
        if word.count >= 2, startsWith(entry.initials, word) { best = max(best, word.count == entry.initials.count ? 95 : 85) }
        for candidate in entry.path { best = max(best, score(word, against: candidate, weight: 6)) }
        for candidate in entry.keywords { best = max(best, score(word, against: candidate, weight: 5)) }
        return best
    }

    /// 10 × weight for the whole word, 8 × for its start, 3 × for a part inside, 4 × with one
    /// typo (the whole word or its start).
    private static func score(_ word: [UInt8], against candidate: [UInt8], weight: Int) -> Int {
        if word == candidate { return 10 * weight }
        if startsWith(candidate, word) { return 8 * weight }
        if word.count >= 4 {
            if withinOneEdit(word, candidate) { return 4 * weight }
            if candidate.count > word.count, withinOneEdit(word, Array(candidate.prefix(word.count))) { return 4 * weight }
        }
        if word.count >= 3, contains(candidate, word) { return 3 * weight }
        return 0
    }

    private static func startsWith(_ text: [UInt8], _ prefix: [UInt8]) -> Bool {
        guard prefix.count <= text.count else { return false }
        for index in prefix.indices where text[index] != prefix[index] { return false }
        return true
    }

    private static func contains(_ text: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= text.count else { return false }
        for start in 0...(text.count - part.count) {
            var found = true
            for index in part.indices where text[start + index] != part[index] {
                found = false
                break
            }
            if found { return true }
        }
        return false
    }

    /// One letter replaced, inserted, removed, or two neighbours swapped (on UTF-8 bytes: a
    /// typed letter outside ASCII counts as more than one edit).
    static func withinOneEdit(_ typed: [UInt8], _ word: [UInt8]) -> Bool {
        let difference = typed.count - word.count
        guard abs(difference) <= 1, typed != word else { return false }
        var start = 0
        while start < min(typed.count, word.count), typed[start] == word[start] { start += 1 }
        var typedEnd = typed.count, wordEnd = word.count
        while typedEnd > start, wordEnd > start, typed[typedEnd - 1] == word[wordEnd - 1] {
            typedEnd -= 1
            wordEnd -= 1
        }
        let typedLeft = typedEnd - start, wordLeft = wordEnd - start
        if typedLeft <= 1 && wordLeft <= 1 { return true }
        // Two neighbours swapped.
        return typedLeft == 2 && wordLeft == 2 && typed[start] == word[start + 1] && typed[start + 1] == word[start]
    }

    /// Words of folded text: letters and digits, split at anything else.
    static func split(_ text: String) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var current: [UInt8] = []
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.append(contentsOf: String(scalar).utf8)
            } else if !current.isEmpty {
                words.append(current)
                current = []
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
