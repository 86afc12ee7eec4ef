/// One resolved element of a menu: the neutral, GTK-free description that the renderer turns
/// into a `GMenuModel` and actions, and that the guideline checks read.
package struct MenuNode {
    /// Where the node sits in its menu; action names derive from it.
    package var identity: MenuIdentity
    /// The label as written; the renderer normalizes it (ellipsis, mnemonics, markup).
    package var title: String
    /// A freedesktop icon name, such as `edit-copy-symbolic`.
    package var icon: String?
    /// A second, smaller line that explains the item (rule L6).
    package var subtitle: String?
    /// A GTK accelerator string, such as `<Control>c`.
    package var shortcut: String?
    /// The letter that chooses the item from the keyboard while its menu is open, shown
    /// underlined (GTK's mnemonic); Alt and the letter for a menu bar's menus.
    package var mnemonic: Character?
    /// The mnemonic by position instead: the index of the marked character in ``title``, counted
    /// in characters ("Op_en in Console" is "Open in Console" at 2). Wins over ``mnemonic``.
    package var mnemonicPosition: Int?
    /// Whether the item is dimmed and does nothing when chosen (rule A1).
    package var isDisabled: Bool = false
    /// Whether choosing the item closes its menu (rule D4).
    package var dismissBehavior: MenuActionDismissBehavior = .automatic
    /// The role of a button: destructive items are drawn red and ask first.
    package var role: ButtonRole?
    /// Made by people or the app (history, bookmarks): guideline checks allow it to be long
    /// and leave its labels as written (rule O4).
    package var isGeneratedContent: Bool = false
    /// Whether a destructive button asks before it acts (rule P6); true unless opted out.
    package var confirmsBeforeActing: Bool = true
    /// A command's item in the application's menus: the action it names is the application's,
    /// which asks before it acts, so the item itself asks nothing more (and breaks no P6).
    package var confirmedByItsAction = false
    /// What a second activation of an async action does while the first runs.
    package var asyncActionPolicy: AsyncActionPolicy = .ignoreWhileRunning
    /// What the node is: a button, toggle, picker, submenu, group, value control or divider.
    package var kind: Kind {
        get { storedKind }
        set { (kindCase, runsClosure, storedKind) = Self.split(newValue) }
        _modify {
            // Moved out while it changes, so that its values are not shared (and copied on write).
            var kind = Kind.divider
            swap(&kind, &storedKind)
            defer { (kindCase, runsClosure, storedKind) = Self.split(kind) }
            yield &kind
        }
    }
    private var storedKind: Kind
    /// The case of ``kind`` alone, kept beside it: reading the kind copies it with its values
    /// (a retain for each), and planning asks what a node is more often than it reads them.
    package private(set) var kindCase: KindCase
    /// Whether the kind is a button that runs a closure, kept beside it as ``kindCase`` is.
    private var runsClosure = false
    /// For a control group: a row of icons, or a labelled row of buttons.
    package var controlGroupStyle: ControlGroupStyle = .automatic
    /// When GTK hides the item rather than dimming it (GMenuModel's `hidden-when`).
    package var hiddenWhen: MenuHiddenCondition?
    /// For items read from GtkBuilder XML: where they were written and what GMenuKit keeps
    /// of them as written. Nil for declared items.
    package var imported: ImportedMenuItem?
    /// A borrowed action's item that shows the action's state: a toggle's check mark or a
    /// picker's radio mark (`Toggle(_, actionName:)`, `Picker(_, actionName:)`).
    package var showsActionState = false
    /// While a rendered menu resolves: a `ForEach` whose elements the planner resolves later.
    package var deferred: DeferredElements?
    /// The `ForEach` element that made this node, for the renderer's incremental updates.
    package var origin: ElementOrigin?
    /// The rare details (tooltip, badge, label style, tint, declaration problems), read
    /// through ``details``: one pointer, nil for most items.
    package var detailsBox: MenuItemDetailsBox?

    /// What a node is. The kinds that shape a menu's structure (items, submenus, sections,
    /// groups, dividers) are cases the planner lays out; every other kind describes itself in
    /// a file of its own (`MenuItemKind`, in `Kinds/`). Not public: a kind added is no
    /// change to any client's switch.
    package enum Kind {
        /// A command: runs a closure, or activates an action that already exists (`app.quit`).
        case button(ButtonAction)
        /// A checkmark item bound to a Boolean (rule T4). The binding is read when the menu
        /// shows its state, not while content resolves, so a flip touches only its action.
        case toggle(isOn: Binding<Bool>)
        /// One of many options, bound to a selection.
        case picker(PickerChoice)
        /// A nested menu, shown as a submenu.
        case submenu(children: [MenuNode], primaryAction: (@MainActor () -> Void)?)
        /// A group of items, with an optional header (the node's title).
        case section(children: [MenuNode])
        /// A compact row of items.
        case controlGroup(children: [MenuNode])
        /// A kind that describes itself (`Kinds/`): the value controls.
        case item(any MenuItemKind)
        /// A separator between groups of items.
        case divider
        /// An app's own widget in a custom slot of the menu.
        case widget(MenuWidgetFactory)
    }

    /// Whether the node at `node` is a button that runs a closure, asked where the node is:
    /// reading its kind copies the kind with its values.
    package static func performsClosure(at node: UnsafePointer<MenuNode>) -> Bool {
        node.pointee.runsClosure
    }

    /// The list a section's one child stands for, read where the node lies: matching ``kind``
    /// copies the kind, and reading the child out of its array copies the whole child.
    package static func listOfLoneSectionChild(at node: UnsafePointer<MenuNode>) -> DeferredElements? {
        guard node.pointee.kindCase == .section, case .section(let children) = node.pointee.storedKind, children.count == 1
        else { return nil }
        return children.withUnsafeBufferPointer { $0.baseAddress!.pointee.deferred }
    }

    /// The kind, moved out, the node left a divider: for a node spent as it is read (matching
    /// ``kind`` in place copies the kind with all its values).
    package mutating func takeKind() -> Kind {
        var taken = Kind.divider
        swap(&taken, &storedKind)
        (kindCase, runsClosure) = (.divider, false)
        return taken
    }

    /// The case of a ``Kind``, without its values.
    package enum KindCase: UInt8 {
        case button, toggle, picker, submenu, section, controlGroup, item, divider, widget
    }

    /// The kind's case, whether it runs a closure, and the kind: its values moved through,
    /// where matching a kind that is kept would copy them.
    private static func split(_ kind: consuming Kind) -> (KindCase, Bool, Kind) {
        switch consume kind {
        case .button(let action):
            switch consume action {
            case .perform(let perform): (.button, true, .button(.perform(perform)))
            case .performAsync(let perform): (.button, false, .button(.performAsync(perform)))
            case .named(let name, let target): (.button, false, .button(.named(name, target: target)))
            }
        case .toggle(let isOn): (.toggle, false, .toggle(isOn: isOn))
        case .picker(let choice): (.picker, false, .picker(choice))
        case .submenu(let children, let primaryAction): (.submenu, false, .submenu(children: children, primaryAction: primaryAction))
        case .section(let children): (.section, false, .section(children: children))
        case .controlGroup(let children): (.controlGroup, false, .controlGroup(children: children))
        case .item(let item): (.item, false, .item(item))
        case .divider: (.divider, false, .divider)
        case .widget(let factory): (.widget, false, .widget(factory))
        }
    }

    /// A node of the given kind at `identity`, titled `title`, with an icon and subtitle: given
    /// here, they are stored as the node is made (set on the node in its array afterwards, each
    /// was assigned through Optional's generic value witness, 1.5% of a refresh).
    package init(identity: MenuIdentity, title: String, kind: Kind, icon: String? = nil, subtitle: String? = nil) {
        self.identity = identity
        self.title = title
        self.icon = icon
        self.subtitle = subtitle
        (kindCase, runsClosure, storedKind) = Self.split(kind)
    }

    /// A stand-in for a `ForEach`'s elements, expanded by the planner.
    package init(deferring elements: DeferredElements) {
        self.init(identity: elements.identity, title: "", kind: .section(children: []))
        deferred = elements
    }

    /// The letter that chooses the item while its menu is open, in lowercase, or nil: the
    /// mnemonic's letter where the label has it, or the character at the mnemonic's position
    /// (an item read from GtkBuilder has the letter its label marks with `_` as its mnemonic).
    package var accessKey: Character? {
        if let mnemonicPosition {
            guard mnemonicPosition >= 0, mnemonicPosition < title.count else { return nil }
            let character = title[title.index(title.startIndex, offsetBy: mnemonicPosition)]
            return Character(character.lowercased())
        }
        guard let mnemonic, title.contains(where: { $0.lowercased() == mnemonic.lowercased() }) else { return nil }
        return Character(mnemonic.lowercased())
    }

    /// The nodes nested inside this one: a submenu's, section's or control group's items.
    package var children: [MenuNode] {
        switch kind {
        case .submenu(let children, _), .section(let children), .controlGroup(let children): children
        default: []
        }
    }
}

/// What choosing a button does.
package enum ButtonAction {
    /// Runs a closure on the main actor.
    case perform(@MainActor () -> Void)
    /// An async closure: each activation runs it as a main-actor task, under the node's
    /// `asyncActionPolicy`.
    case performAsync(@MainActor () async -> Void)
    /// An action that already exists in the widget tree, by its detailed name
    /// (`app.quit`, `win.zoom`, `win.close-tab(false)`) and an optional target of any GVariant type.
    case named(String, target: MenuActionTarget?)
}

extension ButtonAction {
    /// A copy made case by case: the enum's own copy goes through its value witness, about
    /// a hundred instructions for every button a render or refresh resolves.
    func copy() -> ButtonAction {
        switch self {
        case .perform(let perform): .perform(perform)
        case .performAsync(let perform): .performAsync(perform)
        case .named(let name, let target): .named(name, target: target)
        }
    }
}

/// When GTK hides an item instead of dimming it: GMenuModel's `hidden-when` attribute, which
/// GTK's menu tracker (gtkmenutrackeritem.c) honours in popovers and menu bars.
public enum MenuHiddenCondition: String, Sendable, Equatable {
    /// Hidden while no action of the item's name can be found (`action-missing`).
    case actionMissing = "action-missing"
    /// Hidden while the action is missing or disabled (`action-disabled`).
    case actionDisabled = "action-disabled"
}

/// An attribute GMenuKit writes into the menu model as given: app-defined attributes of
/// imported items, kept for other readers.
package struct MenuAttribute: Hashable, Sendable {
    /// A string, or a GVariant of another type.
    package enum Value: Hashable, Sendable {
        /// A string, written as GVariant type `s`.
        case string(String)
        /// A GVariant of any type, in text form.
        case variant(MenuActionTarget)
    }

    /// The attribute's name.
    package var name: String
    /// Its value.
    package var value: Value

    /// An attribute of this name and value.
    package init(name: String, value: Value) {
        self.name = name
        self.value = value
    }
}

/// What a node read from GtkBuilder XML keeps as written: GMenuKit renders it as GtkBuilder
/// would (labels with their `_` mnemonics, structure, every attribute), and still checks it.
package final class ImportedMenuItem: Sendable {
    /// Where the `<item>`, `<section>` or `<submenu>` was written.
    package let location: MenuSourceLocation
    /// The `label` attribute as written (translated), with GtkBuilder's `_` before the
    /// mnemonic letter and `__` for an underscore; nil for an item without one (a `custom`
    /// slot, an icon alone), which gets no label, not "Untitled". The node's title is the text
    /// GTK shows, without the marks, and its `mnemonic` the marked letter.
    package let label: String?
    /// Whether the item has a `label` attribute.
    package var hasLabel: Bool { label != nil }
    /// Attributes GMenuKit has no field for (`icon`, `verb-icon`, `custom`, `display-hint`,
    /// `submenu-action`, app-defined ones), written as they were read.
    package let attributes: [MenuAttribute]

    /// Links GMenuKit's rows do not show (an item's submenu beside its section, links of the
    /// app's own names), linked again in every rendering as GtkBuilder made them.
    package let links: [ImportedMenuLink]

    /// An imported item written at `location`, with its label as written and the attributes GMenuKit has no field for.
    package convenience init(location: MenuSourceLocation, label: String?, attributes: [MenuAttribute]) {
        self.init(location: location, label: label, attributes: attributes, links: [])
    }

    package init(location: MenuSourceLocation, label: String?, attributes: [MenuAttribute], links: [ImportedMenuLink]) {
        self.location = location
        self.label = label
        self.attributes = attributes
        self.links = links
    }

    /// What GTK shows of a label read with mnemonics (`gtk_label_set_text_with_mnemonic`):
    /// the text without the marks, and the marked letter.
    package static func visibleText(ofMnemonicLabel label: String) -> (text: String, mnemonic: Character?) {
        var label = label
        // Most labels are ASCII: their bytes are their characters, read without grapheme breaking.
        let ascii: (text: String, mnemonic: Character?)?? = label.withUTF8 { bytes in
            guard let firstMark = bytes.firstIndex(of: UInt8(ascii: "_")) else { return .some(nil) }
            // A carriage return and a line feed are one character.
            guard !bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\r") }) else { return nil }
            var mnemonic: Character?
            // Written in place: a label of 15 bytes or fewer becomes a small string, with no
            // buffer on the heap.
            let text = String(unsafeUninitializedCapacity: bytes.count) { text in
                var count = firstMark
                _ = text.initialize(fromContentsOf: bytes[..<firstMark])
                var marked = false
                for byte in bytes[firstMark...] {
                    if marked {
                        if byte != UInt8(ascii: "_"), mnemonic == nil { mnemonic = Character(Unicode.Scalar(byte)) }
                        text[count] = byte
                        count += 1
                        marked = false
                    } else if byte == UInt8(ascii: "_") {
                        marked = true
                    } else {
                        text[count] = byte
                        count += 1
                    }
                }
                if marked {
                    text[count] = UInt8(ascii: "_")
                    count += 1
                }
                return count
            }
            return .some((text, mnemonic))
        }
        if let ascii { return ascii ?? (label, nil) }
        guard label.contains("_") else { return (label, nil) }
        var text = ""
        var mnemonic: Character?
        var marked = false
        for character in label {
            if marked {
                if character != "_", mnemonic == nil { mnemonic = character }
                text.append(character)
                marked = false
            } else if character == "_" {
                marked = true
            } else {
                text.append(character)
            }
        }
        if marked { text.append("_") }
        return (text, mnemonic)
    }

    /// The string of an attribute of this name, if it has one.
    package func string(_ name: String) -> String? {
        for attribute in attributes where attribute.name == name {
            if case .string(let value) = attribute.value { return value }
        }
        return nil
    }
}

/// A picker's options and selection, with the selection type erased.
package struct PickerChoice {
    /// One option of a picker.
    package struct Option {
        /// The option's label.
        package var title: String
        /// A freedesktop icon name; a palette shows it.
        package var icon: String?
        /// Whether the option is dimmed and cannot be chosen.
        package var isDisabled: Bool
        /// The value the option selects.
        package var tag: AnyHashable
    }

    /// The options, in the order written.
    package var options: [Option]
    /// How the options are shown.
    package var style: PickerStyle
    /// Reads the bound selection; called when the menu shows its state.
    package var currentSelection: @MainActor () -> AnyHashable
    /// Sets the bound selection to an option's tag.
    package var select: @MainActor (AnyHashable) -> Void
    /// What the selection's binding reads, when known (`Binding.source`).
    package var selectionSource: BindingSource? = nil

    /// The selection now.
    @MainActor package var selection: AnyHashable { currentSelection() }
}

/// Whether choosing an item closes its menu (rule D4).
public enum MenuActionDismissBehavior: Sendable, Equatable {
    /// Choosing the item closes the menu; the default.
    case automatic
    /// Choosing the item closes the menu, as by default.
    case enabled
    /// The menu stays open, so people can choose the item again (Increase / Decrease).
    case disabled
}

/// The role of a button, as in SwiftUI.
public enum ButtonRole: Sendable, Equatable {
    /// Deletes or discards something: drawn red and confirmed before it acts (rule P6).
    case destructive
    /// Cancels an operation; drawn as any other item.
    case cancel
}

/// How a picker shows its options (rule D2).
public enum PickerStyle: Sendable, Equatable {
    /// The options stand in the menu itself, as a section headed by the picker's title.
    case inline
    /// The options sit in a submenu named by the picker's title.
    case menu
    /// The options form a compact row of icons.
    case palette
}

/// A link of an imported item that GMenuKit's rows do not show (an item's submenu beside its
/// section, a link of the app's own name): its name, and the menu the GtkBuilder reader made
/// as GtkBuilder makes it (the core names no GLib type).
package final class ImportedMenuLink: Sendable, Equatable {
    package let name: String
    package let menu: any AnyObject & Sendable

    package init(name: String, menu: any AnyObject & Sendable) {
        self.name = name
        self.menu = menu
    }

    package static func == (lhs: ImportedMenuLink, rhs: ImportedMenuLink) -> Bool { lhs === rhs }
}
