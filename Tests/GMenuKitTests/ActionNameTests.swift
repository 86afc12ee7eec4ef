import CGtk
import MenuTestFixtures
import XCTest

@testable import GMenuKit

/// The action names the planner makes (GMenuKitCoreTests' LabelAndNameTests) as GLib and the
/// rendered menu's action group take them.
final class ActionNameTests: GtkTestCase {
    func testGLibAcceptsEveryActionNameAndTheGroupHasIt() {
        onMain {
            let rendered = RenderedMenu(menuOfRepeatedAndUnusualLabels())
            let actions = flatten(MenuModelReader.read(rendered.menuModel)).compactMap(\.action)
            XCTAssertEqual(actions.count, 6)
            for action in actions {
                XCTAssertTrue(g_action_name_is_valid(String(action.dropFirst("menu.".count))) != 0, action)
                XCTAssertTrue(g_action_group_has_action(rendered.actionGroup.unsafePointer, String(action.dropFirst(5))) != 0, action)
            }
        }
    }
}
