import CGtk
import GMenuKitCore

/// The rows of the kinds that draw their own (`MenuItemKind`), by the id a kind plans its row
/// with: the one registration a kind with a row adds to the GTK layer.
@MainActor
package enum ItemKindRows {
    package typealias Maker = @MainActor (
        _ attributes: PlannedAttributes, _ label: UnsafeMutablePointer<GtkWidget>, _ actions: OpaquePointer
    ) -> UnsafeMutablePointer<GtkWidget>

    private static let makers: [String: Maker] = [
        SliderValue.rowID: SliderRow.make,
    ]

    /// The row of the kind registered as `id`; an id no kind registered gets its label alone,
    /// dimmed.
    package static func make(
        _ id: String, _ attributes: PlannedAttributes, label: UnsafeMutablePointer<GtkWidget>, actions: OpaquePointer
    ) -> UnsafeMutablePointer<GtkWidget> {
        guard let make = makers[id] else {
            gtk_widget_set_sensitive(label, 0)
            return label
        }
        return make(attributes, label, actions)
    }
}
