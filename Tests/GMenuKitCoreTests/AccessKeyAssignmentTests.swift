import XCTest

@testable import GMenuKitCore

/// Access keys that assign themselves (`.accessKeys(.automatic)`), planned without GTK: what
/// GTK reads is the label with its underline (the GTK tests type the keys, MnemonicTests).
final class AccessKeyAssignmentTests: XCTestCase {
    func testEveryItemOfAPageGetsAKeyOfItsOwnPreferringTheStartOfAWordAndKeysWrittenAreKept() {
        onMain {
            let result = plan(Menu("File") {
                Button("New") {}
                Button("Open…") {}
                Button("Open Recent") {}
                Button("Save") {}
                Button("Save As…") {}
                Button("Quit") {}.mnemonic("u")
                Section { Button("Properties") {} }
                Menu("Export") {
                    Button("PDF") {}
                    Button("PNG") {}
                }
            }.accessKeys(.automatic))
            XCTAssertEqual(flatten(result.items).compactMap(\.label),
                           ["_New", "_Open…", "Open _Recent", "_Save", "Save _As…", "Q_uit", "_Properties", "_Export", "_PDF", "P_NG"])
            XCTAssertTrue(result.diagnostics.isEmpty, "\(result.diagnostics)")
            // Without it, the labels are as written.
            let written = plan(Menu("File") { Button("New") {}; Button("Open…") {} })
            XCTAssertEqual(written.items.compactMap(\.label), ["New", "Open…"])
        }
    }

    /// The GNOME checks find nothing to report on a menu whose keys assign themselves.
    func testTheGnomeChecksFindEveryItemKeyedOnce() {
        onMain {
            let menu = Menu("Edit") {
                Button("Cut") {}
                Button("Copy") {}
                Button("Paste") {}
                Button("Paste Special") {}
                Button("Select All") {}
            }.accessKeys(.automatic)
            let findings = MenuGuidelines.check(menu.resolveContent(), title: "Edit", context: .menuBar, style: .gnome)
            XCTAssertFalse(findings.contains { $0.rule == "G3" || $0.rule == "G4" }, "\(findings)")
        }
    }

    /// An item keeps its key when others come before it in a refresh.
    func testAnItemKeepsItsKeyWhenOthersComeAndGo() {
        onMain {
            final class Model { var names = ["Save", "Share"] }
            let model = Model()
            let planned = PlannedMenu(Menu("Document") {
                ForEach(model.names, id: \.self) { name in Button(name) {} }
            }.accessKeys(.automatic), actionPrefix: "menu", drawsOwnRows: false, destructiveColor: nil)
            XCTAssertEqual(planned.items.compactMap(\.label), ["_Save", "S_hare"])
            model.names = ["Send", "Save", "Share"]
            planned.refresh()
            XCTAssertEqual(planned.items.compactMap(\.label), ["S_end", "_Save", "S_hare"],
                           "Save and Share keep their keys; the newcomer takes a free one")
            model.names = ["Share"]
            planned.refresh()
            XCTAssertEqual(planned.items.compactMap(\.label), ["S_hare"], "Share keeps its key when Save goes")
        }
    }

    /// A label without a letter of a cased script gets no key rather than a wrong one; generated
    /// content keeps the labels people made.
    func testLabelsWithoutAUsableLetterAndGeneratedContentGetNone() {
        onMain {
            let result = plan(Menu("Menu") {
                Button("保存") {}
                Button("2024") {}
                Button("Ελληνικά") {}
                ForEach(["Visited Page"], id: \.self) { Button($0) {} }.generatedContent()
            }.accessKeys(.automatic))
            XCTAssertEqual(result.items.compactMap(\.label), ["保存", "2024", "_Ελληνικά", "Visited Page"])
        }
    }

    func testTheChosenPositionPrefersARememberedKeyThenWordStarts() {
        XCTAssertEqual(AccessKeyAssignment.chosenPosition(in: "Open Recent", remembered: nil, avoiding: ["o"]), 5)
        XCTAssertEqual(AccessKeyAssignment.chosenPosition(in: "Open Recent", remembered: "c", avoiding: ["o"]), 7)
        XCTAssertEqual(AccessKeyAssignment.chosenPosition(in: "Open Recent", remembered: "o", avoiding: ["o"]), 5,
                       "a remembered key another item took is given up")
        XCTAssertEqual(AccessKeyAssignment.chosenPosition(in: "Open", remembered: nil, avoiding: ["o", "p", "e", "n"]), nil)
    }
}
