import GMenuKit

/// What the menu's commands do beyond changing the model: the showcase has no real document,
/// so most commands are only recorded; deleting asks first (rule P6).
struct NoteCommands {
    /// Records a command that the showcase has nothing real to do for.
    var record: @MainActor (String) -> Void
    /// Asks whether to delete the note, in a window people have to answer.
    var confirmDeletion: @MainActor () -> Void
}

/// The menus of the showcase, declared once and rendered by GMenuKit. Between them they use
/// every kind of item the library offers.
@MainActor
enum ShowcaseMenus {
    /// Every menu the showcase shows, with the kind of control that shows it, so that
    /// `make lint-menus` checks each one.
    static func all(model: NotesModel, commands: NoteCommands) -> [(menu: Menu, context: MenuContext)] {
        [(noteMenu(model: model, commands: commands), .pullDown)]
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
                    .keyboardShortcut("<Control>o")
            }

            Divider()

            Button("Undo Typing", icon: "edit-undo-symbolic",
                   subtitle: "Brings back the text as it was before your last edit") {
                commands.record("Undo Typing")
            }
            .keyboardShortcut("<Control>z")
            // Nothing has been undone yet, so there is nothing to redo: dimmed (rule A1).
            Button("Redo", icon: "edit-redo-symbolic") { commands.record("Redo") }
                .keyboardShortcut("<Shift><Control>z")
                .disabled()

            ControlGroup {
                Button("Cut", icon: "edit-cut-symbolic") { commands.record("Cut") }
                    .keyboardShortcut("<Control>x")
                Button("Copy", icon: "edit-copy-symbolic") { commands.record("Copy") }
                    .keyboardShortcut("<Control>c")
                Button("Paste", icon: "edit-paste-symbolic") { commands.record("Paste") }
                    .keyboardShortcut("<Control>v")
            }

            Section("Style") {
                // People often set both; the menu stays open between them (rule D4).
                Toggle("Bold", isOn: Binding(model, \.isBold))
                    .keyboardShortcut("<Control>b")
                    .menuActionDismissBehavior(.disabled)
                Toggle("Italic", isOn: Binding(model, \.isItalic))
                    .keyboardShortcut("<Control>i")
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
                .keyboardShortcut("<Control>m")

            Divider()

            Button("Delete Note…", role: .destructive) { commands.confirmDeletion() }
            Button("Quit", actionName: "app.quit")
                .keyboardShortcut("<Control>q")
        }
    }
}
