import GMenuKit

/// One Notepad window, loaded from `window.ui`: GMenuKit's menus and commands attach to its
/// widgets by id, and plain GTK widgets follow the document.
@MainActor
public final class NotepadWindow {
    public private(set) weak var window: ApplicationWindow?
    public let document: Document
    public let editor: Editor
    public let saveButton: UnsafeMutablePointer<GtkButton>
    public let boldButton: UnsafeMutablePointer<GtkToggleButton>
    public let statusLabel: UnsafeMutablePointer<GtkWidget>
    public let textView: UnsafeMutablePointer<GtkWidget>
    public let primaryMenuButton: UnsafeMutablePointer<GtkWidget>
    /// The window's menu bar and History button; their widgets own them.
    public private(set) weak var menuBar: MenuBar?
    public private(set) weak var historyButton: PullDownButton?

    init?(_ ui: InterfaceBuilder, document: Document, app: Application) {
        guard let gtkWindow = ui.object(GtkWindow.self, "window"),
              let textView = ui.object(GtkTextView.self, "text_view"),
              let status = ui.widget("status_label", ofType: "GtkLabel"),
              let save = ui.object(GtkButton.self, "save_button"),
              let bold = ui.object(GtkToggleButton.self, "bold_button"),
              let primaryMenu = ui.widget("primary_menu_button"),
              let content = ui.widget("content"),
              let historySlot = ui.object(GtkBox.self, "history_slot")
        else { return nil }
        let window = ApplicationWindow(gtkWindow, application: app)
        self.window = window
        self.document = document
        editor = Editor(textView)
        saveButton = save
        boldButton = bold
        statusLabel = status
        self.textView = gmk_widget(textView)
        primaryMenuButton = primaryMenu
        window.controller = self
        window.title = document.name

        // The commands act on this window's document while it is active.
        window.focusedSceneValue(\.document, document)
        focusedValue(\.editor, editor, on: self.textView)
        menuBar = window.addMenuBar(to: content)
        // The text view is named in window.ui; its scroll bars are named here, after what they scroll.
        if let scroller = ui.widget("text_scroller") { setAccessibilityLabel("Document", on: scroller) }
        window.attachPrimaryMenu(to: primaryMenu)
        app.bind(save, toCommand: "save")
        app.bind(bold, toCommand: "bold")
        let history = Self.historyButton(document)
        historyButton = history
        gtk_box_append(historySlot, history.widget)
        Self.contextMenus(textView: self.textView, status: status, document: document, editor: editor)

        // Plain widgets that follow the document.
        let editor = editor
        observe(status) { gtk_label_set_text(gmk_label(status), document.status) }
        observe(self.textView) {
            if editor.text != document.text { editor.text = document.text }
        }
        observe(self.textView) { [textView = self.textView] in
            document.isBold ? gtk_widget_add_css_class(textView, "bold") : gtk_widget_remove_css_class(textView, "bold")
        }
        onSignal(object: editor.buffer, .changed) { document.edited(to: editor.text) }
        Self.loadStyle()
    }

    /// The saved versions, newest first; choosing one brings its text back.
    static func historyButton(_ document: Document) -> PullDownButton {
        PullDownButton(Menu("History", icon: "document-open-recent-symbolic") {
            ForEach(document.history) { version in
                Button(version.title) { document.restore(version) }
            }
            .generatedContent()
            Divider()
            Button("Clear History") { document.clearHistory() }
                .disabled(document.history.isEmpty)
        })
    }

    static func contextMenus(textView: UnsafeMutablePointer<GtkWidget>, status: UnsafeMutablePointer<GtkWidget>,
                             document: Document, editor: Editor) {
        _ = ContextMenu(Menu("Text") {
            Button("Insert Date") { editor.insertDate() }
            // The application's own Save: one action, dimmed with the header-bar button.
            Button("Save", actionName: "app.save")
        }, attachedTo: textView)
        _ = ContextMenu(Menu("Status") {
            Button("Export…") { await document.export() }
            Button("Clear History") { document.clearHistory() }.disabled(document.history.isEmpty)
        }, attachedTo: status)
    }

    private static var styleLoaded = false

    private static func loadStyle() {
        guard !styleLoaded, let display = gdk_display_get_default() else { return }
        styleLoaded = true
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, "textview.bold text { font-weight: bold; }", -1)
        gtk_style_context_add_provider_for_display(display, gmk_style_provider(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}
