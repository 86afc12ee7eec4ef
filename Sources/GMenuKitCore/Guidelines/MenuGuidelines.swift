/// What kind of menu is being checked; several guidelines hold only for some kinds.
public enum MenuContext: Sendable, Equatable {
    /// The menu of a pull-down button: commands related to the button (rules P1–P9).
    case pullDown
    /// The menu of a pop-up button: mutually exclusive options, one of them selected (U1–U5).
    case popUp
    /// A context menu: a few actions for the selection, no shortcuts shown (C1, C2).
    case contextMenu
    /// A menu bar: the menu's items are the bar's menus (File, Edit, …). The bar has no title
    /// of its own, so paths start at the bar's menus.
    case menuBar
    /// A menu that will be shown as a submenu of another menu (S3).
    case submenu
}

/// Checks menus against the menu guidelines (`menus.md`, rule ids L1…D4) and says what breaks
/// them, so that a menu built with GMenuKit is good by default.
///
/// ```swift
/// for diagnostic in MenuGuidelines.check(editMenu, context: .menuBar) {
///     print(diagnostic)   // warning [L2]: Edit › Sort by date: …
/// }
/// ```
///
/// The checks read the menu's resolved content only (``ResolvedMenuNodes``); they call no GTK. Diagnostics come in
/// menu order and name the item by its path of titles, as written ("Edit › Sort by Date").
/// A suggestion fixes what its own rule is about. Content marked with
/// ``MenuContent/generatedContent(_:)`` keeps its labels and may be long: people made it.
///
/// Severities: error for clear breaks (actions in a pop-up), warning for most
/// rules, hint for style advice; each rule's file says which and why.
public enum MenuGuidelines {
    /// Checks a menu as declared. Paths start with the menu's title, except in a menu bar.
    /// `showsShortcuts` says whether a context menu shows its shortcuts (``ContextMenu/showsShortcuts``).
    @MainActor
    public static func check(
        _ menu: Menu, context: MenuContext = .pullDown, style: MenuGuidelineStyle = .apple, showsShortcuts: Bool = false
    ) -> [MenuDiagnostic] {
        check(menu.resolveContent(), title: menu.title, context: context, style: style, showsShortcuts: showsShortcuts)
    }

    /// Checks resolved menu content, the items of a menu titled `title` (the linter's and the
    /// tests' form: the nodes are internal to GMenuKit).
    @MainActor
    package static func check(
        _ nodes: [MenuNode], title: String = "", context: MenuContext = .pullDown,
        style: MenuGuidelineStyle = .apple, showsShortcuts: Bool = false
    ) -> [MenuDiagnostic] {
        var checker = GuidelineChecker(context: context, style: style, showsShortcuts: showsShortcuts)
        checker.checkRoot(nodes, title: title)
        return checker.diagnostics
    }
}
