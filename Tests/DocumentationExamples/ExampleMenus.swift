import GMenuKit

/// The examples' menus, for the tests that render them.
@MainActor
public enum DocumentationExampleMenus {
    /// Each example menu that needs no widget, by name, with the model it reads.
    public static func all() -> [(name: String, menu: Menu)] {
        let document = Document(), order = Order(), history = History(), bookmarks = Bookmarks()
        history.visits = [Visit(id: 1, title: "GTK"), Visit(id: 2, title: "Swift")]
        bookmarks.items = [Bookmark(id: 1, title: "GNOME")]
        return [
            ("EditMenu", Menu("Edit") { EditMenu(editor: document) }),
            ("editMenu", editMenu(for: document)),
            ("FormatMenu", Menu("Format") { FormatMenu(editor: document) }),
            ("IceCreamMenu", Menu("Ice Cream") { IceCreamMenu(order: order) }),
            ("CoffeeMenu", Menu("Coffee") { CoffeeMenu() }),
            ("historyMenu", historyMenu(history)),
            ("bookmarksMenu", bookmarksMenu(bookmarks)),
            ("actionsMenu", actionsMenu(ComponentModel())),
            ("borrowedActionsMenu", borrowedActionsMenu(canPrint: true)),
        ]
    }
}
