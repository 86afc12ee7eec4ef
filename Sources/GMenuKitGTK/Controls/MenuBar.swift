import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// An application's menu bar (File, Edit, View…), written like any other menu.
///
/// ```swift
/// let bar = MenuBar {
///     Menu("File") { Button("New") { newDocument() }.keyboardShortcut("<Control>n") }
///     Menu("Edit") { … }
/// }
/// gtk_box_append(box, bar.widget)
/// ```
///
/// The widget is a `GtkPopoverMenuBar`. Nothing else needs installing: the shortcuts the menus
/// show work anywhere in the bar's window as soon as the bar is in one, follow the bar when it
/// moves to another window and go with it; F10 opens the first menu (GtkWindow does that for
/// every menu bar inside it). A bar holds menus only: anything else at its top is reported
/// through ``RenderedMenu/diagnosticHandler`` and left out.
///
/// GTK 4.8's bar never lets go of the menu models of its menus (plain C shows the same); the
/// rendered menu empties them when it goes, so what GTK keeps is small.
@MainActor
public final class MenuBar: MenuControl {
    /// The `GtkPopoverMenuBar`; it owns this control.
    public let widget: UnsafeMutablePointer<GtkWidget>
    public let menu: RenderedMenu

    /// - Parameters:
    ///   - actionPrefix: the scope of the bar's actions on its widget (`menubar.new`).
    ///   - content: the bar's menus, each a `Menu`.
    public init(
        actionPrefix: String = "menubar",
        @MenuContentBuilder content: @escaping @MainActor () -> any MenuContent
    ) {
        let topLevel = MenuBarTopLevel()
        let rendered = RenderedMenu(Menu("", content: { MenuBarContent(content: content(), topLevel: topLevel) }),
                                    actionPrefix: actionPrefix, isPresented: true)
        rendered.guidelineContext = .menuBar
        // Made from the model at once: GTK 4.8 rejects a NULL model, even to start empty.
        let bar = gtk_popover_menu_bar_new_from_model(rendered.menuModel)!
        // GTK 4.8 would name it "GtkPopoverMenuBar"; "Menu Bar" as other desktop apps name theirs.
        gmk_accessible_set_label(bar, "Menu Bar")
        // On the bar itself rather than on its window: the managed-scope shortcut controller
        // that comes with the actions joins whichever window the bar is in when it is rooted
        // and leaves it when unrooted (gtkshortcutcontroller.c, gtk_shortcut_controller_root
        // and _unroot), so a bar that moves or goes leaves nothing behind in a window.
        rendered.insertActionGroup(into: bar)
        rendered.followThemeColors(of: bar)
        rendered.present(in: bar)
        menu = rendered
        widget = bar
        WidgetOwnership.give(self, to: widget, key: "gmenukit-menu-bar")
        // The guideline report waits until people can see the bar.
        gmk_connect_widget(widget, "map", { _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { SwiftClosureData.object(data, as: MenuBar.self).menu.menuWillShow() }
        }, SwiftClosureData.retained(self), SwiftClosureData.releaseOnClosureDestroy)
        // The bar's menus are GTK's popovers, one per top-level menu, made with its items: each
        // lets go of the focus as it closes (see PopoverRetirement), watched when the bar shows.
        let choiceGuard = MenuBarChoiceGuard()
        connectWidgetSignal(widget, "map") { bar in
            PopoverRetirement.popovers(under: bar).forEach { PopoverRetirement.watch($0) }
            Self.nameMenus(under: bar)
            choiceGuard.watchMenus(under: bar)
        }
        // Menus that come later are named and watched as GTK makes them (its handler runs first).
        let menus = BarMenus(bar: bar, choiceGuard: choiceGuard)
        gmk_connect_items_changed(rendered.menuModel, { _, _, _, _, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                let menus = SwiftClosureData.object(data, as: BarMenus.self)
                if let bar = menus.bar.object {
                    MenuBar.nameMenus(under: bar)
                    menus.choiceGuard.watchMenus(under: bar)
                }
            }
        }, SwiftClosureData.retained(menus), SwiftClosureData.releaseOnClosureDestroy)
        // GTK 4.8 leaves an open menu of the bar alive, and holding the keyboard, when the bar
        // or its window goes; unrealize comes before either is disposed.
        connectWidgetSignal(widget, "unrealize") { bar in
            PopoverRetirement.popovers(under: bar).forEach(PopoverRetirement.close)
        }
    }

    /// Names each menu of the bar by its title, and tidies it as it opens (see
    /// `ControlAccessibility.tidyMenu`). GTK makes the menus with the bar's items, each the
    /// popover of an item that holds the title's label.
    private static func nameMenus(under bar: UnsafeMutablePointer<GtkWidget>) {
        for popover in PopoverRetirement.popovers(under: bar) where g_object_get_data(gmk_object(popover), namedKey) == nil {
            g_object_set_data(gmk_object(popover), namedKey, UnsafeMutableRawPointer(bitPattern: 1))
            var title = ""
            var child = gtk_widget_get_parent(popover).flatMap { gtk_widget_get_first_child($0) }
            while let current = child, title.isEmpty {
                if gmk_is_label(current.gpointer) != 0 { title = String(cString: gtk_label_get_text(gmk_label(current))) }
                child = gtk_widget_get_next_sibling(current)
            }
            let name = title.isEmpty ? "Menu" : title
            gmk_accessible_set_label(popover, name)
            connectWidgetSignal(popover, "map") { popover in ControlAccessibility.tidyMenu(popover, title: name) }
        }
    }

    private static let namedKey = "gmenukit-menu-bar-menu-named"
}

/// What the bar's model handler reaches: the bar, without keeping it alive, and its guard.
@MainActor
private final class BarMenus {
    let bar: WeakObjectPointer<GtkWidget>
    let choiceGuard: MenuBarChoiceGuard
    init(bar: UnsafeMutablePointer<GtkWidget>, choiceGuard: MenuBarChoiceGuard) {
        self.bar = WeakObjectPointer(bar)
        self.choiceGuard = choiceGuard
    }
}

/// The menus of a bar, without what cannot stand at its top.
///
/// GtkPopoverMenuBar makes a bar item only for an item with a submenu and logs "Don't know how
/// to handle this item" for any other (gtkpopovermenubar.c, `tracker_insert`).
private struct MenuBarContent: MenuContent {
    let content: any MenuContent
    let topLevel: MenuBarTopLevel

    func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        for node in content.resolveNodes(at: identity) {
            if case .submenu = node.kind {
                nodes.append(node)
            } else {
                topLevel.reportLeftOut(node)
            }
        }
    }
}

/// Reports each kind of content left out of a bar once, however often the bar refreshes.
@MainActor
private final class MenuBarTopLevel {
    private var reported: Set<MenuDiagnostic> = []

    func reportLeftOut(_ node: MenuNode) {
        if case .submenu = node.kind { return }
        let what = node.traits.name
        let diagnostic = MenuDiagnostic(
            severity: .error, path: node.title.isEmpty ? "(untitled)" : node.title,
            message: "a menu bar holds menus only; \(what) at its top belongs in one of its menus, so it is left out")
        if reported.insert(diagnostic).inserted { RenderedMenu.diagnosticHandler(diagnostic) }
    }
}
