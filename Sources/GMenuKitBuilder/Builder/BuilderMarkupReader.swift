import CBuilderMarkup
import CGLib
import GMenuKitCore

/// Reads the menus of GtkBuilder XML by GtkBuilder's rules (gtkbuilder-menus.c, GTK 4.8):
/// GLib's `GMarkupParser` runs in C (`gmk_builder_markup_parse`), which checks every element
/// and attribute as GtkBuilder does and gives each element the line of its start tag; this
/// turns its flat records into the document's items.
package enum BuilderMarkupReader {
    package static func read(_ xml: String, fileName: String?) throws(BuilderImportError) -> BuilderDocument {
        var xml = xml
        let markup = xml.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { gmk_builder_markup_parse($0.baseAddress, gssize($0.count)) }
        }!
        defer { gmk_builder_markup_free(markup) }
        if let message = markup.pointee.error_message {
            throw BuilderImportError(fileName: fileName, line: Int(markup.pointee.error_line),
                                     column: Int(markup.pointee.error_column), message: String(cString: message))
        }
        var document = BuilderDocument(empty: fileName)
        document.domain = markup.pointee.domain.map { String(cString: $0) }
        var records = Records(records: UnsafeBufferPointer(start: markup.pointee.records, count: Int(markup.pointee.n_records)),
                              fileName: fileName)
        while records.index < records.records.count {
            document.menus.append(records.menu())
        }
        return document
    }

    /// The records in document order, read once: each element's record, then its contents,
    /// then `GMK_BUILDER_END`; an attribute's record alone (it holds nothing).
    private struct Records {
        let records: UnsafeBufferPointer<GMKBuilderRecord>
        let fileName: String?
        var index = 0
        /// The last type string read: the C reader keeps one copy of each (`g_string_chunk_insert_const`),
        /// so a menu's typed targets, mostly of one type, make one Swift string.
        var lastType: (pointer: UnsafePointer<CChar>, string: String)? = nil
        /// The value an attribute of a common name (by its `GMKBuilderName`) last had: menus repeat
        /// them item after item (`win.open`, `action-missing`, a verb icon), and a repeated value
        /// is then shared instead of made again (a long one allocated again for every item).
        var lastValues = [(pointer: UnsafePointer<CChar>, string: String)?](repeating: nil, count: knownNames.count)

        private var current: GMKBuilderRecord { records[index] }

        private func location(_ record: GMKBuilderRecord) -> MenuSourceLocation {
            MenuSourceLocation(fileName: fileName, line: Int(record.line), column: Int(record.column))
        }

        private func string(_ pointer: UnsafePointer<CChar>?) -> String? {
            pointer.map { String(cString: $0) }
        }

        private mutating func value(_ record: GMKBuilderRecord) -> String {
            guard let pointer = record.value else { return "" }
            let kind = Int(record.name_kind.rawValue)
            guard kind > 0, kind < lastValues.count else { return String(cString: pointer) }
            if let last = lastValues[kind], strcmp(last.pointer, pointer) == 0 { return last.string }
            let value = String(cString: pointer)
            lastValues[kind] = (pointer, value)
            return value
        }

        private mutating func type(_ pointer: UnsafePointer<CChar>?) -> String? {
            guard let pointer else { return nil }
            if let lastType, lastType.pointer == pointer { return lastType.string }
            let type = String(cString: pointer)
            lastType = (pointer, type)
            return type
        }

        /// The common names as Swift literals: no string made per attribute.
        private static let knownNames: [String] = ["", "label", "action", "target", "accel", "hidden-when", "icon", "verb-icon", "section", "submenu"]

        /// `GMKBuilderName` to the names the content reads.
        private static let attributeNameKinds: [BuilderAttributeName] = [.other, .label, .action, .target, .accel, .hiddenWhen]

        private func name(_ record: GMKBuilderRecord) -> String {
            let kind = Int(record.name_kind.rawValue)
            return kind > 0 && kind < Self.knownNames.count ? Self.knownNames[kind] : string(record.name) ?? ""
        }

        mutating func menu() -> BuilderMenu {
            let record = current
            index += 1
            let items = self.items(depth: 1)
            return BuilderMenu(id: string(record.id), location: location(record), items: items)
        }

        /// How many levels of items (a menu's, then those of their links) are read: twice
        /// GMenuKit's nesting cut and more, so that what the renderer cuts (submenus or sections
        /// deeper than ``MenuNesting/maximumDepth``, with its error) is read, and nothing below,
        /// however deep the file goes: reading recurses one level a level.
        static let maximumLevels = 2 * MenuNesting.maximumDepth + 2

        /// The items up to the `END` of what holds them, which is consumed; at `depth` (the
        /// menu's own items are at 1). Below ``maximumLevels`` they are skipped.
        private mutating func items(depth: Int) -> [BuilderMenuItem] {
            var items: [BuilderMenuItem] = []
            while index < records.count, current.kind != GMK_BUILDER_END {
                if depth > Self.maximumLevels { skipElement() } else { items.append(item(depth: depth)) }
            }
            index += 1
            return items
        }

        /// Past the current element and everything inside it, without recursing.
        private mutating func skipElement() {
            var open = 0
            repeat {
                switch current.kind {
                case GMK_BUILDER_END: open -= 1
                case GMK_BUILDER_ATTRIBUTE: break  // closes itself
                default: open += 1
                }
                index += 1
            } while open > 0 && index < records.count
        }

        private mutating func item(depth: Int) -> BuilderMenuItem {
            let record = current
            index += 1
            let element: BuilderMenuItem.Element =
                record.kind == GMK_BUILDER_SECTION ? .section : record.kind == GMK_BUILDER_SUBMENU ? .submenu : .item
            var item = BuilderMenuItem(element: element, location: location(record), attributes: [], links: [])
            item.attributes.reserveCapacity(6)
            if element != .item {
                item.links.append(BuilderLink(name: element.rawValue, id: string(record.id), location: item.location, items: []))
            }
            while index < records.count, current.kind != GMK_BUILDER_END {
                let inner = current
                switch inner.kind {
                case GMK_BUILDER_ATTRIBUTE:
                    index += 1
                    let kind = Int(inner.name_kind.rawValue)
                    item.attributes.append(BuilderAttribute(
                        name: name(inner), value: value(inner), type: type(inner.type),
                        isTranslatable: inner.translatable != 0, context: string(inner.context),
                        comments: string(inner.comments), location: location(inner),
                        nameKind: kind < Self.attributeNameKinds.count ? Self.attributeNameKinds[kind] : .other))
                case GMK_BUILDER_LINK:
                    index += 1
                    let items = self.items(depth: depth + 1)
                    item.links.append(BuilderLink(name: name(inner), id: string(inner.id),
                                                  location: location(inner), items: items))
                default:
                    // Into the section's or submenu's own menu, wherever a later <link> put its link.
                    if depth + 1 > Self.maximumLevels {
                        skipElement()
                    } else {
                        let child = self.item(depth: depth + 1)
                        item.links[0].items.append(child)
                    }
                }
            }
            index += 1
            // GMenuItem keeps one attribute and one link per name: the last one set.
            if Self.mayRepeatNames(item.attributes) {
                item.attributes = Self.lastOfEachName(item.attributes, name: \.name)
            }
            item.links = Self.lastOfEachName(item.links, name: \.name)
            return item
        }

        /// Whether two attributes may share a name: told by their kinds for the common names,
        /// without comparing strings.
        private static func mayRepeatNames(_ attributes: [BuilderAttribute]) -> Bool {
            var seen: UInt8 = 0
            var others = 0
            for attribute in attributes {
                if attribute.nameKind == .other {
                    others += 1
                    continue
                }
                let bit: UInt8 = 1 << attribute.nameKind.rawValue
                if seen & bit != 0 { return true }
                seen |= bit
            }
            return others > 1
        }

        private static func lastOfEachName<T>(_ elements: [T], name: (T) -> String) -> [T] {
            guard elements.count > 1 else { return elements }
            // Names are almost always distinct: a few comparisons find that without hashing.
            var isDistinct = true
            outer: for index in elements.indices.dropFirst() {
                let current = name(elements[index])
                for earlier in elements[..<index] where name(earlier) == current {
                    isDistinct = false
                    break outer
                }
            }
            if isDistinct { return elements }
            var seen: Set<String> = []
            var kept: [T] = []
            for element in elements.reversed() where seen.insert(name(element)).inserted { kept.append(element) }
            return kept.reversed()
        }
    }
}

extension BuilderDocument {
    package init(empty fileName: String?) {
        self.fileName = fileName
        domain = nil
        menus = []
    }
}
