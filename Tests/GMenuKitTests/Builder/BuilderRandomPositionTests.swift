import XCTest

@testable import GMenuKit

/// Random menus written every way XML allows around their tags (empty-element tags, tags over
/// several lines, comments holding tags, tags followed at once by others, lines that are not
/// ASCII): every element the reader reads is at its own start tag, line and column (in
/// characters), as a plain scan of the text finds the tags. GMarkup reports a start element
/// past its tag, at its '>' or inside the next one, and the reader walks back from there.
final class BuilderRandomPositionTests: XCTestCase {
    func testEveryElementOfRandomMenusIsAtItsOwnStartTag() throws {
        for seed in 0..<300 {
            var random = SplitMix64(seed: 0x706F_7369_7469_6F6E ^ UInt64(seed))
            let xml = Self.document(&random, ascii: seed % 2 == 0)
            let document = try MainActor.assumeIsolated { try BuilderDocument(xml: xml) }
            var read: [String: [[Int]]] = [:]
            for menu in document.menus {
                read["menu", default: []].append([menu.location.line, menu.location.column])
                Self.collect(menu.items, into: &read)
            }
            let written = Self.startTags(of: xml)
            for name in ["menu", "item", "section", "submenu", "attribute", "link"] {
                XCTAssertEqual(read[name, default: []].sorted { $0.lexicographicallyPrecedes($1) }, written[name, default: []],
                               "seed \(seed), <\(name)> in:\n\(xml)")
            }
        }
    }

    private static func collect(_ items: [BuilderMenuItem], into positions: inout [String: [[Int]]]) {
        for item in items {
            positions[item.element.rawValue, default: []].append([item.location.line, item.location.column])
            for attribute in item.attributes {
                positions["attribute", default: []].append([attribute.location.line, attribute.location.column])
            }
            // A section's or submenu's own link is where the element is; the others are <link>s.
            for (index, link) in item.links.enumerated() {
                if index > 0 || item.element == .item {
                    positions["link", default: []].append([link.location.line, link.location.column])
                }
                collect(link.items, into: &positions)
            }
        }
    }

    /// Each start tag's line and column by its name, in document order (comments skipped).
    private static func startTags(of xml: String) -> [String: [[Int]]] {
        let scalars = Array(xml.unicodeScalars)
        var lines: [Int] = []
        var columns: [Int] = []
        var line = 1
        var column = 1
        for scalar in scalars {
            lines.append(line)
            columns.append(column)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        var tags: [String: [[Int]]] = [:]
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "<" else {
                index += 1
                continue
            }
            if scalars[index...].starts(with: "<!--".unicodeScalars) {
                index += 4
                while !scalars[index...].starts(with: "-->".unicodeScalars) { index += 1 }
                continue
            }
            var end = index + 1
            while !" \t\n/>".unicodeScalars.contains(scalars[end]) { end += 1 }
            let name = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
            if scalars[index + 1] != "/", name != "interface" {
                tags[name, default: []].append([lines[index], columns[index]])
            }
            index = end
        }
        return tags
    }

    private static func document(_ random: inout SplitMix64, ascii: Bool) -> String {
        let letter = ascii ? "e" : "é"
        var xml = "<interface>" + space(&random, letter) + "<menu id=\"m\">"
        for _ in 0..<(1 + random.below(6)) { xml += space(&random, letter) + item(&random, depth: 1, letter) + space(&random, letter) }
        return xml + "</menu>" + space(&random, letter) + "</interface>"
    }

    /// What may stand between tags: nothing, white space, comments (one holding a tag).
    private static func space(_ random: inout SplitMix64, _ letter: String) -> String {
        random.pick(["", "", " ", "\n", "\n  ", "  ", "\t", "\n\n ", "<!-- \(letter) <item> -->", " <!--x-->\n"])
    }

    private static func item(_ random: inout SplitMix64, depth: Int, _ letter: String) -> String {
        let element = depth < 3 ? random.pick(["item", "item", "section", "submenu"]) : "item"
        var inner = ""
        // Distinct names: a GMenuItem keeps one attribute (and one link) per name.
        var names = ["label", "action", "icon", "x"]
        for _ in 0..<random.below(4) {
            let name = names.remove(at: random.below(names.count))
            inner += space(&random, letter) + random.pick([
                "<attribute name=\"\(name)\">v\(random.below(10))\(letter)</attribute>",
                "<attribute name=\"\(name)\"/>",
                "<attribute\n name=\"\(name)\"\n>x</attribute>",
                "<attribute name=\"\(name)\" ></attribute>",
            ]) + space(&random, letter)
        }
        if depth < 3, random.chance(15) {
            inner += "<link name=\"extra\">" + space(&random, letter) + item(&random, depth: depth + 1, letter) + "</link>"
        }
        if element != "item" {
            for _ in 0..<random.below(4) { inner += space(&random, letter) + item(&random, depth: depth + 1, letter) + space(&random, letter) }
        }
        if inner.isEmpty, random.chance(50) {
            return random.pick(["<\(element)/>", "<\(element) />", "<\(element)\n/>"])
        }
        return "<\(element)>\(inner)</\(element)>"
    }
}
