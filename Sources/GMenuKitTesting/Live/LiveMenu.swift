import CGtk
import GMenuKitGTK

/// A menu read back from what GTK will show: a `GMenuModel` and the actions its items name,
/// read through GIO, so that it works on any menu, GMenuKit's or not (an app's GtkBuilder menu,
/// GTK's own text-view menu), and answers with the same ``MenuItemReading``s as
/// ``InspectedMenu``, which plans the menu without GTK.
///
/// ```swift
/// let rendered = RenderedMenu(editMenu)
/// let live = LiveMenu(rendered)
/// XCTAssertEqual(live.items, InspectedMenu(editMenu).items)   // the headless answer is GTK's
/// try live.item("Format", "Bold").activate()                  // through the action group
/// ```
///
/// Items are read as GTK 4.8 shows them (gtkmenutrackeritem.c): an item whose action is
/// missing or disabled is dimmed, an item without any action is not (GTK leaves it sensitive;
/// GMenuKit's own rows dim it), `hidden-when` hides by the action, an item with a target whose
/// action has a state is an option, a Boolean state without a target a toggle. GMenuKit's own
/// attributes (`gmenukit-subtitle`, `-badge`, `-help`, `-role`, `-keeps-open`) are read as its
/// rows draw them; a `double` state is a slider's value. The menu is read again at every query,
/// so it shows what GTK shows now.
@MainActor
public final class LiveMenu {
    /// The title that heads the outline in failures.
    public let title: String
    private let root: MenuModelReference
    private let actions: LiveActions
    /// The rendered menu read, kept alive: it empties its model when it is freed.
    private var rendered: RenderedMenu?

    /// The menu `model`, whose items' actions are looked up in `actions` by prefix, as GTK looks
    /// them up in the widget tree: `["app": appGroup, "menu": rendered.actionGroup]`. An action
    /// whose prefix has no group counts as missing. Both are referenced until the menu is freed.
    public init(model: UnsafeMutablePointer<GMenuModel>, actions: [String: GActionGroupHandle], title: String = "") {
        self.title = title
        root = MenuModelReference(retaining: model)
        self.actions = LiveActions(groups: actions, popover: nil)
    }

    /// GMenuKit's rendered menu: its model and its action group under its prefix, with any
    /// other groups its items borrow from (`["app": …]`). The rendered menu is kept alive as
    /// long as this one is (freed, it empties its model).
    public convenience init(_ rendered: RenderedMenu, borrowing other: [String: GActionGroupHandle] = [:]) {
        var groups = other
        groups[rendered.actionPrefix] = rendered.actionGroup
        self.init(model: rendered.menuModel, actions: groups, title: rendered.title)
        self.rendered = rendered
    }

    /// A `GtkPopoverMenu` that GTK built and opened (a text view's context menu, a menu
    /// button's popover): its model, with its actions looked up in `actions` by prefix where
    /// given, and otherwise in the popover's widget tree.
    ///
    /// GTK 4.8 does not say whether a widget class's action (`clipboard.copy`) is enabled, so
    /// for those the menu reads the `GtkModelButton` GTK made for the item: its sensitivity,
    /// its check or radio mark, the accel it shows; an item with no button is hidden. Items
    /// with the same title pair with their buttons in menu order. Choosing an item activates
    /// its action from the popover (`gtk_widget_activate_action_variant`), as the button does.
    /// Pass `nil` when the widget is no `GtkPopoverMenu` or has no model.
    public init?(popover: UnsafeMutablePointer<GtkWidget>, actions: [String: GActionGroupHandle] = [:], title: String = "") {
        guard gmk_is_popover_menu(popover.gpointer) != 0,
              let model = gtk_popover_menu_get_menu_model(gmk_popover_menu(popover.gpointer)) else { return nil }
        self.title = title
        root = MenuModelReference(retaining: model)
        self.actions = LiveActions(groups: actions, popover: popover)
    }

    /// The menu model, read again at every query.
    public var model: UnsafeMutablePointer<GMenuModel> { root.model }

    // MARK: Reading

    /// The items as GTK shows them now, sections and submenus with their items.
    public var items: [MenuItemReading] { entries().map(\.reading) }

    /// The menu's outline as ``MenuSnapshot`` writes it: what failures show.
    public var outline: String { MenuSnapshot.text(of: items, title: title) }

    /// The menu read now.
    func entries() -> [LiveEntry] {
        var reader = LiveMenuReader(actions: actions, buttons: actions.popover.map(PopoverButtons.init))
        return reader.read(root)
    }

    // MARK: Finding

    /// The item at `path` of titles ("Edit", "Sort By", "Date"): each title names an item of
    /// the level before (sections are passed through; a title may also name a section's
    /// header). Fails when the path names no item or more than one, with the menu's outline.
    public func item(_ path: String...) throws(MenuTestFailure) -> LiveMenuItem {
        try item(path: path)
    }

    /// The same with the path as an array.
    public func item(path: [String]) throws(MenuTestFailure) -> LiveMenuItem {
        switch ItemFinding.find(path, in: entries()) {
        case .found(_, let titles, let positions):
            return LiveMenuItem(menu: self, path: titles, positions: positions, title: titles.last)
        case .failed(let reason):
            throw MenuTestFailure("\(reason)\n\(outline)")
        }
    }

    /// The one item, at any depth, titled `title`; fails when none or several are, with the outline.
    public func item(titled title: String) throws(MenuTestFailure) -> LiveMenuItem {
        try item(where: "titled '\(title)'") { ItemChoosing.isTitled($0.title, title) }
    }

    /// The one item, at any depth, that `matches`; fails when none or several do.
    /// `description` names the condition in the failure.
    public func item(where description: String = "that matches", _ matches: (MenuItemReading) -> Bool) throws(MenuTestFailure) -> LiveMenuItem {
        try ItemChoosing.theOne(items(where: matches), description, in: title, outline: outline)
    }

    /// Every item, at any depth, that `matches`, in menu order; paths as ``InspectedMenu``
    /// makes them (a section's header is a step of its items' paths).
    public func items(where matches: (MenuItemReading) -> Bool) -> [LiveMenuItem] {
        var found: [LiveMenuItem] = []
        func walk(_ entries: [LiveEntry], path: [String], positions: [Int]) {
            for (index, entry) in entries.enumerated() {
                let reading = entry.reading
                let itemPath = reading.kind == .section && reading.title.isEmpty ? path : path + [reading.title]
                if matches(reading) { found.append(LiveMenuItem(menu: self, path: itemPath, positions: positions + [index], title: reading.title)) }
                if entry.linkedItems != nil {
                    walk(entry.children, path: itemPath, positions: positions + [index])
                }
            }
        }
        walk(entries(), path: [], positions: [])
        return found
    }

    // MARK: Acting

    /// The entry at `positions` now, when its title is still `title`; else found again by path.
    func entry(at positions: [Int], titled title: String?, path: [String]) -> LiveEntry? {
        var level = entries()
        var entry: LiveEntry?
        for position in positions {
            guard position < level.count else { entry = nil; break }
            entry = level[position]
            level = entry?.children ?? []
        }
        if let entry, entry.reading.title == title { return entry }
        // The model changed since the item was found: find it again by its titles.
        guard case .found(let again, _, _) = ItemFinding.find(path, in: entries()) else { return nil }
        return again
    }

    /// Activates `action` with `parameter` where the menu's actions are found.
    func activate(_ action: String, parameter: OpaquePointer?) -> Bool {
        actions.activate(action, parameter: parameter)
    }
}

extension MenuSnapshot {
    /// The text of what GTK shows now.
    @MainActor
    public static func text(of menu: LiveMenu) -> String { text(of: menu.items, title: menu.title) }
}
