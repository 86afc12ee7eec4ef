/// The shortcuts that the desktop (GNOME's window manager and shell, the X server, the kernel's
/// virtual terminals) takes before any application sees them: an item given one would show
/// keys that never reach it.
package enum ReservedShortcuts {
    /// Why the desktop keeps the keys, for an accelerator in GTK's spelling
    /// (`gtk_accelerator_name`: `<Control><Alt>Delete`); nil when the app may use them.
    package static func reason(forCanonical canonical: String) -> String? {
        var modifiers = Set<Substring>()
        var rest = Substring(canonical)
        while rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") {
            modifiers.insert(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
        }
        let key = String(rest)
        if modifiers.contains("Super") || modifiers.contains("Meta") || modifiers.contains("Hyper") {
            return "the desktop keeps Super shortcuts for itself (the overview, workspaces, window tiling)"
        }
        let alt = modifiers.contains("Alt"), control = modifiers.contains("Control"), shift = modifiers.contains("Shift")
        switch (control, alt) {
        case (false, true):
            switch key {
            case "F4": return "the window manager closes the window on Alt+F4"
            case "Tab", "ISO_Left_Tab", "grave", "Escape": return "the window manager switches windows on Alt+\(key == "grave" ? "`" : key)"
            case "F1", "F2": return shift ? nil : "GNOME opens its overview or command prompt on Alt+\(key)"
            case "F7", "F8", "F10": return shift ? nil : "the window manager moves, resizes or maximizes the window on Alt+\(key)"
            case "space": return "the window manager opens the window menu on Alt+Space"
            case "Print": return "the desktop takes Alt+Print for a screenshot"
            default: return nil
            }
        case (true, true):
            switch key {
            case "Delete": return "the desktop logs out (or the system restarts) on Ctrl+Alt+Delete"
            case "BackSpace": return "the X server may quit on Ctrl+Alt+Backspace"
            case "Up", "Down", "Left", "Right", "Page_Up", "Page_Down", "Home", "End":
                return "the window manager switches workspaces on Ctrl+Alt+\(key)"
            case "t": return shift ? nil : "the desktop opens a terminal on Ctrl+Alt+T"
            case "Tab": return "the desktop moves the focus between its panels on Ctrl+Alt+Tab"
            default:
                if key.hasPrefix("F"), let number = Int(key.dropFirst()), (1...12).contains(number) {
                    return "Ctrl+Alt+\(key) switches to a virtual terminal"
                }
                return nil
            }
        default:
            return nil
        }
    }
}
