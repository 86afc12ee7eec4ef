@testable import GMenuKitCore

/// A stand-in for GTK's accelerator parser (`gtk_accelerator_parse` and `gtk_accelerator_name`,
/// which the GTK layer hands the planner), for the accelerators these tests write: the planner's
/// own rules (one item per shortcut, reserved keys, keys that type text) need some parser, and
/// GTK is not here. What GTK itself makes of an accelerator is tested by the GTK tests
/// (SwiftUIShortcutTests, BadInputTests there).
///
/// It follows GTK 4.8.3 as checked by hand against it (`gtk_accelerator_parse` then
/// `gtk_accelerator_name`): modifier names are case-insensitive (`<Ctrl>`, `<Ctl>`,
/// `<Primary>` are Control), the key is one character or a key name GTK knows, letters are
/// spelled in lower case, modifiers in GTK's order (Shift, Control, Alt, Meta, Super, Hyper).
/// Anything else is no accelerator (`Ctrl+S`, `<Control>` alone, `<Mod1>x`).
enum AcceleratorStandIn {
    private static let modifiers: [String: String] = [
        "shift": "Shift", "shft": "Shift",
        "control": "Control", "ctrl": "Control", "ctl": "Control", "primary": "Control",
        "alt": "Alt", "meta": "Meta", "super": "Super", "hyper": "Hyper",
    ]
    private static let order = ["Shift", "Control", "Alt", "Meta", "Super", "Hyper"]

    /// Named keys: whether each types text (GTK: a printable character, no control character).
    private static let namedKeys: [String: Bool] = {
        var keys: [String: Bool] = [
            "space": true, "comma": true, "period": true, "minus": true, "plus": true, "equal": true,
            "slash": true, "backslash": true, "grave": true,
            "Return": false, "Escape": false, "Tab": false, "ISO_Left_Tab": false, "BackSpace": false,
            "Delete": false, "Insert": false, "Home": false, "End": false, "Page_Up": false, "Page_Down": false,
            "Up": false, "Down": false, "Left": false, "Right": false, "Clear": false, "Print": false,
        ]
        for number in 1...35 { keys["F\(number)"] = false }
        return keys
    }()

    static func parse(_ written: String) -> MenuPlanner.ParsedAccelerator? {
        var held: Set<String> = []
        var rest = Substring(written)
        while rest.hasPrefix("<") {
            guard let close = rest.firstIndex(of: ">"),
                  let modifier = modifiers[rest[rest.index(after: rest.startIndex)..<close].lowercased()] else { return nil }
            held.insert(modifier)
            rest = rest[rest.index(after: close)...]
        }
        let key: String
        let typesText: Bool
        if rest.count == 1, let character = rest.first, character.isASCII, character.isLetter || character.isNumber {
            key = character.lowercased()
            typesText = true
        } else if let types = namedKeys[String(rest)] {
            key = String(rest)
            typesText = types
        } else {
            return nil
        }
        let canonical = order.filter(held.contains).map { "<\($0)>" }.joined() + key
        let command = !held.isDisjoint(with: ["Control", "Alt", "Meta", "Super", "Hyper"])
        return MenuPlanner.ParsedAccelerator(canonical: canonical, typesText: typesText && !command)
    }
}
