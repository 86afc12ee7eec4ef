import GMenuKit

/// Case 1: build a menu of `items` items in sections of ten, each with an icon and its own
/// action, ready to show: the content resolved and planned, the GMenus and actions made.
@MainActor
enum BuildMenuCase {
    /// `caseName` is "1-shared-icon" when the other sides are asked to share one serialized
    /// icon, as GMenuKit always does: the same work here, reported under that name.
    static func run(items: Int, runs: Int, caseName: String = "1") {
        warmUp()
        let model = ItemsModel(count: items)
        var samples: [Double] = []
        for _ in 0..<runs {
            var menu: RenderedMenu?
            samples.append(Stopwatch.time { menu = RenderedMenu(model.menu) })
            precondition(menu != nil)
            menu = nil  // Torn down untimed; case 4 times that.
        }
        Report.result(caseName, items: items, seconds: samples)
    }

    /// The same build for generated content: the history of case 3 (`.generatedContent()`),
    /// whose buttons GMenuKit may serve with one parameterized action per section; the C and
    /// PyGObject programs still make one action per item, as plain code does.
    static func runGenerated(items: Int, runs: Int) {
        warmUp()
        let history = HistoryModel(count: items)
        var samples: [Double] = []
        for _ in 0..<runs {
            var menu: RenderedMenu?
            samples.append(Stopwatch.time { menu = RenderedMenu(history.menu) })
            precondition(menu != nil)
            menu = nil
        }
        Report.result("1-generated", items: items, seconds: samples)
    }

    /// Peak memory of a process that builds the menu once: VmRSS before the menu's data
    /// exists and VmHWM once the menu is built.
    static func peakMemory(items: Int) {
        let baseline = processStatusKB("VmRSS")
        let model = ItemsModel(count: items)
        let menu = RenderedMenu(model.menu)
        withExtendedLifetime(menu) {
            Report.rss("1", items: items, baselineKB: baseline, peakKB: processStatusKB("VmHWM"))
        }
    }

    /// One small menu, untimed, so that lazy initialization (types, metadata, GLib's type
    /// system) is not part of the first measured run. Every side warms up the same way.
    static func warmUp() {
        let model = ItemsModel(count: 100)
        withExtendedLifetime(RenderedMenu(model.menu)) {}
    }
}
