/// Access keys that assign themselves (`Menu.accessKeys(.automatic)`), as KDE's
/// KAcceleratorManager assigns them: every item of a menu page (its items, those of its
/// sections, its submenus' labels) gets a key no other item of that page has (rules G3, G4).
///
/// - Keys the app wrote itself (`.mnemonic(_:)`, `.mnemonic(at:)`) are kept.
/// - An item without one takes the key it had before (``AccessKeyMemory``) while that key is
///   still free and still a letter of its label, so that keys do not move as items come and go;
///   else the first letter of one of its words, in order, then any other letter.
/// - A usable key is a letter with upper and lower case (Latin, Greek, Cyrillic…): a label
///   with none (Chinese, Japanese, Arabic, Hebrew) gets no key rather than a wrong one.
/// - The labels are the ones shown: translated labels get keys of their own.
/// - Generated content (history, bookmarks) keeps the labels people made, without keys;
///   control groups, inline options, dividers and widgets take none.
@MainActor
package enum AccessKeyAssignment {
    /// Assigns keys in the page `nodes` and in every submenu below it.
    package static func assign(_ nodes: inout [MenuNode], memory: AccessKeyMemory) {
        // A `ForEach` resolves later, as the planner plans it; here its elements are needed now:
        // a menu whose keys assign themselves plans its lists whole.
        nodes = expandingLists(nodes)
        var keyed: [[Int]] = []
        collect(nodes, at: [], into: &keyed)
        var used: Set<Character> = []
        for path in keyed { if let key = node(at: path, in: nodes).accessKey { used.insert(key) } }
        // Items that had a key take it back first, so that a newcomer before them cannot.
        var waiting: [[Int]] = []
        for path in keyed {
            let item = node(at: path, in: nodes)
            guard item.accessKey == nil else { continue }
            guard let remembered = memory.keys[item.identity],
                  let position = chosenPosition(in: item.title, remembered: remembered, avoiding: used),
                  lowercase(Array(item.title)[position]) == remembered
            else {
                waiting.append(path)
                continue
            }
            used.insert(remembered)
            update(&nodes, at: path) { $0.mnemonicPosition = position }
        }
        for path in waiting {
            let item = node(at: path, in: nodes)
            guard let position = chosenPosition(in: item.title, remembered: nil, avoiding: used) else { continue }
            let key = lowercase(Array(item.title)[position])
            used.insert(key)
            memory.keys[item.identity] = key
            update(&nodes, at: path) { $0.mnemonicPosition = position }
        }
        // Each submenu is a page of its own.
        for index in nodes.indices { assignBelow(&nodes[index], memory: memory) }
    }

    /// The submenus inside `node` (itself, or inside its sections).
    private static func assignBelow(_ node: inout MenuNode, memory: AccessKeyMemory) {
        switch node.kind {
        case .submenu(var children, let primaryAction):
            guard !node.isGeneratedContent else { return }
            assign(&children, memory: memory)
            node.kind = .submenu(children: children, primaryAction: primaryAction)
        case .section(var children):
            for index in children.indices { assignBelow(&children[index], memory: memory) }
            node.kind = .section(children: children)
        default:
            break
        }
    }

    /// The nodes with every list among them (and in their sections) expanded into its items.
    private static func expandingLists(_ nodes: [MenuNode]) -> [MenuNode] {
        var expanded: [MenuNode] = []
        expanded.reserveCapacity(nodes.count)
        for var node in nodes {
            if let deferred = node.deferred {
                expanded.append(contentsOf: expandingLists((deferred.keptAs ?? deferred).expand()))
                continue
            }
            if case .section(let children) = node.kind {
                node.kind = .section(children: expandingLists(children))
            }
            expanded.append(node)
        }
        return expanded
    }

    /// The index paths (through sections) of the page's items that take an access key.
    private static func collect(_ nodes: [MenuNode], at prefix: [Int], into keyed: inout [[Int]]) {
        for index in nodes.indices {
            let node = nodes[index]
            guard !node.isGeneratedContent else { continue }
            switch node.kind {
            case .section(let children):
                collect(children, at: prefix + [index], into: &keyed)
            case _ where node.title.isEmpty:
                continue
            case .item(let item) where !item.traits.takesAccessKey:
                continue
            case .button, .toggle, .submenu, .item:
                keyed.append(prefix + [index])
            case .picker(let choice) where choice.style == .menu:
                keyed.append(prefix + [index])
            case .picker, .controlGroup, .divider, .widget:
                continue
            }
        }
    }

    /// Where the key goes in `title`: the remembered key, else the first free usable letter
    /// that begins a word, else any free usable letter; nil when none is free.
    nonisolated package static func chosenPosition(in title: String, remembered: Character?, avoiding used: Set<Character>) -> Int? {
        let characters = Array(title)
        let usable = characters.indices.filter { isUsable(characters[$0]) && !used.contains(lowercase(characters[$0])) }
        if let remembered, let position = usable.first(where: { lowercase(characters[$0]) == remembered }) { return position }
        let wordStarts = usable.filter { $0 == 0 || !characters[$0 - 1].isLetter && !characters[$0 - 1].isNumber }
        return wordStarts.first ?? usable.first
    }

    /// A letter with upper and lower case: one a keyboard of its script types, and GTK matches.
    nonisolated private static func isUsable(_ character: Character) -> Bool {
        character.isLetter && character.lowercased() != character.uppercased()
    }

    nonisolated private static func lowercase(_ character: Character) -> Character {
        Character(character.lowercased())
    }

    private static func node(at path: [Int], in nodes: [MenuNode]) -> MenuNode {
        var level = nodes
        for index in path.dropLast() { level = level[index].children }
        return level[path[path.count - 1]]
    }

    private static func update(_ nodes: inout [MenuNode], at path: [Int], _ change: (inout MenuNode) -> Void) {
        guard path.count > 1 else { return change(&nodes[path[0]]) }
        guard case .section(var children) = nodes[path[0]].kind else { return }
        update(&children, at: Array(path.dropFirst()), change)
        nodes[path[0]].kind = .section(children: children)
    }
}

/// The keys a menu's items were given, by item, so that each keeps its own across refreshes.
package final class AccessKeyMemory: @unchecked Sendable {
    package var keys: [MenuIdentity: Character] = [:]
    package init() {}
}

/// How a menu's items get their access keys.
public enum AccessKeys: Sendable, Equatable {
    /// As the labels and `.mnemonic(_:)` give them.
    case asWritten
    /// Every item of every page gets a key of its own (keys written are kept).
    case automatic
}

extension Menu {
    /// How the menu's items get their access keys: `.automatic` gives every item of each page
    /// of this menu and of its submenus a key no other item of that page has, keeps the keys
    /// written, and keeps each item's key across refreshes.
    public func accessKeys(_ keys: AccessKeys) -> Menu {
        var menu = self
        menu.accessKeyMemory = keys == .automatic ? AccessKeyMemory() : nil
        return menu
    }
}
