import CGtk
import GMenuKit
import Observation

/// Case 3: a generated-content menu (a history: a `ForEach` over sections of ten entries, kept
/// in an `@Observable` model) gets 100 new entries at the end and loses its oldest 100, and the
/// GLib main loop runs until idle, when the rendered menu follows. The least GMenu can do is ten
/// section removals and ten section insertions on the top level.
@MainActor
enum GeneratedContentCase {
    static func run(items: Int, runs: Int) {
        BuildMenuCase.warmUp()
        let history = HistoryModel(count: items)
        let menu = RenderedMenu(history.menu)
        runMainLoopUntilIdle()
        let slide = timeAndCountChanges(runs: runs, of: menu.menuModel) { _ in
            history.slide(by: 100)
        }
        precondition(g_menu_model_get_n_items(menu.menuModel) == gint(history.sections.count), "the history did not follow")
        Report.result("3", items: items, seconds: slide.seconds, itemsChanged: slide.itemsChanged)
    }
}

/// Entries with increasing ids in sections of ten consecutive ids, the oldest first.
@Observable @MainActor
final class HistoryModel {
    private(set) var sections: [BenchmarkSection]
    @ObservationIgnored var opened: Int?
    @ObservationIgnored private var nextID: Int

    init(count: Int) {
        sections = []
        nextID = 0
        sections = makeSections(count)
    }

    /// Appends `count` entries and drops the oldest `count` (whole sections).
    func slide(by count: Int) {
        precondition(count % sectionSize == 0)
        sections.append(contentsOf: makeSections(count))
        sections.removeFirst(count / sectionSize)
    }

    private func makeSections(_ count: Int) -> [BenchmarkSection] {
        defer { nextID += count }
        return BenchmarkSection.sections(of: nextID..<nextID + count, titled: "Entry")
    }

    var menu: Menu {
        Menu("History") {
            ForEach(self.sections) { section in
                Section {
                    ForEach(section.items) { entry in
                        Button(entry.title, icon: benchmarkIcon) { self.opened = entry.id }
                    }
                }
            }
            .generatedContent()
        }
    }
}
