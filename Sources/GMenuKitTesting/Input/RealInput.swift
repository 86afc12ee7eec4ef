import CGtk
import Foundation

/// Real keyboard and pointer input, given through the X server's XTEST extension with
/// `xdotool`, as a person's hands give it: GTK cannot tell it from a keyboard's or a mouse's.
///
/// Real input needs an X display (under `Xvfb` for a test run) and `xdotool` on the `PATH`;
/// without them every call fails (throws ``MenuTestFailure``). The keyboard goes to the window
/// that has the X focus: ``TestWindow`` gives it to the window it shows. GTK sees the events
/// on its next main-loop turns (``MainLoop``).
///
/// ```swift
/// try RealInput.key("ctrl+s")
/// try MainLoop.wait(for: "the document to be saved") { document.isSaved }
/// ```
@MainActor
public enum RealInput {
    /// Runs `xdotool` with `arguments` and waits until it ends; returns what it printed,
    /// without the final newline. Fails when it cannot run or reports an error.
    @discardableResult
    public static func xdotool(_ arguments: String...) throws(MenuTestFailure) -> String {
        try xdotool(arguments: arguments)
    }

    /// The same with the arguments as an array.
    @discardableResult
    public static func xdotool(arguments: [String]) throws(MenuTestFailure) -> String {
        if ProcessInfo.processInfo.environment["DISPLAY", default: ""].isEmpty {
            throw MenuTestFailure("real input needs an X display, and DISPLAY is not set (xdotool \(arguments.joined(separator: " ")))")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool"] + arguments
        let output = Pipe()
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw MenuTestFailure("xdotool could not run (is it installed?): \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw MenuTestFailure("xdotool \(arguments.joined(separator: " ")) failed (\(process.terminationStatus))"
                                  + (said.isEmpty ? "" : ": \(said)"))
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Types each key or chord in turn ("Down", "Return", "ctrl+s", "shift+F10", "alt+f"), to
    /// whatever has the keyboard. Names are X keysym names, as `xdotool key` takes them.
    public static func key(_ names: String...) throws(MenuTestFailure) {
        try xdotool(arguments: ["key"] + names)
    }

    /// Types `text` letter by letter, as on a keyboard.
    public static func type(_ text: String) throws(MenuTestFailure) {
        try xdotool("type", text)
    }

    /// The X window id of the top-level window titled exactly `title`, once one is shown
    /// (waited for within ``MainLoop/waitBound``). The title is matched literally.
    public static func windowID(titled title: String) throws(MenuTestFailure) -> String {
        let pattern = "^\(regexEscaped(title))$"
        let deadline = g_get_monotonic_time() + gint64(MainLoop.waitBound * 1_000_000)
        while true {
            // Without --sync, which would wait for ever: xdotool fails while none matches.
            if let found = try? xdotool("search", "--name", pattern), let first = found.split(separator: "\n").first {
                return String(first)
            }
            guard g_get_monotonic_time() < deadline else { throw MenuTestFailure("no X window is titled '\(title)'") }
            MainLoop.rest(seconds: 0.02)
        }
    }

    /// The X window id of the top-level GTK window `widget` is in (a popover's item is in the
    /// window the popover opened over): asked of GDK's X11 backend, else found by the
    /// window's title.
    public static func windowID(of widget: UnsafeMutablePointer<GtkWidget>) throws(MenuTestFailure) -> String {
        guard let root = gtk_widget_get_root(widget), gmk_is_window(UnsafeMutableRawPointer(root)) != 0 else {
            throw MenuTestFailure("the widget is in no window")
        }
        if let surface = gtk_native_get_surface(gmk_native(UnsafeMutableRawPointer(root))),
           let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gdk_x11_surface_get_xid") {
            typealias SurfaceXID = @convention(c) (OpaquePointer) -> UInt
            let xid = unsafeBitCast(symbol, to: SurfaceXID.self)(surface)
            if xid != 0 { return String(xid) }
        }
        guard let title = gtk_window_get_title(gmk_window(UnsafeMutableRawPointer(root))).map({ String(cString: $0) }), !title.isEmpty else {
            throw MenuTestFailure("the widget's window has no title: real input finds a window by its title")
        }
        return try windowID(titled: title)
    }

    /// Gives the keyboard to the window titled `title`: under a bare X server (no window
    /// manager) nothing else does.
    public static func focusWindow(titled title: String) throws(MenuTestFailure) {
        let window = try windowID(titled: title)
        try xdotool("windowfocus", "--sync", window)
    }

    /// The size of the X screen, in pixels.
    public static func screenSize() throws(MenuTestFailure) -> (width: Int, height: Int) {
        let geometry = try xdotool("getdisplaygeometry").split(separator: " ").compactMap { Int($0) }
        guard geometry.count == 2 else { throw MenuTestFailure("xdotool getdisplaygeometry said nothing readable") }
        return (geometry[0], geometry[1])
    }

    /// `text` with the characters a POSIX extended regular expression reads as operators
    /// escaped: xdotool matches names as expressions.
    static func regexEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
