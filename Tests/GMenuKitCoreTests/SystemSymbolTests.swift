import Foundation
import XCTest

@testable import GMenuKitCore

/// The SF Symbol table's lookups, and `docs/Symbols.md` is what the table says. That GTK's icon
/// theme has every icon it names: the GTK tests' SystemSymbolTests.
final class SystemSymbolTests: XCTestCase {
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
