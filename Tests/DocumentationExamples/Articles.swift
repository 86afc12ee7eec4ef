import CGtk
import GMenuKit

// GMenuKit.docc/GMenuKit.md

struct EditMenu: MenuContent {
    @Bindable var editor: Document

    var body: some MenuContent {
        Button("Copy", icon: "edit-copy-symbolic") { editor.copy() }
            .keyboardShortcut("<Control>c")
        Toggle("Bold", isOn: $editor.isBold)
        Picker("Sort By", selection: $editor.sortKey) {
            Text("Name").tag("name")
            Text("Date").tag("date")
        }
        .pickerStyle(.menu)
        Divider()
        Button("Delete…", role: .destructive) { editor.delete() }
    }
}

// GMenuKit.docc/GettingStarted.md

@Observable @MainActor final class Document {
    var isBold = false
    var sortKey = "name"
    func copy() {}
    func delete() {}
}

@MainActor func editMenu(for editor: Document) -> Menu {
    Menu("Edit") {
        Button("Copy", icon: "edit-copy-symbolic") { editor.copy() }
            .keyboardShortcut("<Control>c")
        Toggle("Bold", isOn: Binding(editor, \.isBold))
        Picker("Sort By", selection: Binding(editor, \.sortKey)) {
            Text("Name").tag("name")
            Text("Date").tag("date")
        }
        .pickerStyle(.menu)
        Divider()
        Button("Delete…", role: .destructive) { editor.delete() }
    }
}

@MainActor func addEditButton(to toolbar: UnsafeMutablePointer<GtkBox>, editor: Document) {
    let button = PullDownButton(editMenu(for: editor))
    gtk_box_append(toolbar, button.widget)
}

struct FormatMenu: MenuContent {
    @Bindable var editor: Document
    @State private var showsAdvanced = false

    var body: some MenuContent {
        Toggle("Bold", isOn: $editor.isBold)
        Toggle("Show Advanced Options", isOn: $showsAdvanced)
        if showsAdvanced {
            Button("Reset Formatting") { editor.isBold = false }
        }
    }
}

// GMenuKit.docc/PortingSwiftUIMenus.md

enum Roast: String, CaseIterable, Identifiable {
    case light, medium, dark
    var id: Self { self }
}

struct CoffeeMenu: MenuContent {
    @State private var roast = Roast.medium

    var body: some MenuContent {
        Picker("Roast", selection: $roast) {
            ForEach(Roast.allCases) { roast in Text(roast.rawValue.capitalized) }
        }
    }
}

// GMenuKit.docc/ListsAndGeneratedContent.md

struct Bookmark: Identifiable, Equatable {
    let id: Int
    var title: String
}

@Observable @MainActor final class Bookmarks {
    var items: [Bookmark] = []
    func open(_ id: Int) {}
}

@MainActor func bookmarksMenu(_ bookmarks: Bookmarks) -> Menu {
    Menu("Bookmarks") {
        ForEach(bookmarks.items) { bookmark in
            Button(bookmark.title) { bookmarks.open(bookmark.id) }
        }
        .generatedContent()
        Divider()
        Button("Remove All Bookmarks") { bookmarks.items.removeAll() }
    }
}

// GMenuKit.docc/MenusThatFollowTheGuidelines.md

@MainActor func reportGuidelines() {
    let menu = Menu("Edit") {
        Button("copy the text") {}
        Button("Paste...") {}
    }
    for diagnostic in MenuGuidelines.check(menu, context: .pullDown) {
        print(diagnostic)
    }
}

@MainActor func namedControls(in toolbar: UnsafeMutablePointer<GtkBox>, log: UnsafeMutablePointer<GtkWidget>) {
    let filter = PullDownButton(Menu("Filter", icon: "edit-find-symbolic") {
        Button("Unread") {}
        Button("Starred") {}
        Button("Attachments") {}
    }
    .labelStyle(.iconOnly)
    .help("Shows only some of the messages"))
    gtk_box_append(toolbar, filter.widget)
    setAccessibilityLabel("Activity", on: log)
}

// GMenuKit.docc/EmbeddingInAnExistingGTKApp.md

@MainActor func attachViewMenu(to box: UnsafeMutablePointer<GtkBox>) -> RenderedMenu {
    let rendered = RenderedMenu(Menu("View") {
        Button("Zoom In") {}.keyboardShortcut("<Control>plus")
        Button("Zoom Out") {}.keyboardShortcut("<Control>minus")
        Button("Actual Size") {}.keyboardShortcut("<Control>0")
    }, actionPrefix: "view")
    let button = gtk_menu_button_new()!
    rendered.attach(toMenuButton: button)
    gtk_box_append(box, button)
    return rendered
}

// CommandsMenusAndFocusedValues.md: words a command is found by in the palette.
@MainActor func printMenu(print: @escaping @MainActor () -> Void) -> Menu {
    Menu("File") {
        Button("Print…") { print() }.searchKeywords("export", "pdf")
    }
}

// CommandsMenusAndFocusedValues.md: a long menu that searches itself.
@Observable @MainActor final class VisitHistory {
    var query = ""
    var visits: [String] = []
    func open(_ visit: String) {}
}

@MainActor func historyMenu(_ history: VisitHistory) -> Menu {
    Menu("History") {
        MenuSearchField("Filter History", text: Binding(history, \.query))
        ForEach(MenuSearch.filter(history.visits, by: history.query) { $0 }, id: \.self) { visit in
            Button(visit) { history.open(visit) }
        }
    }
}

// CommandsMenusAndFocusedValues.md: a palette placed in the app's own window.
@MainActor func placePalette(in window: UnsafeMutablePointer<GtkWindow>, sidebar: UnsafeMutablePointer<GtkBox>, app: Application) {
    let palette = CommandPalette(embeddedIn: window, usage: app.commandUsage)
    gtk_box_append(sidebar, palette.widget)
}
