import CGtk
import XCTest

@testable import GMenuKit

/// The action names the planner makes (GMenuKitCoreTests' LabelAndNameTests) as GLib and the
/// rendered menu's action group take them.
final class ActionNameTests: GtkTestCase {
    func testGLibAcceptsEveryActionNameAndTheGroupHasIt() {
        onMain {
            let rendered = RenderedMenu(Menu("Mixed") {
                Button("Open") {}
                Button("Open") {}
                Menu("More") { Button("Open") {} }
                Button("Ünïcödé ✓ Straße") {}
                Button("___") {}
                Button("2 Columns") {}
            })
            let actions = flatten(MenuModelReader.read(rendered.menuModel)).compactMap(\.action)
            XCTAssertEqual(actions.count, 6)
            for action in actions {
                XCTAssertTrue(g_action_name_is_valid(String(action.dropFirst("menu.".count))) != 0, action)
                XCTAssertTrue(g_action_group_has_action(rendered.actionGroup.unsafePointer, String(action.dropFirst(5))) != 0, action)
            }
        }
    }
}
