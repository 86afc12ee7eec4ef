import CGtk
import Observation
import XCTest

@testable import GMenuKit

/// Activation through GIO, as GTK's menus activate: closures run, toggles flip, pickers move,
/// disabled actions refuse.
final class ActionTests: GtkTestCase {
    func testButtonRunsItsClosure() {
        onMain {
            var copies = 0
            let rendered = RenderedMenu(Menu("Edit") { Button("Copy") { copies += 1 } })
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "copy", nil)
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "copy", nil)
            XCTAssertEqual(copies, 2)
        }
    }

    func testToggleFlipsTheBindingAndTheState() {
        onMain {
            var isBold = false
            let rendered = RenderedMenu(Menu("Format") {
                Toggle("Bold", isOn: Binding(get: { isBold }, set: { isBold = $0 }))
            })
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "bold", nil)
            XCTAssertTrue(isBold)
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "bold"), "true")
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "bold", nil)
            XCTAssertFalse(isBold)
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "bold"), "false")
        }
    }

    func testPickerMovesTheSelection() throws {
        try onMain {
            enum Sort: Hashable { case name, date, size }
            var sort = Sort.name
            let rendered = RenderedMenu(Menu("View") {
                Picker("Sort By", selection: Binding(get: { sort }, set: { sort = $0 })) {
                    Text("Name").tag(Sort.name)
                    Text("Date").tag(Sort.date)
                    Text("Size").tag(Sort.size)
                }
            })
            let options = MenuModelReader.read(rendered.menuModel)[0].section ?? []
            let date = try XCTUnwrap(options.first { $0.label == "Date" })
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "sort-by", g_variant_new_string(date.target))
            XCTAssertEqual(sort, .date)
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "sort-by"), date.target)
        }
    }

    func testPickerIgnoresATargetThatNamesNoOption() {
        onMain {
            var sort = "name"
            let rendered = RenderedMenu(Menu("View") {
                Picker("Sort By", selection: Binding(get: { sort }, set: { sort = $0 })) {
                    Text("Name").tag("name")
                    Text("Date").tag("date")
                }
            })
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "sort-by", g_variant_new_string("color"))
            XCTAssertEqual(sort, "name")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "sort-by"), "name")
        }
    }

    func testDisabledActionsRefuseActivation() {
        onMain {
            var printed = 0
            var isBold = false
            var sort = "name"
            let rendered = RenderedMenu(Menu("File") {
                Button("Print…") { printed += 1 }.disabled()
                Section {
                    Toggle("Bold", isOn: Binding(get: { isBold }, set: { isBold = $0 }))
                    Picker("Sort By", selection: Binding(get: { sort }, set: { sort = $0 })) {
                        Text("Name").tag("name")
                        Text("Date").tag("date")
                    }
                }
                .disabled()
            })
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "print", nil)
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "bold", nil)
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "sort-by", g_variant_new_string("date"))
            XCTAssertEqual(printed, 0)
            XCTAssertFalse(isBold)
            XCTAssertEqual(sort, "name")
            XCTAssertFalse(actionEnabled(rendered.actionGroup.unsafePointer, "bold"), "a disabled section disables its items")
        }
    }

    func testActionActivatedAfterTheMenuIsGoneRunsNothing() {
        onMain {
            var copies = 0
            var rendered: RenderedMenu? = RenderedMenu(Menu("Edit") { Button("Copy") { copies += 1 } })
            let group = rendered!.actionGroup.unsafePointer
            g_object_ref(group.gpointerForTests)
            let action = g_action_map_lookup_action(gmk_action_map(group.gpointerForTests), "copy")!
            g_object_ref(action.gpointerForTests)
            rendered = nil
            // Someone outside kept the action alive and activates it: the closure must not run.
            g_action_activate(action, nil)
            XCTAssertEqual(copies, 0)
            g_object_unref(action.gpointerForTests)
            g_object_unref(group.gpointerForTests)
        }
    }
}

extension OpaquePointer {
    var gpointerForTests: gpointer { UnsafeMutableRawPointer(self) }
}

/// Generated lists share one parameterized action per level (planned so: GMenuKitCoreTests'
/// ActionPlanningTests), which dispatches on the target GTK hands it.
final class GeneratedContentActionTests: GtkTestCase {
    func testTheSharedActionOfGeneratedButtonsDispatchesOnItsTarget() {
        onMain {
            var opened: [String] = []
            var files = ["a.txt", "b.txt", "c.txt"]
            let rendered = RenderedMenu(Menu("File") {
                Button("New") {}
                Menu("Open Recent") {
                    ForEach(files, id: \.self) { file in
                        Button(file) { opened.append(file) }
                    }
                    .generatedContent()
                    Divider()
                    Button("Clear Menu") { files = [] }
                }
            })
            let recent = MenuModelReader.read(rendered.menuModel)[1].submenu ?? []
            let generated = recent[0].section ?? []

            let action = localActionName(generated[1])
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, action, g_variant_new_string(generated[1].target))
            XCTAssertEqual(opened, ["b.txt"])

            // The list changes: no action comes or goes, and a stale target does nothing.
            let actionsBefore = actionNames(of: rendered.actionGroup.unsafePointer).count
            files = ["d.txt"] + files
            rendered.refresh()
            XCTAssertEqual(actionNames(of: rendered.actionGroup.unsafePointer).count, actionsBefore)
            files.removeAll { $0 == "b.txt" }
            rendered.refresh()
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, action, g_variant_new_string(generated[1].target))
            XCTAssertEqual(opened, ["b.txt"])
        }
    }
}
