import CGLib
import GMenuKitCore

/// A menu of a GtkBuilder file as GMenuKit content: its items, sections and submenus resolve
/// to ordinary `MenuNode`s, so they get GMenuKit's diagnostics and guideline checks and mix
/// with declared content.
///
/// ```swift
/// let menu = try Menu(builder: xml, id: "primary_menu")
/// let zoom = try BuilderMenuContent(document, id: "zoom_section")
/// Menu("View") {
///     Toggle("Sidebar", isOn: $showsSidebar)
///     zoom   // imported before: a menu's content cannot throw
/// }
/// ```
///
/// Items are rendered as GtkBuilder would make them: labels as written (with their `_`
/// mnemonics, translated through the gettext domain), sections and items where the file has
/// them, `action` and `target` of any GVariant type, `hidden-when`, and every other
/// attribute (`icon`, `verb-icon`, `custom`, `display-hint`, `submenu-action`, app-defined
/// ones) written as read. Actions are the app's (`app.`, `win.`): GMenuKit makes none.
public struct BuilderMenuContent: MenuContent {
    /// The menu's nodes, made once when the file is imported (translated, values parsed), with
    /// identities below `placement`; resolving there hands them over as they are, resolving
    /// elsewhere places copies.
    package let nodes: [MenuNode]
    package let placement: MenuIdentity
    /// Where the menu was written.
    public let location: MenuSourceLocation

    /// The menu `id` of a document. `domain` is the app's gettext domain, used unless the file
    /// names its own (`<interface domain>`, which GtkBuilder prefers too); nil for the default.
    /// Typed values are parsed now, as GtkBuilder parses them: one that is not of its type is
    /// an error with its line, as in GtkBuilder.
    public init(_ document: BuilderDocument, id: String, domain: String? = nil) throws(BuilderImportError) {
        try self.init(document, id: id, domain: domain, placement: MenuIdentity())
    }

    /// With the nodes made where the content will most likely be resolved.
    package init(_ document: BuilderDocument, id: String, domain: String?, placement: MenuIdentity) throws(BuilderImportError) {
        guard let menu = document.menu(id: id) else {
            let ids = document.menus.compactMap(\.id)
            throw BuilderImportError(
                fileName: document.fileName, line: 0, column: 0,
                message: "the file has no menu with the id '\(id)'" + (ids.isEmpty ? "; it has no menus" : "; its menus are \(ids.joined(separator: ", "))"))
        }
        location = menu.location
        self.placement = placement
        // The domain as a C string once, not once a label.
        let domain = (document.domain ?? domain).map { strdup($0)! }
        defer { free(domain) }
        nodes = try Self.nodes(for: menu.items, at: placement, domain: domain)
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        guard identity == placement else {
            Self.place(self.nodes, at: identity, into: &nodes.nodes)
            return
        }
        if nodes.isEmpty { nodes.nodes = self.nodes } else { nodes.append(contentsOf: self.nodes) }
    }

    /// The nodes again, with identities below `identity`.
    private static func place(_ templates: [MenuNode], at identity: MenuIdentity, into nodes: inout [MenuNode]) {
        nodes.reserveCapacity(nodes.count + templates.count)
        for (index, template) in templates.enumerated() {
            var node = template
            node.identity = identity.appending("ui", index)
            switch template.kind {
            case .submenu(let children, let primaryAction):
                var placed: [MenuNode] = []
                place(children, at: node.identity, into: &placed)
                node.kind = .submenu(children: placed, primaryAction: primaryAction)
            case .section(let children):
                var placed: [MenuNode] = []
                place(children, at: node.identity, into: &placed)
                node.kind = .section(children: placed)
            default:
                break
            }
            nodes.append(node)
        }
    }

    // Nonisolated, as the nodes are plain values: a main-actor closure (each buffer's loop)
    // would check the executor every time it runs.
    nonisolated private static func nodes(for items: [BuilderMenuItem], at identity: MenuIdentity, domain: UnsafeMutablePointer<CChar>?) throws(BuilderImportError) -> [MenuNode] {
        var nodes: [MenuNode] = []
        nodes.reserveCapacity(items.count)
        try items.withUnsafeBufferPointer { items throws(BuilderImportError) in
            for index in items.indices {
                nodes.append(try node(for: items[index], identity: identity.appending("ui", index), domain: domain))
            }
        }
        return nodes
    }

    /// The node of an `<item>`, `<section>` or `<submenu>`: its kind follows its link, as GTK
    /// reads a GMenuModel item (a section link makes a section, a submenu link a submenu).
    nonisolated private static func node(for item: BuilderMenuItem, identity: MenuIdentity, domain: UnsafeMutablePointer<CChar>?) throws(BuilderImportError) -> MenuNode {
        var label: String?
        var action: String?
        var target: MenuActionTarget?
        var shortcut: String?
        var hiddenWhen: MenuHiddenCondition?
        var kept: [MenuAttribute] = []
        // As GTK reads an item of several links: a section link makes a section, else a
        // submenu link a submenu; the other links stay in the model, for other readers.
        let section = item.links.first { $0.name == Self.sectionLink }
        let submenu = section == nil ? item.links.first { $0.name == Self.submenuLink } : nil
        let isCommand = section == nil && submenu == nil
        var keptLinks: [ImportedMenuLink] = []
        if item.links.count > (isCommand ? 0 : 1) {
            for link in item.links where link.name != (section ?? submenu)?.name {
                keptLinks.append(ImportedMenuLink(name: link.name, menu: ImportedLinkMenu(name: link.name, model: try BuilderMenuModel.make(link.items, domain: domain))))
            }
        }
        // Read in place: a copy of each attribute would retain its five strings.
        try item.attributes.withUnsafeBufferPointer { attributes throws(BuilderImportError) in
            for index in attributes.indices {
                let value = attributes[index].translatedValue(domainCString: domain)
                var typed: MenuActionTarget?
                let type = attributes[index].type
                if let type {
                    // Parsed as GtkBuilder parses it, and kept parsed for rendering; GtkBuilder
                    // fails the whole file on a value not of its type.
                    guard let variant = VariantText.parse(value, type: type) else {
                        throw attributes[index].typeError(parsing: value, type: type)
                    }
                    typed = MenuActionTarget(type: type, text: value)
                    typed?.parsed = ParsedVariant(taking: variant)
                }
                let condition = attributes[index].nameKind == .hiddenWhen && type == nil ? MenuHiddenCondition(rawValue: value) : nil
                switch (attributes[index].nameKind, type) {
                case (.label, nil):
                    label = value
                case (.action, nil) where isCommand:
                    action = value
                case (.target, _) where isCommand:
                    target = typed ?? .string(value)
                case (.accel, nil) where isCommand:
                    shortcut = value
                case (.hiddenWhen, nil) where condition != nil:
                    hiddenWhen = condition
                default:
                    kept.append(MenuAttribute(name: attributes[index].name, value: typed.map { .variant($0) } ?? .string(value)))
                }
            }
        }
        let kind: MenuNode.Kind
        if let submenu {
            kind = .submenu(children: try nodes(for: submenu.items, at: identity, domain: domain), primaryAction: nil)
        } else if let section {
            kind = .section(children: try nodes(for: section.items, at: identity, domain: domain))
        } else {
            // An empty name is an item without an action: GTK shows it dimmed.
            kind = .button(.named(action ?? "", target: action == nil ? nil : target))
            if action == nil, let target {
                // GTK ignores a target without an action; it stays for other readers.
                kept.append(MenuAttribute(name: G_MENU_ATTRIBUTE_TARGET, value: target.isStringTarget ? .string(target.stringValue!) : .variant(target)))
            }
        }
        // Sections' headers are shown as written (GTK reads no mnemonic there); items' labels
        // without their marks, which is what the guideline checks and diagnostics read.
        let shown: (text: String, mnemonic: Character?)? = label.map {
            section == nil ? ImportedMenuItem.visibleText(ofMnemonicLabel: $0) : (text: $0, mnemonic: nil)
        }
        var node = MenuNode(identity: identity, title: shown?.text ?? "", kind: consume kind)
        node.mnemonic = shown?.mnemonic
        node.shortcut = shortcut
        node.hiddenWhen = hiddenWhen
        node.imported = ImportedMenuItem(location: item.location, label: label, attributes: kept, links: keptLinks)
        return node
    }

    nonisolated private static let sectionLink = "section"
    nonisolated private static let submenuLink = "submenu"
}

extension Menu {
    /// The menu `id` of GtkBuilder XML (a `.ui` file's text), as GMenuKit content.
    /// `domain` is the app's gettext domain, unless the file names one (`<interface domain>`).
    public init(builder xml: String, id: String, domain: String? = nil, title: String = "") throws(BuilderImportError) {
        try self.init(builder: BuilderDocument(xml: xml), id: id, domain: domain, title: title)
    }

    /// The menu `id` of a read document.
    public init(builder document: BuilderDocument, id: String, domain: String? = nil, title: String = "") throws(BuilderImportError) {
        // A menu's one statement resolves at "/0" of the menu (its block's first position): made there.
        let content = try BuilderMenuContent(document, id: id, domain: domain, placement: MenuIdentity().appending("", 0))
        self.init(title, content: { content })
    }

    /// The menu `id` of a `.ui` file.
    public init(builderFile path: String, id: String, domain: String? = nil, title: String = "") throws(BuilderImportError) {
        try self.init(builder: BuilderDocument(contentsOfFile: path), id: id, domain: domain, title: title)
    }

    /// The menu `id` of a `.ui` file among the app's GResources (`/org/gnome/App/menus.ui`).
    public init(builderResource path: String, id: String, domain: String? = nil, title: String = "") throws(BuilderImportError) {
        try self.init(builder: BuilderDocument(resource: path), id: id, domain: domain, title: title)
    }
}
