import GMenuKit

/// Case 1 written as custom content: the same menu as case 1, each section and each item a
/// `MenuContent` with a `var body`, measured against the menu written inline in the same
/// rounds (`--body`, and `--inline-pair` for the inline side, reported as "1-inline").
@MainActor
enum BodyMenuCase {
    static func run(items: Int, runs: Int, body: Bool) {
        BuildMenuCase.warmUp()
        let model = ItemsModel(count: items)
        if body { withExtendedLifetime(RenderedMenu(model.bodyMenu)) {} }
        var samples: [Double] = []
        for _ in 0..<runs {
            var menu: RenderedMenu?
            samples.append(Stopwatch.time { menu = RenderedMenu(body ? model.bodyMenu : model.menu) })
            precondition(menu != nil)
            menu = nil
        }
        Report.result(body ? "1-body" : "1-inline", items: items, seconds: samples)
    }
}

extension ItemsModel {
    /// The case 1 menu, its sections and items written as custom content.
    var bodyMenu: Menu {
        Menu("Benchmark") { BenchmarkMenuContent(model: self) }
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
