import Foundation
import GMenuKit
import GMenuKitTesting
import XCTest

/// Text snapshots: a stable form of what a person sees, compared with golden files.
@MainActor
final class SnapshotTests: XCTestCase {
    private var isBold = true
    private var sort = "name"

    private func viewMenu(saveDisabled: Bool = true) -> InspectedMenu {
        InspectedMenu("Document") {
            Button("Save") {}.keyboardShortcut("<Control>s").disabled(saveDisabled).mnemonic("s")
            Button("Print…", icon: "document-print-symbolic") {}.help("Print the document")
            Divider()
            Toggle("Bold", isOn: Binding(get: { self.isBold }, set: { self.isBold = $0 })).keyboardShortcut("<Control>b")
                .menuActionDismissBehavior(.disabled)
            Picker("Sort By", selection: Binding(get: { self.sort }, set: { self.sort = $0 })) {
                Text("Date").tag("date")
                Text("Name").tag("name")
            }
            Menu("Share") {
                Button("Email", subtitle: "As an attachment") {}.badge(2)
                Button("Copy Link") {}.disabled().hiddenWhenDisabled()
            }
            Button("Delete…", role: .destructive) {}
        }
    }

    private static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots/document-menu.txt").path

    func testTheTextShowsWhatAPersonSees() async throws {
        let text = MenuSnapshot.text(of: viewMenu())
        XCTAssertEqual(text, """
            Document
              _Save  Ctrl+S  [dimmed]
              Print…  [icon: document-print-symbolic, help: Print the document]
              ──
              [x] Bold  Ctrl+B  [keeps open]
              ── Sort By
              ( ) Date
              (*) Name
              ──
              Share ›
                Email — As an attachment  [badge: 2]
                Copy Link  [hidden, dimmed]
              Delete…  [destructive]

            """)
    }

    func testAGoldenFileMatchesAndAChangeFailsWithADiff() async throws {
        try MenuSnapshot.assertMatches(viewMenu(), goldenFile: Self.golden)
        XCTAssertThrowsError(try MenuSnapshot.assertMatches(viewMenu(saveDisabled: false), goldenFile: Self.golden)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("- " + "  _Save  Ctrl+S  [dimmed]\n+ " + "  _Save  Ctrl+S"), message)
        }
    }

    func testAMissingGoldenFileIsWrittenAndFailsOnce() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gmenukit-snapshot-\(UUID()).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try MenuSnapshot.assertMatches(viewMenu(), goldenFile: path))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), MenuSnapshot.text(of: viewMenu()))
        XCTAssertNoThrow(try MenuSnapshot.assertMatches(viewMenu(), goldenFile: path))
    }

    func testTheDiffShowsOnlyTheChangedLinesWithContext() {
        let expected = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let actual = expected.replacingOccurrences(of: "line 5", with: "line five")
        XCTAssertEqual(MenuSnapshot.difference(expected: expected, actual: actual),
                       "  line 3\n  line 4\n- line 5\n+ line five\n  line 6\n  line 7")
        XCTAssertNil(MenuSnapshot.difference(expected: expected, actual: expected))
    }
}
