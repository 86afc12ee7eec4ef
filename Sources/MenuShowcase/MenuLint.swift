import GMenuKit

/// `MenuShowcase --lint-menus`: checks every menu of the showcase against the menu guidelines,
/// prints what it finds, and fails when any menu breaks a guideline outright (an error).
/// Needs no display: the checks read the declared menus, not GTK.
@MainActor
enum MenuLint {
    static func run() -> Int32 {
        let commands = NoteCommands(record: { _ in })
        let menus = ShowcaseMenus.all(model: NotesModel(), commands: commands)
        var counts: [MenuDiagnostic.Severity: Int] = [:]
        for (menu, context) in menus {
            for diagnostic in MenuGuidelines.check(menu, context: context) {
                print(diagnostic)
                counts[diagnostic.severity, default: 0] += 1
            }
        }
        let errors = counts[.error] ?? 0
        print("\(menus.count) menus checked: \(errors) errors, \(counts[.warning] ?? 0) warnings, \(counts[.hint] ?? 0) hints")
        return errors > 0 ? 1 : 0
    }
}
