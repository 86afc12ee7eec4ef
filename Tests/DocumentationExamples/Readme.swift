import CGtk
import GMenuKit

// README.md

@Observable @MainActor final class Editor { var isBold = false; var sortKey = "name" }

@MainActor func addEditButton(to toolbar: UnsafeMutablePointer<GtkBox>, editor: Editor) {
    let edit = PullDownButton(Menu("Edit") {
        Button("Copy", icon: "edit-copy-symbolic") { copy() }.keyboardShortcut("<Control>c")
        Toggle("Bold", isOn: Binding(editor, \.isBold))
        Picker("Sort By", selection: Binding(editor, \.sortKey)) {
            Text("Name").tag("name")
            Text("Date").tag("date")
        }
        .pickerStyle(.menu)
        Divider()
        Button("Delete…", role: .destructive) { delete() }   // red, and asks first
    })
    gtk_box_append(toolbar, edit.widget)   // the widget owns the control and its menu
}

enum Flavor: String, CaseIterable, Identifiable {
    case chocolate, vanilla, strawberry
    var id: Self { self }
}

@Observable @MainActor final class Order { var flavor = Flavor.vanilla; var hasSprinkles = false }

struct IceCreamMenu: MenuContent {
    @Bindable var order: Order
    @State private var showsExtras = false

    var body: some MenuContent {
        Picker("Flavor", selection: $order.flavor) {
            ForEach(Flavor.allCases) { flavor in Text(flavor.rawValue.capitalized).tag(flavor) }
        }
        Toggle("Show Extras", isOn: $showsExtras)
        if showsExtras {
            Toggle("Sprinkles", isOn: $order.hasSprinkles)
        }
    }
}

struct Visit: Identifiable, Equatable { let id: Int; var title: String }
@Observable @MainActor final class History { var visits: [Visit] = []; func open(_ id: Int) {} }

@MainActor func historyMenu(_ history: History) -> Menu {
    Menu("History") {
        ForEach(history.visits) { visit in Button(visit.title) { history.open(visit.id) } }
            .generatedContent()
        Divider()
        Button("Clear History") { history.visits.removeAll() }
    }
}

@MainActor func actionsMenu(_ model: ComponentModel) -> Menu {
    Menu("Actions", systemImage: "ellipsis.circle") {
        Button {
            duplicate()
        } label: {
            Label("Duplicate", systemImage: "doc.on.doc")   // title and icon
            Text("Duplicate the component")                 // the subtitle (L6)
        }
        .keyboardShortcut("d")                              // Ctrl+D
        Button("Comments", systemImage: "message") { showComments() }
            .badge(2)
            .help("Show the comments on this component")
        Button("Share…", systemImage: "square.and.arrow.up") { share() }
            .keyboardShortcut("s", modifiers: [.command, .shift])
        Toggle("Favorite", systemImage: "star", isOn: Binding(model, \.isFavorite))
        Picker("Appearance", selection: Binding(model, \.appearance)) {
            Label("Icons", systemImage: "square.grid.2x2").tag(Appearance.icons)
            Label("List", systemImage: "list.bullet").tag(Appearance.list)
        }
        .pickerStyle(.palette)
        Stepper(value: Binding(model, \.quantity), in: 1...10) { Text("Quantity: \(model.quantity)") }
    }
}

/// The Application example: its top-level code, in a function nothing calls.
@MainActor func runNotepad() -> Never {
    let app = Application(id: "org.example.Notepad", flags: G_APPLICATION_NON_UNIQUE, name: "Notepad")
    app.makeWindow = { app in NotepadWindow(app).window }          // New Window, and activation
    app.commands {
        CommandGroup(replacing: .saveItem) {
            Button("Save") { app.focusedValues.document?.save() }
                .keyboardShortcut("<Control>s")
                .disabled(app.focusedValues.document?.isDirty != true)
        }
        CommandGroup(replacing: .importExport) {
            Button("Export…") { await app.focusedValues.document?.export() }
        }
        CommandMenu("Format") {
            Toggle("Bold", isOn: Binding(get: { app.focusedValues.document?.isBold ?? false },
                                         set: { app.focusedValues.document?.isBold = $0 }))
                .keyboardShortcut("<Control>b")
        }
    }
    exit(app.run())
}

/// The GtkBuilder import example, in a function nothing calls (the files are the app's).
@MainActor func importBuilderMenus(_ model: ViewSettings) throws {
    // A .ui file's menu (its widgets are skipped), translated through the app's gettext domain:
    let primary = try Menu(builderFile: "src/window.ui", id: "primary_menu", domain: "my-app")
    let context = try Menu(builderResource: "/org/example/App/menus.ui", id: "context_menu")
    PullDownButton(primary)                      // GMenuKit's controls, diagnostics and guideline checks

    let zoom = try BuilderMenuContent(BuilderDocument(contentsOfFile: "src/menus.ui"), id: "zoom_section")
    Menu("View") {                               // imported and declared content together
        Toggle("Sidebar", isOn: Binding(model, \.showsSidebar))
        zoom                                     // imported before: a menu's content cannot throw
    }

    print(RenderedMenu(primary).builderXML(id: "primary_menu"))   // GtkBuilder XML, read back to the same model
}

@MainActor func borrowedActionsMenu(canPrint: Bool) -> Menu {
    Menu("File") {
        Button("Close Tab", actionName: "win.close-tab", target: false)       // b
        Button("Close Tab", actionName: "win.close-tab(false)")                // GTK's detailed syntax
        Picker("Sort By", actionName: "win.sort") {                           // radio marks of a (sb) state
            Text("A-Z").target(("name", false))
            Text("Z-A").target(("name", true))
        }
        Toggle("Show Hidden Files", actionName: "win.show-hidden")            // a Boolean state
        Button("Share", actionName: "win.share").hidden(when: .actionMissing)  // GMenuModel's hidden-when
        Button("Print") { print() }.disabled(!canPrint).hiddenWhenDisabled()
    }
}

@MainActor func attachNotesMenu(to listView: UnsafeMutablePointer<GtkWidget>, notes: Notes) {
    ContextMenu(for: listView, item: { notes.note(for: $0) }) { selected in
        if selected.isEmpty {
            Button("New Note") { notes.add() }          // below the rows: the menu for no item
            Button("Select All") { selectAll() }
        } else {
            Button(selected.count == 1 ? "Open" : "Open \(selected.count) Notes") { open(selected) }
            Button("Delete \(selected.count == 1 ? "Note" : "\(selected.count) Notes")…", role: .destructive) { delete(selected) }
        }
    } primaryAction: { selected in open(selected) }
}

@MainActor func attachNotesMenu(toTreeView treeView: UnsafeMutablePointer<GtkWidget>, notes: Notes) {
    ContextMenu(for: treeView, row: { $0.string(column: 0) ?? "" }) { titles in
        if titles.isEmpty {
            Button("New Note") { notes.add() }
        } else {
            Button(titles.count == 1 ? "Open" : "Open \(titles.count) Notes") { openTitled(titles) }
        }
    } primaryAction: { titles in openTitled(titles) }
}

@MainActor func longHistoryMenu(_ history: BrowsingHistory) -> Menu {
    Menu("History") {
        Button("Clear History") { history.clear() }
        Section("Recently Visited") {
            ForEach(history.entries) { entry in
                Button(entry.title) { history.open(entry) }
            }
            .menuListStyle(.scrolling(visibleRows: 12))
        }
    }
}
