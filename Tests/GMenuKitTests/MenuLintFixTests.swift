import CGtk
import Foundation
import XCTest

@testable import GMenuKit

/// `gmenukit-lint --fix` on copies of real GNOME files (Tests/Fixtures/lint): it writes the keys
/// the checks suggest into the labels and changes nothing else, GtkBuilder reads the same menus
/// apart from the labels' keys, and what is left has no free letter to give.
final class MenuLintFixTests: GtkTestCase {
    func testFixWritesAccessKeysIntoGNOMEFilesAndChangesNothingElse() throws {
        try GtkSession.start()
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("gmenukit-lint-fix-\(getpid())")
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(atPath: MenuLintTests.fixtures, toPath: copy.path)
        defer { try? FileManager.default.removeItem(at: copy) }

        let before = try Self.lint(in: copy, "--style", "gnome", ".")
        let keyFindings = before.output.filter { $0.contains(": G3: ") || $0.contains(": G4: ") }
        XCTAssertEqual(keyFindings.count, 16, "\(keyFindings)")
        let fixable = keyFindings.filter { $0.contains("(suggested: ") }

        let fix = try Self.lint(in: copy, "--fix", ".")
        XCTAssertTrue(fix.errors.contains("fixed \(fixable.count) labels in 3 files"), fix.errors)
        let after = fix.output.filter { $0.contains(": G3: ") || $0.contains(": G4: ") }
        XCTAssertEqual(after.count, keyFindings.count - fixable.count, "\(after)")
        XCTAssertFalse(after.contains { $0.contains("(suggested: ") }, "only items without a free letter are left: \(after)")
        // Each label took the key the check suggested.
        for finding in fixable {
            guard let start = finding.range(of: "(suggested: ")?.upperBound else { continue }
            let label = String(finding[start...].dropLast())
            let file = String(finding.prefix { $0 != ":" })
            let fixed = try String(contentsOf: copy.appendingPathComponent(file), encoding: .utf8)
            XCTAssertTrue(fixed.contains(">\(label)</attribute>"), "\(file) has the label \(label)")
        }

        var changedFiles = 0
        for file in try Self.uiFiles(in: copy) {
            let original = try String(contentsOfFile: MenuLintTests.fixtures + "/" + file, encoding: .utf8)
            let fixed = try String(contentsOf: copy.appendingPathComponent(file), encoding: .utf8)
            guard original != fixed else { continue }
            changedFiles += 1
            // Nothing but underscores changed, line for line.
            let originalLines = original.split(separator: "\n", omittingEmptySubsequences: false)
            let fixedLines = fixed.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(originalLines.count, fixedLines.count, file)
            for (old, new) in zip(originalLines, fixedLines) where old != new {
                XCTAssertEqual(old.replacingOccurrences(of: "_", with: ""), new.replacingOccurrences(of: "_", with: ""), "\(file): \(old) → \(new)")
            }
            // GtkBuilder reads the same menus, labels apart; the labels show the same text.
            var oldMenus: [[ReadMenuItem]] = [], newMenus: [[ReadMenuItem]] = []
            onMain {
                oldMenus = Self.builderMenus(original)
                newMenus = Self.builderMenus(fixed)
            }
            XCTAssertEqual(oldMenus.count, newMenus.count, file)
            XCTAssertFalse(oldMenus.isEmpty, file)
            XCTAssertEqual(oldMenus.map { Self.withoutKeys($0) }, newMenus.map { Self.withoutKeys($0) }, file)
            XCTAssertNotEqual(oldMenus, newMenus, "\(file): some label changed")
        }
        XCTAssertEqual(changedFiles, 3)

        // Fixed once, there is nothing left to fix.
        let again = try Self.lint(in: copy, "--fix", ".")
        XCTAssertFalse(again.errors.contains("fixed "), again.errors)
        XCTAssertEqual(again.output, fix.output)
    }

    /// Runs the built linter in `directory`.
    static func lint(in directory: URL, _ arguments: String...) throws -> MenuLintTests.Run {
        try MenuLintTests.lint(arguments, in: directory)
    }

    static func uiFiles(in directory: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".ui") }.sorted()
    }

    /// Every `<menu id>` of the file, read by GtkBuilder from an interface that holds the menus
    /// alone (the files' templates name the apps' own classes).
    @MainActor
    static func builderMenus(_ xml: String) -> [[ReadMenuItem]] {
        var elements: [String] = []
        var ids: [String] = []
        var rest = Substring(xml)
        while let start = rest.range(of: "<menu id=\"") {
            var depth = 0
            var index = start.lowerBound
            var end: String.Index?
            while index < rest.endIndex {
                if rest[index...].hasPrefix("<menu") { depth += 1 }
                if rest[index...].hasPrefix("</menu>") {
                    depth -= 1
                    if depth == 0 { end = rest.index(index, offsetBy: "</menu>".count); break }
                }
                index = rest.index(after: index)
            }
            guard let end else { break }
            let element = rest[start.lowerBound..<end]
            elements.append(String(element))
            ids.append(String(element.dropFirst("<menu id=\"".count).prefix { $0 != "\"" }))
            rest = rest[end...]
        }
        let interface = "<interface>" + elements.joined(separator: "\n") + "</interface>"
        let builder = gtk_builder_new_from_string(interface, -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        return ids.compactMap { id in
            gtk_builder_get_object(builder, id).map { MenuModelReader.read(gmk_menu_model(UnsafeMutableRawPointer($0))!) }
        }
    }

    /// The items with each label as GTK shows it, without its access key's mark.
    static func withoutKeys(_ items: [ReadMenuItem]) -> [ReadMenuItem] {
        items.map { item in
            var item = item
            if let label = item.attributes["label"] { item.attributes["label"] = ImportedMenuItem.visibleText(ofMnemonicLabel: label).text }
            item.section = item.section.map(withoutKeys)
            item.submenu = item.submenu.map(withoutKeys)
            return item
        }
    }
}
