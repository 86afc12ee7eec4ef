import XCTest

@testable import GMenuKitCore

/// What the shortcuts editor warns of before a command gets new keys: planned without GTK
/// (the GTK tests press the keys in the editor, ShortcutsEditorTests).
final class ShortcutConflictTests: XCTestCase {
    private let commands = [
        ShortcutConflicts.Holder(name: "save", title: "Save", canonical: "<Control>s"),
        ShortcutConflicts.Holder(name: "bold", title: "Bold", canonical: "<Control>b"),
        ShortcutConflicts.Holder(name: "print", title: "Print…", canonical: nil),
    ]

    func testEachKindOfConflictIsFoundWorstFirst() {
        let window = ShortcutConflicts.windowMenuKeys(barTitles: ["_File", "_Edit", "Fo_rmat", "Snake__case _Tools"])
        func conflicts(_ canonical: String, typesText: Bool = false, for name: String = "print") -> [ShortcutConflict] {
            ShortcutConflicts.find(canonical, typesText: typesText, for: name, commands: commands, windowKeys: window)
        }
        XCTAssertEqual(conflicts("<Control>p"), [], "free keys")
        XCTAssertEqual(conflicts("<Control>b"), [.command(name: "bold", title: "Bold")])
        XCTAssertEqual(conflicts("<Control>b", for: "bold"), [], "a command's own keys are no conflict")
        XCTAssertEqual(conflicts("<Super>p").count, 1)
        XCTAssertFalse(conflicts("<Super>p")[0].canBeOverridden, "the desktop's keys are refused")
        XCTAssertEqual(conflicts("F10"), [.windowMenu(what: "opens the menu bar")])
        XCTAssertEqual(conflicts("<Alt>f"), [.windowMenu(what: "opens the File menu")])
        XCTAssertEqual(conflicts("<Alt>r"), [.windowMenu(what: "opens the Format menu")])
        XCTAssertEqual(conflicts("<Alt>t"), [.windowMenu(what: "opens the Snake_case Tools menu")], "__ is a plain underscore")
        XCTAssertEqual(conflicts("<Shift>F10"), [.windowMenu(what: "opens the focused widget's context menu")])
        XCTAssertEqual(conflicts("Delete"), [.editingKey])
        XCTAssertEqual(conflicts("<Control>a"), [.editingKey])
        XCTAssertEqual(conflicts("k", typesText: true), [.editingKey], "a key that types text")
        XCTAssertEqual(conflicts("<Control><Alt>Delete").first, .keptByDesktop(reason: "the desktop logs out (or the system restarts) on Ctrl+Alt+Delete"))
        XCTAssertTrue(conflicts("Menu").contains(.editingKey) && conflicts("Menu").count == 2, "a menu key of the window and of text widgets")
    }

    func testAWindowWithoutAMenuBarLeavesF10AndAltLettersFree() {
        let window = ShortcutConflicts.windowMenuKeys(barTitles: nil)
        XCTAssertNil(window["F10"])
        XCTAssertNil(window["<Alt>f"])
        XCTAssertNotNil(window["<Shift>F10"])
    }

    func testAccessKeysAreReadAsGTKMarksThem() {
        XCTAssertEqual(ShortcutConflicts.accessKey(of: "_File"), "f")
        XCTAssertEqual(ShortcutConflicts.accessKey(of: "Save _As…"), "a")
        XCTAssertNil(ShortcutConflicts.accessKey(of: "Snake__case"))
        XCTAssertNil(ShortcutConflicts.accessKey(of: "Trailing_"))
        XCTAssertEqual(ShortcutConflicts.withoutAccessKeys("Snake__case _Tools"), "Snake_case Tools")
    }
}
