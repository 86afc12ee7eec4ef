import CGtk
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// The application's command shortcuts that run after the focused widget: one `GListStore` of
/// `GtkShortcut`s, read by a bubble-phase shortcut controller on every window of the
/// application, added as GTK adds each window (`window-added`). A text view that uses Delete
/// takes it; on a list row, which does not, Delete reaches the window and runs the command.
/// Menus show these shortcuts as the application's (`ApplicationAccels.afterFocusedWidget`), so
/// no menu installs them again.
@MainActor
final class WindowShortcuts {
    private let application: UnsafeMutablePointer<GtkApplication>
    private let store: ObjectReference
    private var installed: [String: (accelerator: String, unlessText: Bool)] = [:]
    private var watchesWindows = false
    private static let controllerKey = "gmenukit-window-shortcuts"

    init(application: UnsafeMutablePointer<GtkApplication>) {
        self.application = application
        store = ObjectReference(taking: g_list_store_new(gtk_shortcut_get_type()).gpointer)
    }

    /// Makes `shortcuts` (detailed action name → accelerator, and whether it waits for no text
    /// to have the focus) the ones that run; does nothing when they are unchanged.
    func install(_ shortcuts: [String: (accelerator: String, unlessText: Bool)]) {
        guard !Self.same(shortcuts, installed) else { return }
        installed = shortcuts
        ApplicationAccels.afterFocusedWidget[UnsafeMutableRawPointer(application)] = shortcuts.isEmpty ? nil : shortcuts.mapValues(\.accelerator)
        g_list_store_remove_all(gmk_list_store(store.pointer))
        for (action, shortcut) in shortcuts.sorted(by: { $0.key < $1.key }) {
            guard let made = ScopedShortcuts.make(accelerator: shortcut.accelerator, action: action, arguments: nil,
                                                  unlessTextIsFocused: shortcut.unlessText) else { continue }
            g_list_store_append(gmk_list_store(store.pointer), made.gpointer)
            g_object_unref(made.gpointer)
        }
        guard !shortcuts.isEmpty, !watchesWindows else { return }
        watchesWindows = true
        var window = gtk_application_get_windows(application)
        while let node = window {
            if let data = node.pointee.data { attach(to: gmk_widget(data)) }
            window = node.pointee.next
        }
        connectWindowAdded()
    }

    private func connectWindowAdded() {
        gmk_connect_window_added(application, { _, window, data in
            nonisolated(unsafe) let (window, data) = (window, data)
            MainActor.assumeIsolated {
                guard let window else { return }
                SwiftClosureData.object(data, as: WindowShortcuts.self).attach(to: gmk_widget(window.gpointer))
            }
        }, SwiftClosureData.retained(self), SwiftClosureData.releaseOnClosureDestroy)
    }

    /// A controller on `window` reading the store, once per window.
    private func attach(to window: UnsafeMutablePointer<GtkWidget>) {
        guard g_object_get_data(gmk_object(window), Self.controllerKey) == nil else { return }
        g_object_set_data(gmk_object(window), Self.controllerKey, UnsafeMutableRawPointer(bitPattern: 1))
        gtk_widget_add_controller(window, ScopedShortcuts.controller(reading: store.pointer, phase: .afterFocusedWidget, managed: false))
    }

    private static func same(_ one: [String: (accelerator: String, unlessText: Bool)],
                             _ other: [String: (accelerator: String, unlessText: Bool)]) -> Bool {
        one.count == other.count && one.allSatisfy { key, value in
            other[key].map { $0.accelerator == value.accelerator && $0.unlessText == value.unlessText } ?? false
        }
    }
}
