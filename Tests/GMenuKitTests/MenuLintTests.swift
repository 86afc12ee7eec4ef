import Foundation
import XCTest

@testable import MenuLint

/// `gmenukit-lint` run as people run it, on menus of GNOME apps (Tests/Fixtures/lint, see its
/// README): the exact findings, each one explained there, the exit codes, and the JSON.
final class MenuLintTests: GtkTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/lint").path

    struct Run {
        var output: [String]
        var errors: String
        var status: Int32
    }

    /// Runs the built command in the fixtures' directory, so that paths read as in the README.
    func lint(_ arguments: String...) throws -> Run {
        try Self.lint(arguments, in: URL(fileURLWithPath: Self.fixtures))
    }

    /// Runs the built command in `directory`.
    static func lint(_ arguments: [String], in directory: URL) throws -> Run {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("gmenukit-lint").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw XCTSkip("gmenukit-lint is not built beside the tests (\(binary))")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(output: String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init),
                   errors: String(decoding: complaint, as: UTF8.self), status: process.terminationStatus)
    }

    func testNautilusContextMenusHaveClashingAndMissingAccessKeys() throws {
        let run = try lint("nautilus/nautilus-files-view-context-menus.ui")
        let file = "nautilus/nautilus-files-view-context-menus.ui"
        let clash = "typing it chooses neither"
        let missing = "the item has no access key; give every menu item one"
        XCTAssertEqual(run.output, [
            "\(file):97: G4: warning: selection-menu › Open › Open: \(missing) (suggested: _Open)",
            "\(file):127: G3: error: selection-menu › Open Item Location: the access key “o” is also the key of “Open” in this menu; \(clash) (suggested: Open _Item Location)",
            "\(file):163: G3: error: selection-menu › Start: the access key “s” is also the key of “Scripts” in this menu; \(clash) (suggested: St_art)",
            "\(file):168: G3: error: selection-menu › Stop: the access key “s” is also the key of “Scripts” in this menu; \(clash)",
            "\(file):190: G4: warning: selection-menu › Move to…: \(missing)",
            "\(file):194: G4: warning: selection-menu › Copy to…: \(missing) (suggested: Cop_y to…)",
            "\(file):201: G3: error: selection-menu › Rename…: the access key “m” is also the key of “Mount” in this menu; \(clash) (suggested: Re_name…)",
            "\(file):215: G3: error: selection-menu › Compress…: the access key “o” is also the key of “Open” in this menu; \(clash)",
            "\(file):220: G4: warning: selection-menu › Set as Background…: \(missing) (suggested: Set as _Background…)",
            "\(file):225: G4: warning: selection-menu › Email…: \(missing)",
            "\(file):260: G4: warning: selection-menu › Unstar: \(missing)",
            "\(file):268: G3: error: selection-menu › Copy Address: the access key “c” is also the key of “Copy” in this menu; \(clash)",
        ])
        XCTAssertEqual(run.status, 1, "findings of error severity fail a CI run")
        XCTAssertTrue(run.errors.contains("2 menus in 1 file: 6 errors, 6 warnings"), run.errors)
    }

    func testGnomeMenusThatKeepTheHIGOrNearly() throws {
        let pathbar = try lint("nautilus/nautilus-pathbar-context-menu.ui")
        XCTAssertEqual(pathbar.output, [
            "nautilus/nautilus-pathbar-context-menu.ui:56: G1: warning: current-view-menu › Remove from Bookmarks: use header capitalization (“from”): capitalize words of four or more letters, verbs, and the first and last word (suggested: Remove From Bookmarks)",
        ])
        XCTAssertEqual(pathbar.status, 0, "warnings alone pass")

        let sort = try lint("nautilus/nautilus-toolbar-view-menu.ui")
        XCTAssertEqual(sort.output.map { $0.components(separatedBy: ": the").first! }, [
            "nautilus/nautilus-toolbar-view-menu.ui:48: G4: warning: sort_section › Recency",
            "nautilus/nautilus-toolbar-view-menu.ui:55: G4: warning: sort_section › Relevance",
        ])

        let editor = try lint("gnome-text-editor")
        XCTAssertEqual(editor.output, [
            "gnome-text-editor/editor-window.ui:396: G4: warning: primary_menu_model › Fullscreen: the item has no access key; give every menu item one (suggested: F_ullscreen)",
            "gnome-text-editor/editor-window.ui:402: G4: warning: primary_menu_model › Leave Fullscreen: the item has no access key; give every menu item one (suggested: _Leave Fullscreen)",
        ])
        XCTAssertTrue(editor.errors.contains("3 menus in 2 files"), "a directory is searched: \(editor.errors)")

        let tabs = try lint("console/kgx-pages.ui", "console/kgx-terminal.ui")
        XCTAssertEqual(tabs.output, [
            "console/kgx-pages.ui:98: G5: warning: tab-menu: the menu holds 2 items; a menu should hold 3 to 12: show so few as buttons instead, or add them to another menu",
        ])
        XCTAssertEqual(tabs.status, 0)
    }

    func testAppleStyleFindsShortcutsInAContextMenuAndArticles() throws {
        let run = try lint("--style", "apple", "nautilus/nautilus-pathbar-context-menu.ui", "nautilus/nautilus-files-view-context-menus.ui")
        let rules = run.output.map { line in line.split(separator: ":").prefix(3).joined(separator: ":") }
        XCTAssertEqual(rules, [
            "nautilus/nautilus-pathbar-context-menu.ui:19: L5",
            "nautilus/nautilus-pathbar-context-menu.ui:39: L5",
            "nautilus/nautilus-pathbar-context-menu.ui:50: L5",
            "nautilus/nautilus-pathbar-context-menu.ui:105: L5",
            "nautilus/nautilus-files-view-context-menus.ui:75: L2",
            "nautilus/nautilus-files-view-context-menus.ui:86: L3",
            "nautilus/nautilus-files-view-context-menus.ui:190: L2",
            "nautilus/nautilus-files-view-context-menus.ui:194: L2",
        ])
        XCTAssertTrue(run.output[5].contains("Run as a Program"), run.output[5])
    }

    func testBlueprintFilesAreReadThroughTheCompilerWithTheirOwnLines() throws {
        guard BlueprintCompiler.executable != nil else { throw XCTSkip("blueprint-compiler is not installed") }
        let gnome = try lint("nautilus/nautilus-window-menus.blp")
        XCTAssertEqual(gnome.output, [
            "nautilus/nautilus-window-menus.blp:107: G5: warning: tab_overview_menu_model: the menu holds 2 items; a menu should hold 3 to 12: show so few as buttons instead, or add them to another menu",
        ])
        let apple = try lint("--style=apple", "nautilus/nautilus-window-menus.blp")
        XCTAssertEqual(apple.output.first?.hasPrefix("nautilus/nautilus-window-menus.blp:77: S2: hint: tab_menu_model › Move Tab to New Window:"), true,
                       "an item's line is its label's line in the blueprint: \(apple.output)")
    }

    func testJSONHoldsTheSameFindings() throws {
        let text = try lint("nautilus/nautilus-files-view-context-menus.ui")
        let json = try lint("--json", "nautilus/nautilus-files-view-context-menus.ui")
        XCTAssertEqual(json.status, 1)
        struct Document: Decodable {
            var files: Int
            var menus: Int
            var findings: [LintFinding]
        }
        let document = try JSONDecoder().decode(Document.self, from: Data(json.output.joined(separator: "\n").utf8))
        XCTAssertEqual(document.files, 1)
        XCTAssertEqual(document.menus, 2)
        XCTAssertEqual(document.findings.map(\.text), text.output)
        XCTAssertEqual(document.findings.first?.menu, "selection-menu")
        XCTAssertEqual(document.findings.filter { $0.severity == "error" }.count, 6)
    }

    func testUsageAndUnreadableFilesExitWithTwo() throws {
        let none = try lint()
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.errors.contains("no files given"), none.errors)
        let style = try lint("--style", "kde", "console")
        XCTAssertEqual(style.status, 2)
        XCTAssertTrue(style.errors.contains("unknown style “kde”"), style.errors)
        let missing = try lint("no-such-file.ui")
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.errors.contains("no-such-file.ui: no such file or directory"), missing.errors)
        let help = try lint("--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.first?.hasPrefix("usage: gmenukit-lint") == true)
    }

    /// gnome-console's primary menu holds two custom slots (the theme switcher, the zoom
    /// controls) and its window an inline `<menu>` without an id in a property: both are read,
    /// slots are no items to give access keys, and every other item has its key.
    func testAMenuWithCustomSlotsAndAnInlineMenuIsClean() throws {
        let run = try lint("console/kgx-window.ui")
        XCTAssertEqual(run.output, [])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.errors.contains("2 menus in 1 file: no findings"), run.errors)
    }

    /// The builder importer's fixtures of four more apps (Tests/Fixtures/builder): Web's page
    /// menu is long and has a two-item submenu and a clash, Image Viewer's and System Monitor's
    /// menus have a clash each, Calculator's menus keep the HIG.
    func testFourMoreAppsOfTheImportersFixtures() throws {
        guard BlueprintCompiler.executable != nil else { throw XCTSkip("blueprint-compiler is not installed") }
        let run = try lint("../builder/calculator-menus.blp", "../builder/epiphany-page-menu.blp",
                           "../builder/loupe-image-window.ui", "../builder/system-monitor-menus.ui")
        XCTAssertEqual(run.output, [
            "../builder/epiphany-page-menu.blp:3: G5: warning: page_menu: the menu holds 13 items; a menu should hold 3 to 12: group the rest in a submenu or another menu",
            "../builder/epiphany-page-menu.blp:37: G3: error: page_menu › History: the access key “r” is also the key of “Run in Background” in this menu; typing it chooses neither (suggested: Hi_story)",
            "../builder/epiphany-page-menu.blp:42: G5: warning: page_menu › Web Apps: the submenu holds 2 items; a submenu should hold 3 to 6: show so few as buttons instead, or add them to another menu",
            "../builder/loupe-image-window.ui:15: G3: error: primary_menu › Open With…: the access key “o” is also the key of “Open…” in this menu; typing it chooses neither (suggested: Open _With…)",
            "../builder/system-monitor-menus.ui:146: G3: error: process-popup-menu › Pause…: the access key “p” is also the key of “Properties” in this menu; typing it chooses neither (suggested: Pa_use…)",
        ])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.errors.contains("7 menus in 4 files: 3 errors, 2 warnings"), run.errors)
    }
}
