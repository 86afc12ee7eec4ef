/// Buttons, toggles, submenus and pickers planned as items of their level: labels, icons,
/// shortcuts, actions (through the action interpreter), and GMenuKit's own rows where GTK 4.8
/// cannot draw the item as asked. The kinds that describe themselves plan in their own files.
extension MenuPlanner {
    /// Buttons, toggles, submenus and pickers shown as submenus.
    mutating func planItem(_ node: MenuNode, scope: Scope) -> PlannedItem? {
        if node.imported != nil { return planImported(node, scope: scope) }
        if node.kindCase == .widget, case .widget(let factory) = node.kind { return planWidget(node, factory: factory, scope: scope) }
        let identity = uniqueIdentity(node, scope: scope)
        let inner = scope.entering(node)
        var attributes = PlannedAttributes()
        attributes.hiddenWhen = node.hiddenWhen?.rawValue
        let icon = icons.checked(node.icon, path: scope.path + [node.title], diagnostics: &diagnostics)
        attributes.label = labels.itemLabel(node.title, hasIcon: icon != nil, mnemonic: node.mnemonic, mnemonicPosition: node.mnemonicPosition, scope: scope, diagnostics: &diagnostics)
        attributes.icon = icon
        attributes.verbIcon = scope.isIconic ? icon : nil
        attributes.keepsMenuOpen = inner.dismissBehavior == .disabled
        if let subtitle = node.subtitle {
            let normalized = MenuLabelText.normalize(subtitle)
            reportLabelProblems(normalized.problems, of: "subtitle", title: node.title, scope: scope)
            if normalized.wasOnlyCombiningMarks {
                report(.warning, path: scope.path + [node.title],
                       "the subtitle has only combining marks, which show nothing on their own; it is left out")
            }
            attributes.subtitle = normalized.text.isEmpty ? nil : normalized.text
        }
        // Tooltip, badge, label style, tint and what the declaration held that GTK cannot show.
        var isTintedRed = false
        if let details = node.detailsBox?.details {
            isTintedRed = planDetails(details, of: node, into: &attributes, scope: scope)
        }

        switch node.kind {
        case .button(var action):
            if node.role == .destructive { attributes.role = "destructive" }
            attributes.accel = shortcuts.accelerator(node, path: scope.path, phase: &attributes.accelPhase, diagnostics: &diagnostics)
            // An async action becomes one that starts its task, and is confirmed as any other.
            var asyncKey: String?
            var ownName: String?
            if case .performAsync = action {
                asyncKey = identity.path
                // The item's own action (generated items share theirs): named as below.
                ownName = inner.isGenerated ? nil : names.name(for: identity, title: node.actionNameSource)
            }
            // Most buttons run their closure as it is: only an async or confirmed one goes
            // through the interpreter (a call per item of a long list is not free).
            if asyncKey != nil || ItemActionInterpreter.confirms(node) {
                let interpreted = actionInterpreter.action(action, of: node, key: identity.path, actionName: ownName)
                action = interpreted.action
                if let problem = interpreted.problem { report(.warning, path: scope.path + [node.title], problem) }
            }
            switch action {
            case .perform(let perform) where inner.isGenerated:
                if !inner.isDisabled {
                    let shared = generatedAction(for: inner.level)
                    attributes.action = qualified(generated.shared[shared].name)
                    attributes.target = identity.path
                    generated.add(perform, target: identity.path, at: shared)
                }
            case .perform(let perform):
                let name = names.name(for: identity, title: node.actionNameSource)
                var isEnabled = !inner.isDisabled
                if let asyncKey, let runs = options.asyncActions {
                    runs.plan(asyncKey, actionName: name, enabled: isEnabled)
                    isEnabled = isEnabled && !runs.isDimmed(asyncKey)
                }
                actions.append(PlannedAction(name: name, isEnabled: isEnabled, behavior: .perform(perform)))
                attributes.action = qualified(name)
            case .performAsync:
                preconditionFailure("async actions are planned as .perform")
            case .named(let detailedName, let target):
                switch BorrowedActions.parse(detailedName, options: options) {
                case .success(let parsed) where parsed.name.hasPrefix(options.actionPrefix + "."):
                    report(.error, path: scope.path + [node.title],
                           "'\(detailedName)' names an action in the menu's own group ('\(options.actionPrefix)'), whose actions GMenuKit names after its items; borrow an action of the app or window (app., win.) or give the item a closure; the item is dimmed")
                case .success(let parsed):
                    if !inner.isDisabled {
                        if borrowed.borrow(parsed.name, target: target ?? parsed.target, into: &attributes, scopePath: scope.path,
                                           title: node.title, showsState: node.showsActionState, diagnostics: &diagnostics) {
                            shortcuts.takeApplicationAccel(into: &attributes, scopePath: scope.path, title: node.title,
                                                           diagnostics: &diagnostics)
                        }
                    }
                case .failure(let problem):
                    report(.error, path: scope.path + [node.title],
                           "'\(detailedName)' is not a valid GAction name (scope.name, with letters, digits and '-'): \(problem.reason); the item is dimmed")
                }
            }
            // A button that cannot act now (dimmed, or a borrowed name that could not be used)
            // names an action that is never there: GTK 4.8 dims an item whose action is missing,
            // but draws one without an action as if it could be chosen.
            if attributes.action == nil { attributes.action = qualified(Self.unavailableActionName) }
            LabelPlanning.applyDestructiveColor(options.destructiveColor, to: &attributes, scope: scope, tintedRed: isTintedRed)
            attributes.row = customRow(.command, for: attributes, scope: scope)

        case .toggle(let isOn):
            attributes.accel = shortcuts.accelerator(node, path: scope.path, phase: &attributes.accelPhase, diagnostics: &diagnostics)
            let name = names.name(for: identity, title: node.actionNameSource)
            actions.append(PlannedAction(name: name, isEnabled: !inner.isDisabled, behavior: .toggle(isOn: isOn)))
            attributes.action = qualified(name)
            attributes.row = customRow(.check, for: attributes, scope: scope)

        case .widget:
            preconditionFailure("widgets are planned by planWidget")
        case .submenu(let children, let primaryAction):
            reportIgnoredShortcut(node, scope: scope)
            if primaryAction != nil {
                report(.warning, path: scope.path + [node.title],
                       "a submenu has no primary action; it only opens its items")
            }
            let title = attributes.label ?? ""
            attributes.label = labels.uniqueSubmenuLabel(title, path: scope.path, diagnostics: &diagnostics)
            attributes.linkKind = .submenu
            var submenuScope = inner
            submenuScope.path.append(node.title)
            submenuScope.depth += 1
            submenuScope.isIconic = false
            guard submenuScope.depth <= Self.maximumDepth else {
                report(.error, path: submenuScope.path,
                       "submenus are nested more than \(Self.maximumDepth) deep; the deeper ones are left out")
                attributes.linkKind = nil
                return PlannedItem(identity: identity, attributes: attributes, link: nil)
            }
            let items = planLevel(children, of: identity, scope: submenuScope)
            if items.isEmpty {
                report(.warning, path: submenuScope.path, "the submenu has no items; it opens empty")
            }
            return PlannedItem(identity: identity, attributes: attributes,
                               link: PlannedLink(kind: .submenu, children: items))

        case .picker(let choice):
            // Only the submenu style reaches here; the others are blocks.
            reportIgnoredShortcut(node, scope: scope)
            attributes.label = labels.uniqueSubmenuLabel(attributes.label ?? "", path: scope.path, diagnostics: &diagnostics)
            attributes.linkKind = .submenu
            var optionScope = inner
            optionScope.path.append(node.title)
            optionScope.isIconic = false
            let options = planPickerOptions(node, choice: choice, identity: identity, scope: optionScope)
            return PlannedItem(identity: identity, attributes: attributes,
                               link: PlannedLink(kind: .submenu, children: options))

        case .item(let item):
            // The attributes move into the kind's planning and out again into the item.
            var planning = KindPlanning(node: node, identity: identity, scope: scope, inner: inner, attributes: attributes)
            _ = item.plan(&planning, planner: &self)
            return PlannedItem(identity: identity, attributes: planning.attributes, link: nil)

        case .section, .controlGroup, .divider:
            return nil
        }
        // Taken out: `consume` is refused for a variable the code above hands on inout, and
        // passed as it is, the attributes were copied.
        return PlannedItem(identity: identity, attributes: PlannedAttributes.take(&attributes), link: nil)
    }

    /// One string-state action for the whole picker and one item per option, each with its
    /// own target: GTK draws them as radio items.
    mutating func planPickerOptions(
        _ node: MenuNode, choice: PickerChoice, identity: MenuIdentity, scope: Scope
    ) -> [PlannedItem] {
        var targetByTag: [AnyHashable: String] = [:]
        var tagByTarget: [String: AnyHashable] = [:]
        var items: [PlannedItem] = []
        let name = names.name(for: identity, title: node.actionNameSource)
        if choice.options.isEmpty {
            report(.warning, path: scope.path, "the picker has no options")
        }
        for (index, option) in choice.options.enumerated() {
            guard targetByTag[option.tag] == nil else {
                report(.error, path: scope.path + [option.title],
                       "another option of this picker has the same tag (\(option.tag.base)); this one is left out")
                continue
            }
            // A tag of any Hashable type becomes its description: readable where GTK shows
            // targets (GtkBuilder, exported menus), and the same whatever options come, go or
            // move around it, where an option's index would change every later target.
            var target = String(describing: option.tag.base)
            if tagByTarget[target] != nil {
                target += "#" + String(index)
                report(.warning, path: scope.path + [option.title],
                       "the tag \(option.tag.base) prints as another option's tag does; its GTK target is \"\(target)\", which changes when options move",
                       suggestion: "give the tag type a CustomStringConvertible description that tells its values apart")
            }
            targetByTag[option.tag] = target
            tagByTarget[target] = option.tag

            var attributes = PlannedAttributes()
            let icon = icons.checked(option.icon, path: scope.path + [option.title], diagnostics: &diagnostics)
            attributes.label = labels.itemLabel(option.title, hasIcon: icon != nil, scope: scope, diagnostics: &diagnostics)
            attributes.icon = icon
            attributes.verbIcon = scope.isIconic ? icon : nil
            attributes.keepsMenuOpen = scope.dismissBehavior == .disabled
            if !option.isDisabled {
                attributes.action = qualified(name)
                attributes.target = target
            } else {
                attributes.action = qualified(Self.unavailableActionName)
            }
            attributes.row = customRow(.radio, for: attributes, scope: scope)
            items.append(PlannedItem(identity: identity.appending("option:" + target), attributes: attributes, link: nil))
        }
        let currentSelection = choice.currentSelection
        let select = choice.select
        // The binding is read when the action's state is, not now: that is where a selection
        // that is no option shows, each time it is read so.
        let reportStateProblem = options.reportStateProblem
        let path = scope.path
        let choices = choice.options
        actions.append(PlannedAction(
            name: name, isEnabled: !scope.isDisabled,
            behavior: .choice(selected: {
                let selection = currentSelection()
                if let target = targetByTag[selection] { return target }
                if let reportStateProblem {
                    let list = choices.map { "\($0.title): \($0.tag.base)" }.joined(separator: ", ")
                    reportStateProblem(MenuDiagnostic(
                        severity: .warning, path: MenuLabelText.path(path),
                        message: "the selection \(selection.base) is none of the picker's options (\(list.isEmpty ? "it has none" : list)); no option is checked"))
                }
                return ""
            }, select: { target in
                guard let tag = tagByTarget[target] else { return false }
                select(tag)
                return true
            }, source: choice.selectionSource)))
        return items
    }

    /// GMenuKit's own row where GTK 4.8 cannot draw the item as asked: an icon beside a label,
    /// a subtitle, or an item that keeps the menu open (rules I1, L6, D4).
    package func customRow(_ kind: CustomRowKind, for attributes: PlannedAttributes, scope: Scope) -> CustomRowKind? {
        guard options.drawsOwnRows else { return nil }
        if scope.isIconic { return attributes.keepsMenuOpen || attributes.help != nil ? .icon : nil }
        // A tooltip or a badge only GMenuKit's rows show (GTK 4.8's items have neither).
        let hasExtras = attributes.help != nil || attributes.badge != nil
        // A checkmark or radio row exists to stay open when chosen; otherwise GTK's own item,
        // which closes the menu, serves better.
        let iconBesideLabel = attributes.icon != nil && !(attributes.label ?? "").isEmpty
        if kind == .check || kind == .radio {
            // A subtitle or icon only GMenuKit's row shows, too (`Toggle(isOn:) { Label(…); Text(…) }`).
            return attributes.keepsMenuOpen || hasExtras || attributes.subtitle != nil || iconBesideLabel ? kind : nil
        }
        if attributes.showsIconOnly && attributes.icon != nil { return .icon }
        return iconBesideLabel || attributes.subtitle != nil || attributes.keepsMenuOpen || hasExtras ? kind : nil
    }

    // MARK: Details

    /// The tooltip, badge and label style an item's row shows, the tint GTK can draw (red, in
    /// the theme's error colour: returns true), and a report of what the item's declaration held
    /// that GTK cannot show.
    mutating func planDetails(
        _ details: MenuItemDetails, of node: MenuNode, into attributes: inout PlannedAttributes, scope: Scope
    ) -> Bool {
        let path = scope.path + [node.title]
        for problem in details.problems { report(.warning, path: path, problem) }
        let help = details.help.map { MenuLabelText.normalize($0).text }.flatMap { $0.isEmpty ? nil : $0 }
        let badge = details.badge.map { MenuLabelText.normalize($0).text }.flatMap { $0.isEmpty ? nil : $0 }
        let showsIconOnly = details.labelStyle == .iconOnly
        let keywords = details.searchKeywords.isEmpty ? nil : details.searchKeywords.joined(separator: ",")
        if help != nil || badge != nil || showsIconOnly || keywords != nil {
            attributes.rowExtras = RowExtras(help: help, badge: badge, showsIconOnly: showsIconOnly, keywords: keywords)
        }
        let isRow: Bool
        switch node.kind {
        case .button, .toggle: isRow = true
        default: isRow = false
        }
        if !isRow && (attributes.help != nil || attributes.badge != nil) {
            report(.hint, path: path,
                   "GTK draws submenu and picker items itself, without a tooltip or badge; .help and .badge show on buttons and toggles")
        }
        if !options.drawsOwnRows && (attributes.help != nil || attributes.badge != nil) {
            report(.hint, path: path,
                   "a menu GTK shows alone draws GTK's items, which show no tooltip or badge; GMenuKit's controls show them")
        }
        guard let tint = details.tint else { return false }
        guard tint == .red, case .button = node.kind else {
            report(.hint, path: path,
                   "GTK draws menu items in the theme's colours; the tint \(tint.name) is not drawn (a button's .red is, in the theme's error colour)")
            return false
        }
        return true
    }

    /// What a section, control group, stepper or picker was declared with that GTK cannot show.
    mutating func reportDetailsOfBlock(_ details: MenuItemDetails, of node: MenuNode, scope: Scope) {
        let path = scope.path + [node.title.isEmpty ? "(section)" : node.title]
        for problem in details.problems { report(.warning, path: path, problem) }
        if details.help != nil || details.badge != nil || details.tint != nil {
            report(.hint, path: path,
                   "a section, stepper or inline picker shows no tooltip, badge or tint; give them to its items")
        }
    }
}
