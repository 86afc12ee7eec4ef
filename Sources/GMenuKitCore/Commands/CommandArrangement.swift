/// Where every command goes: the menu bar's menus and the primary menu's sections, from the
/// declarations and the standard content of each place.
///
/// Menu bar: File (new, save, import and export, print, close, quit), Edit (undo, clipboard,
/// text editing, preferences), View (toolbar, sidebar), Format (text formatting), the
/// application's own ``CommandMenu``s, Help (help, about). Primary menu, as GNOME's
/// applications have it: New Window; saving, exporting and printing; Preferences, Keyboard
/// Shortcuts, Help, About. A group stands as a section of its menu; empty menus are left out.
@MainActor
package struct CommandArrangement {
    package init() {}

    /// The menu bar's menus, with the commands' own closures: what the actions are made from.
    package var menuBar: [MenuNode] = []
    /// The primary menu's sections, with the same nodes.
    package var primaryMenu: [MenuNode] = []

    /// Each menu's sections, and the places whose items share each section.
    package static let standardMenus: [(title: String, mnemonic: Character, sections: [[CommandGroupPlacement]])] = [
        ("File", "f", [[.newItem], [.saveItem, .importExport, .printItem], [.closeItem, .appTermination]]),
        ("Edit", "e", [[.undoRedo], [.pasteboard], [.textEditing], [.appSettings]]),
        ("View", "v", [[.toolbar], [.sidebar]]),
        ("Format", "o", [[.textFormatting]]),
    ]
    package static let helpMenu: (title: String, mnemonic: Character, sections: [[CommandGroupPlacement]]) =
        ("Help", "h", [[.help], [.appInfo]])
    package static let primarySections: [[CommandGroupPlacement]] = [
        [.newItem], [.saveItem, .importExport, .printItem], [.appSettings, .help, .appInfo],
    ]

    package static func arrange(_ declarations: [CommandDeclaration],
                        standard: (CommandGroupPlacement) -> (any MenuContent)?) -> CommandArrangement {
        var pieces: [CommandGroupPlacement: [MenuNode]] = [:]
        func piecesOf(_ placement: CommandGroupPlacement, in menu: MenuIdentity) -> [MenuNode] {
            if let made = pieces[placement] { return made }
            let groups = declarations.compactMap { declaration -> (CommandDeclaration.Position, CommandDeclaration)? in
                guard case .group(let where_, let position) = declaration.kind, where_ == placement else { return nil }
                return (position, declaration)
            }
            let place = menu.appending(placement.name)
            var nodes: [MenuNode] = []
            func add(_ content: any MenuContent, _ label: String, _ index: Int) {
                let identity = place.appending(label, index)
                // Inside the group's own identity: content of one item would otherwise take it.
                let children = content.resolveNodes(at: identity.appending("items"))
                if !children.isEmpty {
                    nodes.append(MenuNode(identity: identity, title: "", kind: .section(children: children)))
                }
            }
            for (index, group) in groups.filter({ $0.0 == .before }).enumerated() { add(group.1.content(), "before", index) }
            let replacements = groups.filter { $0.0 == .replacing }
            if replacements.isEmpty {
                if let content = standard(placement) { add(content, "standard", 0) }
            } else {
                for (index, group) in replacements.enumerated() { add(group.1.content(), "replacing", index) }
            }
            for (index, group) in groups.filter({ $0.0 == .after }).enumerated() { add(group.1.content(), "after", index) }
            pieces[placement] = nodes
            return nodes
        }

        var arrangement = CommandArrangement()
        func addMenu(_ title: String, _ mnemonic: Character?, _ children: [MenuNode], _ identity: MenuIdentity) {
            guard !children.isEmpty else { return }
            var menu = MenuNode(identity: identity, title: title, kind: .submenu(children: children, primaryAction: nil))
            menu.mnemonic = mnemonic
            arrangement.menuBar.append(menu)
        }
        /// A menu's sections: the items of the places of each section together.
        func sections(_ sections: [[CommandGroupPlacement]], in menu: MenuIdentity) -> [MenuNode] {
            sections.enumerated().compactMap { index, placements in
                let children = placements.flatMap { piecesOf($0, in: menu) }.flatMap(\.children)
                return children.isEmpty ? nil
                    : MenuNode(identity: menu.appending("section", index), title: "", kind: .section(children: children))
            }
        }
        let root = MenuIdentity("/commands")
        for standardMenu in standardMenus {
            let identity = root.appending(standardMenu.title)
            addMenu(standardMenu.title, standardMenu.mnemonic, sections(standardMenu.sections, in: identity), identity)
        }
        var titles: [String: Int] = [:]
        var ownMenusItems: [MenuNode] = []
        for declaration in declarations {
            guard case .menu(let title) = declaration.kind else { continue }
            let count = titles[title, default: 0]
            titles[title] = count + 1
            let identity = root.appending("menu").appending(title, count)
            let items = declaration.content().resolveNodes(at: identity)
            ownMenusItems += items
            addMenu(title, nil, items, identity)
        }
        let help = root.appending(helpMenu.title)
        addMenu(helpMenu.title, helpMenu.mnemonic, sections(helpMenu.sections, in: help), help)

        for (index, placements) in primarySections.enumerated() {
            // Each place's items were resolved for the menu bar above; the same nodes stand here.
            let children = placements.flatMap { pieces[$0] ?? [] }.flatMap(\.children)
                .filter { $0.details.commandMenus != .menuBarOnly }
            if !children.isEmpty {
                arrangement.primaryMenu.append(MenuNode(identity: root.appending("primary", index), title: "",
                                                        kind: .section(children: children)))
            }
        }
        // Commands asked for in the primary menu from places it leaves out (Quit), last.
        let inPrimary = Set(primarySections.joined())
        let asked = (standardMenus.flatMap { $0.sections.joined() } + helpMenu.sections.joined())
            .filter { !inPrimary.contains($0) }
            .flatMap { pieces[$0] ?? [] }.flatMap(\.children) + ownMenusItems
        let added = asked.filter { $0.details.commandMenus == .both || $0.details.commandMenus == .primaryMenuOnly }
        if !added.isEmpty {
            arrangement.primaryMenu.append(MenuNode(identity: root.appending("primary", primarySections.count), title: "",
                                                    kind: .section(children: added)))
        }
        return arrangement
    }

    /// The menus as they show the commands: each command item names its application action.
    package struct Shared {
        package init() {}

        package var menuBar: [MenuNode] = []
        package var primaryMenu: [MenuNode] = []
        package var commands: [String: CommandInfo] = [:]
        package var order: [String] = []
        /// What the menus show, as text: the same text, the same menus.
        package var signature = ""
    }

    /// Rewrites the tree for the menus. `actionName` gives the application action of an item
    /// that has its own (buttons and toggles); other items keep what they do in each menu.
    package func sharing(_ actionName: (MenuIdentity) -> String?) -> Shared {
        var shared = Shared()
        func rewrite(_ node: MenuNode, menu: String) -> MenuNode {
            var node = node
            shared.signature += "\(node.identity.path)|\(node.title)|\(node.icon ?? "")|\(node.subtitle ?? "")|\(node.mnemonic.map(String.init) ?? "")|\(node.role.map { "\($0)" } ?? "")|"
            switch node.kind {
            case .button(.named):
                shared.signature += "own\(node.isDisabled)"
            case .button(.perform) where node.isGeneratedContent:
                shared.signature += "own\(node.isDisabled)"
            case .button, .toggle:
                guard let name = actionName(node.identity) else { break }
                shared.commands[name] = CommandInfo(title: node.title, shortcut: node.shortcut, menu: menu, help: node.details.help,
                                                    scope: node.details.shortcutScope)
                shared.order.append(name)
                shared.signature += "app.\(name)|\(node.shortcut ?? "")"
                node.kind = .button(.named("app." + name, target: nil))
                // The application's accelerator shows it; the action is the application's,
                // enabled, confirmed and dimmed there.
                node.shortcut = nil
                node.isDisabled = false
                node.confirmedByItsAction = true
            case .submenu(let children, let primaryAction):
                let title = menu.isEmpty ? node.title : menu
                node.kind = .submenu(children: children.map { rewrite($0, menu: title) }, primaryAction: primaryAction)
            case .section(let children):
                node.kind = .section(children: children.map { rewrite($0, menu: menu) })
            case .controlGroup(let children):
                node.kind = .controlGroup(children: children.map { rewrite($0, menu: menu) })
            case .picker(let choice):
                shared.signature += "picker\(node.isDisabled)" + choice.options.map { "\($0.title),\($0.isDisabled)" }.joined(separator: ";")
            case .item, .divider, .widget:
                shared.signature += "own\(node.isDisabled)"
            }
            shared.signature += "\n"
            return node
        }
        // Commands kept out of the bar are rewritten all the same: their actions are the bar's.
        shared.menuBar = menuBar.map { rewrite($0, menu: "") }.compactMap(Self.withoutPrimaryMenuOnly)
        shared.signature += "--\n"
        let commandsSoFar = shared.commands
        let order = shared.order
        shared.primaryMenu = primaryMenu.map { rewrite($0, menu: "") }
        // The primary menu's items are the bar's: the bar says which menu each stands in.
        shared.commands = commandsSoFar
        shared.order = order
        return shared
    }
}

extension CommandArrangement {
    /// `node` without the commands that only the primary menu shows, and without the sections
    /// and menus that leaves empty (nil).
    static func withoutPrimaryMenuOnly(_ node: MenuNode) -> MenuNode? {
        guard node.details.commandMenus != .primaryMenuOnly else { return nil }
        var node = node
        switch node.kind {
        case .submenu(let children, let primaryAction):
            let kept = children.compactMap(withoutPrimaryMenuOnly)
            guard !kept.isEmpty || children.isEmpty else { return nil }
            node.kind = .submenu(children: kept, primaryAction: primaryAction)
        case .section(let children):
            let kept = children.compactMap(withoutPrimaryMenuOnly)
            guard !kept.isEmpty || children.isEmpty else { return nil }
            node.kind = .section(children: kept)
        default:
            break
        }
        return node
    }
}

/// A command as buttons and the shortcuts window show it.
package struct CommandInfo: Equatable {
    package var title: String
    package var shortcut: String?
    /// The menu it stands in, for the shortcuts window ("File").
    package var menu: String
    /// Its `.help(_:)` text: a bound button's description for screen readers.
    package var help: String? = nil
    /// Where its shortcut runs (`.shortcutScope(_:)`).
    package var scope: ShortcutScope = .automatic
}
