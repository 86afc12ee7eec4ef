import GMenuKit
import MenuFixtures

/// How long the guideline checks take on a realistic menu bar, per hundred items: the checks
/// run whenever a menu is first shown in a debug build and in `make lint-menus`, so they must
/// stay far below what a person notices (the target is under a millisecond per hundred items).
@MainActor
enum GuidelineCheckBenchmark {
    static func run(runs: Int) {
        print("Guideline checks on the notes menu bar, repeated (median of \(runs) runs)")
        print(Table.row(["copies", "items", "median ms", "ms per 100 items"]))
        for copies in [1, 10, 100] {
            let nodes = Menu("") {
                ForEach(0..<copies, id: \.self) { _ in NotesMenuBar.menus() }
            }.resolveContent()
            let items = nodes.choosableItemCount
            var findings = 0
            let median = Stopwatch.median(runs: runs) {
                findings = MenuGuidelines.check(nodes, context: .menuBar).count
            }
            let milliseconds = median * 1_000
            print(Table.row([String(copies), String(items), Table.format(milliseconds),
                             Table.format(milliseconds / Double(items) * 100)]))
            if findings != 0 { print("  (unexpected: \(findings) diagnostics on a clean menu bar)") }
        }
    }
}
