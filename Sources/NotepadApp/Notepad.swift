import Foundation
import GMenuKit

/// A small document application written with GMenuKit: windows from a GtkBuilder file, one set
/// of commands for the menu bar, the primary menu and the header-bar buttons, the active
/// window's document behind Save, Export and Bold, an async export, a history and context menus.
@MainActor
public final class Notepad {
    public let app: Application
    private var documentCount = 0
    /// The windows open now, for tests.
    public var windows: [NotepadWindow] { app.windows.compactMap { $0.controller as? NotepadWindow } }

    public init() {
        app = Application(id: "org.gmenukit.Notepad", flags: G_APPLICATION_NON_UNIQUE, name: "Notepad")
        app.version = "1.0"
        app.comments = "A text editor made with GMenuKit"
        app.developers = ["The GMenuKit authors"]
        app.license = GTK_LICENSE_MIT_X11
        app.makeWindow = { [unowned self] app in self.makeWindow(in: app) }
        app.commands { NotepadCommands() }
    }

    private func makeWindow(in app: Application) -> ApplicationWindow? {
        documentCount += 1
        guard let path = Bundle.module.path(forResource: "window", ofType: "ui"),
              let ui = try? InterfaceBuilder(file: path) else { return nil }
        return NotepadWindow(ui, document: Document(number: documentCount), app: app)?.window
    }

    /// Runs the application; returns its exit status.
    public func run() -> Int32 { app.run() }
}

/// Everything the menu bar, the primary menu and the bound buttons show, declared once, by
/// the active window's document and editor.
struct NotepadCommands: Commands {
    @FocusedValue(\.document) var document
    @FocusedValue(\.editor) var editor

    var body: any Commands {
        CommandGroup(replacing: .saveItem) {
            Button("Save") { document?.save() }
                .keyboardShortcut("<Control>s")
                .disabled(document?.isDirty != true)
        }
        CommandGroup(replacing: .importExport) {
            Button("Export…") { await document?.export() }
                .keyboardShortcut("<Control>e")
                .searchKeywords("pdf", "copy")
                .disabled(document == nil)
        }
        CommandGroup(replacing: .textFormatting) {
            Toggle("Bold", isOn: document.map { Binding($0, \.isBold) } ?? .constant(false))
                .keyboardShortcut("<Control>b")
                .disabled(document == nil)
        }
        CommandMenu("Insert") {
            Button("Date") { editor?.insertDate() }
                .keyboardShortcut("<Control>d")
                .disabled(editor == nil)
        }
    }
}
