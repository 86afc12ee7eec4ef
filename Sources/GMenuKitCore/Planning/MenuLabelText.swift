/// Turns the labels people write into text that GTK shows as written.
package enum MenuLabelText {
    /// Longer labels are cut: a menu item is no place for a paragraph.
    package static let maximumLength = 120

    package struct Normalized {
        package var text: String
        package var problems: [String] = []
        /// The label was only combining marks (accents with nothing to sit on): it shows
        /// nothing readable, so `text` is empty, as for a label that is.
        package var wasOnlyCombiningMarks = false
    }

    /// Ellipsis, whitespace, control and bidirectional control characters, labels of
    /// combining marks only, and length.
    package static func normalize(_ raw: String) -> Normalized {
        if isAlreadyNormal(raw) { return Normalized(text: raw) }
        var problems: [String] = []
        var text = raw.replacing("...", with: "…")
        if text.unicodeScalars.contains(where: \.isBidirectionalControl) {
            problems.append("contains bidirectional override or isolate characters (U+202A–U+202E, U+2066–U+2069), which can reorder what it shows; they were removed")
            text = removingBidirectionalControls(text)
        }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            problems.append("contains a line break or control character; it was replaced by a space")
            text = String(String.UnicodeScalarView(text.unicodeScalars.map {
                ($0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}") ? " " : $0
            }))
        }
        text = collapsingSpaces(text)
        if !text.isEmpty && text.unicodeScalars.allSatisfy(isCombiningMark) {
            return Normalized(text: "", problems: problems, wasOnlyCombiningMarks: true)
        }
        if text.count > maximumLength {
            problems.append("is \(text.count) characters long; it was cut to \(maximumLength)")
            text = String(text.prefix(maximumLength - 1)).trimmingTrailingSpaces() + "…"
        }
        return Normalized(text: text, problems: problems)
    }

    /// The titles leading to an item as a diagnostic names it, the way people see them:
    /// "Edit › Sort By".
    package static func path(_ titles: [String]) -> String {
        titles.map(pathComponent).joined(separator: " › ")
    }

    /// A title as a diagnostic's path shows it: normalized, at most 40 characters, and
    /// "(untitled)" for one that shows nothing.
    package static func pathComponent(_ title: String) -> String {
        let text = normalize(title).text
        if text.isEmpty { return "(untitled)" }
        return text.count > 40 ? String(text.prefix(39)).trimmingTrailingSpaces() + "…" : text
    }

    package static func removingBidirectionalControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: \.isBidirectionalControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.isBidirectionalControl }))
    }

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// GTK parses item labels for mnemonics; a literal underscore must be doubled.
    package static func escapingMnemonics(_ text: String) -> String {
        text.withUTF8Bytes { $0.contains(UInt8(ascii: "_")) } ? text.replacing("_", with: "__") : text
    }

    /// The label escaped, with GTK's mnemonic mark before the first `letter` in it (in either
    /// case); nil when the label has no such letter.
    package static func escapingMnemonics(_ text: String, marking letter: Character) -> String? {
        guard letter != "_", let index = text.firstIndex(where: { $0.lowercased() == letter.lowercased() }) else {
            return nil
        }
        return escapingMnemonics(String(text[..<index])) + "_" + escapingMnemonics(String(text[index...]))
    }

    /// A label written with GTK's underline syntax, as GtkBuilder menus and `use-underline`
    /// labels are: "_" marks the next character, "__" is a literal "_". The first mark counts,
    /// as in `gtk_label_set_text_with_mnemonic`; a "_" at the end stays literal.
    package static func parsingUnderline(_ label: String) -> (text: String, mnemonicPosition: Int?) {
        guard label.utf8.contains(UInt8(ascii: "_")) else { return (label, nil) }
        var text = ""
        var position: Int?
        var count = 0
        var iterator = label.makeIterator()
        while let character = iterator.next() {
            guard character == "_" else {
                text.append(character)
                count += 1
                continue
            }
            guard let next = iterator.next() else {
                text.append("_")
                break
            }
            if next != "_" && position == nil { position = count }
            text.append(next)
            count += 1
        }
        return (text, position)
    }

    /// The label in GTK's underline syntax with the character at `position` marked: the
    /// inverse of ``parsingUnderline(_:)``. Nil when `position` is no character of the label.
    package static func escapingMnemonics(_ text: String, markingAt position: Int) -> String? {
        guard position >= 0, position < text.count else { return nil }
        let index = text.index(text.startIndex, offsetBy: position)
        guard text[index] != "_", !text[index].isWhitespace else { return nil }
        return escapingMnemonics(String(text[..<index])) + "_" + escapingMnemonics(String(text[index...]))
    }

    /// Most labels need no change; one pass over their bytes says so, which keeps menus of
    /// thousands of generated items cheap to plan.
    private static func isAlreadyNormal(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            guard bytes.count <= maximumLength else { return false }
            var previous: UInt8 = UInt8(ascii: " ")
            for byte in bytes {
                // Control characters, a dot that may start "...", doubled or leading spaces, and
                // anything beyond ASCII (U+2028 and friends) take the careful path.
                if byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: ".") { return false }
                if byte == UInt8(ascii: " ") && previous == UInt8(ascii: " ") { return false }
                previous = byte
            }
            // An empty label (an untitled section's) is normal; a trailing space is not.
            return bytes.isEmpty || previous != UInt8(ascii: " ")
        }
    }

    /// Pango markup needs `&`, `<`, `>` and quotes escaped.
    package static func escapingMarkup(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static func collapsingSpaces(_ text: String) -> String {
        var result = ""
        var lastWasSpace = true
        for character in text {
            if character == " " {
                if !lastWasSpace { result.append(character) }
                lastWasSpace = true
            } else {
                result.append(character)
                lastWasSpace = false
            }
        }
        return result.trimmingTrailingSpaces()
    }
}

extension String {
    package func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
