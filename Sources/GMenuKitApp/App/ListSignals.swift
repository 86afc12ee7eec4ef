import CGtk
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// Typed connections for the list signals whose handlers take more than the emitter: each
/// function knows its signal's C signature, so a handler cannot get it wrong. GLib holds the
/// closure and releases it with the widget. A widget of another type is a diagnostic, and
/// nothing is connected (0 is returned).

/// Runs `handler` with the row a `GtkListBox` selects (`row-selected`), nil when none is.
@MainActor
@discardableResult
public func onRowSelected(
    _ listBox: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping @MainActor (UnsafeMutablePointer<GtkListBoxRow>?) -> Void
) -> gulong {
    guard expect(listBox, isListBox: true, for: "row-selected") else { return 0 }
    return connectPointerSignal(listBox, "row-selected") { row in handler(row?.assumingMemoryBound(to: GtkListBoxRow.self)) }
}

/// Runs `handler` with the row of a `GtkListBox` people activate (`row-activated`): a click,
/// or Return or Space on the focused row.
@MainActor
@discardableResult
public func onRowActivated(
    _ listBox: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping @MainActor (UnsafeMutablePointer<GtkListBoxRow>) -> Void
) -> gulong {
    guard expect(listBox, isListBox: true, for: "row-activated") else { return 0 }
    return connectPointerSignal(listBox, "row-activated") { row in
        if let row { handler(row.assumingMemoryBound(to: GtkListBoxRow.self)) }
    }
}

/// Runs `handler` with the position of the item people activate in a `GtkListView`,
/// `GtkGridView` or `GtkColumnView` (`activate`): a double click, or Return on the focused item.
@MainActor
@discardableResult
public func onItemActivated(_ view: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping @MainActor (UInt32) -> Void) -> gulong {
    guard expect(view, isListBox: false, for: "activate") else { return 0 }
    let callback: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, position, data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SwiftClosureData.object(data, as: PositionSignalClosure.self).run(position) }
    }
    return g_signal_connect_data(view.gpointer, "activate", unsafeBitCast(callback, to: GCallback.self),
                                 SwiftClosureData.retained(PositionSignalClosure(handler)), SwiftClosureData.releaseOnClosureDestroy, GConnectFlags(0))
}

/// Whether `widget` emits the signal: a `GtkListBox`, or a list, grid or column view.
@MainActor
private func expect(_ widget: UnsafeMutablePointer<GtkWidget>, isListBox: Bool, for signal: String) -> Bool {
    let fits = isListBox ? gmk_is_list_box(widget.gpointer) != 0
        : gmk_is_list_view(widget.gpointer) != 0 || gmk_is_grid_view(widget.gpointer) != 0 || gmk_is_column_view(widget.gpointer) != 0
    guard !fits else { return true }
    let wanted = isListBox ? "a GtkListBox" : "a GtkListView, GtkGridView or GtkColumnView"
    RenderedMenu.diagnosticHandler(MenuDiagnostic(severity: .error, path: signal,
        message: "a \(String(cString: gmk_type_name_of(widget.gpointer))) has no '\(signal)' signal: it needs \(wanted); nothing is connected"))
    return false
}

/// A signal whose handlers take the emitter, one pointer and user data.
@MainActor
private func connectPointerSignal(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ signal: String, _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
) -> gulong {
    let callback: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
        nonisolated(unsafe) let (argument, data) = (argument, data)
        MainActor.assumeIsolated { SwiftClosureData.object(data, as: PointerSignalClosure.self).run(argument) }
    }
    return g_signal_connect_data(widget.gpointer, signal, unsafeBitCast(callback, to: GCallback.self),
                                 SwiftClosureData.retained(PointerSignalClosure(handler)), SwiftClosureData.releaseOnClosureDestroy, GConnectFlags(0))
}

private final class PointerSignalClosure {
    let run: @MainActor (UnsafeMutableRawPointer?) -> Void
    init(_ run: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) { self.run = run }
}

private final class PositionSignalClosure {
    let run: @MainActor (UInt32) -> Void
    init(_ run: @escaping @MainActor (UInt32) -> Void) { self.run = run }
}
