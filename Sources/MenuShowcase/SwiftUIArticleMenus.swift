import GMenuKit
import Observation

enum Flavor: String, CaseIterable, Hashable {
    case vanilla, chocolate, strawberry, pistachio
    var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

enum ConeSize: String, CaseIterable, Hashable {
    case small, medium, large
    var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

enum Rating: Hashable { case love, favorite, flag }

/// The state behind the SwiftUI article examples.
@Observable
@MainActor
final class IceCreamOrder {
    var sprinkles = true
    var whippedCream = false
    var flavor = Flavor.vanilla
    var size = ConeSize.medium
    var rating = Rating.love
    var scoops = 2
    var fontSize = 14
}

/// Menus written as Apple's SwiftUI documentation and articles write them, with `some View`
/// read as `some MenuContent`: SF Symbols, label builders with subtitles, SwiftUI shortcuts,
/// toggles, picker styles, a palette and a menu that stays open.
@MainActor
enum SwiftUIArticleMenus {
    /// An Actions menu: symbols beside the labels, a second `Text` as the subtitle (L6), a
    /// badge and a tooltip.
    static func actionsMenu(_ commands: NoteCommands) -> Menu {
        Menu("Actions", systemImage: "ellipsis.circle") {
            Button {
                commands.record("Duplicate")
            } label: {
                Label("Duplicate", systemImage: "doc.on.doc")
                Text("Duplicate the component")
            }
            .keyboardShortcut("d")
            Button {
                commands.record("Rename")
            } label: {
                Label("Rename", systemImage: "pencil")
                Text("Give the component a new name")
            }
            Button("Comments", systemImage: "message") { commands.record("Comments") }
                .badge(2)
                .help("Show the comments on this component")
            Button("Share…", systemImage: "square.and.arrow.up") { commands.record("Share…") }
                .keyboardShortcut("s", modifiers: [.command, .shift])
            Divider()
            Button(role: .destructive) {
                commands.record("Deleted the component")
            } label: {
                Label("Delete…", systemImage: "trash")
                Text("Remove the component for good")
            }
            .keyboardShortcut(.delete)
        }
    }

    /// An Ice Cream Order menu: toggles, an inline picker, a submenu picker, a palette and a stepper.
    static func iceCreamMenu(order: IceCreamOrder, commands: NoteCommands) -> Menu {
        Menu("Ice Cream Order") {
            Toggle("Sprinkles", systemImage: "star", isOn: Binding(order, \.sprinkles))
            Toggle(isOn: Binding(order, \.whippedCream)) {
                Text("Whipped Cream")
                Text("A cloud on top")
            }
            Picker("Flavor", selection: Binding(order, \.flavor)) {
                ForEach(Flavor.allCases, id: \.self) { flavor in Text(flavor.title).tag(flavor) }
            }
            Picker("Cone Size", selection: Binding(order, \.size)) {
                ForEach(ConeSize.allCases, id: \.self) { size in Text(size.title).tag(size) }
            }
            .pickerStyle(.menu)
            Picker("Rate This Order", selection: Binding(order, \.rating)) {
                Label("Love It", systemImage: "heart.fill").tag(Rating.love)
                Label("Favorite", systemImage: "star.fill").tag(Rating.favorite)
                Label("Flag", systemImage: "flag").tag(Rating.flag)
            }
            .pickerStyle(.palette)
            Stepper(value: Binding(order, \.scoops), in: 1...4) {
                Text("Scoops: \(order.scoops)")
            }
            Divider()
            Button("Place Order", systemImage: "paperplane") { commands.record("Place Order") }
                .keyboardShortcut(.return)
        }
    }

    /// A Font Size menu whose Increase and Decrease keep it open (D4), as in the documentation
    /// of `menuActionDismissBehavior(_:)`.
    static func fontSizeMenu(order: IceCreamOrder, commands: NoteCommands) -> Menu {
        Menu("Font Size", systemImage: "textformat.size") {
            Section("Font Size: \(order.fontSize)") {
                Button(action: { order.fontSize = min(order.fontSize + 1, 72) }) {
                    Label("Increase", systemImage: "plus.magnifyingglass")
                }
                .menuActionDismissBehavior(.disabled)
                Button("Reset") {
                    commands.record("Reset Font Size")
                    order.fontSize = 14
                }
                Button(action: { order.fontSize = max(order.fontSize - 1, 6) }) {
                    Label("Decrease", systemImage: "minus.magnifyingglass")
                }
                .menuActionDismissBehavior(.disabled)
            }
        }
    }
}
