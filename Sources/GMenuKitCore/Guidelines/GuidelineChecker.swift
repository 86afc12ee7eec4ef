/// Walks a resolved menu once and hands every menu, group of items, item and label to the rule
/// families, one file each (LabelCapitalization.swift, GroupIcons.swift, …).
@MainActor
package struct GuidelineChecker {
    package let context: MenuContext
    package let style: MenuGuidelineStyle
    /// A context menu that shows its shortcuts because the app asked: rule L5 is then moot.
    package let showsShortcuts: Bool
    package private(set) var diagnostics: [MenuDiagnostic] = []
    /// The node being checked, which diagnostics name (nil for the checked menu itself).
    package var checkedIdentity: MenuIdentity?

    package init(context: MenuContext, style: MenuGuidelineStyle = .apple, showsShortcuts: Bool = false) {
        self.context = context
        self.style = style
        self.showsShortcuts = showsShortcuts
    }

    /// The depth of a menu bar's bar: its menus are at depth 0, like the menu of a button.
    package static let barDepth = -1

    /// The deepest submenu checked: where the renderer cuts (``MenuNesting/maximumDepth``,
    /// counted from the menu a control shows; a bar's menus are submenus of the bar there).
    /// Nothing below it is walked, however deep the nodes go.
    package var cutDepth: Int { MenuNesting.maximumDepth - (context == .menuBar ? 1 : 0) }

    /// What an element inherits from the menus and groups around it.
    package struct Scope {
        /// The titles of the enclosing menus and headed groups.
        package var path: [String] = []
        /// 0 for the menu a control or a menu bar shows, 1 for its submenus, and so on.
        package var depth = 0
        /// Sections and control groups around the element, in whatever submenus.
        package var groupDepth = 0
        package var isDisabled = false
        package var isGenerated = false
        /// An enclosing menu was already reported as wholly unavailable (A2, A3).
        package var isInsideUnavailableMenu = false
        /// An enclosing submenu was already reported as nested too deep (S3).
        package var isInsideDeepSubmenu = false

        /// The scope of the node itself: it inherits being disabled or generated.
        package func entering(_ node: MenuNode) -> Scope {
            var scope = self
            scope.isDisabled = isDisabled || node.isDisabled
            scope.isGenerated = isGenerated || node.isGeneratedContent
            return scope
        }

        /// The scope of a group's items: a header, when there is one, becomes part of the path.
        package func headed(by title: String) -> Scope {
            var scope = self
            if !title.isEmpty { scope.path.append(title) }
            return scope
        }

        /// The path of an item in this scope; an untitled item still needs a name.
        package func path(to title: String) -> [String] {
            path + [title.isEmpty ? "(untitled)" : title]
        }
    }

    /// A menu people open: the menu of a control, a menu of a menu bar, or a submenu.
    package struct CheckedMenu {
        package var nodes: [MenuNode]
        /// The scope the menu itself sits in: its path and depth are the menu's.
        package var scope: Scope
        /// The menu the checked control shows, as opposed to one of its submenus.
        package var isRoot: Bool
        /// The submenu's node; nil for the checked menu itself.
        package var identity: MenuIdentity? = nil
        package var path: [String] { scope.path }
        package var depth: Int { scope.depth }
    }

    /// An item of a group: the run of items between dividers, or a section's items.
    package struct CheckedItem {
        package var node: MenuNode
        package var path: [String]
        package var label: CheckedLabel
    }

    /// A label, with what it labels: the rules for a command are not those for a heading.
    package struct CheckedLabel {
        package enum Use {
            case command, toggle, submenu, option, valueControl
            /// A section's or inline picker's header: not a label people choose.
            case heading
        }

        /// As written, which is what the path shows.
        package var text: String
        /// As GMenuKit shows it: ellipsis character, single spaces.
        package var normalized: String
        package var words: LabelWords
        package var use: Use
        package var path: [String]

        package init(_ text: String, use: Use, path: [String]) {
            self.text = text
            normalized = MenuLabelText.normalize(text).text
            words = LabelWords(normalized)
            self.use = use
            self.path = path
        }
    }

    // MARK: Walking

    package mutating func checkRoot(_ nodes: [MenuNode], title: String) {
        var scope = Scope()
        if context == .menuBar {
            scope.depth = Self.barDepth
            visitLevel(nodes, scope: scope)
            return
        }
        if !title.isEmpty {
            scope.path = [title]
            checkLabel(title, use: context == .submenu ? .submenu : .heading, path: scope.path, scope: scope)
        }
        if context == .submenu { scope.depth = 1 }
        checkMenu(CheckedMenu(nodes: nodes, scope: scope, isRoot: true))
    }

    private mutating func checkMenu(_ menu: CheckedMenu) {
        checkedIdentity = menu.identity
        var inner = menu.scope
        checkAvailability(of: menu, inner: &inner)
        switch style {
        case .apple:
            checkLength(of: menu)
            checkNesting(of: menu, inner: &inner)
            checkPullDownItemCount(of: menu)
        case .gnome:
            checkGnomeMenuSize(of: menu)
            checkGnomeNesting(of: menu, inner: &inner)
            checkAccessKeys(of: menu)
        }
        visitLevel(menu.nodes, scope: inner)
    }

    /// Visits one level of a menu in order; items between dividers and groups form a group.
    private mutating func visitLevel(_ nodes: [MenuNode], scope: Scope) {
        var group: [CheckedItem] = []
        for node in nodes {
            let inner = scope.entering(node)
            let path = scope.path(to: node.title)
            checkedIdentity = node.identity
            switch node.kind {
            case .divider:
                closeGroup(&group, scope: scope)

            case .widget:
                // The app's widget: its label is no item's label, and it is no item of a group.
                closeGroup(&group, scope: scope)
                checkItem(node, path: path, scope: scope)

            case .section(let children):
                closeGroup(&group, scope: scope)
                // The renderer leaves out sections nested deeper, and reports it.
                guard scope.groupDepth < MenuNesting.maximumDepth else { continue }
                checkLabel(node.title, use: .heading, path: path, scope: inner)
                var sectionScope = inner.headed(by: node.title)
                sectionScope.groupDepth += 1
                visitLevel(children, scope: sectionScope)

            case .controlGroup(let children):
                closeGroup(&group, scope: scope)
                guard scope.groupDepth < MenuNesting.maximumDepth else { continue }
                checkLabel(node.title, use: .heading, path: path, scope: inner)
                checkItem(node, path: path, scope: scope)
                let itemScope = inner.headed(by: node.title)
                for child in children {
                    let childScope = itemScope.entering(child)
                    let childPath = itemScope.path(to: child.title)
                    checkLabel(child.title, use: Self.labelUse(of: child), path: childPath, scope: childScope)
                    // The row as a whole is what a pop-up must not hold (U1); its items are not.
                    checkItem(child, path: childPath, scope: itemScope, isInControlGroup: true)
                }

            case .item:
                // A kind of its own (a value control) stands apart from the items around it.
                closeGroup(&group, scope: scope)
                checkLabel(node.title, use: Self.labelUse(of: node), path: path, scope: inner)
                checkItem(node, path: path, scope: scope)

            case .picker(let choice):
                let label = checkLabel(node.title, use: choice.style == .menu ? .submenu : .heading, path: path, scope: inner)
                checkItem(node, path: path, scope: scope)
                let optionScope = choice.style == .menu ? inner.headed(by: path.last ?? "") : inner.headed(by: node.title)
                for option in choice.options {
                    checkLabel(option.title, use: .option, path: optionScope.path(to: option.title), scope: optionScope)
                }
                checkPopUpDefault(of: choice, path: optionScope.path, scope: scope)
                if choice.style == .menu {
                    switch style {
                    case .apple: checkSubmenuDepth(path: path, depth: scope.depth + 1, scope: inner)
                    case .gnome: checkGnomeSubmenuDepth(path: path, depth: scope.depth + 1, scope: inner)
                    }
                    if let label { group.append(CheckedItem(node: node, path: path, label: label)) }
                } else {
                    closeGroup(&group, scope: scope)
                }

            case .button, .toggle:
                let label = checkLabel(node.title, use: Self.labelUse(of: node), path: path, scope: inner)
                checkItem(node, path: path, scope: scope)
                if let label { group.append(CheckedItem(node: node, path: path, label: label)) }

            case .submenu(let children, _):
                let label = checkLabel(node.title, use: .submenu, path: path, scope: inner)
                checkItem(node, path: path, scope: scope)
                if let label { group.append(CheckedItem(node: node, path: path, label: label)) }
                var submenuScope = inner
                submenuScope.path = path
                submenuScope.depth = scope.depth + 1
                // The renderer leaves out what is nested deeper, and reports it.
                guard submenuScope.depth <= cutDepth else { continue }
                checkMenu(CheckedMenu(nodes: children, scope: submenuScope, isRoot: false, identity: node.identity))
            }
        }
        closeGroup(&group, scope: scope)
    }

    private mutating func closeGroup(_ group: inout [CheckedItem], scope: Scope) {
        // The menus of a menu bar are not a group of items. Icons and repeated terms are
        // GMenuKit's own rules (I3, S2): the GNOME HIG has none about them.
        if !group.isEmpty && scope.depth != Self.barDepth && style == .apple {
            checkGroupIcons(group)
            checkRepeatedTerms(group)
        }
        group = []
    }

    /// The rules about an item itself rather than its label.
    private mutating func checkItem(_ node: MenuNode, path: [String], scope: Scope, isInControlGroup: Bool = false) {
        if style == .apple { checkContextMenuShortcut(of: node, path: path) }
        checkDestructiveConfirmation(of: node, path: path)
        if !isInControlGroup { checkPopUpContents(node, path: path, scope: scope) }
    }

    /// The label rules. Answers the label for the group rules, or nil for generated content:
    /// it keeps its labels as people wrote them, and the group rules leave it out too.
    @discardableResult
    private mutating func checkLabel(_ text: String, use: CheckedLabel.Use, path: [String], scope: Scope) -> CheckedLabel? {
        guard !scope.isGenerated else { return nil }
        let label = CheckedLabel(text, use: use, path: path)
        guard !text.isEmpty else { return label }
        if style == .gnome {
            // Headings, header bars and menu items alike take header capitalization.
            checkGnomeEllipsis(of: label)
            checkHeaderCapitalization(of: label)
            return label
        }
        checkEllipsis(of: label)
        guard use != .heading else { return label }
        checkCapitalization(of: label)
        checkArticles(of: label)
        checkStateLabelVerb(of: label)
        return label
    }

    private static func labelUse(of node: MenuNode) -> CheckedLabel.Use {
        switch node.kind {
        case .toggle: .toggle
        case .submenu: .submenu
        case .item(let item): item.traits.role == .valueControl ? .valueControl : .command
        default: .command
        }
    }

    // MARK: Shared by the rules

    package mutating func report(
        _ rule: String, _ severity: MenuDiagnostic.Severity, path: [String], _ message: String, suggestion: String? = nil
    ) {
        diagnostics.append(MenuDiagnostic(
            rule: rule, severity: severity, path: path.joined(separator: " › "), message: message, suggestion: suggestion,
            identity: checkedIdentity))
    }

    /// The rows a level shows, split into those the developer wrote and generated ones.
    package struct RowCount {
        package var written = 0
        package var generated = 0
    }

    /// Items that hide by their action's state (hidden-when) are counted only when
    /// `includingItemsThatMayHide`: a length limit counts what always shows, a minimum what may.
    package static func rows(in nodes: [MenuNode], isGenerated: Bool, groupDepth: Int = 0, includingItemsThatMayHide: Bool = false) -> RowCount {
        var count = RowCount()
        for node in nodes {
            let generated = isGenerated || node.isGeneratedContent
            // An item that hides by its action's state (hidden-when) shows only when the app
            // lets it, often instead of another (Fullscreen, Leave Fullscreen): only the items
            // that always show are counted.
            if node.hiddenWhen != nil && !includingItemsThatMayHide { continue }
            let rows: Int
            switch node.kind {
            case .divider:
                rows = 0
            case .section(let children):
                // Sections beyond the cut are left out.
                guard groupDepth < MenuNesting.maximumDepth else { continue }
                let inner = Self.rows(in: children, isGenerated: generated, groupDepth: groupDepth + 1,
                                      includingItemsThatMayHide: includingItemsThatMayHide)
                count.written += inner.written
                count.generated += inner.generated
                rows = 0
            case .picker(let choice) where choice.style == .inline:
                rows = choice.options.count
            default:
                rows = 1
            }
            if generated { count.generated += rows } else { count.written += rows }
        }
        return count
    }
}
