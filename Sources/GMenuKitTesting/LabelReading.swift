import CGtk
import GMenuKitCore

/// A menu model's `label` as GTK shows it: the text without the access key's mark and without
/// markup, and the marked letter.
enum LabelReading {
    static func visible(_ label: String?, isMarkup: Bool) -> (title: String, accessKey: Character?) {
        guard let label else { return ("", nil) }
        var text: String
        var key: Character?
        if isMarkup {
            // GTK's own reading: Pango's parser with '_' as the mark (gtk_label_set_markup_with_mnemonic).
            var parsed: UnsafeMutablePointer<gchar>?
            var accel: gunichar = 0
            guard pango_parse_markup(label, -1, gunichar(UInt8(ascii: "_")), nil, &parsed, &accel, nil) != 0,
                  let parsed else { return (label, nil) }
            text = String(cString: parsed)
            g_free(parsed)
            key = accel == 0 ? nil : Unicode.Scalar(accel).map { Character(String($0).lowercased()) }
        } else {
            let read = ImportedMenuItem.visibleText(ofMnemonicLabel: label)
            text = read.text
            key = read.mnemonic.map { Character($0.lowercased()) }
        }
        // The invisible marks that keep submenu labels distinct for GTK are no part of the title.
        text.unicodeScalars.removeAll { $0 == "\u{200B}" }
        return (text, key)
    }
}
