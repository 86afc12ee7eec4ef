import CGtk
import Observation
import GMenuKitCore
import GMenuKitBuilder

/// What one row of a scrolling list shows and does: the first item its element's content
/// resolved to.
package struct ScrollingListRow {
    package enum Kind: Equatable {
        case command
        case check(isOn: Bool)
    }

    package let title: String
    package let kind: Kind
    package let isDisabled: Bool
    package let node: MenuNode

    /// Whether an element's nodes are what a row shows whole: one button or toggle with a
    /// title alone (no icon, subtitle, shortcut, role, tooltip or badge, nothing imported or
    /// borrowed), which an automatic scrolling list needs of every element.
    package static func showsWhole(_ nodes: [MenuNode]) -> Bool {
        guard nodes.count == 1 else { return false }
        let node = nodes[0]
        switch node.kind {
        case .button, .toggle: break
        default: return false
        }
        return node.icon == nil && node.subtitle == nil && node.shortcut == nil && node.role == nil
            && node.detailsBox == nil && node.imported == nil && node.hiddenWhen == nil && !node.showsActionState
            && node.deferred == nil
    }
}

/// The elements of a scrolling list, for its views: how many there are, and each one resolved
/// only when a view shows it. The views hold it; it holds them weakly.
@MainActor
package class ScrollingListRows {
    /// How many rows are visible at once.
    package var visibleRows = 12
    /// What choosing a row does: the interpreter of the menu the list is in (nil outside a
    /// rendered menu).
    package var actions: ItemActionInterpreter?
    /// The views showing the list (one per popover that shows the menu).
    private var views: [WeakBox<ScrollingListView>] = []

    package var count: Int { 0 }

    /// Element `index`'s row, its content resolved now. With an observation, its `onChange` is
    /// called (once, on the main loop) when observable state that content read changes, until
    /// its retirement is retired (the row bound to another element); without one, nothing is
    /// observed (type-to-select reads every title, activation reads one).
    package func row(at index: Int, observing: RowObservation? = nil) -> ScrollingListRow? { nil }

    /// The title of element `index` as a person reads it, for type-to-select.
    package func title(at index: Int) -> String { row(at: index)?.title ?? "" }

    /// The list a view shows under `widget` (a popover, a menu bar) in the menu model's
    /// custom slot `id`.
    package static func shown(inSlot id: String, under widget: UnsafeMutablePointer<GtkWidget>) -> ScrollingListRows? {
        var pending = [widget]
        while let current = pending.popLast() {
            if let view = ScrollingListView.of(current), view.slot == id { return view.rows }
            var child = gtk_widget_get_first_child(current)
            while let next = child {
                pending.append(next)
                child = gtk_widget_get_next_sibling(next)
            }
        }
        return nil
    }

    /// The list in the custom slot `id` of `menu`'s model, whether or not a view shows it.
    package static func held(inSlot id: String, of menu: RenderedMenu) -> ScrollingListRows? {
        menu.customRow(inSlot: id)?.attributes.appWidget?.content as? ScrollingListRows
    }

    /// The menu's node for the list at `identity`: a slot whose widget is a new view.
    package func node(at identity: MenuIdentity) -> MenuNode {
        var node = MenuNode(identity: identity.appending("scrolling-list"), title: "",
                            kind: .widget(MenuWidgetFactory(id: "gmk-scrolling-list" + identity.path, description: "Scrolling List",
                                                                           content: self) {
                                UnsafeMutableRawPointer(self.makeView())
                            }))
        node.isGeneratedContent = true
        return node
    }

    /// A new view of the list: the widget for the menu's slot (floating).
    package func makeView() -> UnsafeMutablePointer<GtkWidget> {
        let view = ScrollingListView(rows: self)
        views.removeAll { $0.object == nil }
        views.append(WeakBox(view))
        return view.widget
    }

    /// Tells every view that `removed` rows at `position` were replaced by `added`.
    package func splice(at position: Int, removed: Int, added: Int) {
        for view in views { view.object?.splice(at: position, removed: removed, added: added) }
    }

    /// Tells every view that the row at `position` changed.
    package func changed(at position: Int) {
        for view in views { view.object?.changed(at: position) }
    }

    /// The data read at `generation` changed.
    package func dataChanged(generation: Int) {}

    /// Runs element `index`'s action, as choosing its item would: through the menu's action
    /// interpreter, as the menu's own items run theirs (its confirmation, its async policy).
    /// Returns whether the menu closes after it.
    package func activate(at index: Int, from widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let row = row(at: index) else { return false }
        return activate(row, from: widget)
    }

    /// Runs the element at `index` when its item is still the one at `identity` (read
    /// earlier, by the command palette). Returns whether it ran.
    package func perform(at index: Int, identity: String, from widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let row = row(at: index), row.node.identity.path == identity, !row.isDisabled else { return false }
        _ = activate(row, from: widget)
        return true
    }

    private func activate(_ row: ScrollingListRow, from widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard !row.isDisabled else { return false }
        let interpreter = actions ?? ItemActionInterpreter(confirm: nil, asyncActions: nil)
        let acted = interpreter.activate(row.node, key: row.node.identity.path) { name, target in
            let value = target.flatMap { target in
                target.stringValue.map { g_variant_ref_sink(g_variant_new_string($0)) } ?? VariantText.parse(target)
            }
            defer { if let value { g_variant_unref(value) } }
            _ = gtk_widget_activate_action_variant(widget, name, value)
        }
        return acted && row.node.dismissBehavior != .disabled
    }
}

/// How a bound row follows what its element's content read: a binding's observations are
/// retired when the row is bound again, so scrolling through a long list leaves no tracking
/// behind in the models it read.
package struct RowObservation {
    package let retirement: ObservationRetirement
    package let onChange: @MainActor () -> Void
}

/// Reaches a list from its data's observation, on whatever thread the data changed.
package final class DataChangeTrigger: @unchecked Sendable {
    package weak var rows: ScrollingListRows?
    package init(_ rows: ScrollingListRows) { self.rows = rows }
}

package final class WeakBox<Object: AnyObject> {
    package weak var object: Object?
    package init(_ object: Object) { self.object = object }
}

/// A `ForEach`'s elements shown as a scrolling list: the data read under an observation of its
/// own, and compared with what the views show when it changes, so that an element inserted,
/// removed or changed is one `items-changed` of the rows around it.
@MainActor
package final class ScrollingListSource<Data: RandomAccessCollection, ID: Hashable>: ScrollingListRows {
    private var list: ForEach<Data, ID, any MenuContent>
    private let identity: MenuIdentity
    /// The data as the views show it; nil until a view asks.
    private var data: Data?
    private let areEqual: ((Data.Element, Data.Element) -> Bool)?
    /// The modifiers written around the `ForEach`, applied to each element's nodes.
    package var modifiers: [(inout MenuNode) -> Void] = []
    /// For a list shown scrolling because it is long (``AutomaticScrollingLists``): called
    /// when an element's content is more than a row shows, to put the list back into the
    /// menu's items. Nil for a list asked to scroll, which reports such an element instead.
    package var elementIsNotARow: (@MainActor () -> Void)?
    private var isUpdateScheduled = false
    /// Counts reads of the data, so that an observation of an earlier read does nothing.
    private var generation = 0

    package init(list: ForEach<Data, ID, any MenuContent>, identity: MenuIdentity) {
        self.list = list
        self.identity = identity
        areEqual = equality(of: Data.Element.self)
    }

    /// The content was resolved again (a refresh of the menu): new closures. The data is read
    /// again later, outside the menu's observation.
    package func update(_ list: ForEach<Data, ID, any MenuContent>, visibleRows: Int, actions: ItemActionInterpreter?) {
        self.list = list
        self.visibleRows = visibleRows
        self.actions = actions
        if data != nil { scheduleUpdate() }
    }

    package override var count: Int {
        if data == nil { data = readData() }
        return data?.count ?? 0
    }

    package override func row(at index: Int, observing: RowObservation? = nil) -> ScrollingListRow? {
        guard let data = data ?? { self.data = readData(); return self.data }(), index >= 0, index < data.count else {
            return nil
        }
        let element = data[data.index(data.startIndex, offsetBy: index)]
        let list = list
        let identity = identity.appending(element: list.elementID(element))
        let actions = actions, modifiers = modifiers
        // A list that scrolls on its own looks at each element as the render looked at the
        // first ones (`ElementProbe`): content that keeps `@State` is no row either.
        let probe = elementIsNotARow != nil ? ElementProbe() : nil
        // The row is dimmed while its async action runs, as the menu's own items are; read
        // with the content, so that the row is bound again when the run ends.
        let resolve = {
            var nodes = probe?.resolve(list.content(element), at: identity)
                ?? MenuResolution.during(nil) { list.content(element).resolveNodes(at: identity) }
            if !modifiers.isEmpty {
                for index in nodes.indices {
                    for modify in modifiers { modify(&nodes[index]) }
                }
            }
            let node = Self.firstItem(in: nodes)
            return (nodes, node, node.map { actions?.isDimmed($0.identity.path) ?? false } ?? false)
        }
        let (nodes, found, isRunning): ([MenuNode], MenuNode?, Bool)
        if let observing {
            let retirement = observing.retirement, observe = observing.onChange
            (nodes, found, isRunning) = withObservationTracking {
                retirement.enroll()
                return resolve()
            } onChange: {
                ObservationRetirement.noteChange()
                if !retirement.isRetired { scheduleOnMainLoop(observe) }
            }
        } else {
            (nodes, found, isRunning) = resolve()
        }
        if let elementIsNotARow, probe?.keepsState == true || !ScrollingListRow.showsWhole(nodes) {
            elementIsNotARow()
        }
        guard let node = found else {
            if elementIsNotARow == nil { reportElementWithoutRow(nodes, at: index) }
            return nil
        }
        let kind: ScrollingListRow.Kind
        switch node.kind {
        case .toggle(let isOn): kind = .check(isOn: isOn.wrappedValue)
        default: kind = .command
        }
        return ScrollingListRow(title: node.title, kind: kind, isDisabled: node.isDisabled || isRunning, node: node)
    }

    /// Whether an element whose content has no row was reported: once a list, not once a row
    /// (rows are bound again as they scroll by).
    private var reportedElementWithoutRow = false

    private func reportElementWithoutRow(_ nodes: [MenuNode], at index: Int) {
        guard !reportedElementWithoutRow else { return }
        reportedElementWithoutRow = true
        let title = nodes.first.map(\.title).flatMap { $0.isEmpty ? nil : $0 } ?? "element \(index + 1)"
        let held = nodes.first.map { " (it holds \($0.traits.name))" } ?? ""
        RenderedMenu.diagnosticHandler(MenuDiagnostic(
            severity: .warning, path: MenuLabelText.path(["(scrolling list)", title]),
            message: "a scrolling list shows each element's first button or toggle, and this element's content has neither\(held): its row is empty and dimmed",
            suggestion: "make each element a Button or Toggle, or show the list without .menuListStyle(.scrolling)"))
    }

    private static func firstItem(in nodes: [MenuNode]) -> MenuNode? {
        for node in nodes {
            switch node.kind {
            case .button, .toggle: return node
            case .section(let children): if let found = firstItem(in: children) { return found }
            default: continue
            }
        }
        return nil
    }

    /// Reads the data under an observation of its own: a change schedules one comparison.
    private func readData() -> Data {
        generation += 1
        let current = generation
        let list = list
        let trigger = DataChangeTrigger(self)
        return withObservationTracking { list.data() } onChange: {
            scheduleOnMainLoop { trigger.rows?.dataChanged(generation: current) }
        }
    }

    package override func dataChanged(generation read: Int) {
        if read == generation { scheduleUpdate() }
    }

    private func scheduleUpdate() {
        guard !isUpdateScheduled else { return }
        isUpdateScheduled = true
        scheduleOnMainLoop { [weak self] in
            guard let self else { return }
            self.isUpdateScheduled = false
            self.readChanges()
        }
    }

    /// Compares the data with what the views show: the elements before and after the first and
    /// last difference stay, the ones between are replaced, in one splice.
    private func readChanges() {
        guard let old = data else { return }
        let new = readData()
        data = new
        // The same storage (an array not written to since, the same range): nothing changed,
        // and nothing is compared. A menu refresh resolves the list again and lands here.
        if bytesAreEqual(old, new) { return }
        let oldCount = old.count, newCount = new.count
        let same: (Data.Element, Data.Element) -> Bool = { [list, areEqual] a, b in
            guard list.elementID(a) == list.elementID(b) else { return false }
            return areEqual?(a, b) ?? true
        }
        var prefix = 0
        var oldIndex = old.startIndex, newIndex = new.startIndex
        while prefix < oldCount, prefix < newCount, same(old[oldIndex], new[newIndex]) {
            prefix += 1
            old.formIndex(after: &oldIndex)
            new.formIndex(after: &newIndex)
        }
        var suffix = 0
        if prefix < oldCount || prefix < newCount {
            var oldEnd = old.endIndex, newEnd = new.endIndex
            while suffix < oldCount - prefix, suffix < newCount - prefix {
                old.formIndex(before: &oldEnd)
                new.formIndex(before: &newEnd)
                guard same(old[oldEnd], new[newEnd]) else { break }
                suffix += 1
            }
        }
        let removed = oldCount - prefix - suffix, added = newCount - prefix - suffix
        if removed > 0 || added > 0 { splice(at: prefix, removed: removed, added: added) }
    }
}

/// Whether two values are the same bytes: for an array, the same storage.
private func bytesAreEqual<T>(_ a: T, _ b: T) -> Bool {
    withUnsafeBytes(of: a) { first in
        withUnsafeBytes(of: b) { second in first.elementsEqual(second) }
    }
}
