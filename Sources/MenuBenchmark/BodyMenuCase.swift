import GMenuKit

/// Case 1 written as custom content: the same menu as case 1, each section and each item a
/// `MenuContent` with a `var body`, measured against the menu written inline in the same
/// rounds (`--body`, and `--inline-pair` for the inline side, reported as "1-inline").
@MainActor
enum BodyMenuCase {
    /// `withState`: every item's content keeps a `@State` too (`--body-state`, "1-body-state"),
    /// which costs a `Mirror` of the item each time it resolves.
    static func run(items: Int, runs: Int, body: Bool, withState: Bool = false) {
        BuildMenuCase.warmUp()
        let model = ItemsModel(count: items)
        let menu = { body ? (withState ? model.statefulBodyMenu : model.bodyMenu) : model.menu }
        if body { withExtendedLifetime(RenderedMenu(menu())) {} }
        var samples: [Double] = []
        for _ in 0..<runs {
            var rendered: RenderedMenu?
            samples.append(Stopwatch.time { rendered = RenderedMenu(menu()) })
            precondition(rendered != nil)
            rendered = nil
        }
        Report.result(body ? (withState ? "1-body-state" : "1-body") : "1-inline", items: items, seconds: samples)
    }
}

extension ItemsModel {
    /// The case 1 menu, its sections and items written as custom content.
    var bodyMenu: Menu {
        Menu("Benchmark") { BenchmarkMenuContent(model: self) }
    }
}

extension ItemsModel {
    /// The same, every item's content keeping a `@State`.
    var statefulBodyMenu: Menu {
        Menu("Benchmark") {
            ForEach(self.sections) { section in
                Section {
                    ForEach(section.items) { item in
                        StatefulItemContent(item: item, flag: self.flags[section.id]) { self.activations += 1 }
                    }
                }
            }
        }
    }
}

struct StatefulItemContent: MenuContent {
    let item: BenchmarkItem
    let flag: Flag
    let activate: @MainActor () -> Void
    @State private var choices = 0

    var body: some MenuContent {
        if item.id % sectionSize == 0 {
            Toggle(item.title, icon: benchmarkIcon, isOn: Binding(flag, \.isOn))
        } else {
            Button(item.title, icon: benchmarkIcon) {
                choices += 1
                activate()
            }
        }
    }
}

struct BenchmarkMenuContent: MenuContent {
    let model: ItemsModel

    var body: some MenuContent {
        ForEach(model.sections) { section in
            BenchmarkSectionContent(section: section, flag: model.flags[section.id]) { model.activations += 1 }
        }
    }
}

struct BenchmarkSectionContent: MenuContent {
    let section: BenchmarkSection
    let flag: Flag
    let activate: @MainActor () -> Void

    var body: some MenuContent {
        Section {
            ForEach(section.items) { item in BenchmarkItemContent(item: item, flag: flag, activate: activate) }
        }
    }
}

struct BenchmarkItemContent: MenuContent {
    let item: BenchmarkItem
    let flag: Flag
    let activate: @MainActor () -> Void

    var body: some MenuContent {
        if item.id % sectionSize == 0 {
            Toggle(item.title, icon: benchmarkIcon, isOn: Binding(flag, \.isOn))
        } else {
            Button(item.title, icon: benchmarkIcon, action: activate)
        }
    }
}
