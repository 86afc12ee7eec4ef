import CGtk
import XCTest

@testable import GMenuKit

/// The SF Symbol table: every icon it names is in the running GTK's icon theme. The table's
/// lookups and `docs/Symbols.md`: GMenuKitCoreTests' SystemSymbolTests.
final class SystemSymbolTests: GtkTestCase {
    func testEverySymbolsIconIsInTheRunningIconTheme() throws {
        try GtkSession.start()
        onMain {
            XCTAssertGreaterThanOrEqual(SystemSymbols.table.count, 200)
            XCTAssertEqual(Set(SystemSymbols.table.map(\.symbol)).count, SystemSymbols.table.count, "each symbol once")
            guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else {
                return XCTFail("no display")
            }
            let themeName = gtk_icon_theme_get_theme_name(theme)
            defer { g_free(themeName) }
            XCTAssertEqual(themeName.map { String(cString: $0) }, "Adwaita", "the icons are checked against Adwaita")
            let missing = SystemSymbols.table.filter { gtk_icon_theme_has_icon(theme, $0.icon) == 0 }
            XCTAssertEqual(missing.map { "\($0.symbol) → \($0.icon)" }, [], "GTK \(gtk_get_major_version()).\(gtk_get_minor_version())'s icon theme lacks these")
            XCTAssertTrue(SystemSymbols.table.allSatisfy { $0.icon.hasSuffix("-symbolic") }, "symbolic icons: what both Adwaitas have")
            // A name the theme lacks is found missing the same way: the check can fail.
            XCTAssertEqual(gtk_icon_theme_has_icon(theme, "gmenukit-no-such-icon-symbolic"), 0)
        }
    }
}
