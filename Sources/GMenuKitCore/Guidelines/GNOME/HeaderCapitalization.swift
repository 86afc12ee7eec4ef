/// Rule G1 (GNOME HIG, Writing Style › Header Capitalization): menu items, headings and other
/// short labels capitalize the first letter of every word of four or more letters, of verbs of
/// any length ("Be", "Is", "Add"), of the first and last word, and of each part of a hyphenated
/// word ("Self-Test"). The HIG's examples: "Create a Document", "Find and Replace", "Document
/// Cannot Be Found".
///
/// So "from", "with", "into", "over" and "about" are capitalized ("Open With", "Import From"),
/// unlike GMenuKit's title style. Short articles, conjunctions and prepositions ("a", "and",
/// "in", "to") are lowercase inside a label; a particle after a verb may be either ("Sign In to
/// Account"), and so may a preposition before a closing "…", which stands for the words that
/// follow ("Move to…", "Copy to…": the destination is chosen next). Other short words are left as written: the HIG does not say that "New" in "Open
/// in New Tab" is lowercase, and a rule that guessed would be wrong on good menus. Names,
/// acronyms, numbers, addresses, single letters and quoted text stay as written, as in L2.
///
/// Severity: warning, with the label in header capitalization as the suggestion.
extension GuidelineChecker {
    package mutating func checkHeaderCapitalization(of label: CheckedLabel) {
        let corrections = HeaderStyle.corrections(in: label.words)
        guard !corrections.isEmpty else { return }
        let list = corrections.map { "“\(label.words.pieces[$0.index].core)”" }.joined(separator: ", ")
        report("G1", .warning, path: label.path,
               "use header capitalization (\(list)): capitalize words of four or more letters, verbs, and the first and last word",
               suggestion: HeaderStyle.headerCased(label.normalized))
    }
}

/// The GNOME HIG's header capitalization.
package enum HeaderStyle {
    /// Words of three letters or fewer that are not verbs and stay lowercase inside a label:
    /// articles, conjunctions and prepositions.
    package static let lowercaseShortWords: Set<String> = [
        "a", "an", "the", "and", "but", "or", "nor", "for", "so", "yet",
        "as", "at", "by", "in", "of", "off", "on", "per", "to", "up", "via", "out", "vs",
    ]
    /// Verbs of three letters or fewer, capitalized wherever they stand.
    package static let shortVerbs: Set<String> = [
        "add", "are", "ask", "be", "buy", "cut", "do", "fit", "fix", "get", "go", "has", "is", "let",
        "log", "map", "mix", "pin", "put", "run", "say", "see", "set", "tag", "try", "use", "zip",
    ]
    /// The fewest letters a word has that is always capitalized.
    package static let longWordLetters = 4

    /// The word as header capitalization writes it, or nil when it is right as it is.
    private static func corrected(_ word: LabelWords.Word, after previous: LabelWords.Word?) -> Substring? {
        guard !TitleStyle.isLeftAsWritten(word) || isHyphenated(word), let first = word.core.first else { return nil }
        if isHyphenated(word) { return capitalizedParts(of: word.core) }
        let lowercased = word.lowercased
        let letters = word.core.filter(\.isLetter).count
        if lowercaseShortWords.contains(lowercased), !word.startsPhrase, word.trail.hasPrefix("…") { return nil }
        let mustCapitalize = word.startsPhrase || word.endsPhrase || letters >= longWordLetters || shortVerbs.contains(lowercased)
        if mustCapitalize {
            return first.isLowercase ? Substring(first.uppercased()) + word.core.dropFirst() : nil
        }
        guard lowercaseShortWords.contains(lowercased) else { return nil }
        // "Sign In to Account", "Log Out Everyone": a verb's particle may be capitalized.
        if TitleStyle.particles.contains(lowercased), let previous,
           TitleStyle.phrasalVerbs.contains(previous.lowercased) || shortVerbs.contains(previous.lowercased) {
            return nil
        }
        return first.isUppercase ? Substring(lowercased) : nil
    }

    /// "Self-Test", "Post-Install": a word of letters joined by hyphens.
    private static func isHyphenated(_ word: LabelWords.Word) -> Bool {
        guard !word.isQuoted, word.core.contains("-") else { return false }
        let parts = word.core.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count > 1 && parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy(\.isLetter) && !part.dropFirst().contains(where: \.isUppercase)
        }
    }

    /// Each part capitalized, but short function words inside ("Left-to-Right", "Drag-and-Drop"
    /// are written both ways; the HIG's examples have none).
    private static func capitalizedParts(of core: Substring) -> Substring? {
        let parts = core.split(separator: "-", omittingEmptySubsequences: false)
        let fixed = parts.enumerated().map { index, part -> String in
            let isInside = index > 0 && index < parts.count - 1
            if isInside && lowercaseShortWords.contains(part.lowercased()) { return String(part) }
            return part.prefix(1).uppercased() + part.dropFirst()
        }
        let corrected = fixed.joined(separator: "-")
        return corrected == core ? nil : Substring(corrected)
    }

    package static func corrections(in words: LabelWords) -> [(index: Int, corrected: Substring)] {
        words.corrections(corrected)
    }

    /// The label in header capitalization; punctuation and spacing stay as they are.
    package static func headerCased(_ label: String) -> String {
        let words = LabelWords(label)
        return words.applying(corrections(in: words))
    }
}
