import CGtk
import GMenuKitBuilder
import GMenuKitGTK
import GMenuKitApp

/// Opens a control's menu on a real display and chooses an item by its path, with real
/// pointer clicks or real keys, as a person would; then waits until the menu has closed.
///
/// ```swift
/// let window = try TestWindow(titled: "Sorting", child: control.widget)
/// defer { window.close() }
/// let driver = MenuDriver(control)
/// try driver.choose("Sort By", "Date")                 // clicks: the button, Sort By, Date
/// try driver.choose("Sort By", "Name", using: .keys)  // Return, arrows, Right, Return
/// ```
///
/// Paths are written as for ``InspectedMenu/item(_:)``: titles as shown, without the access
/// key's mark; sections are passed through, and a title may name a section's header, which
/// narrows the next title to its items; a trailing ellipsis may be left out. The items are read
/// from the open popover's widgets (GTK's model buttons and GMenuKit's rows), level by level:
/// a submenu is opened (a click, or Right) and its page or popover waited for. A menu bar's
/// paths start with the title of the bar's menu ("Edit", "Sort By", "Date").
///
/// A path that names no item, or more than one, fails with what the level shows; any failure
/// closes what the driver opened first, so nothing is left open for the next test.
@MainActor
public final class MenuDriver {
    /// The input an item is chosen with.
    public enum Input: Sendable {
        /// Pointer clicks: on the button (a secondary click for a context menu, the bar's
        /// title for a menu bar), on each submenu, on the item.
        case pointer
        /// Keys: Return on the focused button, Shift+F10 for a context menu, F10 and Right
        /// for a menu bar; Down and Up to the item, Right into a submenu, Return to choose.
        case keys
    }

    /// What became of the menu once the chosen item acted.
    public enum Outcome: Sendable, Equatable {
        /// The menu closed, as choosing an item closes it.
        case closed
        /// The item acted and the menu stayed open (an item that keeps the menu open).
        case keptOpen
    }

    private enum Opener {
        case menuButton(UnsafeMutablePointer<GtkWidget>)
        case menuBar
        case contextMenu(at: (x: Double, y: Double)?)
    }

    /// The widget whose popovers are the menu's: the button, the bar, the widget a context
    /// menu is attached to. Valid while that widget lives.
    public let owner: UnsafeMutablePointer<GtkWidget>
    private let opener: Opener
    /// The owner, nil once it is gone (its window closed): the driver reads nothing then.
    private let ownerReference: WeakObjectPointer<GtkWidget>

    /// The popovers of the driver's menu shown now, submenus after their menus.
    private func shownPopovers(below widget: UnsafeMutablePointer<GtkWidget>? = nil) -> [UnsafeMutablePointer<GtkWidget>] {
        guard let owner = ownerReference.object else { return [] }
        return WidgetTree.shownPopovers(below: widget ?? owner)
    }

    /// A pull-down button's menu, opened by its arrow (or its only button).
    public convenience init(_ control: PullDownButton) { self.init(menuButton: control.menuButton, owner: control.widget) }
    /// A pop-up button's menu.
    public convenience init(_ control: PopUpButton) { self.init(menuButton: control.menuButton, owner: control.widget) }
    /// A menu bar's menus: each path starts with the title of one of them.
    public convenience init(_ control: MenuBar) { self.init(menuBar: control.widget) }
    /// A context menu, opened by a secondary click at `point` of its widget (its middle when
    /// nil) or by Shift+F10 on it.
    public convenience init(_ control: ContextMenu, at point: (x: Double, y: Double)? = nil) {
        self.init(contextMenuOn: control.widget, at: point)
    }

    /// The menu of any `GtkMenuButton`. `owner` holds the button, when the popover is parented
    /// elsewhere below it.
    public init(menuButton: UnsafeMutablePointer<GtkWidget>, owner: UnsafeMutablePointer<GtkWidget>? = nil) {
        self.owner = owner ?? menuButton
        ownerReference = WeakObjectPointer(owner ?? menuButton)
        opener = .menuButton(menuButton)
    }

    /// The menus of any `GtkPopoverMenuBar`.
    public init(menuBar: UnsafeMutablePointer<GtkWidget>) {
        owner = menuBar
        ownerReference = WeakObjectPointer(menuBar)
        opener = .menuBar
    }

    /// The context menu of any widget: GMenuKit's, or GTK's own (a text view's).
    public init(contextMenuOn widget: UnsafeMutablePointer<GtkWidget>, at point: (x: Double, y: Double)? = nil) {
        owner = widget
        ownerReference = WeakObjectPointer(widget)
        opener = .contextMenu(at: point)
    }

    // MARK: Reading

    /// Whether a menu of the driver's is open (a popover of its is shown).
    public var isOpen: Bool { !shownPopovers().isEmpty }

    /// The items of the menu level shown now (the deepest open submenu's), or a menu bar's
    /// items while none of its menus is open.
    public var shownItems: [ShownMenuItem] {
        if let level = currentLevel() { return level.items }
        if case .menuBar = opener, let owner = ownerReference.object { return ShownMenuItems.barItems(of: owner) }
        return []
    }

    private func currentLevel() -> (popover: UnsafeMutablePointer<GtkWidget>, items: [ShownMenuItem])? {
        for popover in shownPopovers().reversed() {
            let items = ShownMenuItems.items(in: popover)
            if !items.isEmpty { return (popover, items) }
        }
        return nil
    }

    /// The level shown once it is in place: its popover shown, laid out, no page sliding.
    private func settledLevel(after what: String) throws(MenuTestFailure) -> (popover: UnsafeMutablePointer<GtkWidget>, items: [ShownMenuItem]) {
        try MainLoop.wait(for: what) {
            guard let level = currentLevel() else { return false }
            return !ShownMenuItems.isSliding(level.popover) && level.items.allSatisfy { gtk_widget_get_width($0.widget) > 0 }
        }
        guard let level = currentLevel() else { throw MenuTestFailure("the menu closed while \(what) was awaited") }
        return level
    }

    // MARK: Opening and closing

    /// Opens the menu with real input and waits until its items are shown. For a menu bar,
    /// `barItem` is the title of the menu to open (F10 opens the first, Right the next).
    public func open(using input: Input = .pointer, barItem: String? = nil) throws(MenuTestFailure) {
        do {
            try openMenu(using: input, barItem: barItem)
        } catch {
            close()
            throw error
        }
    }

    private func openMenu(using input: Input, barItem: String?) throws(MenuTestFailure) {
        if input == .keys { try RealInput.movePointerAway() }
        switch opener {
        case .menuButton(let button):
            switch input {
            case .pointer: try RealInput.click(button)
            case .keys:
                gtk_widget_grab_focus(button)
                MainLoop.drain()
                try RealInput.key("Return")
            }
        case .contextMenu(let point):
            switch input {
            case .pointer: try RealInput.click(owner, button: .secondary, at: point)
            case .keys:
                guard gtk_widget_grab_focus(owner) != 0 else {
                    throw MenuTestFailure("the widget takes no keyboard focus: Shift+F10 cannot reach its context menu")
                }
                MainLoop.drain()
                try RealInput.key("shift+F10")
            }
        case .menuBar:
            guard let barItem else { throw MenuTestFailure("a menu bar's path starts with the title of one of its menus") }
            let items = ShownMenuItems.barItems(of: owner)
            let wanted = try Self.match(barItem, in: items, where: "in the menu bar")
            switch input {
            case .pointer: try RealInput.click(wanted.widget)
            case .keys:
                try RealInput.key("F10")
                for _ in items {
                    try MainLoop.wait(for: "F10 or Right to open a menu of the bar") { isOpen }
                    if shownPopovers(below: wanted.widget).isEmpty == false { break }
                    let shown = shownPopovers()
                    try RealInput.key("Right")
                    try MainLoop.wait(for: "Right to open the bar's next menu") { shownPopovers() != shown }
                }
            }
            try MainLoop.wait(for: "the bar's menu '\(wanted.title)' to open") { !shownPopovers(below: wanted.widget).isEmpty }
        }
        _ = try settledLevel(after: "the menu to open")
    }

    /// Closes whatever menu of the driver's is open, its submenus first, without input (as
    /// the control's `popdown()` would), and runs what that left for the main loop.
    public func close() {
        for popover in shownPopovers().reversed() { gtk_popover_popdown(gmk_popover(popover.gpointer)) }
        MainLoop.drain()
    }

    /// Closes the open menu with real Escape presses, a submenu's popover at a time, and waits
    /// until it has closed.
    public func closeWithEscape() throws(MenuTestFailure) {
        var presses = 0
        while isOpen {
            guard presses < 8 else { close(); throw MenuTestFailure("Escape did not close the menu") }
            let shown = shownPopovers()
            try RealInput.key("Escape")
            presses += 1
            try MainLoop.wait(for: "Escape to close the menu") { shownPopovers() != shown }
        }
        MainLoop.drain()
    }

    // MARK: Choosing

    /// Opens the menu if it is closed, goes to the item at `path` with `input` and chooses it;
    /// waits until the menu has closed, or until the item has acted while the menu stays open
    /// (``Outcome/keptOpen``). A menu open already is walked from the level it shows.
    @discardableResult
    public func choose(_ path: String..., using input: Input = .pointer) throws(MenuTestFailure) -> Outcome {
        try choose(path: path, using: input)
    }

    /// The same with the path as an array.
    @discardableResult
    public func choose(path: [String], using input: Input = .pointer) throws(MenuTestFailure) -> Outcome {
        do {
            return try walk(path, using: input)
        } catch {
            close()
            let how = input == .pointer ? "with the pointer" : "with keys"
            throw MenuTestFailure("choosing '\(path.joined(separator: " › "))' \(how): \(error.description)")
        }
    }

    private func walk(_ path: [String], using input: Input) throws(MenuTestFailure) -> Outcome {
        guard !path.isEmpty else { throw MenuTestFailure("an empty path names no item") }
        var remaining = path[...]
        var walked: [String] = []
        if !isOpen {
            var barItem: String?
            if case .menuBar = opener { barItem = remaining.removeFirst(); walked.append(barItem!) }
            try openMenu(using: input, barItem: barItem)
        } else if case .menuBar = opener {
            walked.append(remaining.removeFirst())
        }
        guard !remaining.isEmpty else { throw MenuTestFailure("the path names a menu of the bar, not an item") }
        var narrowed: [ShownMenuItem]?
        while let wanted = remaining.first {
            remaining.removeFirst()
            let level = try settledLevel(after: "the menu's items to show")
            let place = walked.isEmpty ? "at the top" : "in " + walked.joined(separator: " › ")
            let candidates = narrowed ?? level.items
            narrowed = nil
            let target: ShownMenuItem
            do {
                target = try Self.match(wanted, in: candidates, where: place)
            } catch {
                // A section's header narrows the next title to the section's items.
                guard narrowedCandidates(wanted, in: level.popover, into: &narrowed), !remaining.isEmpty else { throw error }
                walked.append(wanted)
                continue
            }
            walked.append(target.title)
            if remaining.isEmpty {
                guard target.isEnabled else { throw MenuTestFailure("'\(walked.joined(separator: " › "))' is dimmed") }
                return try activate(target, among: level.items, using: input)
            }
            guard target.opensSubmenu else {
                throw MenuTestFailure("'\(walked.joined(separator: " › "))' has no items; the path goes on with '\(remaining.first!)'")
            }
            let before = level.items.map(\.widget)
            switch input {
            case .pointer: try RealInput.click(target.widget)
            case .keys:
                try focus(target, among: level.items)
                try RealInput.key("Right")
            }
            try MainLoop.wait(for: "the submenu '\(target.title)' to open") {
                guard let now = currentLevel() else { return false }
                return now.items.map(\.widget) != before
            }
        }
        throw MenuTestFailure("the path ends with a section's header, not an item")
    }

    private func narrowedCandidates(_ wanted: String, in popover: UnsafeMutablePointer<GtkWidget>, into narrowed: inout [ShownMenuItem]?) -> Bool {
        let headers = ShownMenuItems.sectionHeaders(in: popover).filter { ItemFinding.matches($0.title, wanted) }
        guard headers.count == 1 else { return false }
        narrowed = headers[0].items
        return true
    }

    /// The one item of `items` titled `wanted` (an exact title wins over one without its
    /// ellipsis); fails with the titles there.
    static func match(_ wanted: String, in items: [ShownMenuItem], where place: String) throws(MenuTestFailure) -> ShownMenuItem {
        var matches = items.filter { ItemFinding.matches($0.title, wanted) }
        if matches.count > 1 {
            let exact = matches.filter { $0.title == wanted }
            if exact.count == 1 { matches = exact }
        }
        guard matches.count == 1 else {
            let listing = items.map { "'\($0.description)'" }.joined(separator: ", ")
            throw MenuTestFailure(matches.isEmpty
                ? "no item '\(wanted)' \(place) (items there: \(listing))"
                : "\(matches.count) items '\(wanted)' \(place): the path is ambiguous (items there: \(listing))")
        }
        return matches[0]
    }

    /// Moves the keyboard focus to `target` with Down and Up, as a person would.
    private func focus(_ target: ShownMenuItem, among items: [ShownMenuItem]) throws(MenuTestFailure) {
        guard let root = gtk_widget_get_root(target.widget) else { throw MenuTestFailure("the item is in no window") }
        func focused() -> UnsafeMutablePointer<GtkWidget>? { gtk_root_get_focus(root) }
        func index(of widget: UnsafeMutablePointer<GtkWidget>?) -> Int? {
            guard let widget else { return nil }
            return items.firstIndex { $0.widget == widget || gtk_widget_is_ancestor(widget, $0.widget) != 0 }
        }
        guard let wanted = index(of: target.widget) else { throw MenuTestFailure("'\(target.title)' is not among the items shown") }
        for _ in 0...(items.count * 2 + 2) {
            let now = focused()
            let at = index(of: now)
            if at == wanted { return }
            try RealInput.key(at.map { $0 > wanted } == true ? "Up" : "Down")
            try MainLoop.wait(for: "the arrow key to move the focus") { focused() != now }
        }
        throw MenuTestFailure("the arrow keys never reached '\(target.title)'")
    }

    /// Chooses `target` and waits until it acted (its button's `clicked` or `toggled`) or the
    /// menu closed.
    private func activate(_ target: ShownMenuItem, among items: [ShownMenuItem], using input: Input) throws(MenuTestFailure) -> Outcome {
        let widget = target.widget
        g_object_ref(widget.gpointer)
        defer { g_object_unref(widget.gpointer) }
        final class Flag { var raised = false }
        let acted = Flag()
        let type = gmk_object(widget.gpointer).pointee.g_type_instance.g_class.pointee.g_type
        var handlers: [gulong] = []
        if g_signal_lookup("clicked", type) != 0 { handlers.append(onSignal(widget, .clicked) { _ in acted.raised = true }) }
        if g_signal_lookup("toggled", type) != 0 { handlers.append(onSignal(widget, .toggled) { _ in acted.raised = true }) }
        defer { for handler in handlers where g_signal_handler_is_connected(widget.gpointer, handler) != 0 { g_signal_handler_disconnect(widget.gpointer, handler) } }
        switch input {
        case .pointer: try RealInput.click(widget)
        case .keys:
            try focus(target, among: items)
            try RealInput.key("Return")
        }
        try MainLoop.wait(for: "'\(target.title)' to act or the menu to close") { acted.raised || !isOpen }
        MainLoop.drain()
        return isOpen ? .keptOpen : .closed
    }
}
