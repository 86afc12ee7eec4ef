/// The icons of one plan's items. A name that is no icon name (a file path, a URI, spaces) is
/// refused: GTK would read an icon given as a string (`verb-icon`) with
/// `g_icon_new_for_string`, and load a path as a file. A name the icon theme lacks is kept
/// (GTK draws its missing-image icon) and reported on its first item (the renderer passes it
/// on once per name for the life of the menu).
package struct IconChecks {
    /// The last icon name that passed its checks: items of a long list often share one.
    private var lastChecked: String?
    /// The icon names missing from the theme, each with the diagnostic of its first item.
    package private(set) var missing: [String: MenuDiagnostic] = [:]
    /// Whether the icon theme has a name (the planner's options, taken once); nil: none is asked.
    private let themeHasIcon: (@MainActor (String) -> Bool)?

    package init(themeHasIcon: (@MainActor (String) -> Bool)?) {
        self.themeHasIcon = themeHasIcon
    }

    /// The icon an item shows, or nil when `name` is none or no icon name.
    @MainActor
    package mutating func checked(
        _ name: String?, path: @autoclosure () -> [String], diagnostics: inout PlanDiagnostics
    ) -> String? {
        guard let name else { return nil }
        if name == lastChecked { return name }
        guard name == Self.lastIconName || Self.isIconName(name) else {
            diagnostics.report(.error, path: path(),
                               "'\(name)' is not an icon name (letters, digits, '-', '_' and '.', such as \"edit-copy-symbolic\"); the item shows no icon")
            return nil
        }
        if let themeHasIcon, missing[name] == nil, !themeHasIcon(name) {
            diagnostics.report(.warning, path: path(), "the icon theme has no icon '\(name)'; GTK shows its missing-image icon for it")
            missing[name] = diagnostics.all.last
        }
        lastChecked = name
        Self.lastIconName = name
        return name
    }

    /// The last name found an icon name, by any plan: a change's plan is one item's, made anew
    /// for each change, and the items of a menu mostly share a few names (comparing with it is
    /// a few instructions where the check reads every byte, about 350 for a symbolic name).
    @MainActor private static var lastIconName: String?

    /// A freedesktop icon name: ASCII letters, digits, '-', '_' and '.'; no path, no URI.
    package static func isIconName(_ name: String) -> Bool {
        var name = name
        // One pass over contiguous bytes: every item with an icon of a list's change is checked.
        return name.withUTF8 { bytes in
            guard !bytes.isEmpty else { return false }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                    continue
                default:
                    return false
                }
            }
            return true
        }
    }
}
