import XCTest

@testable import GMenuKitCore

/// A reading's hash of a text (`FNV1aHash.mix(_: String?)`): a short string is mixed as the two
/// words it is made of, a literal (immortal) as its two words too (its count and the address of
/// bytes that never change), any other string byte by byte. Equal texts made at run time mix
/// equally however they were made (appended to, cut out of another, bridged through an array of
/// bytes), as a short text does whether written or made; one literal mixes as itself each time;
/// different texts mix differently. A long literal and the same text made at run time may mix
/// differently: an element whose content switched between them would only be resolved again.
final class TextHashingTests: XCTestCase {
    private func hash(_ texts: String?...) -> UInt64 {
        var hash = FNV1aHash()
        for text in texts { hash.mix(text) }
        return hash.value
    }

    /// The same text three ways, each made at run time.
    private func madeAtRunTime(_ text: String) -> [String] {
        var appended = ""
        for character in text { appended.append(character) }
        let cut = String((text + " and more").prefix(text.count))
        let decoded = String(decoding: Array(text.utf8), as: UTF8.self)
        return [appended, cut, decoded]
    }

    func testEqualTextsMadeAtRunTimeMixEqually() {
        for text in ["", "a", "Item 12", "document-open", "123456789012345", "héllo", "1234567890123456",
                     "a label long enough to live on the heap", "héllo wörld, très long"] {
            let made = madeAtRunTime(text)
            let expected = hash(made[0])
            for other in made.dropFirst() { XCTAssertEqual(hash(other), expected, text) }
        }
    }

    func testShortTextsMixAlikeWrittenOrMade() {
        for text in ["", "a", "Item 12", "document-open", "123456789012345", "héllo"] {
            XCTAssertEqual(hash(text), hash(madeAtRunTime(text)[0]), text)
        }
    }

    /// An icon name a content writes as a literal mixes the same at every refresh, without its
    /// bytes read; another literal of the same length does not mix as it.
    func testALongLiteralMixesAsItselfEveryTime() {
        func iconName() -> String { "document-open-symbolic" }
        func otherIconName() -> String { "document-save-symbolic" }
        XCTAssertEqual(hash(iconName()), hash(iconName()))
        XCTAssertNotEqual(hash(iconName()), hash(otherIconName()))
        XCTAssertNotEqual(hash(iconName()), hash(madeAtRunTime("document-save-symbolic")[0]))
    }

    func testDifferentTextsAndBoundariesMixDifferently() {
        let texts = ["", "a", "b", "ab", "Item 12", "Item 13", "Item 12 ", "123456789012345", "123456789012346",
                     "1234567890123456", "1234567890123457", "é", "e"]
        XCTAssertEqual(Set(texts.map { hash($0) }).count, texts.count)
        XCTAssertNotEqual(hash("ab", "c"), hash("a", "bc"), "the count is part of a text's mix")
        XCTAssertNotEqual(hash(nil), hash(""), "nil is not the empty text")
        XCTAssertNotEqual(hash("a", nil), hash(nil, "a"))
    }
}
