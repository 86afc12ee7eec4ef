import CGtk
import GMenuKit

/// Case 4: tear a rendered menu down by dropping the last reference to it. Checks that the
/// GMenu really went (a GObject weak pointer), so the time covers the whole teardown.
@MainActor
enum TeardownCase {
    static func run(items: Int, runs: Int) {
        BuildMenuCase.warmUp()
        let model = ItemsModel(count: items)
        let weakModel = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
        defer { weakModel.deallocate() }
        var samples: [Double] = []
        for _ in 0..<runs {
            var menu: RenderedMenu? = RenderedMenu(model.menu)
            weakModel.pointee = menu!.menuModel.gpointer
            g_object_add_weak_pointer(gmk_object(menu!.menuModel), weakModel)
            samples.append(Stopwatch.time { menu = nil })
            precondition(weakModel.pointee == nil, "the menu model outlived its rendered menu")
        }
        Report.result("4", items: items, seconds: samples)
    }
}
