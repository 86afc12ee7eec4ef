import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// One entry of a list whose kind follows its data: a command, a checkmark, a dimmed command or
/// a destructive one.
struct MixedEntry: Identifiable, Equatable {
    enum Kind: CaseIterable { case command, check, dimmed, destructive }
    var id: Int
    var title: String
    var kind: Kind
}

@Observable
@MainActor
final class MixedListModel {
    var entries: [MixedEntry] = []
    var more: [MixedEntry] = []
    var checked: Set<Int> = []
    @ObservationIgnored var performed: [Int] = []
    @ObservationIgnored private var nextID = 0

    func makeEntry(_ random: inout SplitMix64) -> MixedEntry {
        defer { nextID += 1 }
        return MixedEntry(id: nextID, title: "Entry \(nextID)", kind: random.pick(MixedEntry.Kind.allCases))
    }

    /// A list in a section beside other items, and a second list alone in a submenu.
    var menu: Menu {
        Menu("Mixed") {
            Button("New") {}
            Section("Recent") {
                ForEach(self.entries) { entry in self.item(entry) }
            }
            Menu("More") {
                ForEach(self.more) { entry in self.item(entry) }
            }
        }
    }

    @MenuContentBuilder
    private func item(_ entry: MixedEntry) -> any MenuContent {
        switch entry.kind {
        case .command:
            Button(entry.title) { self.performed.append(entry.id) }
        case .check:
            Toggle(entry.title, isOn: Binding(get: { self.checked.contains(entry.id) }, set: { isOn in
                if isOn { self.checked.insert(entry.id) } else { self.checked.remove(entry.id) }
            }))
        case .dimmed:
            Button(entry.title) { self.performed.append(entry.id) }.disabled()
        case .destructive:
            Button(entry.title + "…", role: .destructive) { self.performed.append(entry.id) }
        }
    }
}

/// Lists of every kind of item, in a section and in a submenu, edited at random: after each
/// edit the menu, its actions and its diagnostics equal a fresh render, and its actions behave.
final class ListKindsTests: GtkTestCase {
    func testRandomEditsOfListsOfEveryKind() {
        onMain {
            var random = SplitMix64(seed: 17)
            let model = MixedListModel()
            model.entries = (0..<4).map { _ in model.makeEntry(&random) }
            model.more = (0..<3).map { _ in model.makeEntry(&random) }
            let rendered = RenderedMenu(model.menu)
            rendered.confirmDestructiveAction = { _, proceed in proceed() }
            for step in 0..<300 {
                Self.edit(model, &random)
                MainLoop.drain()
                let fresh = RenderedMenu(model.menu)
                let (updated, expected) = (NormalizedRendering(rendered), NormalizedRendering(fresh))
                guard updated == expected else { return XCTFail("step \(step): \(updated.firstDifference(from: expected))") }
                XCTAssertEqual(rendered.diagnostics, fresh.diagnostics, "step \(step)")
                guard Self.actionsBehave(rendered, model, step: step, random: &random) else { return }
            }
            XCTAssertGreaterThan(rendered.listUpdates, 150)
        }
    }

    @MainActor private static func edit(_ model: MixedListModel, _ random: inout SplitMix64) {
        // Most edits touch the section's list, some the submenu's.
        let inMore = random.chance(30)
        var list = inMore ? model.more : model.entries
        switch random.below(5) {
        case 0 where list.count > 1: list.remove(at: random.below(list.count))
        case 1: list.insert(model.makeEntry(&random), at: random.below(list.count + 1))
        case 2 where !list.isEmpty: list[random.below(list.count)].kind = random.pick(MixedEntry.Kind.allCases)
        case 3 where !list.isEmpty: list[random.below(list.count)].title = random.pick(["Mail", "A_b", "Ünï", "Entry"])
        default:
            if let entry = list.first(where: { $0.kind == .check }) { model.checked.formSymmetricDifference([entry.id]) }
        }
        if inMore { model.more = list } else { model.entries = list }
    }

    /// Each entry's item does what its kind says: a command or destructive item performs once,
    /// a checkmark shows and flips its state, a dimmed item has no action.
    @MainActor private static func actionsBehave(
        _ rendered: RenderedMenu, _ model: MixedListModel, step: Int, random: inout SplitMix64
    ) -> Bool {
        let all = model.entries + model.more
        guard let entry = all.isEmpty ? nil : all[random.below(all.count)] else { return true }
        let items = flatten(MenuModelReader.read(rendered.menuModel)).filter { $0.section == nil && $0.submenu == nil }
        let position = (model.entries.firstIndex(of: entry).map { $0 + 1 }) ?? (1 + model.entries.count + model.more.firstIndex(of: entry)!)
        let item = items[position]
        let name = item.action == nil ? nil : localActionName(item)
        switch entry.kind {
        case .dimmed:
            guard let name else { return true }
            if g_action_group_get_action_enabled(rendered.actionGroup.unsafePointer, name) != 0 {
                XCTFail("step \(step): the dimmed \(entry.title) has an enabled action")
                return false
            }
        case .command, .destructive:
            let before = model.performed.count
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, name, nil)
            if model.performed.count != before + 1 || model.performed.last != entry.id {
                XCTFail("step \(step): \(entry.title) did not perform once")
                return false
            }
        case .check:
            let expected = model.checked.contains(entry.id) ? "true" : "false"
            if actionState(rendered.actionGroup.unsafePointer, name!) != expected {
                XCTFail("step \(step): \(entry.title) shows \(actionState(rendered.actionGroup.unsafePointer, name!) ?? "-"), not \(expected)")
                return false
            }
        }
        return true
    }
}
