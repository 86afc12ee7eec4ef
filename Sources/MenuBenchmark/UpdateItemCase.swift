import CGtk
import GMenuKit

/// Case 2: in an already rendered menu, change one item's label, and separately flip one
/// toggle, the way an app does: it changes its `@Observable` model and the GLib main loop runs
/// until idle, which is when the rendered menu follows (the section list changed: only the
/// section that differs is resolved and rendered again). The least GMenu can do is one removal
/// and one insertion for the label (it has no replace) and no `items-changed` for the toggle
/// (a state change of its action). The label change is then timed once more with the items as
/// `@Observable` objects (reported as 2-label-objects; the C and PyGObject sides have no model,
/// so the same replacement is their side of it).
@MainActor
enum UpdateItemCase {
    /// One part alone, for instruction counts (`--part label|toggle|objects`); all three
    /// when nil.
    static func run(items: Int, runs: Int, part: String? = nil) {
        BuildMenuCase.warmUp()
        let model = ItemsModel(count: items)
        let menu = RenderedMenu(model.menu)
        runMainLoopUntilIdle()
        // A button in the middle of the menu, and the toggle that starts its section.
        let (target, section, position) = middleButton(of: items)
        let labels = ["Renamed \(target)", "Item \(target)"]

        if part == nil || part == "label" {
            let label = timeAndCountChanges(runs: runs, of: menu.menuModel) { run in
                model.sections[section].items[position].title = labels[run % 2]
            }
            checkLabel(menu, section: section, position: position, expected: model.sections[section].items[position].title)
            Report.result("2-label", items: items, seconds: label.seconds, itemsChanged: label.itemsChanged)
        }
        if part == nil || part == "toggle" {
            let toggle = timeAndCountChanges(runs: runs, of: menu.menuModel) { _ in
                model.flags[section].isOn.toggle()
            }
            checkToggleState(menu, name: "item-\(section * sectionSize)", expected: model.flags[section].isOn)
            Report.result("2-toggle", items: items, seconds: toggle.seconds, itemsChanged: toggle.itemsChanged)
        }
        withExtendedLifetime(menu) {}
        if part == nil || part == "objects" {
            runWithSectionObjects(items: items, runs: runs, section: section, position: position, labels: labels)
        }
    }

    /// The label change again, with the items as `@Observable` objects in their sections' lists:
    /// the changed item's own observation follows it, and no list is compared at all.
    private static func runWithSectionObjects(items: Int, runs: Int, section: Int, position: Int, labels: [String]) {
        let model = ObjectItemsModel(count: items)
        let menu = RenderedMenu(model.menu)
        runMainLoopUntilIdle()
        let label = timeAndCountChanges(runs: runs, of: menu.menuModel) { run in
            model.sections[section].items[position].title = labels[run % 2]
        }
        checkLabel(menu, section: section, position: position, expected: model.sections[section].items[position].title)
        Report.result("2-label-objects", items: items, seconds: label.seconds, itemsChanged: label.itemsChanged)
    }

    /// The work must have happened: the item shows the new label.
    private static func checkLabel(_ menu: RenderedMenu, section: Int, position: Int, expected: String) {
        let sectionModel = g_menu_model_get_item_link(menu.menuModel, gint(section), G_MENU_LINK_SECTION)!
        defer { g_object_unref(sectionModel.gpointer) }
        let label = g_menu_model_get_item_attribute_value(sectionModel, gint(position), G_MENU_ATTRIBUTE_LABEL, nil)!
        defer { g_variant_unref(label) }
        precondition(String(cString: g_variant_get_string(label, nil)) == expected, "the label did not follow")
    }

    /// The work must have happened: the toggle's action carries the flag's value.
    private static func checkToggleState(_ menu: RenderedMenu, name: String, expected: Bool) {
        guard let state = g_action_group_get_action_state(menu.actionGroup.unsafePointer, name) else {
            fatalError("no action \(name)")
        }
        defer { g_variant_unref(state) }
        precondition((g_variant_get_boolean(state) != 0) == expected, "the toggle's state did not follow")
    }
}
