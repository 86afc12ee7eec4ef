import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// How GTK spells an accelerator for people ("Ctrl+S"), or nil when GTK cannot parse it.
public func acceleratorLabel(_ accelerator: String) -> String? {
    var key: guint = 0
    var modifiers = GdkModifierType(rawValue: 0)
    guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0, key != 0,
          let label = gtk_accelerator_get_label(key, modifiers) else { return nil }
    defer { g_free(label) }
    return String(cString: label)
}
