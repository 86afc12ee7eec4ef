import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// A GMenuKit control: a GTK widget that puts a rendered menu on screen.
///
/// The widget owns the control. Place ``widget`` in any container; the control, its rendered
/// menu and its actions live as long as the widget does.
@MainActor
public protocol MenuControl: AnyObject {
    /// The control's GTK widget, to place in a container.
    var widget: UnsafeMutablePointer<GtkWidget> { get }
    /// The menu the control shows.
    var menu: RenderedMenu { get }
}
