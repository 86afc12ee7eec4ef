import CGtk
import XCTest

/// GTK initialized once for the widget tests. `make test` always provides an X display;
/// a bare `swift test` without one skips these tests rather than failing obscurely.
enum GtkSession {
    nonisolated(unsafe) private static var isStarted: Bool?

    static func start(file: StaticString = #filePath, line: UInt = #line) throws {
        if isStarted == nil {
            isStarted = gtk_init_check() != 0
            if isStarted == true { ShownPopovers.watch() }
        }
        try XCTSkipUnless(isStarted == true, "GTK could not open a display; run the suite with `make test`")
    }
}
