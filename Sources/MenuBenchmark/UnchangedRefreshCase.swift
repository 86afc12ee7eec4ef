import CGtk
import GMenuKit

/// Case 6: `refresh()` on a rendered menu when nothing changed, beside a full render of the same
/// menu (reported as 6-render and 6-refresh). The C side reads its model again and compares
/// every item with it, which is what a program that does not know what changed must do.
///
/// `shape`: "sections" (the case 1 menu, the default), "equatable" (the same, each section's
/// `ForEach` marked `equatable()`), "generated" (one section of generated buttons, a `ForEach`
/// over values) or "inline" (buttons written in a `for` loop of the content itself, no
/// `ForEach`); the other shapes are reported as 6-render-<shape> and 6-refresh-<shape>.
/// "content" renders nothing: it runs the case 1 menu's item content (the app's closure, the
/// toggle or button it makes) for every item and drops it, which any refresh that reads the
/// content again pays before GMenuKit reads it (reported as 6-content). "one-change",
/// "unobserved" and "generated-one" are a refresh with one change and the one it adds to
/// (``OneChangeShape``).
@MainActor
enum UnchangedRefreshCase {
    static func run(items: Int, runs: Int, shape: String) {
        BuildMenuCase.warmUp()
        let suffix = shape == "sections" ? "" : "-" + shape
        let model = ItemsModel(count: items)
        if shape == "content" {
            Report.result("6-content", items: items, seconds: timeContentAlone(of: model, runs: runs))
            return
        }
        if let oneChange = OneChangeShape(rawValue: shape) {
            runWithOneChange(oneChange, items: items, runs: runs)
            return
        }
        let list = FlatListModel(count: items)
        let menu: Menu = switch shape {
        case "generated": list.generatedMenu
        case "equatable": model.equatableMenu
        case "inline": list.inlineMenu
        default: model.menu
        }
        var renders: [Double] = []
        // --refresh-only: no renders timed (for a profile or a count of the refresh alone).
        let refreshOnly = CommandLine.arguments.contains("--refresh-only")
        for _ in 0..<(refreshOnly ? 0 : runs) {
            var rendered: RenderedMenu?
            renders.append(Stopwatch.time { rendered = RenderedMenu(menu) })
            precondition(rendered != nil)
            rendered = nil  // Torn down untimed.
        }
        let rendered = RenderedMenu(menu)
        runMainLoopUntilIdle()
        let refresh = timeAndCountChanges(runs: runs, of: rendered.menuModel) { _ in
            rendered.refresh()
        }
        if !refreshOnly { Report.result("6-render" + suffix, items: items, seconds: renders) }
        Report.result("6-refresh" + suffix, items: items, seconds: refresh.seconds, itemsChanged: refresh.itemsChanged)
    }
}

extension UnchangedRefreshCase {
    /// A refresh with one change: what a menu whose model it does not observe pays when the
    /// app changes one element and calls `refresh()`.
    enum OneChangeShape: String {
        /// The case 1 menu, its model not observed: one label changed between refreshes
        /// (6-refresh-one; C replaces the one item its comparison finds).
        case oneChange = "one-change"
        /// The same model, nothing changed (6-refresh-unobserved): what 6-refresh-one adds to.
        case unobserved
        /// One section of generated buttons, one entry's title changed (6-refresh-generated-one;
        /// 6-refresh-generated is the same menu unchanged).
        case generatedOne = "generated-one"
    }

    private static func runWithOneChange(_ shape: OneChangeShape, items: Int, runs: Int) {
        let rendered: RenderedMenu
        let change: (Int) -> Void
        switch shape {
        case .oneChange, .unobserved:
            let model = UnobservedItemsModel(count: items)
            rendered = RenderedMenu(model.menu)
            let (target, section, position) = middleButton(of: items)
            // Unobserved, the label is written too, unchanged: both shapes pay the app's write
            // (the list shares the array it last read, which the write copies).
            let labels = shape == .unobserved ? ["Item \(target)", "Item \(target)"] : ["Renamed \(target)", "Item \(target)"]
            change = { run in model.sections[section].items[position].title = labels[run % 2] }
        case .generatedOne:
            let list = FlatListModel(count: items)
            rendered = RenderedMenu(list.generatedMenu)
            let target = items / 2
            let titles = ["Renamed \(target)", "Entry \(target)"]
            change = { run in list.entries[target].title = titles[run % 2] }
        }
        runMainLoopUntilIdle()
        let refresh = timeAndCountChanges(runs: runs, of: rendered.menuModel) { run in
            change(run)
            rendered.refresh()
        }
        let name = switch shape {
        case .oneChange: "6-refresh-one"
        case .unobserved: "6-refresh-unobserved"
        case .generatedOne: "6-refresh-generated-one"
        }
        Report.result(name, items: items, seconds: refresh.seconds, itemsChanged: refresh.itemsChanged)
    }

    /// Runs each item's content as the benchmark menu's lists do (the same closures, made as
    /// `ItemsModel.menu` makes them), and drops it.
    private static func timeContentAlone(of model: ItemsModel, runs: Int) -> [Double] {
        (0..<runs).map { _ in
            Stopwatch.time {
                for section in model.sections {
                    let content = benchmarkItemContent(in: section, title: \BenchmarkItem.title, flag: { model.flags[$0] },
                                                       activate: { model.activations += 1 })
                    for item in section.items { _ = content(item) }
                }
            }
        }
    }
}

/// A flat list of titled entries, as a long history or bookmark list keeps them (not observed:
/// the app calls `refresh()`).
@MainActor
final class FlatListModel {
    var entries: [BenchmarkItem]
    var opened: Int?

    init(count: Int) {
        entries = (0..<count).map { BenchmarkItem(id: $0, title: "Entry " + String($0)) }
    }

    /// One section of generated buttons, one for each entry.
    var generatedMenu: Menu {
        Menu("Generated") {
            Section {
                ForEach(self.entries) { entry in Button(entry.title) { self.opened = entry.id } }
            }
            .generatedContent()
            Divider()
            Button("Clear History") {}
        }
    }

    /// The same buttons written in a loop of the content itself, each with its own action.
    var inlineMenu: Menu {
        Menu("Inline") {
            for entry in self.entries {
                Button(entry.title) { self.opened = entry.id }
            }
        }
    }
}

extension ItemsModel {
    /// The case 1 menu with each section's elements compared before their content runs again.
    var equatableMenu: Menu {
        benchmarkMenu(self.sections, items: \.items, title: \.title, flag: { self.flags[$0] }, activate: { self.activations += 1 },
                      marking: { $0.equatable() })
    }
}

/// The case 1 menu's data in a class that is not observable: the app calls `refresh()`.
@MainActor
final class UnobservedItemsModel {
    var sections: [BenchmarkSection]
    let flags: [Flag]
    var activations = 0

    init(count: Int) {
        sections = BenchmarkSection.sections(of: 0..<count, titled: "Item")
        flags = sections.map { _ in Flag() }
    }

    var menu: Menu {
        benchmarkMenu(self.sections, items: \.items, title: \.title, flag: { self.flags[$0] }) { self.activations += 1 }
    }
}
