import CGtk

/// Reads the menus of GtkBuilder XML with GLib's `GMarkupParser`, following
/// gtkbuilder-menus.c (GTK 4.8) element by element, and notes each element's line.
///
/// The callbacks are C functions without captures; the reader travels as their user data.
final class BuilderMarkupReader {
    /// What an element being read stands for.
    private enum Open {
        /// An element outside every menu (`<interface>`, `<object>`, …), or inside one that is skipped.
        case outside
        /// A `<menu>`.
        case menu(BuilderMenu)
        /// An `<item>`, `<section>` or `<submenu>`; its own link, if any, is `links[0]`.
        case item(BuilderMenuItem)
        /// A `<link>` of the item below it.
        case link(BuilderLink)
        /// An `<attribute>` whose text is being read.
        case attribute(BuilderAttribute)
    }

    private let fileName: String?
    private var stack: [Open] = []
    /// The names of the elements outside menus that are open, innermost last.
    private var openElementNames: [String] = []
    /// Where each line of the XML starts, in bytes: positions are given where the parser is,
    /// and an element's line is that of its `<`.
    private var lineStarts: [Int] = [0]
    private var bytes: [UInt8] = []
    private var document: BuilderDocument
    private var failure: BuilderImportError?
    /// The parse context of the callback running now, for positions.
    private var context: OpaquePointer?

    private init(fileName: String?) {
        self.fileName = fileName
        document = BuilderDocument(empty: fileName)
    }

    static func read(_ xml: String, fileName: String?) throws(BuilderImportError) -> BuilderDocument {
        let reader = BuilderMarkupReader(fileName: fileName)
        reader.bytes = Array(xml.utf8)
        for (offset, byte) in reader.bytes.enumerated() where byte == UInt8(ascii: "\n") {
            reader.lineStarts.append(offset + 1)
        }
        var parser = GMarkupParser(
            start_element: { context, name, names, values, data, error in
                let reader = Unmanaged<BuilderMarkupReader>.fromOpaque(data!).takeUnretainedValue()
                reader.context = context
                reader.start(String(cString: name!), attributes: BuilderMarkupReader.attributes(names, values), error: error)
            },
            end_element: { context, name, data, error in
                let reader = Unmanaged<BuilderMarkupReader>.fromOpaque(data!).takeUnretainedValue()
                reader.context = context
                reader.end(error: error)
            },
            text: { context, text, length, data, error in
                let reader = Unmanaged<BuilderMarkupReader>.fromOpaque(data!).takeUnretainedValue()
                reader.context = context
                reader.text(text!, length: Int(length), error: error)
            },
            passthrough: nil, error: nil)
        let unmanaged = Unmanaged.passRetained(reader)
        defer { unmanaged.release() }
        let context = g_markup_parse_context_new(&parser, G_MARKUP_TREAT_CDATA_AS_TEXT, unmanaged.toOpaque(), nil)!
        defer { g_markup_parse_context_free(context) }
        var error: UnsafeMutablePointer<GError>?
        let parsed = xml.withCString { text in
            g_markup_parse_context_parse(context, text, gssize(strlen(text)), &error) != 0
                && g_markup_parse_context_end_parse(context, &error) != 0
        }
        if !parsed {
            if let failure = reader.failure {
                g_clear_error(&error)
                throw failure
            }
            var line: gint = 0
            var column: gint = 0
            g_markup_parse_context_get_position(context, &line, &column)
            let message = error.map { String(cString: $0.pointee.message) } ?? "the XML cannot be read"
            g_clear_error(&error)
            throw BuilderImportError(fileName: fileName, line: Int(line), column: Int(column), message: message)
        }
        return reader.document
    }

    private static func attributes(
        _ names: UnsafeMutablePointer<UnsafePointer<gchar>?>?, _ values: UnsafeMutablePointer<UnsafePointer<gchar>?>?
    ) -> [(String, String)] {
        var result: [(String, String)] = []
        guard let names, let values else { return result }
        var index = 0
        while let name = names[index] {
            result.append((String(cString: name), String(cString: values[index]!)))
            index += 1
        }
        return result
    }

    /// Where the parser is: `g_markup_parse_context_get_position`, which GtkBuilder's
    /// errors give too.
    private var position: (line: Int, column: Int) {
        var line: gint = 0
        var column: gint = 0
        if let context { g_markup_parse_context_get_position(context, &line, &column) }
        return (Int(line), Int(column))
    }

    /// Where the element that starts now was written: the `<` before the parser's position
    /// (GMarkup reports a start tag once past what follows its `>`).
    private var location: MenuSourceLocation {
        let (line, column) = position
        guard line >= 1, line <= lineStarts.count else {
            return MenuSourceLocation(fileName: fileName, line: line, column: column)
        }
        // Columns count characters: walk them in the line's bytes.
        var offset = lineStarts[line - 1]
        var characters = 0
        // GMarkup counts columns from 1; the `<` is before the position, never at it.
        while characters < column - 1, offset < bytes.count {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            characters += 1
        }
        var start = min(offset - 1, bytes.count - 1)
        while start > 0, bytes[start] != UInt8(ascii: "<") { start -= 1 }
        var startLine = line
        while startLine > 1, lineStarts[startLine - 1] > start { startLine -= 1 }
        let startColumn = bytes[lineStarts[startLine - 1]..<start].count { $0 & 0xC0 != 0x80 }
        return MenuSourceLocation(fileName: fileName, line: startLine, column: startColumn + 1)
    }

    private func fail(_ message: String, _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) {
        let here = location
        failure = BuilderImportError(fileName: fileName, line: here.line, column: here.column, message: message)
        g_set_error_literal(error, g_markup_error_quark(), gint(G_MARKUP_ERROR_INVALID_CONTENT.rawValue), message)
    }

    // MARK: Elements

    private func start(_ element: String, attributes: [(String, String)], error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) {
        let here = location
        func collect(required: [String] = [], optional: [String] = []) -> [String: String]? {
            var found: [String: String] = [:]
            for (name, value) in attributes {
                guard required.contains(name) || optional.contains(name) else {
                    fail("attribute '\(name)' invalid for element '\(element)'", error)
                    return nil
                }
                found[name] = value
            }
            for name in required where found[name] == nil {
                fail("element '\(element)' requires attribute '\(name)'", error)
                return nil
            }
            return found
        }

        switch stack.last {
        case nil, .outside?:
            // GtkBuilder reads a <menu> wherever it reads objects (gtkbuilderparser.c start_element).
            if element == "menu" {
                // GTK 4.8 wants an id; newer GTK reads a menu without one as a property's value
                // (`<property name="menu-model"><menu>`), which is kept, without an id.
                let isPropertyValue = stack.count >= 1 && openElementNames.last == "property"
                guard let found = collect(required: isPropertyValue ? [] : ["id"], optional: ["id"]) else { return }
                stack.append(.menu(BuilderMenu(id: found["id"], location: here, items: [])))
                return
            }
            if element == "interface", stack.isEmpty {
                document.domain = attributes.first { $0.0 == "domain" }?.1
            }
            stack.append(.outside)
            openElementNames.append(element)
            return
        case .menu?, .link?:
            if let item = startItem(element, collect: collect, at: here) { stack.append(.item(item)); return }
        case .item?:
            // A section or submenu holds items, attributes and links; an item only the last two.
            if case .item(let open)? = stack.last, open.element != .item,
               let item = startItem(element, collect: collect, at: here) {
                stack.append(.item(item))
                return
            }
            if failure != nil { return }
            if element == "attribute" {
                guard let found = collect(required: ["name"], optional: ["translatable", "context", "comments", "type"]) else { return }
                var translatable = false
                if let text = found["translatable"] {
                    guard let value = Self.markupBoolean(text) else {
                        fail("could not parse '\(text)' as a boolean for attribute 'translatable' of element 'attribute'", error)
                        return
                    }
                    translatable = value
                }
                if let type = found["type"], g_variant_type_string_is_valid(type) == 0 {
                    fail("Invalid GVariant type string '\(type)'", error)
                    return
                }
                stack.append(.attribute(BuilderAttribute(
                    name: found["name"]!, value: "", type: found["type"], isTranslatable: translatable,
                    context: found["context"], comments: found["comments"], location: here)))
                return
            }
            if element == "link" {
                guard let found = collect(required: ["name"], optional: ["id"]) else { return }
                stack.append(.link(BuilderLink(name: found["name"]!, id: found["id"], location: here, items: [])))
                return
            }
        case .attribute?:
            break
        }
        if failure != nil { return }
        let parent = stack.last.map(Self.elementName) ?? ""
        fail("Element <\(element)> not allowed inside <\(parent)>", error)
    }

    private func startItem(
        _ element: String, collect: (_ required: [String], _ optional: [String]) -> [String: String]?,
        at here: MenuSourceLocation
    ) -> BuilderMenuItem? {
        guard let kind = BuilderMenuItem.Element(rawValue: element) else { return nil }
        switch kind {
        case .item:
            guard collect([], []) != nil else { return nil }
            return BuilderMenuItem(element: .item, location: here, attributes: [], links: [])
        case .section, .submenu:
            guard let found = collect([], ["id"]) else { return nil }
            let own = BuilderLink(name: element, id: found["id"], location: here, items: [])
            return BuilderMenuItem(element: kind, location: here, attributes: [], links: [own])
        }
    }

    private func end(error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) {
        guard let closed = stack.popLast() else { return }
        switch closed {
        case .outside:
            openElementNames.removeLast()
        case .menu(let menu):
            document.menus.append(menu)
        case .item(var item):
            // GMenuItem keeps one attribute and one link per name: the last one set.
            item.attributes = Self.lastOfEachName(item.attributes, name: \.name)
            item.links = Self.lastOfEachName(item.links, name: \.name)
            append(item)
        case .link(let link):
            guard case .item(var item)? = stack.last else { return }
            item.links.append(link)
            stack[stack.count - 1] = .item(item)
        case .attribute(let attribute):
            guard case .item(var item)? = stack.last else { return }
            item.attributes.append(attribute)
            stack[stack.count - 1] = .item(item)
        }
    }

    /// Adds an item to the menu, link, section or submenu it was written in.
    private func append(_ item: BuilderMenuItem) {
        switch stack.last {
        case .menu(var menu)?:
            menu.items.append(item)
            stack[stack.count - 1] = .menu(menu)
        case .link(var link)?:
            link.items.append(item)
            stack[stack.count - 1] = .link(link)
        case .item(var parent)?:
            // Into the section's or submenu's own menu, wherever a later <link> put its link.
            parent.links[0].items.append(item)
            stack[stack.count - 1] = .item(parent)
        default:
            break
        }
    }

    private func text(_ text: UnsafePointer<gchar>, length: Int, error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: length)
        // As GtkBuilder: text of spaces alone is ignored anywhere; other text only fills an attribute.
        guard bytes.contains(where: { !Self.isASCIISpace($0) }) else { return }
        switch stack.last {
        case .attribute(var attribute)?:
            attribute.value += String(decoding: bytes, as: UTF8.self)
            stack[stack.count - 1] = .attribute(attribute)
        case .outside?, nil:
            return
        case let open?:
            fail("Text may not appear inside <\(Self.elementName(open))>", error)
        }
    }

    // MARK: Helpers

    private static func elementName(_ open: Open) -> String {
        switch open {
        case .outside: "interface"
        case .menu: "menu"
        case .item(let item): item.element.rawValue
        case .link: "link"
        case .attribute: "attribute"
        }
    }

    /// `G_MARKUP_COLLECT_BOOLEAN`'s words.
    static func markupBoolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "t", "yes", "y", "1": true
        case "false", "f", "no", "n", "0": false
        default: nil
        }
    }

    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B
    }

    private static func lastOfEachName<T>(_ elements: [T], name: (T) -> String) -> [T] {
        guard elements.count > 1 else { return elements }
        var seen: Set<String> = []
        var kept: [T] = []
        for element in elements.reversed() where seen.insert(name(element)).inserted { kept.append(element) }
        return kept.reversed()
    }
}

extension BuilderDocument {
    init(empty fileName: String?) {
        self.fileName = fileName
        domain = nil
        menus = []
    }
}
