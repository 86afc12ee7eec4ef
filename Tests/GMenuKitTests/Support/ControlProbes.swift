import CGtk
import GMenuKitTesting
import Foundation
import XCTest

@testable import GMenuKit

/// Reads back what GTK shows for the controls: menu bar popovers, accelerator labels, controllers,
/// and a screenshot of the screen when asked for one.
@MainActor
enum ControlProbes {
    /// The popovers of a `GtkPopoverMenuBar`, one per bar item, in bar order.
    static func barPopovers(_ bar: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        WidgetTree.all(bar).filter { WidgetTree.isWidget($0, ofType: "GtkPopoverMenu") }
    }

    /// The labels of a `GtkPopoverMenuBar`'s items, as drawn.
    static func barItemLabels(_ bar: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var labels: [String] = []
        var item = gtk_widget_get_first_child(bar)
        while let current = item {
            if let label = WidgetTree.all(current).first(where: { WidgetTree.isWidget($0, ofType: "GtkLabel") }),
               let text = gtk_label_get_text(gmk_label(label)) {
                labels.append(String(cString: text))
            }
            item = gtk_widget_get_next_sibling(current)
        }
        return labels
    }

    /// The text of the accelerator label a model button draws beside its label ("Ctrl+N"):
    /// a GtkLabel whose CSS name is "accelerator" (gtkmodelbutton.c).
    static func drawnAccelerator(of modelButton: UnsafeMutablePointer<GtkWidget>) -> String? {
        WidgetTree.all(modelButton)
            .first { WidgetTree.isWidget($0, ofType: "GtkLabel") && String(cString: gtk_widget_get_css_name($0)) == "accelerator" }
            .flatMap { gtk_label_get_text(gmk_label($0)) }
            .map { String(cString: $0) }
    }

    /// A GtkModelButton's role by its GTK nick ("normal", "check", "radio", "title"): the enum
    /// is private to GTK 4.8, its registered type is not.
    static func role(of modelButton: UnsafeMutablePointer<GtkWidget>) -> String? {
        let objectClass = UnsafeMutableRawPointer(gmk_object(modelButton).pointee.g_type_instance.g_class)
            .assumingMemoryBound(to: GObjectClass.self)
        guard let property = g_object_class_find_property(objectClass, "role"),
              let enumClass = g_type_class_ref(property.pointee.value_type) else { return nil }
        defer { g_type_class_unref(enumClass) }
        let value = g_enum_get_value(enumClass.assumingMemoryBound(to: GEnumClass.self), gmk_object_get_int(modelButton, "role"))
        return value.map { String(cString: $0.pointee.value_nick) }
    }

    /// The toggle button a GtkMenuButton draws, without the popover that is its child too.
    static func face(of menuButton: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        var child = gtk_widget_get_first_child(menuButton)
        while let current = child, gmk_is_popover(current) != 0 { child = gtk_widget_get_next_sibling(current) }
        return child ?? menuButton
    }

    /// How many event controllers `widget` has, GTK's own included.
    static func controllerCount(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        let controllers = gtk_widget_observe_controllers(widget)!
        defer { g_object_unref(controllers.gpointer) }
        return Int(g_list_model_get_n_items(controllers))
    }

    /// The visible labels below `widget` whose text is `text`.
    static func labels(in widget: UnsafeMutablePointer<GtkWidget>, text: String) -> [UnsafeMutablePointer<GtkWidget>] {
        WidgetTree.all(widget).filter {
            WidgetTree.isWidget($0, ofType: "GtkLabel") && gtk_label_get_text(gmk_label($0)).map { String(cString: $0) } == text
        }
    }

    /// Saves the top left of the screen, where the test window sits (there is no window manager
    /// to move it), as `name` in the directory `GMENUKIT_SCREENSHOT_DIR` names. Skips the test
    /// when it names none: screenshots are made on purpose, not by every test run.
    static func screenshotDirectory() throws -> String {
        let directory = ProcessInfo.processInfo.environment["GMENUKIT_SCREENSHOT_DIR"] ?? ""
        try XCTSkipIf(directory.isEmpty, "set GMENUKIT_SCREENSHOT_DIR to save screenshots")
        return directory
    }

    static func saveScreenshot(of popover: UnsafeMutablePointer<GtkWidget>, as path: String, size: (width: Int, height: Int),
                               file: StaticString = #filePath, line: UInt = #line) {
        // The popover has drawn a frame once GTK says so; the X server has it then.
        gtk_test_widget_wait_for_draw(popover)
        MainLoop.drain()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["import", "-window", "root", "-crop", "\(size.width)x\(size.height)+0+0", "+repage", path]
        do {
            try process.run()
        } catch {
            XCTFail("import could not run: \(error)", file: file, line: line)
            return
        }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "import saved \(path)", file: file, line: line)
    }
}
