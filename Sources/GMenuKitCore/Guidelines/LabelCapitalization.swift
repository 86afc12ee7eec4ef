/// Rule L2: labels use title-style capitalization. Every word is capitalized except articles,
/// coordinating conjunctions and short prepositions, which are lowercase unless they are the
/// first or last word (of the label, or of a phrase before or after a colon or dash).
///
/// Left as written: words with a capital after the first letter (iPhone, macOS, iCloud, PDF,
/// HDR), words with digits (A4, 3D), addresses and file names (example.com, notes.txt), single
/// letters, and quoted text. A short preposition that is a verb's particle may be capitalized
/// ("Set Up Printer", "Log Out Jane"); four-letter prepositions (with, from, into, over) are
/// left to the developer, as style guides disagree about them.
///
/// Severity: warning, with the corrected label as the suggestion.
extension GuidelineChecker {
    package mutating func checkCapitalization(of label: CheckedLabel) {
        let corrections = TitleStyle.corrections(in: label.words)
        guard !corrections.isEmpty else { return }
        let list = corrections.map { "“\(label.words.pieces[$0.index].core)”" }.joined(separator: ", ")
        report("L2", .warning, path: label.path,
               "use title-style capitalization (\(list)): capitalize every word but articles, conjunctions and short prepositions inside the label",
               suggestion: TitleStyle.titleCased(label.normalized))
    }
}

/// Title-style capitalization, shared by the label rules that suggest a corrected label.
package enum TitleStyle {
    package static let articles: Set<String> = ["a", "an", "the"]
    package static let conjunctions: Set<String> = ["and", "but", "or", "nor"]
    /// Short prepositions that stay lowercase inside a label.
    package static let shortPrepositions: Set<String> = ["as", "at", "by", "for", "of", "to", "via", "per", "vs"]
    /// Short prepositions that are just as often a verb's particle ("Zoom In", "Set Up").
    package static let particles: Set<String> = ["in", "on", "up", "off", "out"]
    /// Verbs that take one of the particles above, which is then capitalized as part of the verb.
    package static let phrasalVerbs: Set<String> = [
        "back", "bring", "carry", "check", "clean", "clear", "clock", "cut", "drill", "fade", "fill",
        "free", "go", "hang", "hold", "jump", "lock", "log", "look", "move", "opt", "page", "pick",
        "plug", "power", "pull", "push", "put", "roll", "scroll", "set", "shut", "sign", "speed",
        "start", "step", "switch", "sync", "take", "tidy", "try", "turn", "wrap", "zoom",
    ]
    /// Four-letter prepositions: some style guides capitalize them, some do not.
    package static let undecidedPrepositions: Set<String> = ["with", "from", "into", "onto", "over", "upon", "down", "near", "than"]

    private static let addressCharacters: Set<Character> = [".", "/", "@", "_", ":", "\\", "+", "#", "&", "=", "~"]

    /// Names, acronyms, numbers, addresses, quotations and single letters ("Column b") keep the
    /// form they were written in.
    package static func isLeftAsWritten(_ word: LabelWords.Word) -> Bool {
        guard let first = word.core.first, first.isLetter, !word.isQuoted else { return true }
        return (word.core.count == 1 && !articles.contains(word.lowercased))
            || word.core.dropFirst().contains(where: \.isUppercase)
            || word.core.contains(where: \.isNumber)
            || word.core.contains(where: addressCharacters.contains)
    }

    /// The word as title style writes it, or nil when it is right as it is.
    private static func corrected(_ word: LabelWords.Word, after previous: LabelWords.Word?) -> Substring? {
        guard !isLeftAsWritten(word), let first = word.core.first else { return nil }
        let lowercased = word.lowercased
        var staysLowercase = false
        if !word.startsPhrase && !word.endsPhrase {
            if articles.contains(lowercased) || conjunctions.contains(lowercased) || shortPrepositions.contains(lowercased) {
                staysLowercase = true
            } else if particles.contains(lowercased) {
                // "Zoom In Fully" and "Zoom in Fully" can both be meant; "Open In …" cannot.
                if let previous, phrasalVerbs.contains(previous.lowercased) { return nil }
                staysLowercase = true
            } else if undecidedPrepositions.contains(lowercased) {
                return nil
            }
        }
        if staysLowercase {
            return first.isUppercase ? Substring(lowercased) : nil
        }
        return first.isLowercase ? Substring(first.uppercased()) + word.core.dropFirst() : nil
    }

    /// Where the label's words differ from title style, and how they should read.
    package static func corrections(in words: LabelWords) -> [(index: Int, corrected: Substring)] {
        words.corrections(corrected)
    }

    /// The label with every word in title style; punctuation and spacing stay as they are.
    package static func titleCased(_ label: String) -> String {
        let words = LabelWords(label)
        return words.applying(corrections(in: words))
    }
}
