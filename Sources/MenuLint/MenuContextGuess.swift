import Foundation
import GMenuKitCore
import GMenuKitBuilder

/// A UI file does not say how a menu is shown; its id or its file's name usually does. GNOME
/// apps name context menus so ("context_model", "popup_menu", nautilus's
/// nautilus-files-view-context-menus.ui); the rest are taken for a button's menu.
enum MenuContextGuess {
    static func context(ofMenuWithID id: String, inFile file: String) -> MenuContext {
        let names = [id.lowercased(), (file as NSString).lastPathComponent.lowercased()]
        if names.contains(where: { $0.contains("context") || $0.contains("popup") }) { return .contextMenu }
        return .pullDown
    }
}
