import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// A button that shows which of a few mutually exclusive options is chosen and lists them when
/// clicked (rules U1–U5): "Repeat: [Every Day ▾]".
///
/// ```swift
/// PopUpButton("Repeat", selection: Binding(model, \.repeat), introductoryLabel: "Repeat:",
///             customOption: ("Custom…", { askForCustomRepeat() }),
///             footnote: "Repeats stop after a year.") {
///     Text("Never").tag(Repeat.never)
///     Text("Every Day").tag(Repeat.daily)
/// }
/// ```
///
/// The button's label follows the selection, whether it changes from the menu or from the
/// model. A selection that is none of the options is reported (U3) and the button says
/// "No Selection" rather than keep showing an old choice. The widget is a horizontal `GtkBox`
/// holding the introductory label, if any, and the `GtkMenuButton`; it owns the control.
@MainActor
public final class PopUpButton: MenuControl {
    /// A horizontal `GtkBox`: the introductory label, if any, then ``menuButton``.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The `GtkMenuButton` that shows the selection and opens the menu.
    public let menuButton: UnsafeMutablePointer<GtkWidget>
    /// The button until GTK finalizes it: an app (or a test) may keep the control after its
    /// window went, and an update scheduled before then must not reach the button.
    private let buttonWhileAlive: WeakObjectPointer<GtkWidget>
    public let menu: RenderedMenu

    /// What the button says when the selection matches none of the options.
    public static let noSelectionTitle = "No Selection"

    private let recorder: PopUpContentRecorder
    /// The menu under the button when there is a footnote: the rendered menu, then the note.
    private let footnotedMenu: FootnotedMenu?
    private let footnote: String?
    private let introductoryLabel: String?
    /// The path of the item declared as the custom option: U1 accepts it whatever its title.
    private let customOptionPath: String?
    private var reported: Set<MenuDiagnostic> = []
    private var hasBeenShown = false

    /// A pop-up button listing `options`, with the current one selected.
    ///
    /// - Parameters:
    ///   - title: what the options choose ("Repeat"); it names the menu in diagnostics.
    ///   - selection: the chosen option's tag; the button shows that option's title.
    ///   - introductoryLabel: text before the button, so people can predict the options (U4).
    ///   - customOption: an item after the list, in its own section, that asks for a value the
    ///     list leaves out ("Custom…", U5). Being declared as such, it is no action for U1.
    ///   - footnote: explanatory text under the menu's items (U5).
    ///   - options: the options, each a `Text` or `Label` with a tag.
    public convenience init<Value: Hashable>(
        _ title: String, selection: Binding<Value>, introductoryLabel: String? = nil,
        customOption: (title: String, action: @MainActor () -> Void)? = nil, footnote: String? = nil,
        @PickerContentBuilder<Value> options: @escaping @MainActor () -> [PickerOption<Value>]
    ) {
        self.init(
            menu: Menu(title) {
                // No heading: the button and its introductory label already say what this is.
                Picker("", selection: selection, content: options)
                if let customOption {
                    Section { Button(customOption.title, action: customOption.action) }
                }
            },
            introductoryLabel: introductoryLabel, footnote: footnote, actionPrefix: "popup",
            customOptionPath: customOption.map { [title, $0.title].joined(separator: " › ") })
    }

    /// A pop-up button showing `menu`, which should hold one picker and, at most, a "Custom…"
    /// item. Anything else (actions, toggles, submenus, a second picker) is reported (U1) but
    /// still shown. A primary action of `menu` is not used: a pop-up button has none.
    public convenience init(
        menu: Menu, introductoryLabel: String? = nil, footnote: String? = nil, actionPrefix: String = "popup"
    ) {
        self.init(menu: menu, introductoryLabel: introductoryLabel, footnote: footnote, actionPrefix: actionPrefix,
                  customOptionPath: nil)
    }

    private init(
        menu: Menu, introductoryLabel: String?, footnote: String?, actionPrefix: String, customOptionPath: String?
    ) {
        let recorder = PopUpContentRecorder()
        let rendered = RenderedMenu(
            Menu(menu.title, icon: menu.icon, content: { RecordedContent(menu: menu, recorder: recorder) }),
            actionPrefix: actionPrefix, isPresented: true)
        rendered.guidelineContext = .popUp

        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let button = gtk_menu_button_new()!
        if let introductoryLabel {
            let label = gtk_label_new(introductoryLabel)!
            // Screen readers then read the label with the button.
            gtk_label_set_mnemonic_widget(gmk_label(label), button)
            gtk_box_append(gmk_box(box), label)
        }
        gtk_box_append(gmk_box(box), button)

        rendered.insertActionGroup(into: button)
        rendered.followThemeColors(of: button)

        self.recorder = recorder
        self.customOptionPath = customOptionPath
        self.footnote = footnote
        self.introductoryLabel = introductoryLabel.map { MenuLabelText.normalize($0).text }
        footnotedMenu = footnote.map { _ in FootnotedMenu(following: rendered.menuModel, footnoteSlot: Self.footnoteSlot) }
        self.menu = rendered
        self.menuButton = button
        buttonWhileAlive = WeakObjectPointer(button)
        self.widget = box
        WidgetOwnership.give(self, to: box, key: "gmenukit-pop-up-button")
        showMenu()
        ControlAccessibility.followsMenu(button)
        connectSignals()
        recorder.control = self
        contentDidChange()
    }

    // MARK: Following the selection

    /// Shows the selected option's title on the button, or says that none is selected (U3).
    private func updateLabel() {
        let choice = Self.pickers(in: recorder.nodes).first
        let selection = choice?.selection
        if let choice, let option = choice.options.first(where: { $0.tag == selection }) {
            setLabel(MenuLabelText.normalize(option.title).text)
            return
        }
        setLabel(Self.noSelectionTitle)
        guard let choice else { return }
        let value = selection.map { String(describing: $0.base) } ?? "nothing"
        report(MenuDiagnostic(
            rule: "U3", severity: .warning, path: diagnosticPath,
            message: "the selection (\(value)) is none of the \(choice.options.count) options; "
                + "a pop-up button shows its selection, so give it a useful default"))
    }

    /// The title the button shows now.
    public var label: String {
        guard buttonWhileAlive.object != nil else { return "" }
        return gtk_menu_button_get_label(gmk_menu_button(menuButton)).map { String(cString: $0) } ?? ""
    }

    private func setLabel(_ text: String) {
        // GTK 4.8 builds the button's label and arrow anew on every call, and labels the inner
        // button by the new label: the accessible name follows.
        guard label != text else { return }
        gtk_menu_button_set_label(gmk_menu_button(menuButton), text)
        ControlAccessibility.name(menuButton: menuButton, accessibleName(showing: text))
    }

    /// What a screen reader calls the button: what it chooses and the choice, as a person reads
    /// them side by side ("Repeat: Never"), or the menu's title and the choice without an
    /// introductory label.
    private func accessibleName(showing choice: String) -> String {
        if let introductoryLabel { return "\(introductoryLabel) \(choice)" }
        let title = MenuLabelText.normalize(menu.title).text
        return title.isEmpty ? choice : "\(title): \(choice)"
    }

    /// The content was resolved again: check it and show what it selects now.
    fileprivate func contentDidChange() {
        guard buttonWhileAlive.object != nil else { return }
        checkContents()
        updateLabel()
    }

    // MARK: Checks

    /// Rule U1, reported as soon as the content breaks it: one list of mutually exclusive
    /// options, nothing else but a "Custom…" item.
    private func checkContents() {
        let nodes = recorder.nodes
        switch Self.pickers(in: nodes).count {
        case 0:
            report(MenuDiagnostic(rule: "U1", severity: .error, path: diagnosticPath,
                                  message: "a pop-up button lists one picker's options; this menu has no picker, so the button shows no selection"))
        case 1:
            break
        case let count:
            report(MenuDiagnostic(rule: "U1", severity: .error, path: diagnosticPath,
                                  message: "a pop-up button lists one set of mutually exclusive options; this menu has \(count) pickers and the button shows the first"))
        }
        for diagnostic in MenuGuidelines.check(nodes, title: menu.title, context: .popUp)
        where diagnostic.rule == "U1" && diagnostic.path != customOptionPath {
            report(diagnostic)
        }
    }

    private var diagnosticPath: String { menu.title.isEmpty ? "(untitled)" : menu.title }

    /// The rest of the guideline report, once, when people first see the menu, as other
    /// controls do; U1 and U3 are this control's own and reported as they happen.
    private func menuWillShow() {
        guard !hasBeenShown else { return }
        hasBeenShown = true
        guard RenderedMenu.reportsGuidelineDiagnostics else { return }
        for diagnostic in menu.guidelineDiagnostics()
        where diagnostic.severity >= .warning && diagnostic.rule != "U1" && diagnostic.rule != "U3" {
            report(diagnostic)
        }
    }

    private func report(_ diagnostic: MenuDiagnostic) {
        if reported.insert(diagnostic).inserted { RenderedMenu.diagnosticHandler(diagnostic) }
    }

    /// The pickers people choose from in the menu itself: at its top or in its sections.
    private static func pickers(in nodes: [MenuNode]) -> [PickerChoice] {
        nodes.flatMap { node -> [PickerChoice] in
            switch node.kind {
            case .picker(let choice): [choice]
            case .section(let children): pickers(in: children)
            default: []
            }
        }
    }

    // MARK: GTK

    /// Gives the menu button a popover of the menu: its model, the footnote, the rows, and the
    /// guideline report when it first shows. Again when its popover is renewed (see
    /// `PopoverRetirement.closesPopover(ofMenuButton:renewing:)`).
    private func showMenu() {
        let button = gmk_menu_button(menuButton)
        gtk_menu_button_set_menu_model(button, footnotedMenu?.model ?? menu.menuModel)
        guard let popover = gtk_menu_button_get_popover(button).map({ gmk_widget($0)! }) else { return }
        if let footnote {
            // GTK 4.8 ignores clicks on a custom child: the note does not close the menu.
            gtk_popover_menu_add_child(gmk_popover_menu(popover), Self.footnoteLabel(footnote), Self.footnoteSlot)
        }
        menu.present(in: popover)
        // The button and its popover live no longer than the box that owns this control.
        gmk_connect_widget(popover, "map", { _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { SwiftClosureData.object(data, as: PopUpButton.self).menuWillShow() }
        }, SwiftClosureData.retained(self), SwiftClosureData.releaseOnClosureDestroy)
    }

    private func connectSignals() {
        // A choice in the menu, or a model change that reached the picker's action.
        let weakSelf = WeakPopUpButton(self)
        gmk_connect_action_state_changed(menu.actionGroup.unsafePointer, { _, _, _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { SwiftClosureData.object(data, as: WeakPopUpButton.self).control?.updateLabel() }
        }, SwiftClosureData.retained(weakSelf), SwiftClosureData.releaseOnClosureDestroy)
        PopoverRetirement.closesPopover(ofMenuButton: menuButton) { _ in weakSelf.control?.showMenu() }
    }

    private static let footnoteSlot = "gmenukit-pop-up-footnote"

    /// A dim, wrapped label that reads as a note rather than an option.
    private static func footnoteLabel(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_label_set_wrap(gmk_label(label), 1)
        gtk_label_set_max_width_chars(gmk_label(label), 30)
        gtk_label_set_xalign(gmk_label(label), 0)
        gtk_widget_add_css_class(label, "dim-label")
        gtk_widget_add_css_class(label, "caption")
        gtk_widget_set_margin_start(label, 12)
        gtk_widget_set_margin_end(label, 12)
        gtk_widget_set_margin_top(label, 6)
        gtk_widget_set_margin_bottom(label, 6)
        return label
    }
}

/// The menu under a pop-up button with a footnote: the rendered menu's items, then a section
/// holding one custom slot for the footnote (GMenu has no text items, and a disabled item or a
/// section heading would not wrap).
///
/// The items are copies that follow the rendered menu's top level, not the rendered menu linked
/// as one section: GTK draws no separator between sections nested in a section, and the options
/// and "Custom…" need one. The copies link the same menu models, so changes further down reach GTK as
/// they are.
@MainActor
private final class FootnotedMenu {
    private let menu: ObjectReference
    private let source: UnsafeMutablePointer<GMenuModel>

    init(following source: UnsafeMutablePointer<GMenuModel>, footnoteSlot: String) {
        self.source = source
        let menu = g_menu_new()!
        self.menu = ObjectReference(taking: menu.gpointer)
        let slot = g_menu_item_new(nil, nil)!
        g_menu_item_set_attribute_value(slot, "custom", g_variant_new_string(footnoteSlot))
        let note = g_menu_new()!
        g_menu_append_item(note, slot)
        g_object_unref(slot.gpointer)
        g_menu_append_section(menu, nil, gmk_menu_model(note.gpointer))
        g_object_unref(note.gpointer)
        copy(from: 0, count: g_menu_model_get_n_items(source))
        // The source lives as long as the rendered menu; its handlers go with it.
        gmk_connect_items_changed(source, { _, position, removed, added, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                SwiftClosureData.object(data, as: FootnotedMenu.self).sourceChanged(at: position, removed: removed, added: added)
            }
        }, SwiftClosureData.retained(self), SwiftClosureData.releaseOnClosureDestroy)
    }

    var model: UnsafeMutablePointer<GMenuModel> { gmk_menu_model(menu.pointer) }

    private func sourceChanged(at position: gint, removed: gint, added: gint) {
        for _ in 0..<removed { g_menu_remove(menu.opaque, position) }
        copy(from: position, count: added)
    }

    private func copy(from position: gint, count: gint) {
        for index in position..<(position + count) {
            let item = g_menu_item_new_from_model(source, index)!
            g_menu_insert_item(menu.opaque, index, item)
            g_object_unref(item.gpointer)
        }
    }
}

/// Lets the action group's handler reach the control without keeping it alive: the control
/// keeps the rendered menu, which keeps the group.
@MainActor
private final class WeakPopUpButton {
    weak var control: PopUpButton?
    init(_ control: PopUpButton) { self.control = control }
}

/// The last content the rendered menu resolved, for the control's label and checks.
///
/// The control reads the selection after the menu has rendered, not while its content
/// resolves: a binding read there would make every selection change rebuild the whole menu.
@MainActor
private final class PopUpContentRecorder {
    weak var control: PopUpButton?
    var nodes: [MenuNode] = []
    private var isUpdateScheduled = false

    func record(_ nodes: [MenuNode]) {
        self.nodes = nodes
        guard control != nil, !isUpdateScheduled else { return }
        isUpdateScheduled = true
        // High idle priority: after the render that resolved this, before GTK's next frame.
        g_idle_add_full(G_PRIORITY_HIGH_IDLE, { data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { SwiftClosureData.object(data, as: PopUpContentRecorder.self).update() }
            return 0  // G_SOURCE_REMOVE
        }, SwiftClosureData.retained(self), SwiftClosureData.releaseOnDestroy)
    }

    private func update() {
        isUpdateScheduled = false
        control?.contentDidChange()
    }
}

/// A menu's content, resolved as it would be on its own, and handed to the recorder.
private struct RecordedContent: MenuContent {
    let menu: Menu
    let recorder: PopUpContentRecorder

    func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        let resolved = menu.resolveContent(at: identity)
        recorder.record(resolved)
        nodes.append(contentsOf: resolved)
    }
}
