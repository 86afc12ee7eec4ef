/// The GTK-free plan of a rendered menu: for every level (the top, each section, each submenu)
/// the items with their menu attributes, plus the actions those items use.
///
/// The renderer compares two plans level by level and applies only what differs.
package struct MenuPlan {
    package var items: [PlannedItem]
    package var actions: [PlannedAction]
    package var diagnostics: [MenuDiagnostic]
    /// The icon names missing from the icon theme, each with the diagnostic of its first item.
    package var missingIcons: [String: MenuDiagnostic] = [:]
    /// The shortcuts the items show, by GTK's spelling of the keys.
    package var shortcuts: [String: Shortcut] = [:]
    /// The app's actions the items borrow, with the type of target each gives, checked
    /// against the app's and window's actions when the menu is shown there.
    package var borrowedActions: [BorrowedAction] = []
    /// The lists whose items the plan keeps as they stand (each one placeholder item).
    package var keptLists: [DeferredElements] = []
    /// Kept lists some of whose elements changed in place: the plan keeps their items as they
    /// stood, and holds each list's change planned alone, to apply once the plan is.
    package var keptListChanges: [KeptListChange] = []
    /// The kept lists' buttons whose own actions stand, bound late, with no entry in `actions`.
    package var keptActionRuns: [KeptActionRun] = []
    /// The own actions of lists kept without running their content, with no entry in `actions`.
    package var keptPlannedRuns: [KeptPlannedRun] = []
    /// An item planned anew took the identity of a kept item: plan again without keeping.
    package var needsPlanWithoutKeeping = false

    package struct BorrowedAction {
        /// The detailed name's action part: `win.sort`.
        package var name: String
        /// The target's GVariant type string; nil for an item without a target.
        package var targetType: String?
        /// The item shows the action's state (a borrowed toggle or picker): a check mark wants a
        /// Boolean state, a radio mark a state of its target's type.
        package var expectsState = false
        /// The titles leading to the item (shared by the items of a level) and its own,
        /// joined only when it is reported.
        package var scopePath: [String]
        package var title: String
        /// The item's path, "View › Sort By › Name".
        package var path: String { MenuLabelText.path(scopePath + [title]) }
    }

    package struct Shortcut {
        package var written: String
        /// The item's path, "File › New".
        package var path: String
        /// The item hides while its action is missing or disabled (`hidden-when`).
        package var mayHide = false
    }
}

/// One menu item: its attributes and, for sections and submenus, the linked level.
package struct PlannedItem {
    package var identity: MenuIdentity
    package var attributes: PlannedAttributes
    package var link: PlannedLink?
    /// The `ForEach` element the item stands for, if it stands for one.
    package var origin: ElementOrigin?
    /// A placeholder for the items of a list kept as they stand, the whole of its level.
    package var kept: DeferredElements? = nil
    // No explicit initializer: the planner makes an item for every element of a menu, and
    // the implicit memberwise one builds it in place (an explicit one copied every item).
}

extension PlannedItem {
    /// The item of element `index` of `elements`, as the GTK layer reads it back from where
    /// it stands.
    package static func element(identity: MenuIdentity, attributes: PlannedAttributes, of elements: DeferredElements, index: Int) -> PlannedItem {
        PlannedItem(identity: identity, attributes: attributes, origin: ElementOrigin(elements: elements, index: index))
    }

    /// The attributes and the link, taken out (empty ones left): a render that lets go of its
    /// plan as it makes the menu moves what the menu keeps rather than copying it.
    package mutating func takeAttributesAndLink() -> (attributes: PlannedAttributes, link: PlannedLink?) {
        (PlannedAttributes.take(&attributes), link.take())
    }
}

package struct PlannedLink {
    package enum Kind: String { case section, submenu }
    package var kind: Kind
    package var children: [PlannedItem]
}

/// The attributes of one menu item, compared to decide whether the item must be replaced.
///
/// What most items have is stored inline; what few have (imported items' extras, a verb icon,
/// a role, a subtitle, a range, `hidden-when`, a widget) is behind one pointer,
/// nil for most: a planned item is copied into the plan and into its level, and was 376 bytes
/// with them inline at 100,000 items' peak memory.
package struct PlannedAttributes: Equatable {
    package var label: String?
    /// Set when the label is Pango markup; GTK 4.8 reads `use-markup` only as a string.
    package var useMarkup = false
    /// The detailed action name, scope included ("menu.copy", "app.quit").
    package var action: String?
    /// A string target; GMenuKit's own targets are strings.
    package var target: String?
    /// A target of another GVariant type (borrowed actions), written with `g_variant_parse`;
    /// behind a pointer of its own, set once and read once (a box shared with the rare
    /// attributes cost an imported item a copy of them).
    package var targetValue: MenuActionTarget? {
        get { typedTarget?.value }
        set { typedTarget = newValue.map(TypedTarget.init) }
    }
    package var typedTarget: TypedTarget? = nil
    package var icon: String?
    package var accel: String?
    /// The accel is the application's own for a borrowed action: GTK fires it already, so it
    /// is shown and not installed again.
    package var accelIsApplications = false
    /// When the accel runs, relative to the focused widget (`.shortcutScope(_:)`).
    package var accelPhase: ShortcutPhase = .afterFocusedWidget
    package var keepsMenuOpen = false
    /// Tooltip, badge, icon-only style and search keywords, which few items have: one
    /// pointer, nil for most.
    package var rowExtras: RowExtras?
    /// The tooltip (`.help`), shown by GMenuKit's rows.
    package var help: String? { rowExtras?.help }
    /// The badge at the end of the row (`.badge`), shown by GMenuKit's rows.
    package var badge: String? { rowExtras?.badge }
    /// The row shows its icon alone, the label as tooltip (`.labelStyle(.iconOnly)`).
    package var showsIconOnly: Bool { rowExtras?.showsIconOnly ?? false }
    /// Words the command palette finds the item by beside its title (`.searchKeywords`),
    /// comma-separated.
    package var keywords: String? { rowExtras?.keywords }
    /// Set when GTK 4.8 cannot draw the item as asked: GMenuKit's controls fill its `custom`
    /// slot with a row of their own.
    package var row: CustomRowKind?
    package var linkKind: PlannedLink.Kind?
    /// The attributes few items have, read and written through their properties below (not
    /// private: the memberwise initializer stays the core's).
    package var rare: RareAttributes.Box? = nil

    /// The icon that iconic sections (control groups, palettes, steppers) draw.
    package var verbIcon: String? {
        get { rare?.value.verbIcon }
        set { if newValue != nil || rare != nil { changeRare { $0.verbIcon = newValue } } }
    }
    /// What fills the slot of an app widget's item.
    package var appWidget: MenuWidgetFactory? {
        get { rare?.value.appWidget }
        set { if newValue != nil || rare != nil { changeRare { $0.appWidget = newValue } } }
    }
    package var displayHint: String? {
        get { rare?.value.displayHint }
        set { if newValue != nil || rare != nil { changeRare { $0.displayHint = newValue } } }
    }
    /// An imported item's links that no row shows, linked as they were read.
    package var keptLinks: [ImportedMenuLink] {
        get { rare?.value.keptLinks ?? [] }
        set { if !newValue.isEmpty || rare != nil { changeRare { $0.keptLinks = newValue } } }
    }
    /// Read by GMenuKit's controls: "destructive" items are drawn red and confirmed.
    package var role: String? {
        get { rare?.value.role }
        set { if newValue != nil || rare != nil { changeRare { $0.role = newValue } } }
    }
    package var subtitle: String? {
        get { rare?.value.subtitle }
        set { if newValue != nil || rare != nil { changeRare { $0.subtitle = newValue } } }
    }
    /// A value control's bounds and step, "lower upper step" (step 0 for any value).
    package var range: String? {
        get { rare?.value.range }
        set { if newValue != nil || rare != nil { changeRare { $0.range = newValue } } }
    }
    /// GMenuModel's `hidden-when`: `action-missing` or `action-disabled`.
    package var hiddenWhen: String? {
        get { rare?.value.hiddenWhen }
        set { if newValue != nil || rare != nil { changeRare { $0.hiddenWhen = newValue } } }
    }
    /// Attributes written as given: what imported items have beyond GMenuKit's fields.
    package var keptAttributes: [MenuAttribute] {
        get { rare?.value.keptAttributes ?? [] }
        set { if !newValue.isEmpty || rare != nil { changeRare { $0.keptAttributes = newValue } } }
    }

    /// The attributes out of `attributes`, leaving empty ones: moved where a plain hand-over
    /// would copy them (a retain of each).
    package static func take(_ attributes: inout PlannedAttributes) -> PlannedAttributes {
        var taken = PlannedAttributes()
        swap(&taken, &attributes)
        return taken
    }

    /// Changes the rare attributes: in their box when no copy of these attributes shares it,
    /// else in a new one; no box while all are empty. Several at once: one box.
    package mutating func changeRare(_ change: (inout RareAttributes) -> Void) {
        if rare != nil, isKnownUniquelyReferenced(&rare) {
            // Copy on write: a box no other copy shares is changed where it is.
            change(&rare!.value)
            if rare!.value.isEmpty { rare = nil }
            return
        }
        var value = rare?.value ?? RareAttributes()
        change(&value)
        // Moved into the box: passed as it is, the value would be copied (a retain per field).
        rare = value.isEmpty ? nil : RareAttributes.Box(consume value)
    }

    /// `==` of attributes read where they are, field by field as the synthesized one compares
    /// them (``storedFieldCount`` guards the list): handed over as values from a class or an
    /// array, both were copied first (a retain of each string and box).
    package static func equal(_ some: UnsafePointer<Self>, _ other: UnsafePointer<Self>) -> Bool {
        some.pointee.label == other.pointee.label && some.pointee.useMarkup == other.pointee.useMarkup
            && some.pointee.action == other.pointee.action && some.pointee.target == other.pointee.target
            && some.pointee.typedTarget == other.pointee.typedTarget && some.pointee.icon == other.pointee.icon
            && some.pointee.accel == other.pointee.accel && some.pointee.accelIsApplications == other.pointee.accelIsApplications
            && some.pointee.accelPhase == other.pointee.accelPhase && some.pointee.keepsMenuOpen == other.pointee.keepsMenuOpen
            && some.pointee.rowExtras == other.pointee.rowExtras && some.pointee.row == other.pointee.row
            && some.pointee.linkKind == other.pointee.linkKind && some.pointee.rare == other.pointee.rare
    }

    /// The stored fields ``equal(_:_:)`` compares.
    package static let storedFieldCount = 14
}

/// A typed target of ``PlannedAttributes``, immutable.
package final class TypedTarget: Equatable, Sendable {
    let value: MenuActionTarget
    init(_ value: MenuActionTarget) { self.value = value }
    package static func == (lhs: TypedTarget, rhs: TypedTarget) -> Bool { lhs === rhs || lhs.value == rhs.value }
}

/// The attributes of ``PlannedAttributes`` that few items have.
package struct RareAttributes: Equatable {
    package var verbIcon: String?
    package var appWidget: MenuWidgetFactory?
    package var displayHint: String?
    package var keptLinks: [ImportedMenuLink] = []
    package var role: String?
    package var subtitle: String?
    package var range: String?
    package var hiddenWhen: String?
    package var keptAttributes: [MenuAttribute] = []

    /// Nothing set.
    var isEmpty: Bool {
        verbIcon == nil && appWidget == nil && displayHint == nil && keptLinks.isEmpty && role == nil
            && subtitle == nil && range == nil && hiddenWhen == nil && keptAttributes.isEmpty
    }

    /// Changed only while one set of attributes holds it (copy on write), so attributes that
    /// share it stay values.
    package final class Box: Equatable, @unchecked Sendable {
        // Read for every item rendered: no dynamic exclusivity check (written only through
        // `changeRare`, on a box no one else holds).
        @exclusivity(unchecked) var value: RareAttributes
        init(_ value: RareAttributes) { self.value = value }
        package static func == (lhs: Box, rhs: Box) -> Bool { lhs === rhs || lhs.value == rhs.value }
    }
}

/// What few items have: a tooltip, a badge, the icon alone (shown by rows), words to search
/// by. Immutable, so attributes that share it stay values.
package final class RowExtras: Equatable, Sendable {
    package let help: String?
    package let badge: String?
    package let showsIconOnly: Bool
    package let keywords: String?

    package init(help: String?, badge: String?, showsIconOnly: Bool, keywords: String? = nil) {
        self.help = help
        self.badge = badge
        self.showsIconOnly = showsIconOnly
        self.keywords = keywords
    }

    package static func == (lhs: RowExtras, rhs: RowExtras) -> Bool {
        lhs.help == rhs.help && lhs.badge == rhs.badge && lhs.showsIconOnly == rhs.showsIconOnly && lhs.keywords == rhs.keywords
    }
}

/// The kinds of row GMenuKit draws itself, where GTK 4.8's model buttons fall short: they
/// show no icon beside a label, no subtitle, and always close the menu.
package enum CustomRowKind: Equatable {
    /// A command: icon, label, subtitle and shortcut.
    case command
    /// A checkmark item that keeps the menu open.
    case check
    /// One option of a picker that keeps the menu open.
    case radio
    /// An icon alone, in a compact row (a stepper's buttons, a control group's items).
    case icon
    /// The row of a kind that draws its own (`MenuItemKind`), by the id the GTK layer
    /// registers its widget under (`ItemKindRows`).
    case kindRow(String)
    /// The app's own widget (``MenuWidget``).
    case widget
}

/// The custom menu attributes GMenuKit adds for its controls; GTK ignores them.
package enum MenuAttributeName {
    package static let role = "gmenukit-role"
    package static let subtitle = "gmenukit-subtitle"
    package static let keepsMenuOpen = "gmenukit-keeps-open"
    package static let range = "gmenukit-range"
    package static let help = "gmenukit-help"
    package static let badge = "gmenukit-badge"
    package static let keywords = "gmenukit-keywords"
}

/// One GAction that the rendered menu owns.
package struct PlannedAction {
    package enum Behavior {
        case perform(@MainActor () -> Void)
        /// A Boolean state: the item shows a checkmark.
        case toggle(isOn: Binding<Bool>)
        /// A string state with one target per option: the items show radio marks.
        /// A string parameter names which of several items was chosen.
        /// The items of `kept` lists name no closure here: the list resolves the element's.
        case dispatch([String: @MainActor () -> Void], kept: [DeferredElements] = [])
        /// `selected` reads the target of the option selected now ("" for none); `select`
        /// answers whether the target named an option; `source` is what the picker's binding
        /// reads, when known.
        case choice(selected: @MainActor () -> String, select: @MainActor (String) -> Bool, source: BindingSource?)
        /// A double state and parameter: a value control's value, fitted as the control fits it.
        case value(ValueControlAction)

        /// A behavior that does nothing: a spent action's, a removed one's.
        package static var nothing: Behavior { .perform({}) }

        /// Whether the state's binding reads `source` (``bindingSource`` is `source`), asked
        /// without copying the binding's source out.
        @MainActor package func readsSource(_ source: BindingSource) -> Bool {
            switch self {
            case .toggle(let isOn): isOn.source == source
            case .choice(_, _, let own): own == source
            case .value(let control): control.value.source == source
            case .perform, .dispatch: false
            }
        }

        /// What the state's binding reads, when that is known (`Binding.source`).
        @MainActor package var bindingSource: BindingSource? {
            switch self {
            case .toggle(let isOn): isOn.source
            case .choice(_, _, let source): source
            case .value(let control): control.value.source
            case .perform, .dispatch: nil
            }
        }
    }

    /// Actions of different shapes cannot be turned into one another; they are replaced.
    package enum Shape { case plain, dispatch, toggle, choice, value }

    package var name: String
    package var isEnabled: Bool
    package private(set) var behavior: Behavior
    /// The behavior's shape, kept beside it: reading it from the behavior copied the
    /// behavior's closures first (a retain each), for every action a render installs or updates.
    package let shape: Shape

    /// The behavior, moved out for the one that keeps it (the menu's action group), leaving a
    /// closure that does nothing: a copy retains each of its closures, and the plan's own is
    /// released right after, for every action of every full render. The action is spent then.
    package mutating func takeBehavior() -> Behavior {
        var taken = Behavior.nothing
        swap(&taken, &behavior)
        return taken
    }

    package init(name: String, isEnabled: Bool, behavior: consuming Behavior) {
        self.name = name
        self.isEnabled = isEnabled
        (shape, self.behavior) = Self.split(behavior)
    }

    /// The behavior's shape, and the behavior: its values moved through (as `MenuNode` splits
    /// its kind).
    private static func split(_ behavior: consuming Behavior) -> (Shape, Behavior) {
        switch consume behavior {
        case .perform(let perform): (.plain, .perform(perform))
        case .dispatch(let handlers, let kept): (.dispatch, .dispatch(handlers, kept: kept))
        case .toggle(let isOn): (.toggle, .toggle(isOn: isOn))
        case .choice(let selected, let select, let source): (.choice, .choice(selected: selected, select: select, source: source))
        case .value(let control): (.value, .value(control))
        }
    }
}

/// What a destructive item asks before it acts (rule P6): "Delete Note?", with a button named
/// after the command ("Delete Note") beside Cancel.
public struct ConfirmationRequest: Equatable, Sendable {
    /// The question, named after the command: "Delete Note?".
    public var question: String
    /// What the confirmation says under its question, such as what will be lost.
    public var message: String?
    /// The label of the button that goes ahead.
    public var confirmLabel: String

    /// The request for an item labelled `title` ("Delete Note…").
    package init(itemTitle title: String, message: String?) {
        var command = MenuLabelText.normalize(title).text
        while let last = command.last, last == "…" || last == "." || last == " " { command.removeLast() }
        if command.isEmpty { command = "Delete" }
        confirmLabel = command
        question = command + "?"
        self.message = message
    }
}

/// The action of a value control: a double state, the value its binding holds, and what an
/// activation's parameter becomes (fitted to the control's bounds and step).
package struct ValueControlAction {
    package let value: Binding<Double>
    package let fit: (Double) -> Double

    package init(value: Binding<Double>, fit: @escaping (Double) -> Double) {
        self.value = value
        self.fit = fit
    }
}
