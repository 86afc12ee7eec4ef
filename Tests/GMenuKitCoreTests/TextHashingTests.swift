import XCTest

@testable import GMenuKitCore

/// A reading's hash of a text (`FNV1aHash.mix(_: String?)`) depends on the text alone: a short
/// string is mixed as the two words it is made of, a long one byte by byte, and however a string
/// was made (a literal, appended to, cut out of another, bridged through an array of bytes),
/// equal texts mix equally and different ones differently.
final class TextHashingTests: XCTestCase {
    private func hash(_ texts: String?...) -> UInt64 {
        var hash = FNV1aHash()
        for text in texts { hash.mix(text) }
        return hash.value
    }

    func testEqualTextsMadeAnyWayMixEqually() {
        for text in ["", "a", "Item 12", "document-open", "123456789012345", "héllo", "1234567890123456",
                     "a label long enough to live on the heap", "héllo wörld, très long"] {
            var appended = ""
            for character in text { appended.append(character) }
            let cut = String((text + " and more").prefix(text.count))
            let decoded = String(decoding: Array(text.utf8), as: UTF8.self)
            let expected = hash(text)
            XCTAssertEqual(hash(appended), expected, text)
            XCTAssertEqual(hash(cut), expected, text)
            XCTAssertEqual(hash(decoded), expected, text)
        }
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
