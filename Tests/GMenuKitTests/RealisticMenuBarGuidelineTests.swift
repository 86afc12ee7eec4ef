import XCTest
import MenuFixtures
import GMenuKit

/// The guideline checks on the realistic menu bar of the fixtures (MenuFixtures, which is
/// built on the whole of GMenuKit; the other rules are tested on the core alone, in
/// GMenuKitCoreTests' GuidelineCheckTests).
final class RealisticMenuBarGuidelineTests: GtkTestCase {
    func testRealisticMenuBarChecksClean() {
        MainActor.assumeIsolated {
            let menuBar = Menu("") { NotesMenuBar.menus() }
            XCTAssertGreaterThan(menuBar.resolveContent().choosableItemCount, 100)
            XCTAssertEqual(findings(menuBar, context: .menuBar), [])
        }
    }

    func testMistakesInARealisticMenuBarAreFoundWhereTheyAre() {
        MainActor.assumeIsolated {
            let menuBar = Menu("") {
                NotesMenuBar.menus()
                Menu("Tools") {
                    Button("Word Count") {}
                    Menu("Convert") {
                        Menu("Markup") {
                            Button("To Markdown") {}
                        }
                        Button("To plain text...") {}
                    }
                }
            }
            XCTAssertEqual(findings(menuBar, context: .menuBar), [
                "S3 warning Tools › Convert › Markup",
                "L4 warning Tools › Convert › To plain text... → To plain text…",
                "L2 warning Tools › Convert › To plain text... → To Plain Text…",
            ])
        }
    }
}

/// A diagnostic without its message, which may be reworded freely: "L2 warning Edit › sort → Sort".
@MainActor
private func findings(_ menu: Menu, context: MenuContext = .pullDown) -> [String] {
    MenuGuidelines.check(menu, context: context).map { diagnostic in
        var text = "\(diagnostic.rule ?? "-") \(diagnostic.severity.rawValue) \(diagnostic.path)"
        if let suggestion = diagnostic.suggestion { text += " → \(suggestion)" }
        return text
    }
}
