/// Items read from GtkBuilder XML, planned as GtkBuilder makes them, and app widgets in their
/// slots.
extension MenuPlanner {
    /// An item, section or submenu read from GtkBuilder XML, planned as GtkBuilder makes it:
    /// the label as written (its `_` marks the mnemonic, as GTK reads labels), the app's action
    /// and target, `hidden-when`, and every other attribute as read. Its problems are reported
    /// as for declared items; what GtkBuilder would keep is kept.
    mutating func planImported(_ node: MenuNode, scope: Scope) -> PlannedItem? {
        guard let imported = node.imported else { return planItem(node, scope: scope) }
        let identity = uniqueIdentity(node, scope: scope)
        // By its case alone: every match on the kind copies the enum and its payload.
        let isSection = node.kindCase == .section
        // Only sections and submenus name what is inside them (a scope made for a command, which
        // only asks whether it is disabled, would copy its path); an item's path is made when reported.
        func inner() -> Scope { scope.entering(node, title: node.title) }
        var attributes = PlannedAttributes()
        attributes.changeRare {
            $0.hiddenWhen = node.hiddenWhen?.rawValue
            $0.keptAttributes = imported.attributes
            $0.keptLinks = imported.links
        }
        if isSection, imported.links.contains(where: { $0.name == "submenu" }) {
            report(.warning, path: scope.path + [node.title.isEmpty ? "(section)" : node.title],
                   "the item has a section link and a submenu link; GTK shows the section and not the submenu, which stays in the menu model for other readers",
                   suggestion: "make the submenu an item of the section, or an item of its own")
        }
        if let label = imported.label {
            reportLabelProblems(MenuLabelText.normalize(node.title).problems, title: node.title, scope: scope)
            attributes.label = label
        }
        // Read once and matched as it moves: a nested pattern on the node's kind would copy it again.
        let kind = node.kind
        switch consume kind {
        case .section(let children):
            var sectionScope = inner()
            sectionScope.groupDepth += 1
            guard sectionScope.groupDepth <= Self.maximumDepth else {
                report(.error, path: sectionScope.path, "sections are nested more than \(Self.maximumDepth) deep; the deeper ones are left out")
                return nil
            }
            attributes.linkKind = .section
            let items = planLevel(children, of: identity, scope: sectionScope)
            return PlannedItem(identity: identity, attributes: attributes, link: PlannedLink(kind: .section, children: items))
        case .submenu(let children, _):
            if let label = imported.label { attributes.label = labels.uniqueSubmenuLabel(label, path: scope.path, diagnostics: &diagnostics) }
            attributes.linkKind = .submenu
            var submenuScope = inner()
            submenuScope.depth += 1
            guard submenuScope.depth <= Self.maximumDepth else {
                report(.error, path: submenuScope.path, "submenus are nested more than \(Self.maximumDepth) deep; the deeper ones are left out")
                attributes.linkKind = nil
                return PlannedItem(identity: identity, attributes: attributes, link: nil)
            }
            let items = planLevel(children, of: identity, scope: submenuScope)
            return PlannedItem(identity: identity, attributes: attributes, link: PlannedLink(kind: .submenu, children: items))
        case .button(let action):
            guard case .named(let name, let target) = consume action else { return planItem(node, scope: scope) }
            if let shortcut = node.shortcut {
                // Checked as any shortcut, and kept as written, as GtkBuilder keeps it.
                let checked = shortcuts.accelerator(node, path: scope.path, phase: &attributes.accelPhase, diagnostics: &diagnostics)
                attributes.accel = checked == "" ? "" : shortcut
            }
            if !name.isEmpty && !(scope.isDisabled || node.isDisabled) {
                borrowed.checkImportedName(name, scopePath: scope.path, title: node.title, diagnostics: &diagnostics)
                // Typed values were checked when the file was read.
                if borrowed.borrow(name, target: target, into: &attributes, scopePath: scope.path, title: node.title,
                                   isChecked: true, diagnostics: &diagnostics) {
                    shortcuts.takeApplicationAccel(into: &attributes, scopePath: scope.path, title: node.title, diagnostics: &diagnostics)
                }
            }
            // Dimmed as declared items are (an item written without an action stays as GtkBuilder makes it).
            if !name.isEmpty && attributes.action == nil { attributes.action = qualified(Self.unavailableActionName) }
        default:
            return planItem(node, scope: scope)
        }
        return PlannedItem(identity: identity, attributes: attributes, link: nil)
    }

    /// An app's widget: an item with a slot the rendered menu's hosts fill with it. It keeps
    /// the menu open (GTK closes no popover for a custom child) and its label for other readers.
    mutating func planWidget(_ node: MenuNode, factory: MenuWidgetFactory, scope: Scope) -> PlannedItem? {
        let path = scope.path + [node.title.isEmpty ? factory.description ?? factory.id : node.title]
        reportIgnoredShortcut(node, scope: scope)
        guard options.drawsOwnRows else {
            let what = factory.description.map { "the \($0.lowercased()) shows" } ?? "the widget '\(factory.id)' shows"
            report(.warning, path: path,
                   "\(what) only in a GMenuKit control or a menu given to present(in:); GTK shows this menu alone, so it is left out")
            return nil
        }
        var attributes = PlannedAttributes()
        let label = MenuLabelText.normalize(node.title)
        reportLabelProblems(label.problems, title: node.title, scope: scope)
        attributes.label = label.text.isEmpty ? nil : MenuLabelText.escapingMnemonics(label.text)
        attributes.keepsMenuOpen = true
        attributes.hiddenWhen = node.hiddenWhen?.rawValue
        attributes.appWidget = factory
        attributes.row = .widget
        return PlannedItem(identity: uniqueIdentity(node, scope: scope), attributes: attributes, link: nil)
    }
}
