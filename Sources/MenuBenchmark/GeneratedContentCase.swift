import GMenuKit

/// Case 3: a generated-content menu (a history: a `ForEach` over entries, in sections of ten)
/// gets 100 new entries at the end and loses its oldest 100, then `refresh()`. The least GMenu
/// can do is ten section removals and ten section insertions on the top level.
@MainActor
enum GeneratedContentCase {
    static func run(items: Int, runs: Int) {
        BuildMenuCase.warmUp()
        let history = HistoryModel(count: items)
        let menu = RenderedMenu(history.menu)
        let slide = timeAndCountChanges(runs: runs, of: menu.menuModel) { _ in
            history.slide(by: 100)
            menu.refresh()
        }
        Report.result("3", items: items, seconds: slide.seconds, itemsChanged: slide.itemsChanged)
    }
}

/// Entries with increasing ids, `firstID` the oldest; sections hold ten consecutive ids.
@MainActor
final class HistoryModel {
    private(set) var firstID = 0
    private(set) var titles: [String]
    var opened: Int?

    init(count: Int) {
        titles = (0..<count).map { "Entry \($0)" }
    }

    /// Appends `count` entries and drops the oldest `count`.
    func slide(by count: Int) {
        let nextID = firstID + titles.count
        titles += (nextID..<nextID + count).map { "Entry \($0)" }
        titles.removeFirst(count)
        firstID += count
    }

    var menu: Menu {
        Menu("History") {
            ForEach(self.firstID / sectionSize..<(self.firstID + self.titles.count) / sectionSize, id: \.self) { section in
                Section {
                    ForEach(section * sectionSize..<(section + 1) * sectionSize, id: \.self) { id in
                        Button(self.titles[id - self.firstID], icon: benchmarkIcon) { self.opened = id }
                    }
                }
            }
            .generatedContent()
        }
    }
}
