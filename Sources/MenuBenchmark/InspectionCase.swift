import GMenuKit
import GMenuKitTesting

/// Case 11: a test's reading of a menu without GTK (GMenuKitTesting), against rendering the
/// same menu to GTK. The menu is case 1's (`items` items in sections of ten) as a submenu,
/// beside a submenu of ten recent items:
///
/// - `11-gtk-render`: `RenderedMenu` of the menu (GMenus and actions made), the reference;
/// - `11-inspect`: a fresh `InspectedMenu` rendered, an item found by path ("Recent",
///   "Recent 7") and activated: a whole headless test step;
/// - `11-find`: finding that item again in the rendered menu: only the path's two levels are
///   read, so it costs the same whatever the size of the other submenu;
/// - `11-find-deep`: finding the last item of the big submenu ("Benchmark", "Item n-1"), whose
///   level holds the n items: the cost of a path through a long level.
@MainActor
enum InspectionCase {
    static func run(items: Int, runs: Int) {
        let model = ItemsModel(count: items)
        var recentChosen = 0
        let menu = Menu("Case 11") {
            Menu("Recent") {
                ForEach(Array(0..<10), id: \.self) { index in
                    Button("Recent \(index)") { recentChosen += 1 }
                }
            }
            model.menu
        }
        // Warm up both sides once, untimed.
        withExtendedLifetime(RenderedMenu(menu)) {}
        _ = try? InspectedMenu(menu).item("Recent", "Recent 7")

        var gtk: [Double] = [], inspect: [Double] = [], find: [Double] = [], deep: [Double] = []
        let last = "Item \(items - 1)"
        for _ in 0..<runs {
            var rendered: RenderedMenu?
            gtk.append(Stopwatch.time { rendered = RenderedMenu(menu) })
            rendered = nil
            var inspected: InspectedMenu?
            inspect.append(Stopwatch.time {
                let headless = InspectedMenu(menu)
                try! headless.item("Recent", "Recent 7").activate()
                inspected = headless
            })
            guard let inspected else { continue }
            // Rendered again at the first reading after the activation; untimed here.
            _ = inspected.diagnostics
            find.append(Stopwatch.time { precondition((try? inspected.item("Recent", "Recent 7")) != nil) })
            deep.append(Stopwatch.time { precondition((try? inspected.item("Benchmark", last)) != nil) })
        }
        precondition(recentChosen == runs, "every run chose the item once")
        Report.result("11-gtk-render", items: items, seconds: gtk)
        Report.result("11-inspect", items: items, seconds: inspect)
        Report.result("11-find", items: items, seconds: find)
        Report.result("11-find-deep", items: items, seconds: deep)
    }

    /// Finding alone, `runs` times in one rendered menu, for instruction counts
    /// (`scripts/instructions.sh MenuBenchmark N 11 --find`): what one find costs, at any size.
    static func findOnly(items: Int, runs: Int, deep: Bool) {
        let model = ItemsModel(count: items)
        let menu = InspectedMenu(Menu("Case 11") {
            Menu("Recent") { ForEach(Array(0..<10), id: \.self) { index in Button("Recent \(index)") {} } }
            model.menu
        })
        let path = deep ? ["Benchmark", "Item \(items - 1)"] : ["Recent", "Recent 7"]
        precondition((try? menu.item(path: path)) != nil)
        var samples: [Double] = []
        for _ in 0..<runs {
            samples.append(Stopwatch.time { precondition((try? menu.item(path: path)) != nil) })
        }
        Report.result(deep ? "11-find-deep-only" : "11-find-only", items: items, seconds: samples)
    }
}
