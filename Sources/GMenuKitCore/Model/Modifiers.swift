/// Modifiers that work on any menu content, as their SwiftUI namesakes do. Each one applies to
/// every node the content resolves to.
extension MenuContent {
    /// Shows a GTK accelerator (`<Control>s`, `<Shift><Control>z`, `F5`) beside the item. A
    /// one-character literal (`"s"`) is SwiftUI's key form instead, Control+S; pass a
    /// `String` value for a plain key.
    @_disfavoredOverload
    public func keyboardShortcut(_ accelerator: String) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.shortcut = accelerator }
    }

    /// The letter of the label that chooses the item from the keyboard while its menu is open
    /// (GTK's mnemonic, shown underlined; Alt and the letter for a menu bar's menus). Labels are
    /// otherwise shown as written: an underscore in them is never a mnemonic.
    public func mnemonic(_ letter: Character) -> some MenuContent {
        ModifiedMenuContent(content: self) {
            $0.mnemonic = letter
            $0.mnemonicPosition = nil
        }
    }

    /// The mnemonic by position: the character at `position` of the label (counted in
    /// characters from 0) is marked, for a letter that is not the first of its kind
    /// (`Button("Open in Console").mnemonic(at: 2)` underlines the "e").
    public func mnemonic(at position: Int) -> some MenuContent {
        ModifiedMenuContent(content: self) {
            $0.mnemonicPosition = position
            $0.mnemonic = nil
        }
    }

    /// Reads the label as GTK's `use-underline` labels and GtkBuilder menus do: an underscore
    /// marks the next character as the mnemonic (`"Op_en in Console"`), and a doubled
    /// underscore is a literal one. Without it, underscores in labels are always literal.
    public func useUnderline(_ usesUnderline: Bool = true) -> some MenuContent {
        ModifiedMenuContent(content: self) { node in
            guard usesUnderline else { return }
            let parsed = MenuLabelText.parsingUnderline(node.title)
            node.title = parsed.text
            if let position = parsed.mnemonicPosition {
                node.mnemonicPosition = position
                node.mnemonic = nil
            }
        }
    }

    /// Dims the content; it does nothing when chosen (rule A1). Submenus stay openable (A3).
    public func disabled(_ isDisabled: Bool = true) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.isDisabled = $0.isDisabled || isDisabled }
    }

    /// Hides the item, instead of dimming it, while its action is missing or disabled
    /// (GMenuModel's `hidden-when`, honoured by GTK's popovers and menu bars). For borrowed
    /// actions (`Button(_, actionName:)`): an item of an action the window may not have.
    public func hidden(when condition: MenuHiddenCondition) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.hiddenWhen = condition }
    }

    /// Hides GMenuKit's own item while it is disabled (`.disabled()`), instead of dimming it.
    public func hiddenWhenDisabled() -> some MenuContent {
        hidden(when: .actionDisabled)
    }

    /// What a second activation of an async button (`Button("Export…") { await … }`) does
    /// while the first still runs: by default it is ignored, and the item dimmed meanwhile.
    public func asyncActionPolicy(_ policy: AsyncActionPolicy) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.asyncActionPolicy = policy }
    }

    /// `.disabled` keeps the menu open when the item is chosen, so people can repeat it (rule D4).
    public func menuActionDismissBehavior(_ behavior: MenuActionDismissBehavior) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.dismissBehavior = behavior }
    }

    /// Marks content that people or the application made: history, bookmarks, recent files.
    /// Such lists may be long and change often: their buttons share one parameterized action
    /// per section or submenu instead of one action each, the guideline checks allow the menu
    /// to be long (rule O4) and leave the labels as people wrote them. Applied to a menu, it
    /// marks everything in it.
    public func generatedContent(_ isGenerated: Bool = true) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.isGeneratedContent = isGenerated }
    }

    /// Marks a destructive button that acts without asking first, for instance because the
    /// action can be undone. Destructive buttons ask for confirmation by default (rule P6), and
    /// the guideline check warns about each one that does not.
    public func confirmationDisabled(_ isDisabled: Bool = true) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.confirmsBeforeActing = !isDisabled }
    }

    /// What a destructive button's confirmation says under its question ("Delete Note?"),
    /// such as what will be lost.
    public func confirmationMessage(_ message: String) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.confirmationMessage = message }
    }

    /// Gives the content an explicit identity, so that it keeps its action name however the
    /// code around it changes.
    public func id<ID: Hashable>(_ id: ID) -> some MenuContent {
        IdentifiedMenuContent(content: self, id: String(describing: id))
    }
}

package struct ModifiedMenuContent<Content: MenuContent>: MenuContent {
    package let content: Content
    package let modify: (inout MenuNode) -> Void

    package func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        let start = nodes.count
        content.resolve(at: identity, into: &nodes)
        for index in start..<nodes.count {
            // A deferred list's elements get the modifier when they are resolved.
            if let deferred = nodes[index].deferred { deferred.modifiers.append(modify) } else { modify(&nodes[index]) }
        }
    }
}

package struct IdentifiedMenuContent<Content: MenuContent>: MenuContent {
    package let content: Content
    package let id: String

    package func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        content.resolve(at: MenuIdentity("#" + id), into: &nodes)
    }
}
