import CGtk
import Observation
import XCTest

@testable import GMenuKit

@Observable
@MainActor
private final class Order {
    var isFavorite = false
    var sprinkles = true
    var quantity = 2
    var volume = 0.5
    var appearance = Appearance.icons
}

private enum Appearance: Hashable { case icons, list }

/// A menu rendered as the controls render it (rows drawn), read back through GIO, with the
/// diagnostics it reported.
@MainActor
private func render(_ menu: Menu, presented: Bool = true) -> (items: [ReadMenuItem], diagnostics: [MenuDiagnostic], rendered: RenderedMenu) {
    let rendered = RenderedMenu(menu, actionPrefix: "menu", isPresented: presented)
    return (MenuModelReader.read(rendered.menuModel), rendered.diagnostics, rendered)
}

/// The attributes that say what an item shows: its custom slot id and action name left out,
/// which differ between two menus by identity.
private func shown(_ items: [ReadMenuItem]) -> [[String: String]] {
    flatten(items).map { item in
        var attributes = item.attributes
        attributes["custom"] = attributes["custom"].map { _ in "slot" }
        attributes["action"] = attributes["action"].map { _ in "action" }
        return attributes
    }
}

/// SwiftUI's label forms (`systemImage:`, label builders, `Label`, `Image`) compile as SwiftUI
/// code writes them and make the same menu as GMenuKit's plain forms.
final class SwiftUILabelFormTests: GtkTestCase {
    func testLabelFormsMakeTheSameItemsAsThePlainForms() throws {
        try GtkSession.start()
        onMain {
            let order = Order()
            let swiftUI = render(Menu("Edit") {
                Button("Duplicate", systemImage: "doc.on.doc") {}
                Button {
                } label: {
                    Text("Rename")
                    Text("Give the component a new name")
                }
                Button(action: {}) { Label("Copy", systemImage: "doc.on.doc") }
                Button(role: .destructive, action: {}) { Label("Delete…", systemImage: "trash") }
                Button("Open", image: "folder-open-symbolic") {}
                Button(action: {}) {
                    Label { Text("Flag") } icon: { Image(systemName: "flag") }
                    Text("Marks the note")
                }
                Button(action: {}) {
                    Image(systemName: "star.fill")
                    Text("Star")
                }
                Toggle("Favorite", systemImage: "star", isOn: Binding(order, \.isFavorite))
                Toggle(isOn: Binding(order, \.sprinkles)) {
                    Label("Sprinkles", systemImage: "heart")
                    Text("On top")
                }
                Menu("Settings", systemImage: "gear") { Button("General") {} }
                Menu {
                    Button("By Name") {}
                } label: {
                    Label("Sort", systemImage: "arrow.up.arrow.down")
                }
                Picker("View As", systemImage: "eye", selection: Binding(order, \.appearance)) {
                    Label("Icons", systemImage: "square.grid.2x2").tag(Appearance.icons)
                    Text("List").tag(Appearance.list)
                }
                .pickerStyle(.menu)
                Picker(selection: Binding(order, \.appearance)) {
                    Text("Icons").tag(Appearance.icons)
                    Text("List").tag(Appearance.list)
                } label: {
                    Label("Layout", systemImage: "square.grid.3x3")
                }
            })
            let plain = render(Menu("Edit") {
                Button("Duplicate", icon: "edit-copy-symbolic") {}
                Button("Rename", subtitle: "Give the component a new name") {}
                Button("Copy", icon: "edit-copy-symbolic") {}
                Button("Delete…", icon: "user-trash-symbolic", role: .destructive) {}
                Button("Open", icon: "folder-open-symbolic") {}
                Button("Flag", icon: "emoji-flags-symbolic", subtitle: "Marks the note") {}
                Button("Star", icon: "starred-symbolic") {}
                Toggle("Favorite", icon: "non-starred-symbolic", isOn: Binding(order, \.isFavorite))
                Toggle("Sprinkles", icon: "emote-love-symbolic", subtitle: "On top", isOn: Binding(order, \.sprinkles))
                Menu("Settings", icon: "preferences-system-symbolic") { Button("General") {} }
                Menu("Sort", icon: "view-sort-ascending-symbolic") { Button("By Name") {} }
                Picker("View As", icon: "view-reveal-symbolic", selection: Binding(order, \.appearance)) {
                    Label("Icons", icon: "view-grid-symbolic").tag(Appearance.icons)
                    Text("List").tag(Appearance.list)
                }
                .pickerStyle(.menu)
                Picker("Layout", icon: "view-app-grid-symbolic", selection: Binding(order, \.appearance)) {
                    Text("Icons").tag(Appearance.icons)
                    Text("List").tag(Appearance.list)
                }
            })
            XCTAssertEqual(swiftUI.diagnostics, [])
            XCTAssertEqual(shown(swiftUI.items), shown(plain.items))
            let rename = item(labelled: "Rename", in: flatten(swiftUI.items))
            XCTAssertEqual(rename?.attributes[MenuAttributeName.subtitle], "Give the component a new name", "the second Text is the subtitle (L6)")
            XCTAssertNotNil(rename?.attributes["custom"], "a subtitle is drawn by GMenuKit's row")
            XCTAssertEqual(item(labelled: "Duplicate", in: flatten(swiftUI.items))?.attributes["icon"],
                           "('themed', <['edit-copy-symbolic', 'edit-copy']>)")
        }
    }

    func testAMenuWithAPrimaryActionAndPickerLabelsFromSwiftUIsDocumentation() throws {
        try GtkSession.start()
        onMain {
            let order = Order()
            var bookmarks = 0
            // From SwiftUI's Menu documentation, `some View` written as menu content.
            let menu = Menu {
                Button(action: {}) {
                    Label("Add to Reading List", systemImage: "eyeglasses")
                }
                Button(action: {}) {
                    Label("Add Bookmarks for All Tabs", systemImage: "book")
                }
                Button(action: {}) {
                    Label("Show All Bookmarks", systemImage: "books.vertical")
                }
                Picker("Appearance", selection: Binding(order, \.appearance)) {
                    Label("Icons", systemImage: "square.grid.2x2").tag(Appearance.icons)
                    Label("List", systemImage: "list.bullet").tag(Appearance.list)
                }
                .pickerStyle(.palette)
            } label: {
                Label("Add Bookmark", systemImage: "book")
            } primaryAction: {
                bookmarks += 1
            }
            XCTAssertEqual(menu.title, "Add Bookmark")
            XCTAssertEqual(menu.icon, "accessories-dictionary-symbolic")
            menu.primaryAction?()
            XCTAssertEqual(bookmarks, 1)
            let result = render(menu)
            let items = flatten(result.items)
            XCTAssertNil(item(labelled: "Add to Reading List", in: items)?.attributes["icon"], "an unknown symbol shows no icon")
            XCTAssertEqual(item(labelled: "Show All Bookmarks", in: items)?.attributes["icon"]?.contains("accessories-dictionary-symbolic"), true)
            XCTAssertEqual(items.compactMap { $0.attributes["verb-icon"] }, ["view-grid-symbolic", "view-list-bullet-symbolic"],
                           "the palette draws the options' symbols")
            XCTAssertEqual(result.diagnostics.map(\.path), ["Add Bookmark › Add to Reading List"])
            XCTAssertEqual(result.diagnostics.first?.severity, .warning)
            XCTAssertTrue(result.diagnostics.first?.message.hasPrefix("'eyeglasses' is no SF Symbol GMenuKit knows (the closest is '") == true,
                          result.diagnostics.first?.message ?? "")
        }
    }

    func testStepperAndSliderLabelBuilders() throws {
        try GtkSession.start()
        onMain {
            let order = Order()
            let result = render(Menu("Order") {
                Stepper(value: Binding(order, \.quantity), in: 1...10, step: 1) {
                    Text("Quantity: \(order.quantity)")
                }
                Stepper("Scoops", value: Binding(order, \.quantity))
                Slider(value: Binding(order, \.volume), in: 0...1) { Text("Volume") }
            })
            XCTAssertEqual(result.diagnostics, [])
            let sections = result.items.compactMap { $0.section }
            XCTAssertEqual(result.items.compactMap { $0.attributes["label"] }, ["Quantity: 2", "Scoops"], "steppers head their sections")
            XCTAssertEqual(sections.count, 3)
            XCTAssertEqual(flatten(result.items).first { $0.attributes[MenuAttributeName.range] != nil }?.label, "Volume")
            XCTAssertTrue(actionEnabled(result.rendered.actionGroup.unsafePointer, "scoops-increase"),
                           "an unbounded stepper goes on up")
        }
    }

    func testUnknownSymbolsNameTheClosestAndFreedesktopNamesPassThrough() throws {
        try GtkSession.start()
        onMain {
            let result = render(Menu("Edit") {
                Button("Copy", systemImage: "doc.on.dc") {}
                Button("Paste", systemImage: "edit-paste-symbolic") {}
                Button("Home", systemImage: "go-home") {}
                Button("Computer", systemImage: "computer") {}
                Toggle("Pin", systemImage: "pin.fil", isOn: .constant(true))
            })
            let items = flatten(result.items)
            XCTAssertEqual(items.map(\.label), ["Copy", "Paste", "Home", "Computer", "Pin"], "every item keeps its label")
            XCTAssertNil(items[0].attributes["icon"])
            XCTAssertEqual(items[1].attributes["icon"]?.contains("'edit-paste-symbolic'"), true)
            XCTAssertEqual(items[2].attributes["icon"]?.contains("'go-home'"), true)
            XCTAssertEqual(result.diagnostics.map(\.path), ["Edit › Copy", "Edit › Computer", "Edit › Pin"], "a word without a dash is taken for a symbol")
            XCTAssertEqual(result.diagnostics.first?.message,
                           "'doc.on.dc' is no SF Symbol GMenuKit knows (the closest is 'doc.on.doc', drawn as edit-copy-symbolic); give a freedesktop icon name (Image(\"edit-copy-symbolic\")); the item shows no icon")
            XCTAssertTrue(result.diagnostics[2].message.contains("the closest is 'pin.fill'"), result.diagnostics[2].message)
        }
    }

    func testWhatAMenuCannotShowIsReportedWithThePath() throws {
        try GtkSession.start()
        onMain {
            let order = Order()
            let result = render(Menu("Format") {
                Button(action: {}) {
                    Text("Bold").bold()
                    Text("Makes the selection bold").foregroundColor(.secondary)
                    Text("A third line")
                }
                Button(action: {}) {
                    Image("/usr/share/pixmaps/logo.png")
                    Text("Logo")
                }
                Button(action: {}) {
                    Label("Tag", image: "tag.png")
                }
                Button(action: {}) {
                    Image(systemName: "star")
                    Image(systemName: "heart")
                    Text("Both")
                }
                Picker("Appearance", selection: Binding(order, \.appearance)) {
                    Text("Icons").italic().tag(Appearance.icons)
                    Text("List").tag(Appearance.list)
                }
                Menu {
                    Button("Inside") {}
                } label: {
                    Text("Sub")
                    Text("Explains")
                }
            })
            XCTAssertEqual(flatten(result.items).compactMap(\.label).filter { !$0.isEmpty }.prefix(4), ["Bold", "Logo", "Tag", "Both"])
            XCTAssertEqual(item(labelled: "Bold", in: flatten(result.items))?.attributes[MenuAttributeName.subtitle], "Makes the selection bold")
            XCTAssertEqual(item(labelled: "Both", in: flatten(result.items))?.attributes["icon"]?.contains("non-starred-symbolic"), true)
            XCTAssertEqual(result.diagnostics.map(\.path), [
                "Format › Bold", "Format › Bold", "Format › Bold", "Format › Logo", "Format › Tag", "Format › Both",
                "Format › Appearance", "Format › Sub",
            ])
            XCTAssertEqual(result.diagnostics.map(\.message), [
                "the text \"Bold\" is styled with .bold(); GTK's menu items draw labels in the theme's font and colour, so it is shown plain",
                "the text \"Makes the selection bold\" is styled with .foregroundColor(.secondary); GTK's menu items draw labels in the theme's font and colour, so it is shown plain",
                "the label has a third text (\"A third line\"); a menu item shows a title and a subtitle, so it is left out",
                "the image '/usr/share/pixmaps/logo.png' is no icon name of the icon theme (such as \"folder-symbolic\"); a menu item draws icons from the theme, so it shows none",
                "the image 'tag.png' is no icon name of the icon theme (such as \"folder-symbolic\"); a menu item draws icons from the theme, so it shows none",
                "the label has a second image ('emote-love-symbolic'); a menu item shows one icon, so it is left out",
                "option \"Icons\": the text \"Icons\" is styled with .italic(); GTK's menu items draw labels in the theme's font and colour, so it is shown plain",
                "a submenu shows no subtitle (\"Explains\"); it is left out",
            ])
            XCTAssertTrue(result.diagnostics.allSatisfy { $0.severity == .warning })
        }
    }

    func testLabelStylesTintsAndMenuOrder() throws {
        try GtkSession.start()
        onMain {
            let result = render(Menu("View") {
                Button("Copy", systemImage: "doc.on.doc") {}.labelStyle(.titleOnly)
                Button("Share", systemImage: "square.and.arrow.up") {}.labelStyle(.iconOnly)
                Button("Erase", systemImage: "trash") {}.tint(.red)
                Button("Highlight") {}.tint(.yellow)
                Menu("More") { Button("Less") {} }.menuOrder(.fixed)
                Button(action: {}) { Text("Open ") + Text("Recent") }
                Button(action: {}) { Label("Print", systemImage: "printer").labelStyle(.titleOnly) }
                Button(action: {}) { Label("Send", systemImage: "paperplane").labelStyle(.iconOnly) }
            })
            let items = flatten(result.items)
            XCTAssertNil(items[0].attributes["icon"], ".titleOnly leaves the icon out")
            XCTAssertNil(items[0].attributes["custom"], "a plain item stays GTK's")
            XCTAssertEqual(items[1].attributes["label"], "Share", "an icon-only item keeps its label for other readers")
            XCTAssertNotNil(items[1].attributes["custom"], "GMenuKit draws it as an icon row")
            XCTAssertEqual(items[2].attributes["use-markup"], "true")
            XCTAssertEqual(items[2].attributes["label"]?.hasPrefix("<span foreground=\""), true, "a red tint is the theme's error colour")
            XCTAssertNil(items[2].attributes[MenuAttributeName.role], "a tint is no destructive role: it is not confirmed")
            XCTAssertEqual(items[3].attributes["label"], "Highlight")
            XCTAssertEqual(items.map(\.label), ["Copy", "Share", items[2].label, "Highlight", "More", "Less", "Open Recent", "Print", "Send"], "the written order")
            XCTAssertNil(items[7].attributes["icon"], "a Label's .titleOnly inside a button's label")
            XCTAssertNil(items[7].attributes["custom"])
            XCTAssertNotNil(items[8].attributes["custom"], "a Label's .iconOnly: an icon row")
            XCTAssertEqual(result.diagnostics.map(\.path), ["View › Highlight"])
            XCTAssertEqual(result.diagnostics.first?.severity, .hint)
        }
    }

    func testHelpAndBadgesAreCarriedInTheModel() throws {
        try GtkSession.start()
        onMain {
            let order = Order()
            let result = render(Menu("Mail") {
                Button("Inbox", systemImage: "tray.and.arrow.down") {}.badge(3)
                Button("Drafts") {}.badge("New").help("Messages not sent yet")
                Button("Sent") {}.badge(0)
                Toggle("Favorite", isOn: Binding(order, \.isFavorite)).help("Shown first")
                Menu("Folders") { Button("Work") {} }.help("Your folders")
            })
            let items = flatten(result.items)
            XCTAssertEqual(items.map { $0.attributes[MenuAttributeName.badge] }, ["3", "New", nil, nil, nil, nil])
            XCTAssertEqual(items.map { $0.attributes[MenuAttributeName.help] }, [nil, "Messages not sent yet", nil, "Shown first", "Your folders", nil])
            XCTAssertEqual(items.map { $0.attributes["custom"] != nil }, [true, true, false, true, false, false],
                           "badges and tooltips are drawn by GMenuKit's rows; a zero badge is none")
            XCTAssertEqual(result.diagnostics.map(\.path), ["Mail › Folders"])
            XCTAssertEqual(result.diagnostics.first?.severity, .hint)

            let alone = render(Menu("Mail") { Button("Drafts") {}.badge("New") }, presented: false)
            XCTAssertNil(alone.items[0].attributes["custom"])
            XCTAssertEqual(alone.items[0].attributes[MenuAttributeName.badge], "New")
            XCTAssertEqual(alone.diagnostics.map(\.severity), [.hint], "a model GTK shows alone shows no badge, and says so")
        }
    }

    func testSectionHeadersAndControlGroupLabelsFromBuilders() throws {
        try GtkSession.start()
        onMain {
            let result = render(Menu("Format") {
                Section {
                    Button("Bold", systemImage: "bold") {}
                } header: {
                    Text("Style")
                }
                ControlGroup {
                    Button("Cut", systemImage: "scissors") {}
                    Button("Copy", systemImage: "doc.on.doc") {}
                } label: {
                    Label("Clipboard", systemImage: "doc.on.clipboard")
                }
                Section {
                    Button("Left", systemImage: "text.alignleft") {}
                } header: {
                    Label("Alignment", systemImage: "text.aligncenter")
                }
            })
            XCTAssertEqual(result.items.map { $0.attributes["label"] }, ["Style", "Clipboard", "Alignment"])
            XCTAssertEqual(result.items[1].attributes["display-hint"], "horizontal-buttons")
            XCTAssertEqual(result.items[1].section?.compactMap { $0.attributes["verb-icon"] }, ["edit-cut-symbolic", "edit-copy-symbolic"])
            XCTAssertEqual(result.diagnostics.map(\.path), ["Format › Clipboard", "Format › Alignment"])
            XCTAssertEqual(result.diagnostics.map(\.message), [
                "a control group's header shows no icon ('edit-paste-symbolic'); it is left out",
                "a section header shows no icon ('format-justify-center-symbolic'); it is left out",
            ])
        }
    }
}

/// Menus copied from SwiftUI's documentation of `Menu` and `Button`, the actions functions of
/// the view they stand in.
@MainActor
private struct DocumentationExamples {
    var log: [String] = []

    func duplicate() {}
    func rename() {}
    func delete() {}
    func copy() {}
    func copyFormatted() {}
    func copyPath() {}
    func setInPoint() {}
    func setOutPoint() {}
    func signIn() {}

    var actions: Menu {
        Menu("Actions") {
            Button("Duplicate", action: duplicate)
            Button("Rename", action: rename)
            Button("Delete…", action: delete)
            Menu("Copy") {
                Button("Copy", action: copy)
                Button("Copy Formatted", action: copyFormatted)
                Button("Copy Library Path", action: copyPath)
            }
        }
    }

    func editing(primary: @escaping @MainActor () -> Void) -> Menu {
        Menu("Editing") {
            Button("Set In Point", action: setInPoint)
            Button("Set Out Point", action: setOutPoint)
        } primaryAction: {
            primary()
        }
    }

    var account: Menu {
        Menu("Account") {
            Button("Sign In", action: signIn)
            Button(action: signIn) {
                Text("Sign In")
            }
            Button("Sign In", systemImage: "arrow.up", action: signIn)
            Button("Delete", role: .destructive, action: delete)
        }
    }
}

final class SwiftUIDocumentationExampleTests: GtkTestCase {
    func testMenusFromSwiftUIsDocumentationRenderAsWritten() throws {
        try GtkSession.start()
        onMain {
            let examples = DocumentationExamples()
            let actions = render(examples.actions)
            XCTAssertEqual(actions.items.map(\.label), ["Duplicate", "Rename", "Delete…", "Copy"])
            XCTAssertEqual(actions.items[3].submenu?.map(\.label), ["Copy", "Copy Formatted", "Copy Library Path"])
            var primary = 0
            let editing = examples.editing { primary += 1 }
            editing.primaryAction?()
            XCTAssertEqual(primary, 1, "Menu(_:content:primaryAction:) keeps its primary action")
            let account = render(examples.account)
            XCTAssertEqual(account.items.map(\.label).prefix(3), ["Sign In", "Sign In", "Sign In"])
            XCTAssertEqual(account.items[2].attributes["icon"]?.contains("go-up-symbolic"), true)
            XCTAssertEqual(account.items[3].attributes[MenuAttributeName.role], "destructive")
            XCTAssertEqual(account.diagnostics.filter { $0.severity == .error }, [], "nothing to repair")
            XCTAssertEqual(Set(account.items.compactMap(\.action)).count, 4, "three items of one label get distinct actions")
        }
    }
}
