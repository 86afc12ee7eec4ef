import GMenuKitCore
import GMenuKitApp

/// An ``Application``'s commands, read without GTK: the menu bar and the primary menu as the
/// application makes them, with the commands' own closures, confirmations and async runs.
///
/// ```swift
/// let app = Application(id: "org.example.Notepad")
/// app.commands { NotepadCommands(app) }
/// let bar = InspectedMenu(menuBarOf: app)
/// app.setFocusedValuesForTesting(windowA)      // window A is active
/// XCTAssertEqual(try bar.item("Format", "Bold").isChecked, false)
/// ```
extension InspectedMenu {
    /// The application's menu bar (File, Edit, View, Format, its own menus, Help). Item paths
    /// start with the bar's menus: `try bar.item("File", "Save")`. Each command's action is
    /// named as the application names it (`app.save`): ``InspectedItem/actionName`` is what
    /// `bind(_:toCommand:)` and the application's accelerators use.
    public convenience init(menuBarOf application: Application) {
        self.init(title: "", context: .menuBar, actionPrefix: "app", showsShortcuts: true) {
            application.arrangedCommands().menuBar
        }
    }

    /// The application's primary ("hamburger") menu, titled "Main Menu" as GNOME names it.
    public convenience init(primaryMenuOf application: Application) {
        self.init(title: "Main Menu", context: .pullDown, actionPrefix: "app", showsShortcuts: true) {
            application.arrangedCommands().primaryMenu
        }
    }

    /// The command a button bound with `bind(_:toCommand:)` shows and runs: the menu bar's
    /// item whose action is `app.<name>`. Fails when no command has that name, with the
    /// names there are.
    public func command(_ name: String) throws(MenuTestFailure) -> InspectedItem {
        let found = items { _ in true }.filter { $0.actionName == "app." + name }
        guard found.count == 1 else {
            let names = items { _ in true }.compactMap(\.actionName).filter { $0.hasPrefix("app.") }
            throw MenuTestFailure("no command '\(name)' (commands: \(names.map { String($0.dropFirst(4)) }.joined(separator: ", ")))")
        }
        return found[0]
    }
}

extension Application {
    /// Makes a window with `values` published the active one, as far as the commands can tell,
    /// without GTK: commands that read ``focusedValues`` follow, as they follow a real window
    /// switch. Pass the values each window publishes (its document, its editor).
    public func setFocusedValuesForTesting(_ values: FocusedValues) {
        setFocusedValues(values)
    }
}

extension InspectedItem {
    /// The item's action as GTK gets it, scope included ("app.save", "menu.bold"); nil for
    /// items without one.
    public var actionName: String? {
        guard let (planned, _) = menu.planned(identity, hint: location), let name = planned.attributes.action else { return nil }
        return InspectedMenu.withoutTarget(name)
    }
}
