import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

@Observable @MainActor private final class Cone {
    var hasSprinkles = false
}

/// Content with state of its own, as in SwiftUI's menu articles.
private struct ConeMenu: MenuContent {
    @Bindable var cone: Cone
    @State private var showsExtras = false

    var body: some MenuContent {
        Button("Order Cone") {}
        Toggle("Show Extras", isOn: $showsExtras)
        if showsExtras {
            Toggle("Sprinkles", isOn: $cone.hasSprinkles)
        }
    }
}

/// Custom content with `@State`, in a real popover under the X server, chosen with real clicks.
final class CustomContentWidgetTests: GtkTestCase {
    static let screenshotVariable = "GMENUKIT_CUSTOM_CONTENT_SCREENSHOT"

    func testARealClickOnAStateToggleShowsTheItemsItsBodyAdds() throws {
        try GtkSession.start()
        try onMain {
            let cone = Cone()
            let rendered = RenderedMenu(Menu("Ice Cream") { ConeMenu(cone: cone) })
            let title = "GMenuKit custom content"
            let opened = try OpenedMenuButton(showing: rendered, inWindowTitled: title)
            XCTAssertEqual(PopoverRenderingTests.drawnItems(in: opened.popover).map(\.text), ["Order Cone", "Show Extras"])

            let showExtras = try XCTUnwrap(PopoverPages.modelButtons(in: opened.popover, text: "Show Extras").first)
            try RealInput.click(showExtras)
            MainLoop.turn { gtk_widget_get_mapped(opened.popover) == 0 }
            MainLoop.turn { PopoverPages.modelButtons(in: opened.popover, text: "Sprinkles").first != nil }

            opened.open()
            let drawn = PopoverRenderingTests.drawnItems(in: opened.popover)
            XCTAssertEqual(drawn.map(\.text), ["Order Cone", "Show Extras", "Sprinkles"], "the body read its state again")
            XCTAssertEqual(drawn.map(\.isActive), [false, true, false], "Show Extras is checked")

            let sprinkles = try XCTUnwrap(PopoverPages.modelButtons(in: opened.popover, text: "Sprinkles").first)
            if let output = ProcessInfo.processInfo.environment[Self.screenshotVariable] {
                gtk_test_widget_wait_for_draw(opened.popover)
                MainLoop.drain()
                // The window (at the screen's corner, there being no window manager) and the menu.
                let windowSurface = try XCTUnwrap(gtk_native_get_surface(gmk_native(opened.window.gpointer)))
                let menuSurface = try XCTUnwrap(gtk_native_get_surface(gmk_native(opened.popover.gpointer)))
                let width = max(gdk_surface_get_width(windowSurface),
                                gdk_popup_get_position_x(menuSurface) + gdk_surface_get_width(menuSurface))
                let height = max(gdk_surface_get_height(windowSurface),
                                 gdk_popup_get_position_y(menuSurface) + gdk_surface_get_height(menuSurface))
                let capture = Process()
                capture.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                capture.arguments = ["import", "-window", "root", "-crop", "\(width)x\(height)+0+0", "+repage", output]
                try capture.run()
                capture.waitUntilExit()
            }
            try RealInput.click(sprinkles)
            MainLoop.turn { cone.hasSprinkles }
            XCTAssertTrue(cone.hasSprinkles, "a real click on the @Bindable toggle reached the model")
            XCTAssertEqual(rendered.graph.stateCount, 1)
            opened.close()
        }
    }
}
