import CGtk
import Foundation
import GMenuKitTesting

/// GMenuKit's own rows in an open popover, read back from GTK's widget tree.
@MainActor
enum MenuRows {
    /// Every row GMenuKit put in `popover`, in layout order.
    static func all(in popover: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        WidgetTree.all(popover).filter {
            gtk_widget_has_css_class($0, "gmenukit-row") != 0 || gtk_widget_has_css_class($0, "gmenukit-icon-row") != 0
        }
    }

    /// The row whose label (mnemonic marks left out) is `text`.
    static func row(_ text: String, in popover: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        all(in: popover).first { WidgetTree.labels(in: $0).first == text }
    }

    /// The icon names of the images inside a widget.
    static func icons(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        WidgetTree.all(widget).filter { WidgetTree.isWidget($0, ofType: "GtkImage") }.compactMap { image in
            gtk_image_get_icon_name(gmk_image(image)).map { String(cString: $0) }
        }
    }
}

/// What the X server shows, read with ImageMagick's `import` as a person would see it.
@MainActor
enum ScreenPixels {
    /// The pixels of `widget`'s area on screen, as RGB triples.
    static func pixels(of widget: UnsafeMutablePointer<GtkWidget>, inWindowTitled title: String) -> [(UInt8, UInt8, UInt8)] {
        guard let center = try? RealInput.pointInWindow(of: widget), let window = try? RealInput.windowID(titled: title),
              let geometry = try? RealInput.xdotool("getwindowgeometry", "--shell", window) else { return [] }
        func value(_ key: String) -> Int {
            geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) } ?? 0
        }
        let width = Int(gtk_widget_get_width(widget)), height = Int(gtk_widget_get_height(widget))
        let left = value("X") + center.x - width / 2, top = value("Y") + center.y - height / 2
        // Let the frame that shows the latest state reach the screen.
        MainLoop.rest(seconds: 0.06)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["import", "-window", "root", "-crop", "\(width)x\(height)+\(left)+\(top)", "-depth", "8", "rgb:-"]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return [] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let bytes = [UInt8](data)
        return stride(from: 0, to: bytes.count - 2, by: 3).map { (bytes[$0], bytes[$0 + 1], bytes[$0 + 2]) }
    }

    /// How many of the pixels are clearly red (the theme's error colour is #c01c28 or #e01b24).
    static func redCount(_ pixels: [(UInt8, UInt8, UInt8)]) -> Int {
        pixels.filter { Int($0.0) > 150 && Int($0.1) < 90 && Int($0.2) < 90 }.count
    }
}

/// The toplevel windows now on screen with this title.
@MainActor
func toplevelWindows(titled title: String) -> [UnsafeMutablePointer<GtkWidget>] {
    TestWindow.openWindows.filter { window in
        gtk_widget_get_visible(window) != 0 && gtk_window_get_title(gmk_window(window)).map { String(cString: $0) } == title
    }
}
