import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// An app's own GTK widget in a menu slot: a theme selector, a zoom box, a row of colour
/// swatches, as GNOME apps put in their primary menus (GMenuModel's `custom` attribute, filled
/// with `gtk_popover_menu_add_child`).
///
/// ```swift
/// Menu("Main") {
///     MenuWidget(id: "theme-selector", "Style") { ThemeSelector.new() }
///     Section { Button("New Window", actionName: "app.new-window") }
/// }
/// ```
///
/// `make` returns a new widget (floating, or with a reference the menu takes over) each time
/// a popover or menu bar shows the menu: the menu owns it, and it is released when its item
/// leaves the menu or the menu goes. The arrow keys reach it like any item; choosing in it
/// does not close the menu, as in GTK. `label` names it for the guideline checks and for other
/// readers of the menu model; GTK does not show it. A menu GTK shows alone (a text view's
/// extra menu) cannot hold widgets: the item is left out, with a diagnostic.
public struct MenuWidget: MenuContent {
    package let id: String
    package let label: String
    package let make: @MainActor () -> UnsafeMutablePointer<GtkWidget>

    /// An app widget in the slot `id`: `make` makes it when the menu shows it; `label` names it for other readers of the model.
    public init(id: String, _ label: String = "", make: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>) {
        self.id = id
        self.label = label
        self.make = make
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout ResolvedMenuNodes) {
        nodes.append(MenuNode(identity: identity.appending("widget:" + id), title: label,
                              kind: .widget(MenuWidgetFactory(id: id) { UnsafeMutableRawPointer(make()) })))
    }
}


extension MenuWidgetFactory {
    /// A new widget for the slot, as the app's factory makes it.
    @MainActor func makeWidget() -> UnsafeMutablePointer<GtkWidget> {
        make().assumingMemoryBound(to: GtkWidget.self)
    }
}
