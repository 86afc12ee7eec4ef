import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// Text as the command search compares it: case folded and without accents, by GLib
/// ("Éditer" and "editer" are one word), so that a translated label is found as typed.
public enum SearchFolding {
    /// `text` decomposed, without combining marks, case folded.
    @Sendable
    public static func fold(_ text: String) -> String {
        guard let decomposed = g_utf8_normalize(text, -1, G_NORMALIZE_NFD) else { return text.lowercased() }
        defer { g_free(decomposed) }
        var bare = String.UnicodeScalarView()
        for scalar in String(cString: decomposed).unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
            bare.append(scalar)
        }
        guard let folded = g_utf8_casefold(String(bare), -1) else { return String(bare).lowercased() }
        defer { g_free(folded) }
        return String(cString: folded)
    }
}
