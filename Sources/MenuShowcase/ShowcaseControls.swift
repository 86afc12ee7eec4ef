import CGtk
import Foundation
import GMenuKit

/// Every GMenuKit control of the showcase, each with an example straight from the menu
/// guidelines, and the column of sections that shows and explains them.
@MainActor
final class ShowcaseControls {
    let note: PullDownButton
    let more: PullDownButton
    let add: PullDownButton
    let sort: PullDownButton
    let share: PullDownButton
    let fontSize: PullDownButton
    /// SwiftUI article examples, written as SwiftUI writes them.
    let order = IceCreamOrder()
    let actions: PullDownButton
    let iceCream: PullDownButton
    let articleFontSize: PullDownButton
    let repeatRule: PopUpButton
    /// A history of 10,000 visits, shown as a scrolling list inside its menu.
    let history: PullDownButton
    let menuBar: MenuBar
    let noteList: NoteListView
    var noteListMenu: ContextMenu { noteList.menu }
    let scratchPad: UnsafeMutablePointer<GtkWidget>
    let scratchPadMenu: ContextMenu
    /// The column of sections, one per control.
    private(set) var sections: UnsafeMutablePointer<GtkWidget>!

    init(model: NotesModel, commands: NoteCommands, log: ActivityLog) {
        // The help is the button's tooltip, and its description for screen readers.
        note = PullDownButton(ShowcaseMenus.noteMenu(model: model, commands: commands).help("Commands for this note"))
        more = PullDownButton(ShowcaseMenus.moreMenu(commands))
        add = PullDownButton(ShowcaseMenus.addMenu(commands))
        sort = PullDownButton(ShowcaseMenus.sortMenu(model: model))
        share = PullDownButton(ShowcaseMenus.shareMenu(commands))
        fontSize = PullDownButton(ShowcaseMenus.fontSizeMenu(model: model, commands: commands))
        actions = PullDownButton(SwiftUIArticleMenus.actionsMenu(commands))
        iceCream = PullDownButton(SwiftUIArticleMenus.iceCreamMenu(order: order, commands: commands))
        articleFontSize = PullDownButton(SwiftUIArticleMenus.fontSizeMenu(order: order, commands: commands))
        repeatRule = PopUpButton(
            "Repeat", selection: Binding(model, \.repeatRule), introductoryLabel: "Repeat:",
            customOption: ("Custom…", { commands.record("Custom Repeat…") }),
            footnote: "Reminders repeat until the note is deleted.",
            options: ShowcaseMenus.repeatOptions)
        menuBar = MenuBar { ShowcaseMenus.menuBarContent(model: model, commands: commands) }
        let visits = (1...10_000).map { "Visited Page \($0)" }
        history = PullDownButton(Menu("History") {
            Button("Clear History") { commands.record("Clear History") }
            Section("Recently Visited") {
                // A plain list: past 50 buttons it scrolls inside the menu on its own.
                ForEach(visits.indices, id: \.self) { index in
                    Button(visits[index]) { commands.record("Open \(visits[index])") }
                }
            }
        })

        noteList = NoteListView(commands: commands)
        scratchPad = gtk_text_view_new()!
        gtk_text_view_set_wrap_mode(gmk_text_view(scratchPad), GTK_WRAP_WORD_CHAR)
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(gmk_text_view(scratchPad)),
                                 "Right-click here: the scratch pad's own menu gains a few items.", -1)
        scratchPadMenu = ContextMenu(ShowcaseMenus.scratchPadContextMenu(commands), attachedTo: scratchPad)

        // Destructive items ask first; the log shows the question, and a deletion only when
        // the person goes ahead.
        for control in [note.menu, noteListMenu.menu] {
            let ask = control.confirmDestructiveAction
            control.confirmDestructiveAction = { request, proceed in
                log.append("\(request.question) (asking)")
                ask(request, proceed)
            }
        }
        sections = makeSections()
    }

    /// Opens the menu of the control named `name`, as the person's click would.
    func open(_ name: String) {
        switch name {
        case "note": note.popup()
        case "note-gtk":
            // The same menu with every item drawn by GTK, none by GMenuKit's rows: what the
            // accessibility test compares the rows with.
            note.menu.drawsOwnRows = false
            note.popup()
        case "more": more.popup()
        case "add": add.popup()
        case "sort": sort.popup()
        case "share": share.popup()
        case "font-size": fontSize.popup()
        case "actions": actions.popup()
        case "ice-cream": iceCream.popup()
        case "article-font-size": articleFontSize.popup()
        case "repeat": gtk_menu_button_popup(gmk_menu_button(repeatRule.menuButton))
        case "note-list": noteList.openForScreenshot()
        case "history": history.popup()
        case "scratch-pad": gtk_widget_activate_action_variant(scratchPad, "menu.popup", nil)
        default: FileHandle.standardError.write(Data("MenuShowcase: no control named '\(name)'\n".utf8))
        }
    }

    /// Activates the action of the Note menu's item labelled `label` (its sections' items)
    /// whenever the process gets SIGUSR1, as the item's shortcut would, menu open or not.
    func activateOnSignal(_ label: String) {
        let menu = note.menu
        let activate = UnixSignalAction {
            guard let detailed = Self.action(ofItem: label, in: menu.menuModel),
                  detailed.hasPrefix(menu.actionPrefix + ".") else {
                return FileHandle.standardError.write(Data("MenuShowcase: no item '\(label)' with a menu action\n".utf8))
            }
            g_action_group_activate_action(menu.actionGroup.unsafePointer, String(detailed.dropFirst(menu.actionPrefix.count + 1)), nil)
        }
        // The source lasts as long as the process; it keeps its one retain of the closure.
        g_unix_signal_add_full(G_PRIORITY_DEFAULT, SIGUSR1, { data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { Unmanaged<UnixSignalAction>.fromOpaque(data!).takeUnretainedValue().run() }
            return 1
        }, Unmanaged.passRetained(activate).toOpaque(), nil)
    }

    /// The action of the item labelled `label` in `model` or its sections.
    private static func action(ofItem label: String, in model: UnsafeMutablePointer<GMenuModel>) -> String? {
        func string(_ index: gint, _ attribute: String) -> String? {
            guard let value = g_menu_model_get_item_attribute_value(model, index, attribute, gmk_variant_type_string()) else { return nil }
            defer { g_variant_unref(value) }
            return String(cString: g_variant_get_string(value, nil))
        }
        for index in 0..<g_menu_model_get_n_items(model) {
            if string(index, G_MENU_ATTRIBUTE_LABEL) == label { return string(index, G_MENU_ATTRIBUTE_ACTION) }
            if let section = g_menu_model_get_item_link(model, index, G_MENU_LINK_SECTION) {
                defer { g_object_unref(section) }
                if let action = action(ofItem: label, in: section) { return action }
            }
        }
        return nil
    }

    private func makeSections() -> UnsafeMutablePointer<GtkWidget> {
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)!
        gtk_widget_set_size_request(column, 460, -1)
        func section(_ title: String, _ explanation: String, _ widgets: [UnsafeMutablePointer<GtkWidget>]) {
            let heading = gtk_label_new(title)!
            gtk_widget_add_css_class(heading, "heading")
            gtk_label_set_xalign(gmk_label(heading), 0)
            let text = gtk_label_new(explanation)!
            gtk_widget_add_css_class(text, "dim-label")
            gtk_label_set_xalign(gmk_label(text), 0)
            gtk_label_set_wrap(gmk_label(text), 1)
            gtk_label_set_max_width_chars(gmk_label(text), 60)
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
            for widget in widgets { gtk_box_append(gmk_box(row), widget) }
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
            for part in [heading, text, row] { gtk_box_append(gmk_box(box), part) }
            gtk_box_append(gmk_box(column), box)
        }
        section("Pull-down buttons", "P1–P9: an Add button lists what can be added, a Sort button lists sort keys; press and hold opens them too. The Note button in the header holds every kind of item; More (P8) sits at the other end.",
                [add.widget, sort.widget])
        section("Primary action", "D1: a click shares the usual way; the arrow, or pressing and holding, opens the other ways.",
                [share.widget])
        section("Items that keep the menu open", "D4: Increase and Decrease keep the menu open to be chosen again; Reset closes it.",
                [fontSize.widget])
        section("SwiftUI article examples", "Written as SwiftUI's documentation writes them: SF Symbols, a second Text as subtitle, a badge, toggles, picker styles, a palette, and a menu that stays open.",
                [actions.widget, iceCream.widget, articleFontSize.widget])
        section("Pop-up button", "U1–U5: the button shows the current choice; Custom… asks for a rarely needed value; a note explains the list.",
                [repeatRule.widget])
        section("Long generated menus", "O4: a history of 10,000 visits opens at once: the visits scroll inside the menu, and only the rows in view are made. Type a page's first letters to jump to it.",
                [history.widget])

        let listFrame = gtk_frame_new(nil)!
        gtk_frame_set_child(UnsafeMutableRawPointer(listFrame).assumingMemoryBound(to: GtkFrame.self), noteList.widget)
        gtk_widget_set_hexpand(listFrame, 1)
        setAccessibilityLabel("Notes", on: listFrame)
        section("Context menu", "C1, C2: 10,000 notes, one menu: right-click a note or a selection (Ctrl or Shift and click), press and hold, or press Shift+F10 or the Menu key; below the notes, the menu for none. Double click opens. No shortcuts are shown.",
                [listFrame])
        let padFrame = gtk_frame_new(nil)!
        gtk_frame_set_child(UnsafeMutableRawPointer(padFrame).assumingMemoryBound(to: GtkFrame.self), scratchPad)
        gtk_widget_set_size_request(scratchPad, -1, 60)
        gtk_widget_set_hexpand(padFrame, 1)
        setAccessibilityLabel("Scratch Pad", on: scratchPad)
        setAccessibilityLabel("Scratch Pad", on: padFrame)
        section("Context menu of a text view", "GTK's own menu of the text view gains the scratch pad's items.", [padFrame])
        return column
    }
}

/// What a Unix signal runs on the GLib main loop.
@MainActor
private final class UnixSignalAction {
    let run: @MainActor () -> Void
    init(_ run: @escaping @MainActor () -> Void) { self.run = run }
}
