/// Rule L3: labels leave out articles ("View Settings", not "View the Settings").
///
/// "the" and "an" anywhere, and "a" in lowercase, count as articles when a word follows them in
/// the same phrase. A capital "A" counts only at the start ("A Few Options"), as elsewhere it
/// is more often a letter ("Column A", "Side A Only"). Quoted text stays as written.
///
/// Severity: hint, since a label with an article is still clear; the suggestion is the label
/// without its articles.
extension GuidelineChecker {
    package mutating func checkArticles(of label: CheckedLabel) {
        var words = label.words
        let articleIndices = words.pieces.indices.filter { Self.isArticle(at: $0, in: words) }
        guard !articleIndices.isEmpty else { return }
        let articles = articleIndices.map { "“\(words.pieces[$0].core)”" }.joined(separator: ", ")
        for index in articleIndices.reversed() { words.pieces.remove(at: index) }
        let withoutArticles = words.text
        report("L3", .hint, path: label.path, "leave out the article (\(articles)); labels are short commands",
               suggestion: withoutArticles.isEmpty ? nil : TitleStyle.titleCased(withoutArticles))
    }

    private static func isArticle(at index: Int, in words: LabelWords) -> Bool {
        let word = words.pieces[index]
        guard TitleStyle.articles.contains(word.lowercased), !word.isQuoted, !word.endsPhrase,
              word.lead.isEmpty, word.trail.isEmpty
        else { return false }
        return word.core != "A" || word.startsPhrase
    }
}
