import CGtk
import CMenuObjects
import GMenuKitCore
import GMenuKitBuilder

/// One `GMKMenu` of a rendered menu (the top, a section or a submenu) and what it shows.
///
/// A refresh runs ``prune(_:)`` over the whole tree, then ``apply(_:)``: together they bring the
/// menus to the new plan with the fewest changes a menu model allows. Items whose attributes are
/// unchanged stay and keep their linked menus, so a change inside a section or submenu touches
/// only that section or submenu; a changed item is replaced where it stands (one removal and
/// one insertion at its position). Neighbouring items that come or go together are inserted or
/// removed at once, with one `items-changed`.
@MainActor
package final class MenuLevel: ListPlacement {
    private let menu: ObjectReference
    private let items: MenuItemFactory
    // Main-actor state read one access at a time: no dynamic exclusivity check (ARCHITECTURE.md).
    @exclusivity(unchecked) private var entries: [Entry] = []

    /// Every item of this level and of the levels linked below it: what GTK's popover builds a
    /// widget for when it opens (a submenu's item counts besides its own items).
    package var itemCount: Int {
        entries.reduce(0) { count, entry in
            count + (entry.child.map { $0.itemCount + (entry.attributes.linkKind == .submenu ? 1 : 0) } ?? 1)
        }
    }

    /// One item as the menu holds it. A class: an item's attributes are large, and a level
    /// of thousands of items moves every entry after a removal near its front (a history
    /// losing its oldest entries); references are cheap to move.
    private final class Entry {
        let identity: MenuIdentity
        @exclusivity(unchecked) var attributes: PlannedAttributes
        let child: MenuLevel?
        /// The slot of the row GMenuKit draws for the item, if it draws one.
        let customID: String?
        /// The `ForEach` list whose element the item stands for, if any.
        @exclusivity(unchecked) var elements: DeferredElements?
        /// `prune` found that only what the item shows changes: `apply` replaces it in place.
        @exclusivity(unchecked) var isRestyled = false

        init(identity: MenuIdentity, attributes: PlannedAttributes, child: MenuLevel?, customID: String?) {
            self.identity = identity
            self.attributes = attributes
            self.child = child
            self.customID = customID
        }
    }

    package init(items: MenuItemFactory) {
        menu = ObjectReference(taking: gmk_menu_new().gpointer)
        self.items = items
    }

    /// How the lists placed here reach this level; made for the first list placed.
    @exclusivity(unchecked) private var madePlacementLink: ListPlacementLink?
    private var placementLink: ListPlacementLink {
        if let madePlacementLink { return madePlacementLink }
        let link = ListPlacementLink(self)
        madePlacementLink = link
        return link
    }

    deinit {
        madePlacementLink?.end()
    }

    package var model: UnsafeMutablePointer<GMenuModel> { gmk_menu_model(menu.pointer) }

    /// The rows GMenuKit draws for items of this tree (one registry per rendered menu).
    package var customRows: CustomRowRegistry { items.customRows }

    /// Inserts, replaces and moves items; what the plan no longer has, ``prune(_:)`` took out.
    package func apply(_ items: [PlannedItem]) {
        if let list = items.first?.kept {
            // A list kept as it stands: nothing to do where it stands, else its items as they were.
            if list.placedIn === self && holdsWholly(list) { return }
            return apply(list.keptItems ?? Self.holding(list)?.plannedItems(of: list) ?? [])
        }
        if entries.isEmpty {
            // A new level, or one that was empty: nothing to compare.
            insert(items, from: items.startIndex, to: items.endIndex, at: 0)
            return
        }
        if standInOrder(items) {
            // The same items in the same order, the common case of a refresh: no sets to build.
            for position in items.indices { update(at: position, to: items, position) }
            return
        }
        var remaining = Set(entries.lazy.map(\.identity))
        for position in items.indices {
            let identity = items[position].identity
            if position < entries.count && entries[position].identity == identity {
                remaining.remove(identity)
                update(at: position, to: items, position)
            } else if remaining.contains(identity),
                      let from = entries[position...].firstIndex(where: { $0.identity == identity }) {
                // Moved: take it out where it was and put it here, keeping its linked level.
                remaining.remove(identity)
                let moved = entries.remove(at: from)
                // GTK's popover builds the moved item's widgets again: the pages of its submenus
                // and the slots of its rows come new and empty, so its level is filled anew.
                if moved.child?.needsRebuildWhenMoved == true { moved.child?.removeAll() }
                customRows.forget(moved.customID)
                gmk_menu_remove_items(menu.opaque, gint(from), 1)
                insert(items, from: position, to: position + 1, at: position, reusing: moved.child)
            } else {
                insert(items, from: position, to: position + 1, at: position)
            }
        }
    }

    /// Takes out, through the whole tree, what the plan no longer has and the items it changes,
    /// before the actions change and before `apply` inserts anything anywhere:
    /// - a new submenu never meets the page of one that is going (GtkPopoverMenu names pages
    ///   by label);
    /// - a row of GMenuKit's own never sees its action change shape under it (GTK would warn
    ///   that its target no longer fits).
    /// A changed item is then inserted again where it stood: one removal, one insertion; one
    /// whose label or shortcut alone changes is replaced in place instead (`restyles`).
    package func prune(_ items: [PlannedItem]) {
        guard !entries.isEmpty else { return }
        if let list = items.first?.kept {
            if list.placedIn === self && holdsWholly(list) { return }
            return prune(list.keptItems ?? Self.holding(list)?.plannedItems(of: list) ?? [])
        }
        let sameOrder = standInOrder(items)
        // Where each identity's item is (the first, if several have it).
        var planned: [MenuIdentity: Int] = [:]
        if !sameOrder {
            for index in items.indices where planned[items[index].identity] == nil { planned[items[index].identity] = index }
        }
        // From the end, so that the positions still to visit do not move; neighbours that go
        // together go at once.
        var leavingEnd: Int?
        for position in entries.indices.reversed() {
            let entry = entries[position]
            if let index = sameOrder ? position : planned[entry.identity], !changes(entry, to: items, index) {
                if let end = leavingEnd { removeEntries(position + 1..<end) }
                leavingEnd = nil
                if let children = items[index].link?.children { entry.child?.prune(children) }
            } else if let index = sameOrder ? position : planned[entry.identity], restyles(entry, to: items, index) {
                if let end = leavingEnd { removeEntries(position + 1..<end) }
                leavingEnd = nil
                entry.isRestyled = true
            } else if leavingEnd == nil {
                leavingEnd = position + 1
            }
        }
        if let end = leavingEnd { removeEntries(0..<end) }
    }

    /// Whether the items are the entries' own, in their order.
    private func standInOrder(_ items: [PlannedItem]) -> Bool {
        guard items.count == entries.count else { return false }
        for position in items.indices where items[position].identity != entries[position].identity { return false }
        return true
    }

    // An item is read from its array by index, part by part, here and below: taken whole, it
    // would be a copy (a retain of every attribute), for every item a refresh compares.

    private func changes(_ entry: Entry, to items: [PlannedItem], _ index: Int) -> Bool {
        (entry.child == nil) != (items[index].link == nil) || Self.differ(entry, items, index)
    }

    /// Whether the entry's attributes differ from the item's, compared where they are: read
    /// from a class and an array as values, both were copied first (a retain of each of their
    /// strings and boxes, about 700 instructions a section a refresh keeps). The label first,
    /// the change items make most. Not isolated: the buffer's closure would check at every
    /// call that it runs on the main actor.
    private nonisolated static func differ(_ entry: Entry, _ items: [PlannedItem], _ index: Int) -> Bool {
        items.withUnsafeBufferPointer { items in
            withUnsafePointer(to: &entry.attributes) { old in
                let new = (items.baseAddress! + index).pointer(to: \.attributes)!
                return old.pointee.label != new.pointee.label || !PlannedAttributes.equal(old, new)
            }
        }
    }

    /// Whether a changed item changes only what its own row shows (its label, its shortcut, its
    /// icon): a plain item GTK draws, no link and no row of GMenuKit's, with the same action
    /// and target. It is replaced in place, with one `items-changed`, instead of taken out
    /// and put back (which keeps submenu pages and rows apart from actions that change shape).
    private func restyles(_ entry: Entry, to items: [PlannedItem], _ index: Int) -> Bool {
        // Stored fields read in place. A computed one (the widget, the kept links and the typed
        // target, in their boxes) copies the whole attributes to be asked, a retain of every
        // attribute: asked only of attributes that have those boxes.
        guard entry.child == nil, items[index].link == nil, entry.customID == nil, items[index].attributes.row == nil,
              entry.attributes.action == items[index].attributes.action,
              entry.attributes.target == items[index].attributes.target
        else { return false }
        let hasRare = entry.attributes.rare != nil || items[index].attributes.rare != nil
        if hasRare && (entry.attributes.appWidget != nil || items[index].attributes.appWidget != nil
            || !entry.attributes.keptLinks.isEmpty || !items[index].attributes.keptLinks.isEmpty) {
            return false
        }
        let hasTypedTarget = entry.attributes.typedTarget != nil || items[index].attributes.typedTarget != nil
        return !hasTypedTarget || entry.attributes.targetValue == items[index].attributes.targetValue
    }

    /// Whether a submenu (GTK gives each a page of its own) or a row of GMenuKit's own (in a
    /// slot GTK makes) is anywhere at or below this level.
    package var needsRebuildWhenMoved: Bool {
        entries.contains {
            $0.attributes.linkKind == .submenu || $0.customID != nil || ($0.child?.needsRebuildWhenMoved ?? false)
        }
    }

    /// Empties the menu and its linked levels, so that views still showing it let go of them.
    package func removeAll() {
        // The items of a list that this render keeps, in a level that goes (its section was
        // replaced): read back first, for the level that takes them.
        if let list = entries.first?.elements, list.isKeptNow, list.keptItems == nil, holdsWholly(list) {
            list.keptItems = plannedItems(of: list)
        }
        for entry in entries {
            entry.child?.removeAll()
            customRows.forget(entry.customID)
        }
        entries.removeAll()
        gmk_menu_remove_all(menu.opaque)
    }

    /// The entry at `position` brought to `planned[index]`, an item `prune` kept: the same
    /// attributes, so only its linked level may change; or one it marked as restyled, replaced
    /// in place.
    private func update(at position: Int, to planned: [PlannedItem], _ index: Int) {
        if entries[position].isRestyled {
            let entry = entries[position]
            entry.isRestyled = false
            // One copy, moved into the entry: read twice from the plan, they were copied twice.
            let attributes = planned[index].attributes
            gmk_menu_replace_item(menu.opaque, gint(position),
                                  items.makeItem(attributes, identity: planned[index].identity, link: nil).item)
            entry.attributes = consume attributes
        }
        if let children = planned[index].link?.children { entries[position].child?.apply(children) }
        note(planned[index].origin, at: position)
    }

    /// ``update(at:to:_:)`` for a list's change, whose plan goes once it is applied: a restyled
    /// entry takes the planned attributes by a swap, its old ones left in the plan's array to go
    /// with it, where a copy retained every attribute.
    private func update(at position: Int, taking item: inout PlannedItem) {
        if entries[position].isRestyled {
            let entry = entries[position]
            entry.isRestyled = false
            gmk_menu_replace_item(menu.opaque, gint(position), items.makeItem(item.attributes, identity: item.identity, link: nil).item)
            swap(&entry.attributes, &item.attributes)
        }
        if let children = item.link?.children { entries[position].child?.apply(children) }
        note(item.origin, at: position)
    }

    /// Tells a list where its element's item stands now, so that it can be updated alone.
    /// Takes the origin alone: a copy of the whole item would retain every attribute.
    private func note(_ origin: ElementOrigin?, at position: Int) {
        let elements = origin?.elements
        entries[position].elements = elements
        guard let elements, origin?.index == 0 else { return }
        elements.placement = ListItemsPlacement(link: placementLink, firstPosition: position)
    }

    // MARK: One list's elements

    /// The level where `elements` noted its items, if it is one.
    package static func holding(_ elements: DeferredElements) -> MenuLevel? {
        elements.placedIn as? MenuLevel
    }

    /// Whether the items of `elements` still stand where it noted them.
    package func holds(_ elements: DeferredElements) -> Bool {
        let (first, count) = elements.itemSpan
        let last = first + count - 1
        return count > 0 && last < entries.count
            && entries[first].elements === elements && entries[last].elements === elements
    }

    /// Whether the items of `elements` are all this level has.
    package func holdsWholly(_ elements: DeferredElements) -> Bool {
        elements.itemSpan == (0, entries.count) && holds(elements)
    }

    /// The items of `elements` as they stand, as planned items (a kept list's items are buttons:
    /// no linked levels).
    package func plannedItems(of elements: DeferredElements) -> [PlannedItem] {
        guard holds(elements) else { return [] }
        let (first, count) = elements.itemSpan
        return (0..<count).map { index in
            let entry = entries[first + index]
            return PlannedItem.element(identity: entry.identity, attributes: entry.attributes, of: elements, index: index)
        }
    }

    /// Whether the plain items at `base + index` for `indices` keep, in `items` (in order), their
    /// identities and action targets: then nothing of theirs goes, and the arrays that
    /// ``collect(at:identities:targets:)`` fills to tell what went are not needed (five arrays
    /// of one element each for a changed label). Read in place, part by part.
    package func keepsIdentitiesAndTargets(from base: Int, indices: [Int], in items: [PlannedItem]) -> Bool {
        guard indices.count == items.count else { return false }
        for position in indices.indices {
            let entry = entries[base + indices[position]]
            guard entry.child == nil, items[position].link == nil, entry.identity == items[position].identity,
                  entry.attributes.target == items[position].attributes.target,
                  entry.attributes.target == nil || entry.attributes.action == items[position].attributes.action
            else { return false }
        }
        return true
    }

    /// The identities of the item at `position` and of everything linked below it, and the
    /// targets its generated items use ("menu.generated-items", target).
    package func collect(at position: Int, identities: inout [MenuIdentity], targets: inout [ActionTarget]) {
        let entry = entries[position]
        identities.append(entry.identity)
        if let action = entry.attributes.action, let target = entry.attributes.target {
            targets.append(ActionTarget(action: action, target: target))
        }
        if let child = entry.child {
            // The action its generated items shared, if they had one: gone with them unless the
            // new plan makes it again.
            identities.append(entry.identity.generatedItemsAction)
            for index in child.entries.indices { child.collect(at: index, identities: &identities, targets: &targets) }
        }
    }

    /// Takes out the items at `positions` with their linked levels, at once.
    ///
    /// The linked levels are emptied first: GTK 4.8 drops the page of a submenu only when the
    /// submenu's own item goes, and keeps every section model it built; it keeps an empty one then.
    private func removeEntries(_ positions: Range<Int>) {
        for position in positions {
            entries[position].child?.removeAll()
            customRows.forget(entries[position].customID)
        }
        entries.removeSubrange(positions)
        gmk_menu_remove_items(menu.opaque, gint(positions.lowerBound), guint(positions.count))
    }

    /// `prune` for a list whose elements' items start at `base`: takes out the items of the
    /// removed elements (neighbours at once) and prunes those of the changed ones, from the end
    /// so that the positions still to visit stay. Indices are the elements' old ones; the item
    /// of `changed[k]` is `items[k]`. (Items are reached by index: a pair with a copy of each
    /// would retain every attribute.)
    package func pruneElements(from base: Int, removing removed: [Int], changing changed: [Int], to items: [PlannedItem]) {
        // One element changed, none went: the usual change, with nothing to order.
        if removed.isEmpty && changed.count == 1 { return pruneEntry(at: base + changed[0], to: items, 0) }
        // The old index, and where its new item is in `items` (-1: the element went).
        var leaving: [(oldIndex: Int, item: Int)] = []
        leaving.reserveCapacity(removed.count + changed.count)
        for index in removed { leaving.append((index, -1)) }
        for position in changed.indices { leaving.append((changed[position], position)) }
        if leaving.count > 1 { Self.sortFromTheEnd(&leaving) }
        var next = 0
        while next < leaving.count {
            let (last, item) = leaving[next]
            next += 1
            if item >= 0 {
                pruneEntry(at: base + last, to: items, item)
                continue
            }
            var first = last
            while next < leaving.count && leaving[next].item < 0 && leaving[next].oldIndex == first - 1 {
                first -= 1
                next += 1
            }
            removeEntries(base + first..<base + last + 1)
        }
    }

    // Sorting outside the main actor: a main-actor closure checks at every call that it runs
    // there, and a sort calls its closure for every comparison.

    private nonisolated static func sortFromTheEnd(_ leaving: inout [(oldIndex: Int, item: Int)]) {
        leaving.sort { $0.oldIndex > $1.oldIndex }
    }

    /// The positions of `indices` in ascending order of their values.
    private nonisolated static func order(of indices: [Int]) -> [Int] {
        indices.indices.sorted { indices[$0] < indices[$1] }
    }

    /// `apply` for a list whose elements' items start at `base`: the changed elements' items
    /// are updated or inserted again, the new ones inserted (neighbours at once), in order.
    /// Indices are the new ones; the item of `indices[k]` is `items[k]`.
    /// The items of a list's change are taken where they replace an entry's (`items` is left
    /// holding what they replaced, to go with the plan).
    package func applyElements(from base: Int, indices: [Int], items: inout [PlannedItem]) {
        // Where the k-th item in index order is in `items`: where it came, unless they did not
        // come in order (no array made for the usual change, ascending).
        var isAscending = true
        for k in indices.indices.dropFirst() where indices[k] <= indices[k - 1] {
            isAscending = false
            break
        }
        let sorted = isAscending ? [] : Self.order(of: indices)
        let order = { (k: Int) in isAscending ? k : sorted[k] }
        var next = 0
        while next < indices.count {
            let position = base + indices[order(next)]
            if position < entries.count && entries[position].identity == items[order(next)].identity {
                // Kept by `pruneEntry`: the same attributes, so only its linked level may change.
                update(at: position, taking: &items[order(next)])
                next += 1
                continue
            }
            // A run of neighbours goes in at once. Each would stand before the entry now at
            // `position`, so a neighbour that is that entry (kept by `pruneEntry`) ends the run.
            let following = position < entries.count ? entries[position].identity : nil
            var end = next + 1
            while end < indices.count && indices[order(end)] == indices[order(end - 1)] + 1
                    && items[order(end)].identity != following {
                end += 1
            }
            if end - next == 1 {
                insert(items, from: order(next), to: order(next) + 1, at: position)
            } else {
                var run: [PlannedItem] = []
                run.reserveCapacity(end - next)
                for k in next..<end { run.append(items[order(k)]) }
                insert(run, from: 0, to: run.count, at: position)
            }
            next = end
        }
    }

    /// `prune` for one item: takes it out if it changes (marks it when it only restyles), else
    /// prunes its linked level.
    private func pruneEntry(at position: Int, to items: [PlannedItem], _ index: Int) {
        if changes(entries[position], to: items, index) {
            if restyles(entries[position], to: items, index) {
                entries[position].isRestyled = true
            } else {
                removeEntries(position..<position + 1)
            }
        } else if let children = items[index].link?.children {
            entries[position].child?.prune(children)
        }
    }

    /// The first items of a level that has none yet (a menu's first full render), each item's
    /// linked items let go in `items` once its linked level holds them: the plan's items and
    /// the menu's entries are then held at once only one level deep, not for the whole menu
    /// (peak memory building 100,000 items 194 → 173 MB).
    package func applyReleasingLinks(_ items: inout [PlannedItem]) {
        guard entries.isEmpty, items.first?.kept == nil else { return apply(items) }
        var made: [OpaquePointer?] = []
        made.reserveCapacity(items.count)
        var coming: [Entry] = []
        coming.reserveCapacity(items.count)
        for index in items.indices {
            // Taken out of the plan, which lets go of them: the entry keeps the attributes
            // without a copy (a retain of each), and the linked level is made the same way.
            let (attributes, link) = items[index].takeAttributesAndLink()
            make(identity: items[index].identity, attributes: attributes, link: link,
                 reusing: nil, releasingLinks: true, made: &made, coming: &coming)
        }
        place(&made, coming, at: 0)
        for index in items.indices { note(items[index].origin, at: index) }
    }

    /// Inserts the planned items `first..<end` of `planned` at `position`, at once (`reusing`:
    /// the linked level a single moved item keeps).
    private func insert<Planned: Collection>(
        _ planned: Planned, from first: Int, to end: Int, at position: Int, reusing reusedChild: MenuLevel? = nil
    ) where Planned.Element == PlannedItem, Planned.Index == Int {
        guard first < end else { return }
        var made: [OpaquePointer?] = []
        made.reserveCapacity(end - first)
        var coming: [Entry] = []
        coming.reserveCapacity(end - first)
        // By index: a loop variable would be a copy of every (large) item.
        for index in first..<end {
            make(identity: planned[index].identity, attributes: planned[index].attributes, link: planned[index].link,
                 reusing: reusedChild, made: &made, coming: &coming)
        }
        place(&made, coming, at: position)
        for index in first..<end { note(planned[index].origin, at: position + index - first) }
    }

    /// The menu item and the entry for an item, its linked level filled first. Given the
    /// item's parts, read from the collection one by one: the whole item, taken from a
    /// collection, is a copy (a retain of every attribute).
    /// `releasingLinks`: the link is the plan's own, taken out of it; its items are taken out of
    /// it in turn.
    private func make(identity: MenuIdentity, attributes: consuming PlannedAttributes, link: consuming PlannedLink?,
                      reusing reusedChild: MenuLevel?, releasingLinks: Bool = false,
                      made: inout [OpaquePointer?], coming: inout [Entry]) {
        var child: MenuLevel? = nil
        let linkKind = link?.kind
        if var link = link.take() {
            child = reusedChild ?? MenuLevel(items: items)
            if releasingLinks { child?.applyReleasingLinks(&link.children) } else { child?.apply(link.children) }
        }
        // Not `linkKind.map { … }`: a main-actor closure checks at every call that it runs there.
        var linked: (PlannedLink.Kind, UnsafeMutablePointer<GMenuModel>)?
        if let linkKind, let child { linked = (linkKind, child.model) }
        let item = items.makeItem(attributes, identity: identity, link: linked)
        made.append(item.item)
        // The attributes handed on to the entry that keeps them: one copy.
        coming.append(Entry(identity: identity, attributes: attributes, child: child, customID: item.customID))
    }

    /// Puts the entries and menu items made at `position`, at once.
    private func place(_ made: inout [OpaquePointer?], _ coming: [Entry], at position: Int) {
        entries.insert(contentsOf: coming, at: position)
        Self.insert(&made, into: menu.opaque, at: position)
    }

    /// Outside the main actor, so that the buffer's closure is not checked for running on it.
    private nonisolated static func insert(_ made: inout [OpaquePointer?], into menu: OpaquePointer, at position: Int) {
        made.withUnsafeMutableBufferPointer {
            gmk_menu_insert_items(menu, gint(position), $0.baseAddress, guint($0.count))
        }
    }
}

/// An item's action and target: how generated items name the element they stand for.
package struct ActionTarget: Hashable {
    package var action: String
    package var target: String
}

extension PlannedItem {
    /// The identities of `items` and of everything linked below them, and their generated
    /// items' targets. Read by index, part by part: an item taken whole from the array is a
    /// copy (a retain of every attribute).
    package static func collect(_ items: [PlannedItem], identities: inout [MenuIdentity], targets: inout [ActionTarget]) {
        for index in items.indices {
            identities.append(items[index].identity)
            if let action = items[index].attributes.action, let target = items[index].attributes.target {
                targets.append(ActionTarget(action: action, target: target))
            }
            if let children = items[index].link?.children {
                collect(children, identities: &identities, targets: &targets)
            }
        }
    }
}
