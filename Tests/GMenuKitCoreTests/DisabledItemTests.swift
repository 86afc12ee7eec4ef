import XCTest

@testable import GMenuKitCore

/// How disabled items are planned: dimmed by a disabled action, or by leaving out an action
/// that is not the menu's. Activating actions through GTK: the GTK tests' ActionTests.
final class DisabledItemTests: XCTestCase {
    func testDisabledSubmenuStaysOpenableWithItsItemsDimmed() {
        onMain {
            let planned = PlannedMenu(Menu("File") {
                Menu("Export") {
                    Button("PDF…") {}
                    Button("HTML…") {}
                }
                .disabled()
            })
            let export = planned.items[0]
            XCTAssertNil(export.action, "no action on the submenu item: GTK keeps it openable")
            XCTAssertEqual(export.submenu?.count, 2)
            XCTAssertFalse(planned.isEnabled(localActionName(export.submenu?[0])))
        }
    }

    /// GTK 4.8 dims an item whose action is missing and draws one without an action as if it
    /// could be chosen (gtkmenutrackeritem.c): a dimmed item names an action never added.
    func testDisabledOptionNamesAMissingActionSoItIsDimmed() {
        onMain {
            var quality = "high"
            let options = plan(Menu("Export") {
                Picker("Quality", selection: Binding(get: { quality }, set: { quality = $0 })) {
                    Text("High").tag("high")
                    Text("Lossless").tag("lossless").disabled()
                }
            }).items[0].section ?? []
            XCTAssertEqual(options.map(\.action), ["menu.quality", "menu.Unavailable"])
            XCTAssertNil(options[1].target)
        }
    }

    func testDisabledNamedActionIsDimmedByNamingAMissingAction() {
        onMain {
            let (items, _, planned) = plan(Menu("File") {
                Button("Quit", actionName: "app.quit").disabled()
                Button("Zoom", actionName: "win.zoom", target: "in")
                Button("Zoom Out", actionName: "win.zoom::out")
            })
            XCTAssertEqual(items[0].action, "menu.Unavailable")
            XCTAssertNil(planned.action("Unavailable"), "never one of the menu's actions")
            XCTAssertEqual(items[1].attributes, ["label": "Zoom", "action": "win.zoom", "target": "in"])
            XCTAssertEqual(items[2].attributes, ["label": "Zoom Out", "action": "win.zoom", "target": "out"],
                           "a detailed name is split: GMenu's action attribute takes the plain name")
        }
    }
}
