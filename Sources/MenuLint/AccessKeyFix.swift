import GMenuKitCore
import GMenuKitBuilder

/// `gmenukit-lint --fix`: writes access keys into a GtkBuilder file's menu labels, where the
/// checks find an item without one (G4) or with one another item of its menu has (G3), with
/// the algorithm GMenuKit's menus use (`AccessKeyAssignment`). Nothing else of the file
/// changes: an underscore is inserted into (or, for a clashing key, moved within) the label's
/// text as written, entities and all, so GtkBuilder reads the same menus with the new keys.
@MainActor
struct AccessKeyFix {
    /// One change to the file: `length` UTF-8 bytes at `offset` replaced by `text`.
    struct Edit {
        var offset: Int
        var length: Int
        var text: String
    }

    /// The edits that give the menu's items their keys, found from its G3 and G4 findings.
    static func edits(for menu: LintedMenu, diagnostics: [MenuDiagnostic], xml: String, document: BuilderDocument) -> [Edit] {
        let clashing = Set(diagnostics.filter { $0.rule == "G3" }.compactMap(\.identity))
        let missing = Set(diagnostics.filter { $0.rule == "G4" }.compactMap(\.identity))
        guard !clashing.isEmpty || !missing.isEmpty else { return [] }
        // The items with a clashing key lose it; then every item without one gets one.
        var nodes = menu.nodes
        clearKeys(of: clashing, in: &nodes)
        AccessKeyAssignment.assign(&nodes, memory: AccessKeyMemory())
        var positions: [MenuIdentity: Int] = [:]
        collectPositions(nodes, wanted: clashing.union(missing), into: &positions)
        var labelLocations: [MenuSourceLocation: MenuSourceLocation] = [:]
        for builderMenu in document.menus { collectLabelLocations(builderMenu.items, into: &labelLocations) }
        let lineStarts = Self.lineStarts(of: xml)
        var edits: [Edit] = []
        var found: [MenuIdentity: MenuNode] = [:]
        collectNodes(menu.nodes, wanted: Set(positions.keys), into: &found)
        for (identity, position) in positions {
            guard let node = found[identity], let item = node.imported, let raw = item.label,
                  let labelLocation = labelLocations[item.location],
                  let text = Self.textRange(ofAttributeAt: labelLocation, in: xml, lineStarts: lineStarts),
                  let edit = Self.edit(insertingMarkAt: position, raw: raw, escaped: text, xml: xml, removingMark: clashing.contains(identity))
            else { continue }
            edits.append(contentsOf: edit)
        }
        return edits
    }

    /// Applies `edits` (at distinct places) to `xml`.
    static func apply(_ edits: [Edit], to xml: String) -> String {
        var bytes = Array(xml.utf8)
        for edit in edits.sorted(by: { $0.offset > $1.offset }) {
            bytes.replaceSubrange(edit.offset..<(edit.offset + edit.length), with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func clearKeys(of identities: Set<MenuIdentity>, in nodes: inout [MenuNode]) {
        for index in nodes.indices {
            if identities.contains(nodes[index].identity) {
                nodes[index].mnemonic = nil
                nodes[index].mnemonicPosition = nil
            }
            switch nodes[index].kind {
            case .submenu(var children, let primaryAction):
                clearKeys(of: identities, in: &children)
                nodes[index].kind = .submenu(children: children, primaryAction: primaryAction)
            case .section(var children):
                clearKeys(of: identities, in: &children)
                nodes[index].kind = .section(children: children)
            default:
                break
            }
        }
    }

    private static func collectPositions(_ nodes: [MenuNode], wanted: Set<MenuIdentity>, into positions: inout [MenuIdentity: Int]) {
        for node in nodes {
            if wanted.contains(node.identity), let position = node.mnemonicPosition { positions[node.identity] = position }
            collectPositions(node.children, wanted: wanted, into: &positions)
        }
    }

    private static func collectNodes(_ nodes: [MenuNode], wanted: Set<MenuIdentity>, into found: inout [MenuIdentity: MenuNode]) {
        for node in nodes {
            if wanted.contains(node.identity) { found[node.identity] = node }
            collectNodes(node.children, wanted: wanted, into: &found)
        }
    }

    /// Each item's `label` attribute's start tag, by the item's start tag.
    private static func collectLabelLocations(_ items: [BuilderMenuItem], into locations: inout [MenuSourceLocation: MenuSourceLocation]) {
        for item in items {
            if let label = item.attribute("label") { locations[item.location] = label.location }
            for link in item.links { collectLabelLocations(link.items, into: &locations) }
        }
    }

    /// The UTF-8 offset of each line's start.
    private static func lineStarts(of xml: String) -> [Int] {
        var starts = [0]
        for (offset, byte) in xml.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        return starts
    }

    /// The UTF-8 range of the text of the `<attribute>` whose start tag is at `location`.
    private static func textRange(ofAttributeAt location: MenuSourceLocation, in xml: String, lineStarts: [Int]) -> Range<Int>? {
        guard location.line >= 1, location.line <= lineStarts.count else { return nil }
        let bytes = Array(xml.utf8)
        // The column counts characters; walk them from the line's start.
        var offset = lineStarts[location.line - 1]
        var column = 1
        while column < location.column, offset < bytes.count {
            offset += utf8Length(startingWith: bytes[offset])
            column += 1
        }
        guard let close = bytes[offset...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let start = close + 1
        let end = Array("</attribute>".utf8)
        var index = start
        while index + end.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "<") { return Array(bytes[index..<(index + end.count)]) == end ? start..<index : nil }
            index += 1
        }
        return nil
    }

    private static func utf8Length(startingWith byte: UInt8) -> Int {
        byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
    }

    /// The edits that put GtkBuilder's mark before the visible character at `position` of the
    /// label `raw` (as GtkBuilder reads it), written in the file as the XML text at `escaped`;
    /// with `removingMark`, the label's old mark goes.
    private static func edit(insertingMarkAt position: Int, raw: String, escaped: Range<Int>, xml: String,
                             removingMark: Bool) -> [Edit]? {
        let bytes = Array(xml.utf8)
        // Each character of the decoded text, with where it is written: an entity is one character.
        var written: [(character: Character, offset: Int, length: Int)] = []
        var index = escaped.lowerBound
        while index < escaped.upperBound {
            if bytes[index] == UInt8(ascii: "&"), let semicolon = bytes[index..<escaped.upperBound].firstIndex(of: UInt8(ascii: ";")) {
                let entity = String(decoding: bytes[index...semicolon], as: UTF8.self)
                guard let character = decode(entity) else { return nil }
                written.append((character, index, semicolon + 1 - index))
                index = semicolon + 1
            } else {
                let length = utf8Length(startingWith: bytes[index])
                let scalarText = String(decoding: bytes[index..<min(index + length, escaped.upperBound)], as: UTF8.self)
                // Combining marks join the character before: the visible character is the cluster.
                if let last = written.last, let joined = Optional(String(last.character) + scalarText), joined.count == 1 {
                    written[written.count - 1] = (Character(joined), last.offset, last.length + length)
                } else if let character = scalarText.first {
                    written.append((character, index, length))
                }
                index += length
            }
        }
        guard String(written.map(\.character)) == raw else { return nil }
        // Walk the label as GtkBuilder reads it: `__` is one underscore shown, `_` marks the next.
        var edits: [Edit] = []
        var visible = 0
        var cursor = 0
        var inserted = false
        while cursor < written.count {
            let character = written[cursor].character
            if character == "_", cursor + 1 < written.count {
                if written[cursor + 1].character == "_" {
                    if visible == position && !inserted {
                        edits.append(Edit(offset: written[cursor].offset, length: 0, text: "_"))
                        inserted = true
                    }
                    visible += 1
                    cursor += 2
                    continue
                }
                // The old mark.
                if removingMark { edits.append(Edit(offset: written[cursor].offset, length: written[cursor].length, text: "")) }
                cursor += 1
                continue
            }
            if visible == position && !inserted {
                edits.append(Edit(offset: written[cursor].offset, length: 0, text: "_"))
                inserted = true
            }
            visible += 1
            cursor += 1
        }
        return inserted ? edits : nil
    }

    private static func decode(_ entity: String) -> Character? {
        switch entity {
        case "&amp;": return "&"
        case "&lt;": return "<"
        case "&gt;": return ">"
        case "&quot;": return "\""
        case "&apos;": return "'"
        default:
            let body = entity.dropFirst(2).dropLast()
            guard entity.hasPrefix("&#") else { return nil }
            let value = body.hasPrefix("x") ? UInt32(body.dropFirst(), radix: 16) : UInt32(body)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
