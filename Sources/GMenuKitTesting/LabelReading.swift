import CGtk

/// A menu model's `label` as GTK shows it: the text without the access key's mark and without
/// markup, the marked letter, and where it stands.
enum LabelReading {
    struct Visible {
        var title: String
        var accessKey: Character?
        /// The access key's position in `title`, in characters.
        var accessKeyOffset: Int?
    }

    static func visible(_ label: String?, isMarkup: Bool) -> Visible {
        guard var label else { return Visible(title: "") }
        if isMarkup {
            // Pango's own reading of the markup, the underscores kept (no accel marker): the
            // marks are then read as GTK reads a plain label's (gtk_label_set_markup_with_mnemonic).
            var parsed: UnsafeMutablePointer<gchar>?
            guard pango_parse_markup(label, -1, 0, nil, &parsed, nil, nil) != 0, let parsed else {
                return Visible(title: label)
            }
            label = String(cString: parsed)
            g_free(parsed)
        }
        return mnemonic(label)
    }

    /// GTK's rule (gtk_label_set_text_with_mnemonic): `__` is an underscore, `_` marks the next
    /// character; the first mark counts.
    private static func mnemonic(_ label: String) -> Visible {
        var visible = Visible(title: "")
        guard label.contains("_") else {
            visible.title = label
            visible.title.unicodeScalars.removeAll { $0 == "\u{200B}" }
            return visible
        }
        var count = 0
        var marked = false
        for character in label {
            if marked {
                marked = false
                if character != "_", visible.accessKey == nil {
                    visible.accessKey = Character(character.lowercased())
                    visible.accessKeyOffset = count
                }
            } else if character == "_" {
                marked = true
                continue
            }
            // The invisible marks that keep submenu labels distinct for GTK are no part of the title.
            if character == "\u{200B}" { continue }
            visible.title.append(character)
            count += 1
        }
        return visible
    }
}
