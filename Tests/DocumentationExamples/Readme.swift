import CGtk
import Foundation
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
