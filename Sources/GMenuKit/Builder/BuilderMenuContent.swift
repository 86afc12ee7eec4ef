import CGtk

/// A menu of a GtkBuilder file as GMenuKit content: its items, sections and submenus resolve
/// to ordinary `MenuNode`s, so they get GMenuKit's diagnostics and guideline checks and mix
/// with declared content.
///
/// ```swift
/// let menu = try Menu(builder: xml, id: "primary_menu")
/// Menu("View") {
///     Toggle("Sidebar", isOn: $showsSidebar)
///     try BuilderMenuContent(document, id: "zoom_section")
/// }
/// ```
///
/// Items are rendered as GtkBuilder would make them: labels as written (with their `_`
/// mnemonics, translated through the gettext domain), sections and items where the file has
/// them, `action` and `target` of any GVariant type, `hidden-when`, and every other
/// attribute (`icon`, `verb-icon`, `custom`, `display-hint`, `submenu-action`, app-defined
/// ones) written as read. Actions are the app's (`app.`, `win.`): GMenuKit makes none.
public struct BuilderMenuContent: MenuContent {
    let menu: BuilderMenu
    /// The gettext domain translatable attributes are looked up in.
    let domain: String?

    /// The menu `id` of a document. `domain` is the app's gettext domain, used unless the file
    /// names its own (`<interface domain>`, which GtkBuilder prefers too); nil for the default.
    public init(_ document: BuilderDocument, id: String, domain: String? = nil) throws(BuilderImportError) {
        guard let menu = document.menu(id: id) else {
            let ids = document.menus.compactMap(\.id)
            throw BuilderImportError(
                fileName: document.fileName, line: 0, column: 0,
                message: "the file has no menu with the id '\(id)'" + (ids.isEmpty ? "; it has no menus" : "; its menus are \(ids.joined(separator: ", "))"))
        }
        self.menu = menu
        self.domain = document.domain ?? domain
        try Self.validate(menu.items, domain: self.domain)
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout [MenuNode]) {
        nodes.reserveCapacity(nodes.count + menu.items.count)
        Self.resolve(menu.items, at: identity, domain: domain, into: &nodes)
    }

    private static func resolve(_ items: [BuilderMenuItem], at identity: MenuIdentity, domain: String?, into nodes: inout [MenuNode]) {
        for (index, item) in items.enumerated() {
            nodes.append(node(for: item, identity: identity.appending("ui", index), domain: domain))
        }
    }

    /// The node of an `<item>`, `<section>` or `<submenu>`: its kind follows its link, as GTK
    /// reads a GMenuModel item (a section link makes a section, a submenu link a submenu).
    private static func node(for item: BuilderMenuItem, identity: MenuIdentity, domain: String?) -> MenuNode {
        var title = ""
        var hasLabel = false
        var action: String?
        var target: MenuActionTarget?
        var shortcut: String?
        var hiddenWhen: MenuHiddenCondition?
        var kept: [MenuAttribute] = []
        let section = item.link(G_MENU_LINK_SECTION)
        let submenu = item.link(G_MENU_LINK_SUBMENU)
        let isCommand = section == nil && submenu == nil
        for attribute in item.attributes {
            let value = attribute.translatedValue(domain: domain)
            switch (attribute.name, attribute.type) {
            case ("label", nil):
                title = value
                hasLabel = true
            case ("action", nil) where isCommand:
                action = value
            case ("target", let type) where isCommand:
                target = type.map { MenuActionTarget(type: $0, text: value) } ?? .string(value)
            case ("accel", nil) where isCommand:
                shortcut = value
            case ("hidden-when", nil) where MenuHiddenCondition(rawValue: value) != nil:
                hiddenWhen = MenuHiddenCondition(rawValue: value)
            default:
                kept.append(MenuAttribute(
                    name: attribute.name,
                    value: attribute.type.map { .variant(MenuActionTarget(type: $0, text: value)) } ?? .string(value)))
            }
        }
        let kind: MenuNode.Kind
        if let submenu {
            var children: [MenuNode] = []
            resolve(submenu.items, at: identity, domain: domain, into: &children)
            kind = .submenu(children: children, primaryAction: nil)
        } else if let section {
            var children: [MenuNode] = []
            resolve(section.items, at: identity, domain: domain, into: &children)
            kind = .section(children: children)
        } else {
            // An empty name is an item without an action: GTK shows it dimmed.
            kind = .button(.named(action ?? "", target: action == nil ? nil : target))
            if action == nil, let target {
                // GTK ignores a target without an action; it stays for other readers.
                kept.append(MenuAttribute(name: G_MENU_ATTRIBUTE_TARGET, value: target.isStringTarget ? .string(target.stringValue!) : .variant(target)))
            }
        }
        var node = MenuNode(identity: identity, title: title, kind: kind)
        node.shortcut = shortcut
        node.hiddenWhen = hiddenWhen
        node.imported = ImportedMenuItem(location: item.location, hasLabel: hasLabel, attributes: kept)
        return node
    }

    /// What GtkBuilder refuses in values, and what a GMenuKit item cannot hold, found before
    /// anything is rendered: typed values that are not of their type (GtkBuilder fails the
    /// whole file on one), and items with a link other than one section or submenu.
    private static func validate(_ items: [BuilderMenuItem], domain: String?) throws(BuilderImportError) {
        for item in items {
            for attribute in item.attributes {
                guard let type = attribute.type else { continue }
                let text = attribute.translatedValue(domain: domain)
                if let problem = VariantText.problem(parsing: text, type: type) {
                    throw BuilderImportError(fileName: attribute.location.fileName, line: attribute.location.line,
                                             column: attribute.location.column,
                                             message: "the attribute '\(attribute.name)' is not a GVariant of type '\(type)': \(problem)")
                }
            }
            let links = item.links.map(\.name)
            if links.count > 1 || links.contains(where: { $0 != G_MENU_LINK_SECTION && $0 != G_MENU_LINK_SUBMENU }) {
                throw BuilderImportError(fileName: item.location.fileName, line: item.location.line, column: item.location.column,
                                         message: "the item has links \(links.joined(separator: ", ")); GMenuKit keeps one section or submenu link per item")
            }
            for link in item.links { try validate(link.items, domain: domain) }
        }
    }
}

extension Menu {
    /// The menu `id` of GtkBuilder XML (a `.ui` file's text), as GMenuKit content.
    /// `domain` is the app's gettext domain, unless the file names one (`<interface domain>`).
    public init(builder xml: String, id: String, domain: String? = nil, title: String = "") throws(BuilderImportError) {
        try self.init(builder: BuilderDocument(xml: xml), id: id, domain: domain, title: title)
    }

    /// The menu `id` of a read document.
    public init(builder document: BuilderDocument, id: String, domain: String? = nil, title: String = "") throws(BuilderImportError) {
        let content = try BuilderMenuContent(document, id: id, domain: domain)
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

extension MenuActionTarget {
    var isStringTarget: Bool { stringValue != nil }
}
