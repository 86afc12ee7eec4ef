import CGtk
import DocumentationExamples
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// The Swift examples of README.md and of the DocC catalogs are compiled: each block must be
/// found, line for line, in Tests/DocumentationExamples (or, for the testing library's, in
/// Tests/GMenuKitTestingTests), which the test build compiles.
final class DocumentationExampleTests: GtkTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testEverySwiftBlockOfTheDocumentationIsInTheCompiledExamples() throws {
        let documents = [Self.root.appendingPathComponent("README.md")]
            + (try files(in: "Sources/GMenuKit/GMenuKit.docc", ending: ".md"))
            + (try files(in: "Sources/GMenuKitTesting/GMenuKitTesting.docc", ending: ".md"))
        // The testing library's examples are tests, compiled and run in its own test target (its
        // real-input example in MenuDriverTests, which runs on a display).
        let examples = try (files(in: "Tests/DocumentationExamples", ending: ".swift")
                            + files(in: "Tests/GMenuKitTestingTests", ending: ".swift")
                            + [Self.root.appendingPathComponent("Tests/GMenuKitTests/MenuDriverTests.swift")])
            .map { try significantLines(of: String(contentsOf: $0, encoding: .utf8)) }
        var blockCount = 0
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for block in swiftBlocks(in: text) {
                blockCount += 1
                let lines = significantLines(of: block)
                XCTAssertTrue(examples.contains { contains($0, lines) },
                              "\(document.lastPathComponent): this Swift block is not in Tests/DocumentationExamples, so nothing compiles it:\n\(block)")
            }
        }
        XCTAssertGreaterThanOrEqual(blockCount, 10, "the README and the articles hold at least ten Swift blocks")
    }

    /// The check finds a block that is missing or changed.
    func testTheCheckFindsABlockThatDiffers() throws {
        let examples = significantLines(of: "struct A {\n    var b = 1\n}\n")
        XCTAssertTrue(contains(examples, significantLines(of: "struct A {\nvar b = 1\n}")))
        XCTAssertFalse(contains(examples, significantLines(of: "struct A {\n    var b = 2\n}")))
        XCTAssertEqual(swiftBlocks(in: "x\n```swift\nlet a = 1\n```\n```sh\nls\n```\n"), ["let a = 1"])
    }

    /// The examples' menus render as GTK reads them, with no error to report.
    func testTheExampleMenusRenderWithoutErrors() {
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            for (name, menu) in DocumentationExampleMenus.all() {
                let rendered = RenderedMenu(menu)
                XCTAssertGreaterThan(g_menu_model_get_n_items(rendered.menuModel), 0, name)
                XCTAssertEqual(rendered.diagnostics.filter { $0.severity == .error }, [], name)
            }
        }
    }

    private func files(in folder: String, ending suffix: String) throws -> [URL] {
        let directory = Self.root.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(suffix) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    private func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The lines that matter: trimmed, without blank lines and imports (which must open a file).
    private func significantLines(of text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    private func contains(_ lines: [String], _ block: [String]) -> Bool {
        guard !block.isEmpty, block.count <= lines.count else { return block.isEmpty }
        return (0...(lines.count - block.count)).contains { start in
            lines[start..<(start + block.count)].elementsEqual(block)
        }
    }
}

/// The first app of the documentation, run as a new user would run it: a window with a menu
/// bar and a list of two documents; New Document adds a row; the list's context menu on a row
/// offers Delete; Export All… runs as a task.
final class FirstAppExampleTests: GtkTestCase {
    func testTheFirstAppOfTheDocumentationWorks() throws {
        try GtkSession.start()
        try onMain {
            let app = FirstAppExample.make()
            XCTAssertTrue(app.register())
            defer {
                for window in app.windows { window.close() }
                MainLoop.drain()
                app.quit()
                MainLoop.drain()
            }
            let window = try XCTUnwrap(app.openWindow())
            try MainLoop.wait(for: "the window to show") { gtk_widget_get_mapped(gmk_widget(window.window.gpointer)) != 0 }
            let lists = WidgetTree.all(gmk_widget(window.window.gpointer)).filter { gmk_is_list_box($0.gpointer) != 0 }
            let list = try XCTUnwrap(lists.first)
            func rowCount() -> Int {
                var count = 0
                while gtk_list_box_get_row_at_index(gmk_list_box(list.gpointer), Int32(count)) != nil { count += 1 }
                return count
            }
            XCTAssertEqual(rowCount(), 2)
            let group = gmk_action_group(app.gtkApplication.gpointer)!
            g_action_group_activate_action(group, "new-document", nil)
            MainLoop.drain()
            XCTAssertEqual(rowCount(), 3, "New Document added a row")
            XCTAssertEqual(g_action_group_has_action(group, "export-all"), 1)
            XCTAssertTrue(WidgetTree.all(gmk_widget(window.window.gpointer)).contains { gmk_is_popover_menu_bar($0.gpointer) != 0 },
                          "the window has the menu bar")
        }
    }
}
