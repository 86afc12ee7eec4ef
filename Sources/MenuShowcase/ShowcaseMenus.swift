import GMenuKit

/// What the menus' commands do beyond changing the model: the showcase has no real document,
/// so most commands are only recorded. Destructive ones are confirmed by GMenuKit first (P6).
struct NoteCommands {
    /// Records a command that the showcase has nothing real to do for.
    var record: @MainActor (String) -> Void
}

/// The menus of the showcase, declared once and rendered by GMenuKit. Between them they use
/// every kind of item the library offers.
@MainActor
enum ShowcaseMenus {
    /// Every menu the showcase shows, with the kind of control that shows it, so that
    /// `make lint-menus` checks each one.
    static func all(model: NotesModel, commands: NoteCommands) -> [(menu: Menu, context: MenuContext)] {
        [
            (noteMenu(model: model, commands: commands), .pullDown),
            (addMenu(commands), .pullDown),
            (sortMenu(model: model), .pullDown),
            (moreMenu(commands), .pullDown),
            (shareMenu(commands), .pullDown),
            (fontSizeMenu(model: model, commands: commands), .pullDown),
            (repeatMenu(model: model, commands: commands), .popUp),
            (Menu("Notes") { noteListContextMenu(titles: [], commands: commands) }, .contextMenu),
            (Menu("Notes") { noteListContextMenu(titles: ["Groceries 1"], commands: commands) }, .contextMenu),
            (Menu("Notes") { noteListContextMenu(titles: ["Groceries 1", "Ideas 3", "Recipes 5"], commands: commands) }, .contextMenu),
            (scratchPadContextMenu(commands), .contextMenu),
            (Menu("") { menuBarContent(model: model, commands: commands) }, .menuBar),
            (SwiftUIArticleMenus.actionsMenu(commands), .pullDown),
            (SwiftUIArticleMenus.iceCreamMenu(order: IceCreamOrder(), commands: commands), .pullDown),
            (SwiftUIArticleMenus.fontSizeMenu(order: IceCreamOrder(), commands: commands), .pullDown),
        ]
    }

    /// An Add button lists what can be added (rule P1).
    static func addMenu(_ commands: NoteCommands) -> Menu {
        Menu("Add", systemImage: "plus") {
            Button("Note", systemImage: "doc.text") { commands.record("Add Note") }
            Button("Checklist") { commands.record("Add Checklist") }
            Button("Drawing") { commands.record("Add Drawing") }
            Divider()
            Button {
                commands.record("Import…")
            } label: {
                Text("Import…")
                Text("Markdown or plain text files")
            }
        }
    }

    /// A Sort button lists sort keys (rule P1), and the order.
    static func sortMenu(model: NotesModel) -> Menu {
        Menu("Sort") {
            Picker("Sort By", selection: Binding(model, \.sortKey)) {
                ForEach(NoteSortKey.allCases, id: \.self) { key in Text(key.title).tag(key) }
            }
            Picker("Order", selection: Binding(model, \.sortsAscending)) {
                Text("Ascending").tag(true)
                Text("Descending").tag(false)
            }
        }
    }

    /// Secondary commands where space is tight, behind an ellipsis (rule P8).
    static func moreMenu(_ commands: NoteCommands) -> Menu {
        Menu("More", icon: "view-more-symbolic") {
            Button("Export as PDF…") { commands.record("Export as PDF…") }
            Button("Print…") { commands.record("Print…") }
            Button("Show Note Info") { commands.record("Show Note Info") }
        }
    }

    /// A click shares the usual way; held, or from its arrow, the menu offers the others (D1).
    static func shareMenu(_ commands: NoteCommands) -> Menu {
        Menu("Share", icon: "emblem-shared-symbolic", content: {
            Button("Copy Link") { commands.record("Copy Link") }
            Button("Email…") { commands.record("Email…") }
            Button("Messages…") { commands.record("Messages…") }
        }, primaryAction: { commands.record("Share (primary action)") })
    }

    /// Increase and Decrease keep the menu open to be chosen again; Reset closes it (rule D4).
    /// Line Spacing slides within the menu.
    static func fontSizeMenu(model: NotesModel, commands: NoteCommands) -> Menu {
        Menu("Font Size") {
            // The header shows the value and changes while the menu is open.
            Section("Font Size: \(model.fontSize)") {
                Button("Increase", systemImage: "plus.magnifyingglass") { model.fontSize = min(model.fontSize + 1, NotesModel.fontSizes.upperBound) }
                    .menuActionDismissBehavior(.disabled)
                    .disabled(model.fontSize >= NotesModel.fontSizes.upperBound)
                Button("Decrease") { model.fontSize = max(model.fontSize - 1, NotesModel.fontSizes.lowerBound) }
                    .menuActionDismissBehavior(.disabled)
                    .disabled(model.fontSize <= NotesModel.fontSizes.lowerBound)
                Button("Reset") {
                    commands.record("Reset Font Size")
                    model.fontSize = 12
                }
            }
            // A value control inside the menu (D2): sliding it keeps the menu open.
            Slider("Line Spacing", value: Binding(model, \.lineSpacing), in: 1...2, step: 0.1)
        }
    }

    /// The options of the Repeat pop-up button (rules U1–U5), for the guideline check; the
    /// button itself is made from the same picker by ``ShowcaseControls``.
    static func repeatMenu(model: NotesModel, commands: NoteCommands) -> Menu {
        Menu("Repeat") {
            Picker("", selection: Binding(model, \.repeatRule)) { repeatOptions() }
            Section { Button("Custom…") { commands.record("Custom Repeat…") } }
        }
    }

    @PickerContentBuilder<RepeatRule>
    static func repeatOptions() -> [PickerOption<RepeatRule>] {
        ForEach(RepeatRule.allCases, id: \.self) { rule in Text(rule.title).tag(rule) }
    }

    /// What people do to a note in the list, at the pointer (rules C1, C2: no shortcuts shown).
    @MenuContentBuilder
    static func noteListContextMenu(titles: [String], commands: NoteCommands, delete: @escaping @MainActor () -> Void = {},
                                    selectAll: @escaping @MainActor () -> Void = {}) -> any MenuContent {
        if titles.isEmpty {
            Button("New Note") { commands.record("New Note") }
            Button("Paste") { commands.record("Paste") }
            Divider()
            Button("Select All") { selectAll() }
        } else {
            let many = titles.count > 1
            Button(many ? "Open \(titles.count) Notes" : "Open") { commands.record("Open \(titles.joined(separator: ", "))") }
            if !many {
                Button("Rename…") { commands.record("Rename “\(titles[0])”…") }
            }
            Button(many ? "Duplicate \(titles.count) Notes" : "Duplicate", icon: "edit-copy-symbolic") {
                commands.record("Duplicate \(titles.joined(separator: ", "))")
            }
            Divider()
            Button(many ? "Delete \(titles.count) Notes…" : "Delete…", role: .destructive) {
                delete()
                commands.record("Deleted \(titles.count == 1 ? "“\(titles[0])”" : "\(titles.count) notes") (context menu)")
            }
            .confirmationMessage(many ? "The \(titles.count) notes are removed for good." : "The note is removed for good.")
        }
    }

    /// Added to the scratch pad's own context menu (GTK's text view keeps Cut, Copy, Paste).
    static func scratchPadContextMenu(_ commands: NoteCommands) -> Menu {
        Menu("Scratch Pad") {
            // A section of their own: GTK draws a separator above them.
            Section {
                Button("Insert Date") { commands.record("Insert Date") }
                Button("Insert Time") { commands.record("Insert Time") }
                Button("Clear Scratch Pad") { commands.record("Clear Scratch Pad") }
            }
        }
    }

    /// The application's menu bar: File, Edit, View. Its shortcuts work anywhere in the window.
    @MenuContentBuilder
    static func menuBarContent(model: NotesModel, commands: NoteCommands) -> any MenuContent {
        Menu("File") {
            Button("New Note") { commands.record("New Note") }.keyboardShortcut("n")
            Button("Open…") { commands.record("Open…") }.keyboardShortcut("o")
            Divider()
            Button("Close Window") { commands.record("Close Window") }
            Button("Quit", actionName: "app.quit")
        }
        .mnemonic("f")
        Menu("Edit") {
            Button("Select All") { commands.record("Select All") }.keyboardShortcut("a")
            Button("Find…") { commands.record("Find…") }.keyboardShortcut("f")
            Button("Find and Replace…") { commands.record("Find and Replace…") }.keyboardShortcut("h")
        }
        .mnemonic("e")
        Menu("View") {
            Toggle("Show Sidebar", isOn: Binding(model, \.showsSidebar)).keyboardShortcut("F9")
            Divider()
            Button("Zoom In") { commands.record("Zoom In") }.keyboardShortcut("+")
            Button("Zoom Out") { commands.record("Zoom Out") }.keyboardShortcut("-")
            Button("Actual Size") { commands.record("Actual Size") }.keyboardShortcut("0")
        }
        .mnemonic("v")
    }

    /// The pull-down menu of the window's "Note" button (rules P1–P7).
    static func noteMenu(model: NotesModel, commands: NoteCommands) -> Menu {
        Menu("Note") {
            // First, as in a File menu: going back to a note is what people do most (rule O1).
            Menu("Open Recent") {
                ForEach(model.recentNotes) { note in
                    Button(note.fileName) { commands.record("Open \(note.fileName)") }
                }
                Divider()
                // Needs more input before it can finish (rule L4).
                Button("Browse Notes…") { commands.record("Browse Notes…") }
            }

            Divider()

            Button {
                commands.record("Undo Typing")
            } label: {
                Label("Undo Typing", systemImage: "arrow.uturn.backward")
                Text("Brings back the text as it was before your last edit")
            }
            .keyboardShortcut("z")
            // Nothing has been undone yet, so there is nothing to redo: dimmed (rule A1).
            Button("Redo", systemImage: "arrow.uturn.forward") { commands.record("Redo") }
                .keyboardShortcut("z", modifiers: [.command, .shift])
                .disabled()

            ControlGroup {
                Button("Cut", systemImage: "scissors") { commands.record("Cut") }
                    .keyboardShortcut("x")
                Button("Copy", systemImage: "doc.on.doc") { commands.record("Copy") }
                    .keyboardShortcut("c")
                Button("Paste", systemImage: "doc.on.clipboard") { commands.record("Paste") }
                    .keyboardShortcut("v")
            }

            Section("Style") {
                // People often set both; the menu stays open between them (rule D4).
                Toggle("Bold", isOn: Binding(model, \.isBold))
                    .keyboardShortcut("b")
                    .menuActionDismissBehavior(.disabled)
                Toggle("Italic", isOn: Binding(model, \.isItalic))
                    .keyboardShortcut("i")
                    .menuActionDismissBehavior(.disabled)
                // One item clears every style at once (rule T5); it closes the menu as usual.
                Button("Plain") {
                    commands.record("Plain")
                    model.isBold = false
                    model.isItalic = false
                }
                .disabled(!model.isBold && !model.isItalic)
            }

            Picker("Alignment", selection: Binding(model, \.alignment)) {
                ForEach(TextAlignment.allCases, id: \.self) { alignment in
                    Label(alignment.title, icon: alignment.icon).tag(alignment)
                }
            }
            .pickerStyle(.palette)

            Stepper("Font Size: \(model.fontSize)", value: Binding(model, \.fontSize), in: NotesModel.fontSizes)

            Picker("Indent Using", selection: Binding(model, \.indentation)) {
                Text("Spaces").tag(Indentation.spaces)
                Text("Tabs").tag(Indentation.tabs)
            }

            Divider()

            // "Sort by Title", "Sort by Date Modified"… would repeat a term: a submenu (rule S2).
            Picker("Sort Notes By", selection: Binding(model, \.sortKey)) {
                ForEach(NoteSortKey.allCases, id: \.self) { key in
                    Text(key.title).tag(key)
                }
            }
            .pickerStyle(.menu)
            // The label says what choosing it does now (rule T1).
            Button(model.isMapVisible ? "Hide Map" : "Show Map") { model.isMapVisible.toggle() }
                .keyboardShortcut("m")

            Divider()

            // GMenuKit asks first, in a window of its own, with Cancel as the default (rule P6).
            Button("Delete Note…", role: .destructive) { commands.record("Deleted the note") }
                .confirmationMessage("The note is removed for good. This cannot be undone.")
            Button("Quit", actionName: "app.quit")
                .keyboardShortcut("q")
        }
    }
}

