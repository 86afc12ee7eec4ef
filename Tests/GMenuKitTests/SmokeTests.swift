import XCTest
import CGtk
@testable import GMenuKit

final class SmokeTests: XCTestCase {
    func testRenders() {
        MainActor.assumeIsolated {
            var ran = 0
            let menu = RenderedMenu(Menu("File") {
                Button("New_File...") { ran += 1 }
                Divider()
                Button("Quit", actionName: "app.quit")
            })
            let model = menu.menuModel
            XCTAssertEqual(g_menu_model_get_n_items(model), 2)
            print(menu.diagnostics)
            g_action_group_activate_action(menu.actionGroup, "new-file", nil)
            XCTAssertEqual(ran, 1)
        }
    }
}
