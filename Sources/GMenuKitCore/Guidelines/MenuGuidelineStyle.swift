/// Which human-interface guidelines a menu is checked against.
public enum MenuGuidelineStyle: String, Sendable, CaseIterable {
    /// GMenuKit's own rules (`menus.md`, ids L1…D4): title-style capitalization, no articles, no
    /// shortcuts in context menus, at most 20 items.
    case apple
    /// The GNOME Human Interface Guidelines (ids G1…G6): header capitalization, an access key
    /// for every item and none twice in one menu, 3 to 12 items, no nested submenus; shortcuts
    /// may show in context menus and labels may have articles ("Create a Document").
    case gnome
}
