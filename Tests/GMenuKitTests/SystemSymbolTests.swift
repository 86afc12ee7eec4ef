import CGtk
import Foundation
import XCTest

@testable import GMenuKit

/// The SF Symbol table: every icon it names is in the running GTK's icon theme, and
/// `docs/Symbols.md` is what the table says.
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

    func testClosestSymbolIsFewestEditsAway() {
        XCTAssertEqual(SystemSymbols.closestSymbol(to: "trash.fil")?.symbol, "trash.fill")
        XCTAssertEqual(SystemSymbols.closestSymbol(to: "squre.and.arrow.up")?.symbol, "square.and.arrow.up")
        XCTAssertEqual(SystemSymbols.closestSymbol(to: "gera")?.symbol, "gear")
        XCTAssertEqual(SystemSymbols.editDistance(Array("kitten".utf8), Array("sitting".utf8)), 3)
        XCTAssertEqual(SystemSymbols.iconName(forSymbol: "plus.magnifyingglass"), "zoom-in-symbolic")
        XCTAssertNil(SystemSymbols.iconName(forSymbol: "no.such.symbol"))
    }

    /// docs/Symbols.md is written from the table; a stale copy is rewritten and the test fails,
    /// so that the change is committed.
    func testSymbolDocumentIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let document = root.appendingPathComponent("docs/Symbols.md")
        let expected = SystemSymbols.markdownTable
        let current = try? String(contentsOf: document, encoding: .utf8)
        if current != expected {
            try FileManager.default.createDirectory(at: document.deletingLastPathComponent(), withIntermediateDirectories: true)
            try expected.write(to: document, atomically: true, encoding: .utf8)
            XCTFail("docs/Symbols.md was stale and has been rewritten from SystemSymbols.table; commit it")
        }
        XCTAssertTrue(expected.contains("| `doc.on.doc` | `edit-copy-symbolic` |"))
    }
}
