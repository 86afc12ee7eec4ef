import XCTest

@testable import GMenuKitCore

/// The stand-in for GTK's accelerator parser gives what GTK 4.8.3 gave for each spelling
/// (`gtk_accelerator_parse`, then `gtk_accelerator_name`, and whether the key types text), so
/// that the planning tests that lean on it test the planner with GTK's answers.
final class AcceleratorStandInTests: XCTestCase {
    func testItReadsSpellingsAsGTKDoes() {
        let gtk: [(written: String, canonical: String?, typesText: Bool)] = [
            ("Ctrl+S", nil, false), ("<Control>", nil, false), ("", nil, false), ("<Mod1>x", nil, false),
            ("a b", nil, false), ("<Control>kk", nil, false), ("<Control>é", nil, false),
            ("<Control>s", "<Control>s", false), ("<Ctrl>S", "<Control>s", false), ("<Primary>o", "<Control>o", false),
            ("<ctrl>x", "<Control>x", false), ("<CONTROL>x", "<Control>x", false), ("<Ctl>x", "<Control>x", false),
            ("<Control><Shift>s", "<Shift><Control>s", false), ("<Shft>x", "<Shift>x", true),
            ("<Meta><Super><Hyper><Alt><Control><Shift>x", "<Shift><Control><Alt><Meta><Super><Hyper>x", false),
            ("k", "k", true), ("K", "k", true), ("<Shift>k", "<Shift>k", true), ("1", "1", true),
            ("space", "space", true), ("<Shift>space", "<Shift>space", true), ("<Control>space", "<Control>space", false),
            ("F11", "F11", false), ("Delete", "Delete", false), ("Return", "Return", false), ("Escape", "Escape", false),
            ("Tab", "Tab", false), ("<Alt>F4", "<Alt>F4", false), ("<Control><Alt>Delete", "<Control><Alt>Delete", false),
            ("<Super>a", "<Super>a", false), ("<Control>comma", "<Control>comma", false), ("<Control>Page_Up", "<Control>Page_Up", false),
        ]
        for (written, canonical, typesText) in gtk {
            let parsed = AcceleratorStandIn.parse(written)
            XCTAssertEqual(parsed?.canonical, canonical, written)
            XCTAssertEqual(parsed?.typesText ?? false, typesText, written)
        }
    }
}
