import XCTest

@testable import GMenuKitCore

/// The command palette's search and ranking, without GTK (the GTK tests type into the palette,
/// CommandPaletteTests, where GLib folds accents).
final class CommandSearchTests: XCTestCase {
    private let index = CommandSearchIndex([
        .init(title: "Save", path: ["File"]),
        .init(title: "Save As…", path: ["File"]),
        .init(title: "Print…", path: ["File"], keywords: ["export", "pdf"]),
        .init(title: "Date", path: ["Insert"]),
        .init(title: "Table", path: ["Insert"]),
        .init(title: "Bold", path: ["Format"]),
        .init(title: "Date", path: ["Edit", "Sort By"]),
        .init(title: "Delete", path: ["Edit"], isAvailable: false),
        .init(title: "Select All", path: ["Edit"]),
    ])

    private func titles(_ query: String, usage: CommandUsage = CommandUsage(), now: Int64 = 0) -> [String] {
        index.search(query, usage: usage, now: now).map { (index.entries[$0.index].path + [index.entries[$0.index].title]).joined(separator: " › ") }
    }

    func testWordsInAnyOrderPrefixesAndInitials() {
        XCTAssertEqual(titles("ins da"), ["Insert › Date"], "menu and title prefixes")
        XCTAssertEqual(titles("da ins"), ["Insert › Date"], "in any order")
        XCTAssertEqual(titles("bold"), ["Format › Bold"])
        XCTAssertEqual(Set(titles("sa")), ["File › Save", "File › Save As…", "Edit › Select All"],
                       "a prefix, and the initials of Save As and Select All")
        XCTAssertEqual(titles("as"), ["File › Save As…"], "not Select All: initials start at the first word")
        XCTAssertEqual(titles("sa all"), ["Edit › Select All"])
        XCTAssertEqual(titles("sort date"), ["Edit › Sort By › Date"])
        XCTAssertEqual(titles("date").first, "Insert › Date", "ties keep the menus' order")
        XCTAssertEqual(titles("date").count, 2)
        XCTAssertEqual(titles("nothing like it"), [])
    }

    func testOneTypoIsForgivenInLongerWords() {
        XCTAssertEqual(titles("tabel"), ["Insert › Table"], "two letters swapped")
        XCTAssertEqual(titles("tble"), ["Insert › Table"], "one letter missing")
        XCTAssertEqual(titles("tablle"), ["Insert › Table"], "one letter too many")
        XCTAssertEqual(titles("tavle"), ["Insert › Table"], "one letter wrong")
        XCTAssertEqual(titles("tavke"), [], "two letters wrong")
        XCTAssertEqual(titles("bld"), [], "words shorter than four letters must be typed right")
        XCTAssertEqual(titles("selct al"), ["Edit › Select All"], "a typo and a prefix")
    }

    func testKeywordsFindAnItemAndCountLessThanItsTitle() {
        XCTAssertEqual(titles("pdf"), ["File › Print…"])
        XCTAssertEqual(titles("export"), ["File › Print…"])
        let scores = index.search("print").map(\.score), keyword = index.search("export").map(\.score)
        XCTAssertGreaterThan(scores.first ?? 0, keyword.first ?? 0, "a title match ranks above a keyword match")
    }

    func testUnavailableEntriesComeLastAndUsageRanksEqualMatches() {
        XCTAssertEqual(titles("d"), ["Insert › Date", "Edit › Sort By › Date", "Edit › Delete"],
                       "Delete matches as well as the others but is unavailable: last")
        var usage = CommandUsage()
        usage.recordChoice(of: "Edit › Sort By › Date", at: 1_000)
        XCTAssertEqual(titles("date", usage: usage, now: 1_060).first, "Edit › Sort By › Date", "chosen a minute ago")
        XCTAssertEqual(titles("ins da", usage: usage, now: 1_060), ["Insert › Date"], "usage never adds a match")
        XCTAssertEqual(titles("", usage: usage, now: 1_060), ["Edit › Sort By › Date"], "an empty query lists recent choices")
        XCTAssertEqual(titles(""), [], "and nothing before any choice")
    }

    func testUsageRanksFrequencyAndRecencyAndSurvivesItsTextForm() {
        var usage = CommandUsage()
        for _ in 0..<8 { usage.recordChoice(of: "often", at: 0) }
        usage.recordChoice(of: "once-long-ago", at: 0)
        usage.recordChoice(of: "once-now", at: 100_000_000)
        let now: Int64 = 100_000_010
        XCTAssertGreaterThan(usage.score(of: "often", now: now), usage.score(of: "once-long-ago", now: now))
        XCTAssertGreaterThan(usage.score(of: "once-now", now: now), usage.score(of: "once-long-ago", now: now))
        XCTAssertLessThan(usage.score(of: "often", now: now), 1_000, "below one step of match quality")
        XCTAssertEqual(CommandUsage(serialized: usage.serialized), usage)
        XCTAssertEqual(CommandUsage(serialized: ["x\t1\tkey", "2\t5", "3\t7\tEdit › Sort By › Date"]).records,
                       ["Edit › Sort By › Date": .init(count: 3, lastUsed: 7)], "lines that are not records are left out")
        usage.clear()
        XCTAssertEqual(usage.score(of: "often", now: now), 0)
    }

    func testOneEditDistance() {
        func within(_ a: String, _ b: String) -> Bool { CommandSearchIndex.withinOneEdit(Array(a.utf8), Array(b.utf8)) }
        XCTAssertTrue(within("abcd", "abce"))
        XCTAssertTrue(within("abcd", "abdc"))
        XCTAssertTrue(within("abcd", "abcde"))
        XCTAssertTrue(within("abcde", "abcd"))
        XCTAssertTrue(within("xbcd", "abcd"))
        XCTAssertFalse(within("abcd", "abcd"), "the same word is no typo")
        XCTAssertFalse(within("abcd", "badc"))
        XCTAssertFalse(within("abcd", "abcdef"))
    }
}
