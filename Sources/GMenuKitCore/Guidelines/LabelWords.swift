/// The words of a label as the label rules read them (L2, L3, T2, S2): each word split from
/// the punctuation around it, so that "“Notes”," or "As…" are judged by "Notes" and "As".
package struct LabelWords {
    package struct Word {
        /// Punctuation before the word: quotation marks, brackets.
        package let lead: Substring
        /// The word itself, from its first to its last letter or digit ("Wi-Fi", "don't").
        package let core: Substring
        /// Punctuation after the word: "…", ":", ",", closing quotation marks and brackets.
        package let trail: Substring
        /// Quoted text is a name or a search term; it stays as written.
        package var isQuoted = false
        /// The first word of the label, or the first after a colon or a dash.
        package var startsPhrase = false
        /// The last word of the label, or the last before a colon or a dash.
        package var endsPhrase = false
        /// The word in lowercase, as the word lists hold it.
        package let lowercased: String

        package init(lead: Substring, core: Substring, trail: Substring) {
            self.lead = lead
            self.core = core
            self.trail = trail
            lowercased = core.lowercased()
        }

        package var text: String { String(lead + core + trail) }
    }

    /// Every space-separated piece of the label, including punctuation-only ones ("—", "&").
    package var pieces: [Word]

    /// `label` should be normalized first (single spaces), as ``MenuLabelText`` does.
    package init(_ label: String) {
        pieces = label.split(separator: " ").map(Self.word)
        markQuotes()
        markPhrases()
    }

    /// The pieces that hold a word.
    package var words: [Word] { pieces.filter { !$0.core.isEmpty } }

    package var text: String { pieces.map(\.text).joined(separator: " ") }

    private static let openingQuotes: Set<Character> = ["\"", "“", "„", "‘", "«", "'"]
    private static let closingQuotes: Set<Character> = ["\"", "”", "“", "’", "»", "'"]
    private static let dashes: Set<String> = ["-", "–", "—"]

    private static func word(_ piece: Substring) -> Word {
        let isWordCharacter: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        guard let first = piece.firstIndex(where: isWordCharacter),
              let last = piece.lastIndex(where: isWordCharacter)
        else { return Word(lead: piece, core: "", trail: "") }
        return Word(lead: piece[..<first], core: piece[first...last], trail: piece[piece.index(after: last)...])
    }

    private mutating func markQuotes() {
        var isInQuote = false
        for index in pieces.indices {
            let opens = pieces[index].lead.contains(where: Self.openingQuotes.contains)
            if opens { isInQuote = true }
            pieces[index].isQuoted = isInQuote
            if isInQuote && pieces[index].trail.contains(where: Self.closingQuotes.contains) { isInQuote = false }
        }
    }

    private mutating func markPhrases() {
        var previousWord: Int?
        var afterBreak = true
        for index in pieces.indices {
            if pieces[index].core.isEmpty && Self.dashes.contains(String(pieces[index].lead)) {
                if let previousWord { pieces[previousWord].endsPhrase = true }
                afterBreak = true
                continue
            }
            guard !pieces[index].core.isEmpty else { continue }
            pieces[index].startsPhrase = afterBreak
            afterBreak = pieces[index].trail.contains(":")
            if afterBreak { pieces[index].endsPhrase = true }
            previousWord = index
        }
        if let previousWord { pieces[previousWord].endsPhrase = true }
    }
}

extension LabelWords {
    /// Where a capitalization style changes the label's words, and how they should read:
    /// `corrected` judges each word given the one before it (nil: the word stands).
    package func corrections(_ corrected: (Word, _ previous: Word?) -> Substring?) -> [(index: Int, corrected: Substring)] {
        var corrections: [(index: Int, corrected: Substring)] = []
        var previous: Word?
        for (index, word) in pieces.enumerated() where !word.core.isEmpty {
            if let fixed = corrected(word, previous) { corrections.append((index, fixed)) }
            previous = word
        }
        return corrections
    }

    /// The label with those corrections made; punctuation and spacing stay as they are.
    package func applying(_ corrections: [(index: Int, corrected: Substring)]) -> String {
        var words = self
        for correction in corrections {
            let word = words.pieces[correction.index]
            words.pieces[correction.index] = Word(lead: word.lead, core: correction.corrected, trail: word.trail)
        }
        return words.text
    }
}
