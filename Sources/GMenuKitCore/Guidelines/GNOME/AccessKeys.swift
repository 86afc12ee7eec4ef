/// Rules G3 and G4 (GNOME HIG, Menus › Menu Items): provide an access key for every menu item,
/// and don't give two items of one menu the same key. The same key may be used in different
/// menus.
///
/// A menu is what one page of the popover shows: its items and the items of its sections,
/// and the labels of its submenus (whose own items are another menu). Control groups show
/// icons and inline pickers' options have no mnemonic in GMenuKit; generated content keeps the
/// labels people made: none of these is checked.
///
/// - G3, error: a key that a previous item of the menu already has. GTK then only moves the
///   focus between the items with that key, so typing it chooses neither. Two items that GTK
///   hides while their actions are disabled (`hidden-when`) may never show together (nautilus's
///   Mount and Unmount, Start and Stop): a key they share is reported only when one of them
///   always shows.
/// - G4, warning: an item without a key.
///
/// Both suggest the label in GtkBuilder's underline syntax with a letter no other item has
/// ("Op_en in Console"), where there is one.
extension GuidelineChecker {
    private struct KeyedItem {
        var node: MenuNode
        var path: [String]
        var key: Character?
    }

    package mutating func checkAccessKeys(of menu: CheckedMenu) {
        var items: [KeyedItem] = []
        collectKeyedItems(menu.nodes, scope: menu.scope, groupDepth: menu.scope.groupDepth, into: &items)
        var used = Set(items.compactMap(\.key))
        // Per key: the first item that always shows with it, and the first that may be hidden.
        var owners: [Character: (shown: String?, hideable: String?)] = [:]
        for item in items {
            checkedIdentity = item.node.identity
            let title = MenuLabelText.normalize(item.node.title).text
            guard let key = item.key else {
                let suggestion = Self.labelMarking(freeLetterIn: title, avoiding: &used)
                report("G4", .warning, path: item.path, "the item has no access key; give every menu item one",
                       suggestion: suggestion)
                continue
            }
            let mayHide = item.node.hiddenWhen != nil
            let owner = owners[key].flatMap { mayHide ? $0.shown : ($0.shown ?? $0.hideable) }
            if let owner {
                used.insert(key)
                let suggestion = Self.labelMarking(freeLetterIn: title, avoiding: &used)
                report("G3", .error, path: item.path,
                       "the access key “\(key)” is also the key of “\(owner)” in this menu; typing it chooses neither",
                       suggestion: suggestion)
            } else if mayHide {
                owners[key, default: (nil, nil)].hideable = owners[key]?.hideable ?? title
            } else {
                owners[key, default: (nil, nil)].shown = title
            }
        }
        checkedIdentity = menu.identity
    }

    private func collectKeyedItems(_ nodes: [MenuNode], scope: Scope, groupDepth: Int, into items: inout [KeyedItem]) {
        for node in nodes {
            let inner = scope.entering(node)
            guard !inner.isGenerated else { continue }
            switch node.kind {
            case .section(let children):
                // Sections beyond the cut are left out, as the renderer leaves them out.
                guard groupDepth < MenuNesting.maximumDepth else { continue }
                collectKeyedItems(children, scope: inner.headed(by: node.title), groupDepth: groupDepth + 1, into: &items)
            case .item(let item) where !item.traits.takesAccessKey:
                continue
            case .button, .toggle, .submenu, .item:
                guard !node.title.isEmpty else { continue }
                items.append(KeyedItem(node: node, path: scope.path(to: node.title), key: node.accessKey))
            case .picker(let choice) where choice.style == .menu:
                items.append(KeyedItem(node: node, path: scope.path(to: node.title), key: node.accessKey))
            case .picker, .controlGroup, .divider, .widget:
                continue
            }
        }
    }

    /// The label with GtkBuilder's mark before its first letter that no other item uses
    /// (word starts first, as people expect them), and notes the letter as used. Nil when every
    /// letter of the label is taken.
    private static func labelMarking(freeLetterIn title: String, avoiding used: inout Set<Character>) -> String? {
        let characters = Array(title)
        let wordStarts = characters.indices.filter { $0 == 0 || characters[$0 - 1] == " " }
        let candidates = wordStarts + characters.indices.filter { !wordStarts.contains($0) }
        guard let index = candidates.first(where: { index in
            characters[index].isLetter && !used.contains(Character(characters[index].lowercased()))
        }) else { return nil }
        used.insert(Character(characters[index].lowercased()))
        return MenuLabelText.escapingMnemonics(title, markingAt: index)
    }
}
