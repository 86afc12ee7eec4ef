import CGtk
import GMenuKit

/// Case 2: in an already rendered menu, change one item's label, and separately flip one
/// toggle, through the bound data and `refresh()`. The least GMenu can do is one removal and
/// one insertion for the label (it has no replace) and no `items-changed` for the toggle (a
/// state change of its action).
@MainActor
enum UpdateItemCase {
    static func run(items: Int, runs: Int) {
        BuildMenuCase.warmUp()
        let model = ItemsModel(count: items)
        let menu = RenderedMenu(model.menu)
        // A button in the middle of the menu, and the toggle that starts its section.
        var target = items / 2
        if target % sectionSize == 0 { target += 1 }
        let section = target / sectionSize
        let labels = ["Renamed \(target)", "Item \(target)"]

        var labelSamples: [Double] = []
        var labelChanges = 0
        for run in 0...runs {
            let counter = ItemsChangedCounter(menu.menuModel)
            let seconds = Stopwatch.time {
                model.labels[target] = labels[run % 2]
                menu.refresh()
            }
            labelChanges = counter.count
            counter.stop()
            if run > 0 { labelSamples.append(seconds) }  // The first run warms up.
        }

        var toggleSamples: [Double] = []
        var toggleChanges = 0
        for run in 0...runs {
            let counter = ItemsChangedCounter(menu.menuModel)
            let seconds = Stopwatch.time {
                model.flags[section].toggle()
                menu.refresh()
            }
            toggleChanges = counter.count
            counter.stop()
            if run > 0 { toggleSamples.append(seconds) }
        }
        checkToggleState(menu, name: "item-\(section * sectionSize)", expected: model.flags[section])

        Report.result("2-label", items: items, seconds: labelSamples, itemsChanged: labelChanges)
        Report.result("2-toggle", items: items, seconds: toggleSamples, itemsChanged: toggleChanges)
    }

    /// The work must have happened: the toggle's action carries the flag's value.
    private static func checkToggleState(_ menu: RenderedMenu, name: String, expected: Bool) {
        guard let state = g_action_group_get_action_state(menu.actionGroup, name) else {
            fatalError("no action \(name)")
        }
        defer { g_variant_unref(state) }
        precondition((g_variant_get_boolean(state) != 0) == expected, "the toggle's state did not follow")
    }
}
