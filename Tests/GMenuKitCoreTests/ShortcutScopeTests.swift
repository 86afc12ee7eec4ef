import XCTest

@testable import GMenuKitCore

/// Which shortcuts a focused text field, text view or list uses itself, and where a shortcut
/// runs for its scope: planned without GTK (the GTK tests press the keys, ShortcutScopeTests).
final class ShortcutScopeTests: XCTestCase {
    func testTheKeysTextAndListWidgetsUseAreEditingKeys() {
        let editing = ["Delete", "BackSpace", "Home", "<Shift>End", "Left", "Page_Down", "Return", "Tab", "space",
                       "<Control>a", "<Control>c", "<Control>v", "<Control>x", "<Control>z", "<Shift><Control>z",
                       "<Control>Left", "<Shift><Control>Right", "<Control>BackSpace", "<Control>Delete", "<Shift>Delete",
                       "<Shift>Insert", "<Control>period"]
        for canonical in editing {
            XCTAssertTrue(EditingKeys.isEditingKey(canonical, typesText: false), "\(canonical) is used by a text or list widget")
        }
        let commands = ["<Control>s", "<Control>n", "<Shift><Control>t", "F5", "<Alt>Left", "<Control><Alt>Delete",
                        "<Super>Home", "Escape", "<Control>Return", "<Control>b"]
        for canonical in commands {
            XCTAssertFalse(EditingKeys.isEditingKey(canonical, typesText: false), "\(canonical) is a command's")
        }
        XCTAssertTrue(EditingKeys.isEditingKey("k", typesText: true), "a key that types text")
    }

    func testEachScopeRunsInItsPhase() {
        XCTAssertEqual(ShortcutScope.automatic.phase(isEditingKey: true, automaticPhase: .beforeFocusedWidget), .afterFocusedWidget)
        XCTAssertEqual(ShortcutScope.automatic.phase(isEditingKey: false, automaticPhase: .beforeFocusedWidget), .beforeFocusedWidget)
        XCTAssertEqual(ShortcutScope.automatic.phase(isEditingKey: false, automaticPhase: .afterFocusedWidget), .afterFocusedWidget)
        XCTAssertEqual(ShortcutScope.application.phase(isEditingKey: true, automaticPhase: .afterFocusedWidget), .beforeFocusedWidget)
        XCTAssertEqual(ShortcutScope.afterFocusedWidget.phase(isEditingKey: false, automaticPhase: .beforeFocusedWidget), .afterFocusedWidget)
        XCTAssertEqual(ShortcutScope.whenNoTextIsFocused.phase(isEditingKey: false, automaticPhase: .beforeFocusedWidget),
                       .afterFocusedWidgetUnlessText)
    }

    /// A menu's shortcut runs after the focused widget unless its scope says otherwise; one in
    /// the application scope on a key a text field uses is reported, with its path.
    func testAPlannedShortcutCarriesItsPhaseAndTakingAnEditingKeyIsReported() {
        onMain {
            let result = plan(Menu("Edit") {
                Button("Delete Line") {}.keyboardShortcut("<Control>Delete")
                Button("Clear") {}.keyboardShortcut("<Control>BackSpace").shortcutScope(.application)
                Button("Find") {}.keyboardShortcut("<Control>f").shortcutScope(.application)
                Button("Refresh") {}.keyboardShortcut("F5").shortcutScope(.whenNoTextIsFocused)
            })
            XCTAssertEqual(result.items.map(\.accelPhase),
                           [.afterFocusedWidget, .beforeFocusedWidget, .beforeFocusedWidget, .afterFocusedWidgetUnlessText])
            XCTAssertEqual(result.items.map(\.accel), ["<Control>Delete", "<Control>BackSpace", "<Control>f", "F5"],
                           "every shortcut is shown")
            XCTAssertEqual(result.diagnostics.map(\.path), ["Edit › Clear"], "\(result.diagnostics)")
            XCTAssertEqual(result.diagnostics.first?.severity, .warning)
            XCTAssertEqual(result.diagnostics.first?.message, ShortcutPlanning.takesEditingKey("<Control>BackSpace"))
        }
    }
}
