import CGtk
import XCTest

@testable import GMenuKit

/// Records a menu model's `items-changed` emissions as (position, removed, added).
final class ItemsChangedRecorder {
    struct Change: Equatable, CustomStringConvertible {
        var position: Int, removed: Int, added: Int
        var description: String { "(\(position), -\(removed), +\(added))" }
    }

    private(set) var changes: [Change] = []
    private let model: UnsafeMutablePointer<GMenuModel>
    private var handler: gulong = 0

    init(_ model: UnsafeMutablePointer<GMenuModel>) {
        self.model = model
        handler = gmk_connect_items_changed(model, { _, position, removed, added, data in
            let recorder = Unmanaged<ItemsChangedRecorder>.fromOpaque(data!).takeUnretainedValue()
            recorder.changes.append(Change(position: Int(position), removed: Int(removed), added: Int(added)))
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    deinit { g_signal_handler_disconnect(model, handler) }
}

/// Counts how many of the GObjects it watches have been finalized, through weak references.
final class FinalizationWatcher {
    private(set) var finalizedCount = 0
    private(set) var watchedCount = 0

    func watch(_ object: gpointer) {
        watchedCount += 1
        g_object_weak_ref(gmk_object(object), { data, _ in
            Unmanaged<FinalizationWatcher>.fromOpaque(data!).takeUnretainedValue().finalizedCount += 1
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    var allFinalized: Bool { finalizedCount == watchedCount }
}

/// Collects diagnostics instead of printing them, for the duration of a test.
@MainActor
final class DiagnosticCollector {
    private(set) var collected: [MenuDiagnostic] = []
    /// How many diagnostics came, kept or not.
    private(set) var count = 0
    private let previous = RenderedMenu.diagnosticHandler

    /// `keeping` false: only counts them, for runs of thousands of renders whose memory is
    /// measured (kept, two diagnostics a cycle grow the process by 800 B a cycle).
    init(keeping: Bool = true) {
        RenderedMenu.diagnosticHandler = { [unowned self] in
            self.count += 1
            if keeping { self.collected.append($0) }
        }
    }

    func stop() { RenderedMenu.diagnosticHandler = previous }
}

extension XCTestCase {
    /// GTK lives on the main thread, where XCTest runs its tests.
    func onMain(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated(body)
    }
}

/// Reads an action's state: a string state as it is, others in GVariant text form (`true`).
func actionState(_ group: OpaquePointer, _ name: String) -> String? {
    guard let state = g_action_group_get_action_state(group, name) else { return nil }
    defer { g_variant_unref(state) }
    return MenuModelReader.text(of: state)
}

func actionEnabled(_ group: OpaquePointer, _ name: String) -> Bool {
    g_action_group_get_action_enabled(group, name) != 0
}

/// The name an item's action has within the menu's own group: "menu.copy" → "copy".
func localActionName(_ item: ReadMenuItem?) -> String {
    String(item?.action?.split(separator: ".", maxSplits: 1).last ?? "")
}

/// Chooses an item read back from a menu, as GTK does: its action in `group`, with its target.
func activate(_ item: ReadMenuItem, in group: OpaquePointer) {
    g_action_group_activate_action(group, localActionName(item), item.target.map { g_variant_new_string($0) })
}


/// Counts an evaluation of the content around it, where it stands: it adds nothing to the menu.
@MainActor
func countingEvaluation(_ count: inout Int) -> some MenuContent {
    count += 1
    return EmptyMenuContent()
}

/// Counts an evaluation of `content`, and is that content.
@MainActor
func countingEvaluation<Content: MenuContent>(_ count: inout Int, of content: Content) -> Content {
    count += 1
    return content
}
