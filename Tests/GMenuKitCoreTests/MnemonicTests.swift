import XCTest

@testable import GMenuKitCore

/// How labels mark mnemonics: the chosen letter once, underscores otherwise literal. What GTK
/// does with a typed letter is tested by the GTK tests' MnemonicTests.
final class MnemonicTests: XCTestCase {
    func testTheMnemonicIsMarkedOnceAndUnderscoresStayLiteral() {
        onMain {
            let planned = PlannedMenu(Menu("File") {
                Button("Save_As") {}.mnemonic("a")
                Button("Print") {}.mnemonic("z")
            })
            let labels = planned.items.map(\.label)
            XCTAssertEqual(labels, ["S_ave__As", "Print"], "the first a is marked; the literal _ stays doubled")
            XCTAssertTrue(planned.diagnostics.contains { $0.message.contains("mnemonic 'z'") }, "\(planned.diagnostics)")
        }
    }

    func testAMnemonicByPositionMarksThatCharacterEvenAfterNormalizing() {
        onMain {
            let planned = PlannedMenu(Menu("Terminal") {
                Button("Open in Console") {}.mnemonic(at: 2)
                Button("Save  As...") {}.mnemonic(at: 6)
                Button("Print") {}.mnemonic(at: 9)
                Button("Undo") {}.mnemonic("u").mnemonic(at: 3)
            })
            let labels = planned.items.map(\.label)
            XCTAssertEqual(labels, ["Op_en in Console", "Save _As…", "Print", "Und_o"],
                           "the e of Open; the A after the collapsed spaces; none beyond the label; the last modifier wins")
            XCTAssertEqual(planned.diagnostics.map(\.message).filter { $0.contains("mnemonic position") }.count, 1,
                           "\(planned.diagnostics)")
        }
    }

    func testUnderlinesAreMnemonicsOnlyWhenOptedIn() {
        onMain {
            let planned = PlannedMenu(Menu("File") {
                Button("S_ave As…") {}.useUnderline()
                Button("snake__case_name") {}.useUnderline()
                Button("my_file_name.txt") {}
                Button("_Quit") {}.useUnderline(false)
            })
            let labels = planned.items.map(\.label)
            XCTAssertEqual(labels, ["S_ave As…", "snake__case_name", "my__file__name.txt", "__Quit"],
                           "opted in: GTK's syntax kept; not: every underscore literal")
            let nodes = Menu("File") { Button("Op_en in Console") {}.useUnderline() }.resolveContent()
            XCTAssertEqual(nodes.first?.title, "Open in Console", "the title people read has no mark")
            XCTAssertEqual(nodes.first?.accessKey, "e")
        }
    }
}
