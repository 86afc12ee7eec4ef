import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// A search field at the top of a long menu (a history, bookmarks, a long picker) that narrows
/// its items as a person types, with the command palette's search: as SwiftUI's
/// `.searchable(text:)`, the field writes the text and the content filters by it.
///
/// ```swift
/// Menu("History") {
///     MenuSearchField("Filter History", text: $history.query)
///     ForEach(MenuSearch.filter(history.visits, by: history.query, title: \.title)) { visit in
///         Button(visit.title) { open(visit) }
///     }
/// }
/// ```
///
/// The field has the keyboard when the menu opens; Down moves to the items, Escape closes the
/// menu. Its text survives the menu's refreshes: the field is one widget while the menu shows.
public struct MenuSearchField: MenuContent {
    let prompt: String
    let text: Binding<String>

    /// A field named `prompt` (its accessible name) that writes what is typed to `text`.
    public init(_ prompt: String = "Filter", text: Binding<String>) {
        self.prompt = prompt
        self.text = text
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        let prompt = prompt, text = text
        MenuWidget(id: "gmenukit-search-field", prompt) {
            let entry = gtk_search_entry_new()!
            gmk_accessible_set_label(entry, prompt)
            gtk_editable_set_text(OpaquePointer(entry), text.wrappedValue)
            gtk_widget_set_margin_start(entry, 6)
            gtk_widget_set_margin_end(entry, 6)
            gtk_widget_set_margin_bottom(entry, 4)
            connectWidgetSignal(entry, "changed") { entry in
                let typed = String(cString: gtk_editable_get_text(OpaquePointer(entry)))
                if typed != text.wrappedValue { text.wrappedValue = typed }
            }
            // The keyboard goes to the field as the menu opens: typing narrows at once.
            connectWidgetSignal(entry, "map") { entry in
                runAfterThisEvent { if gtk_widget_get_mapped(entry) != 0 { gtk_widget_grab_focus(entry) } }
            }
            return entry
        }.resolve(at: identity, into: &nodes)
    }
}

/// The command palette's matching, for content that filters itself (``MenuSearchField``).
public enum MenuSearch {
    /// The elements whose titles match every word of `query` (by word starts, initials, one
    /// typo, without case or accents), in their own order; all of them for an empty query.
    public static func filter<Element>(_ elements: [Element], by query: String, title: (Element) -> String) -> [Element] {
        guard !query.allSatisfy(\.isWhitespace) else { return elements }
        let index = CommandSearchIndex(elements.map { CommandSearchIndex.Entry(title: title($0)) }, fold: SearchFolding.fold)
        let found = Set(index.search(query).map(\.index))
        return elements.indices.filter { found.contains($0) }.map { elements[$0] }
    }
}
