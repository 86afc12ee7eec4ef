import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// A row whose item goes while its menu is open lets go of its action before the action
/// changes shape: GTK warns when a widget bound to an action finds it of another type.
final class RowReplacementTests: GtkTestCase {
    func testACheckRowReplacedByAPickerOfTheSameNameLeavesNoStaleBinding() throws {
        try GtkSession.start()
        try onMain {
            let model = RowReplacementModel()
            let catcher = GLibCriticalCatcher()
            defer { catcher.stop() }
            let menu = RenderedMenu(Menu("Menu") {
                if model.isPicker {
                    Picker("Item", selection: Binding(model, \.choice)) {
                        Text("A").tag("a")
                        Text("B").tag("b")
                    }
                    .menuActionDismissBehavior(.disabled)
                } else {
                    Toggle("Item", isOn: Binding(model, \.on)).menuActionDismissBehavior(.disabled)
                }
                Button("Other") {}
            })
            let opened = try OpenedMenuButton(showing: menu, inWindowTitled: "Row replacement")
            defer { opened.close() }
            MainLoop.turn { !MenuRows.all(in: opened.popover).isEmpty }
            for _ in 0..<3 {
                model.isPicker.toggle()
                MainLoop.drain()
            }
            XCTAssertEqual(catcher.messages, [])
            _ = try XCTUnwrap(MenuRows.all(in: opened.popover).first)
        }
    }
}

@Observable @MainActor private final class RowReplacementModel {
    var isPicker = false
    var on = false
    var choice = "a"
}
