import CGtk
import Observation
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// A list of Swift values that GTK's list widgets show: a `GListModel` of one object per
/// element, kept for as long as the element's id is in the list, so that GTK keeps its row and a
/// context menu keeps acting on the elements it opened for. Setting ``elements`` tells GTK only
/// what changed (one `items-changed` for the run of elements that came or went, one per element
/// whose value changed), as GMenuKit's menus do.
///
/// ```swift
/// let documents = ValueListModel([Doc(id: 1, title: "Notes"), Doc(id: 2, title: "Plans")])
/// documents.bind(listBox) { doc in gtk_label_new(doc.title)! }
/// ContextMenu(for: listBox, model: documents) { selected in
///     Button(selected.isEmpty ? "New Document" : "Open") { … }
/// }
/// documents.elements.append(Doc(id: 3, title: "Ideas"))
/// ```
@Observable
@MainActor
public final class ValueListModel<Element: Identifiable> {
    /// The elements in order; setting them updates every widget that shows the list.
    public var elements: [Element] {
        didSet { synchronize(from: oldValue) }
    }

    @ObservationIgnored private let store: ObjectReference
    /// The object standing for each element, in order.
    @ObservationIgnored private var objects: [UnsafeMutableRawPointer] = []
    /// The element of each object, by the object's address.
    @ObservationIgnored private var positions: [UnsafeMutableRawPointer: Int] = [:]
    /// The rows of the list views made from the list, to bind again when a value changes.
    @ObservationIgnored private var listViewRows: [WeakListViewRows] = []

    /// A list of `elements`.
    public init(_ elements: [Element] = []) {
        self.elements = elements
        store = ObjectReference(taking: g_list_store_new(GType(20 << 2)).gpointer) // G_TYPE_OBJECT
        objects = elements.map { _ in Self.makeObject() }
        var pointers: [gpointer?] = objects.map { Optional($0) }
        pointers.withUnsafeMutableBufferPointer {
            g_list_store_splice(OpaquePointer(store.pointer), 0, 0, $0.baseAddress, guint($0.count))
        }
        reindex()
    }

    isolated deinit {
        for object in objects { g_object_unref(object) }
    }

    /// The `GListModel` GTK's widgets read: one `GObject` per element.
    public var model: GListModelHandle { GListModelHandle(unsafe: OpaquePointer(store.pointer)) }

    /// The element an object of ``model`` stands for, nil when it stands for none now.
    public func element(for object: UnsafeMutablePointer<GObject>) -> Element? {
        positions[UnsafeMutableRawPointer(object)].map { elements[$0] }
    }

    /// The element at `position` of ``model``.
    public func element(at position: Int) -> Element? {
        elements.indices.contains(position) ? elements[position] : nil
    }

    /// Shows the list in a `GtkListBox`, each row made by `row` from its element, and made
    /// again when the element changes. The box keeps the model and the closure.
    public func bind(_ listBox: UnsafeMutablePointer<GtkWidget>, row: @escaping @MainActor (Element) -> UnsafeMutablePointer<GtkWidget>) {
        guard gmk_is_list_box(listBox.gpointer) != 0 else {
            RenderedMenu.diagnosticHandler(MenuDiagnostic(severity: .error, path: "ValueListModel",
                message: "a \(String(cString: gmk_type_name_of(listBox.gpointer))) cannot show a list model's rows: bind(_:row:) needs a GtkListBox"))
            return
        }
        let factory = RowFactory { [weak self] object in
            guard let self, let element = self.element(for: object) else { return gtk_label_new("")! }
            return row(element)
        }
        gtk_list_box_bind_model(gmk_list_box(listBox.gpointer), gmk_list_model(store.pointer), { item, data in
            nonisolated(unsafe) let (item, data) = (item, data)
            // The widget crosses back as an address: a pointer is not Sendable.
            let address = MainActor.assumeIsolated {
                UInt(bitPattern: SwiftClosureData.object(data, as: RowFactory.self).make(item!.assumingMemoryBound(to: GObject.self)))
            }
            return UnsafeMutablePointer(bitPattern: address)
        }, SwiftClosureData.retained(factory), SwiftClosureData.releaseOnDestroy)
    }

    /// A `GtkListView` of the list, selecting as `selection` says, its rows made by `setup`
    /// (once per row widget GTK keeps) and bound to their element by `bind` (again as GTK
    /// recycles the widget for another element, and when the element's value changes). Select
    /// with `.multiple` for a list a context menu acts on as a whole.
    public func makeListView(
        selection: ValueListSelection = .single,
        setup: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>,
        bind: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, Element) -> Void
    ) -> UnsafeMutablePointer<GtkWidget> {
        // The selection model takes a reference of its own on the store.
        g_object_ref(store.pointer)
        let model: OpaquePointer = switch selection {
        case .none: gtk_no_selection_new(gmk_list_model(store.pointer))!
        case .single: gtk_single_selection_new(gmk_list_model(store.pointer))!
        case .multiple: gtk_multi_selection_new(gmk_list_model(store.pointer))!
        }
        let factory = gtk_signal_list_item_factory_new()!
        let handlers = ListViewRows(setup: setup, bind: { [weak self] widget, object in
            guard let self, let element = self.element(for: object) else { return }
            bind(widget, element)
        })
        listViewRows.removeAll { $0.rows == nil }
        listViewRows.append(WeakListViewRows(handlers))
        gmk_connect_list_item(gmk_list_item_factory(UnsafeMutableRawPointer(factory)), "setup", { _, item, data in
            nonisolated(unsafe) let (item, data) = (item!, data)
            MainActor.assumeIsolated { gtk_list_item_set_child(item, SwiftClosureData.object(data, as: ListViewRows.self).setup()) }
        }, SwiftClosureData.retained(handlers), SwiftClosureData.releaseOnClosureDestroy)
        gmk_connect_list_item(gmk_list_item_factory(UnsafeMutableRawPointer(factory)), "bind", { _, item, data in
            nonisolated(unsafe) let (item, data) = (item!, data)
            MainActor.assumeIsolated {
                guard let child = gtk_list_item_get_child(item), let object = gtk_list_item_get_item(item) else { return }
                SwiftClosureData.object(data, as: ListViewRows.self).bind(child, object.assumingMemoryBound(to: GObject.self))
            }
        }, SwiftClosureData.retained(handlers), SwiftClosureData.releaseOnClosureDestroy)
        // The view takes the selection model's reference and the factory's.
        return gtk_list_view_new(gmk_selection_model(UnsafeMutableRawPointer(model)), factory)
    }

    /// The elements selected in a list view made by ``makeListView(selection:setup:bind:)``, in
    /// order.
    public func selectedElements(inListView listView: UnsafeMutablePointer<GtkWidget>) -> [Element] {
        guard gmk_is_list_view(listView.gpointer) != 0, let model = gtk_list_view_get_model(gmk_list_view(listView.gpointer)) else { return [] }
        return elements.indices.filter { gtk_selection_model_is_selected(model, guint($0)) != 0 }.map { elements[$0] }
    }

    /// The elements of the rows selected in `listBox` (bound with ``bind(_:row:)``), in order.
    public func selectedElements(in listBox: UnsafeMutablePointer<GtkWidget>) -> [Element] {
        guard gmk_is_list_box(listBox.gpointer) != 0 else { return [] }
        var found: [Int] = []
        var link = gtk_list_box_get_selected_rows(gmk_list_box(listBox.gpointer))
        let first = link
        while let node = link {
            if let row = node.pointee.data { found.append(Int(gtk_list_box_row_get_index(gmk_list_box_row(row)))) }
            link = node.pointee.next
        }
        g_list_free(first)
        return found.sorted().compactMap(element(at:))
    }

    // MARK: Keeping GTK in step

    private static func makeObject() -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(g_object_new_with_properties(GType(20 << 2), 0, nil, nil)!)
    }

    /// Notes where the objects of `range` stand (all of them when nil).
    private func reindex(_ range: Range<Int>? = nil) {
        for index in range ?? objects.indices { positions[objects[index]] = index }
    }

    /// Tells GTK what changed from `old` to `elements`: the run between the unchanged ends
    /// spliced at once (an element whose id stays keeps its object), and each element of the
    /// unchanged ends whose value changed replaced by its own object.
    private func synchronize(from old: [Element]) {
        let store = OpaquePointer(self.store.pointer)
        var prefix = 0
        while prefix < old.count, prefix < elements.count, old[prefix].id == elements[prefix].id { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < elements.count - prefix,
              old[old.count - 1 - suffix].id == elements[elements.count - 1 - suffix].id { suffix += 1 }
        // The middle: kept objects for ids that stay, new ones for ids that come.
        var leaving: [Element.ID: UnsafeMutableRawPointer] = [:]
        for index in prefix..<(old.count - suffix) { leaving[old[index].id] = objects[index] }
        let coming = elements[prefix..<(elements.count - suffix)].map { element -> UnsafeMutableRawPointer in
            if let kept = leaving.removeValue(forKey: element.id) { return kept }
            return Self.makeObject()
        }
        let removed = old.count - suffix - prefix
        // Known before GTK hears of them: a list box makes the new rows while it is told.
        objects.replaceSubrange(prefix..<(old.count - suffix), with: coming)
        for object in leaving.values { positions[object] = nil }
        // Only what moved: the middle, and the tail when the middle changed its length (a
        // change of one element in a long list re-notes one).
        reindex(prefix..<(removed == coming.count ? prefix + coming.count : objects.count))
        if removed > 0 || !coming.isEmpty {
            var pointers: [gpointer?] = coming.map { Optional($0) }
            pointers.withUnsafeMutableBufferPointer {
                g_list_store_splice(store, guint(prefix), guint(removed), $0.baseAddress, guint(coming.count))
            }
        }
        // The store took its own references; the list keeps one for each object it holds.
        for object in leaving.values { g_object_unref(object) }
        // The unchanged ends: an element whose value changed gets its row made again.
        for index in [0..<prefix, (elements.count - suffix)..<elements.count].joined() {
            let oldIndex = index < prefix ? index : index - elements.count + old.count
            guard !Self.same(old[oldIndex], elements[index]) else { continue }
            var pointer: gpointer? = objects[index]
            g_list_store_splice(store, guint(index), 1, &pointer, 1)
            // GTK 4.18's list views keep the row of an item that is replaced by itself: bound
            // again here (GTK 4.8 binds it again itself).
            for rows in listViewRows { rows.rows?.bindAgain(objects[index]) }
        }
    }

    /// Whether two values of one id look the same: equal when they are `Equatable`, the same
    /// object when they are objects; otherwise they count as changed.
    private static func same(_ one: Element, _ other: Element) -> Bool {
        if let one = one as? any Equatable { return one.isEqual(to: other) }
        if type(of: one) is AnyClass { return (one as AnyObject) === (other as AnyObject) }
        return false
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}

/// How a list view made from a ``ValueListModel`` selects.
public enum ValueListSelection: Sendable {
    /// Nothing is selected (`GtkNoSelection`).
    case none
    /// One element at a time (`GtkSingleSelection`).
    case single
    /// Any number (`GtkMultiSelection`).
    case multiple
}

/// A list view's row setup and binding, as its factory's signals call them, and which row
/// widget shows which object now.
@MainActor
private final class ListViewRows {
    let setup: @MainActor () -> UnsafeMutablePointer<GtkWidget>
    private let bindRow: @MainActor (UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GObject>) -> Void
    private var shown: [UnsafeMutableRawPointer: WeakObjectPointer<GtkWidget>] = [:]

    init(setup: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>,
         bind: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GObject>) -> Void) {
        self.setup = setup
        bindRow = bind
    }

    func bind(_ widget: UnsafeMutablePointer<GtkWidget>, _ object: UnsafeMutablePointer<GObject>) {
        // A widget shows one object at a time: what it showed before is no longer shown by it.
        shown = shown.filter { $0.value.object != nil && $0.value.object != widget }
        shown[UnsafeMutableRawPointer(object)] = WeakObjectPointer(widget)
        bindRow(widget, object)
    }

    /// Binds the row that shows `object` again, if one does.
    func bindAgain(_ object: UnsafeMutableRawPointer) {
        guard let widget = shown[object]?.object else { return }
        bindRow(widget, object.assumingMemoryBound(to: GObject.self))
    }
}

private final class WeakListViewRows {
    weak var rows: ListViewRows?
    init(_ rows: ListViewRows) { self.rows = rows }
}

/// Makes a list box row's widget from the object GTK asks about.
@MainActor
private final class RowFactory {
    let make: @MainActor (UnsafeMutablePointer<GObject>) -> UnsafeMutablePointer<GtkWidget>
    init(_ make: @escaping @MainActor (UnsafeMutablePointer<GObject>) -> UnsafeMutablePointer<GtkWidget>) { self.make = make }
}

extension ContextMenu {
    /// One context menu for a list that shows a ``ValueListModel``: a `GtkListBox` bound with
    /// ``ValueListModel/bind(_:row:)`` or a list view made by
    /// ``ValueListModel/makeListView(selection:setup:bind:)``. Its content is a function of the
    /// elements it acts on (the selection, the row clicked, or none beside the rows), as with
    /// the model's own objects, with no C callback.
    @discardableResult
    public convenience init<Element: Identifiable>(
        for list: UnsafeMutablePointer<GtkWidget>,
        model: ValueListModel<Element>,
        title: String = "Context Menu",
        unselectedItemClick: UnselectedItemClick = .selectsItem,
        @MenuContentBuilder content: @escaping @MainActor ([Element]) -> any MenuContent,
        primaryAction: (@MainActor ([Element]) -> Void)? = nil
    ) {
        // A list box says nothing of its model; a list view's own selection model is the list's.
        self.init(for: list, selection: gmk_is_list_box(list.gpointer) != 0 ? model.model : nil, title: title,
                  unselectedItemClick: unselectedItemClick,
                  item: { [weak model] object in model?.element(for: object) },
                  content: { content($0.compactMap { $0 }) },
                  primaryAction: primaryAction.map { action in { action($0.compactMap { $0 }) } })
    }
}
