import GMenuKit

/// A UI file does not say how a menu is shown; its id usually does. GNOME apps name context
/// menus so ("background_menu_context", "selection-context-menu", "popup_menu"); the rest are
/// taken for a button's menu.
enum MenuContextGuess {
    static func context(ofMenuWithID id: String) -> MenuContext {
        let lowercased = id.lowercased()
        if lowercased.contains("context") || lowercased.contains("popup") { return .contextMenu }
        return .pullDown
    }
}
