// GMenuKit.docc/YourFirstApp.md and README.md: the first app, compiled.
import GMenuKit

struct Doc: Identifiable, Equatable {
    let id: Int
    var title: String
}

@MainActor
func makeDocumentsApp() -> Application {
    let app = Application(id: "org.example.Documents", flags: G_APPLICATION_NON_UNIQUE)
    let documents = ValueListModel([Doc(id: 1, title: "Notes"), Doc(id: 2, title: "Plans")])
    func addDocument() {
        documents.elements.append(Doc(id: (documents.elements.map(\.id).max() ?? 0) + 1, title: "Untitled"))
    }
    app.commands {
        CommandGroup(replacing: .newItem) {
            Button("New Document") { addDocument() }.keyboardShortcut("<Control>n")
        }
        CommandGroup(replacing: .importExport) {
            Button("Export All…") { await exportAll(documents.elements) }   // runs as a task
        }
    }
    app.makeWindow = { app in
        let window = ApplicationWindow(application: app, title: "Documents")
        gtk_window_set_default_size(window.window, 480, 320)
        let list = gtk_list_box_new()!
        documents.bind(list) { doc in gtk_label_new(doc.title)! }
        ContextMenu(for: list, model: documents) { selected in
            if selected.isEmpty {
                Button("New Document") { addDocument() }
            } else {
                Button("Delete", role: .destructive) {               // red, and asks first
                    documents.elements.removeAll { doc in selected.contains { $0.id == doc.id } }
                }
            }
        }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(gmk_box(box), app.makeMenuBar().widget)
        gtk_box_append(gmk_box(box), list)
        gtk_window_set_child(window.window, box)
        return window
    }
    return app
}

/// What Export All… awaits, in the example.
func exportAll(_ documents: [Doc]) async {}

/// The first app, for the test that runs it.
public enum FirstAppExample {
    @MainActor public static func make() -> Application { makeDocumentsApp() }
}
