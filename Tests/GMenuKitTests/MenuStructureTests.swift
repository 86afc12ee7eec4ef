import CGtk
import XCTest

@testable import GMenuKit

/// What GTK reads back through GIO of the items the planner lays out (GMenuKitCoreTests'
/// MenuStructureTests): serialized icons, action states and their types, actions pressed.
final class MenuStructureTests: GtkTestCase {
    func testAnIconIsAThemedIconGTKReads() {
        onMain {
            let rendered = RenderedMenu(Menu("File") {
                Button("Open Recent", icon: "document-open-recent-symbolic", subtitle: "Files you used lately") {}
            })
            let items = MenuModelReader.read(rendered.menuModel)
            XCTAssertEqual(items[0].attributes["icon"]?.hasPrefix("('themed', <['document-open-recent-symbolic'"), true)
        }
    }

    func testToggleIsABooleanStatefulAction() {
        onMain {
            var isBold = true
            let rendered = RenderedMenu(Menu("Format") {
                Toggle("Bold", isOn: Binding(get: { isBold }, set: { isBold = $0 }))
            })
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "bold"), "true")
            let stateType = g_action_group_get_action_state_type(rendered.actionGroup.unsafePointer, "bold")
            XCTAssertEqual(String(cString: g_variant_type_peek_string(stateType)!).prefix(1), "b")
        }
    }

    func testPickerActionsHoldTheSelectedOptionsTarget() {
        onMain {
            var sort = "date"
            let selection = Binding(get: { sort }, set: { sort = $0 })
            let rendered = RenderedMenu(Menu("View") {
                Picker("Sort By", selection: selection) {
                    Text("Name").tag("name")
                    Text("Date").tag("date")
                }
                Picker("Align", selection: selection) {
                    Label("Left", icon: "format-justify-left-symbolic").tag("left")
                    Label("Right", icon: "format-justify-right-symbolic").tag("right")
                }
                .pickerStyle(.palette)
            })
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "sort-by"), "date")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "align"), "", "no option matches: no radio mark")
        }
    }

    func testStepperIncreasePressedThroughItsActionMovesTheValueAndFreesDecrease() {
        onMain {
            var size = 8
            let rendered = RenderedMenu(Menu("Format") {
                Stepper("Font Size: \(size)", value: Binding(get: { size }, set: { size = $0 }), in: 8...72, step: 2)
            })
            let stepper = MenuModelReader.read(rendered.menuModel)[0]
            let decrease = localActionName(stepper.section?[0])
            let increase = localActionName(stepper.section?[1])
            XCTAssertFalse(actionEnabled(rendered.actionGroup.unsafePointer, decrease), "at the lower bound")
            XCTAssertTrue(actionEnabled(rendered.actionGroup.unsafePointer, increase))

            g_action_group_activate_action(rendered.actionGroup.unsafePointer, increase, nil)
            XCTAssertEqual(size, 10)
            rendered.refresh()
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel)[0].label, "Font Size: 10")
            XCTAssertTrue(actionEnabled(rendered.actionGroup.unsafePointer, decrease))
        }
    }

    func testUseMarkupIsAStringVariant() {
        onMain {
            let rendered = RenderedMenu(Menu("File") {
                Button("Delete <All> & Forget_Me", role: .destructive) {}
            })
            rendered.destructiveColor = "#c01c28"
            let useMarkup = g_menu_model_get_item_attribute_value(rendered.menuModel, 0, "use-markup", nil)
            XCTAssertEqual(g_variant_is_of_type(useMarkup, gmk_variant_type_string()), 1, "GTK 4.8 reads use-markup only as a string")
            g_variant_unref(useMarkup)
        }
    }
}
