/// A key of a keyboard shortcut, as SwiftUI's `KeyEquivalent`: a character (`"s"`, `","`) or
/// a named key (`.return`, `.upArrow`).
///
/// Each becomes the key of a GTK accelerator: letters lower case (`"S"` is the S key; add
/// `.shift` for a capital), punctuation by its GDK key name (`","` is `comma`).
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
    /// The character SwiftUI uses for the key.
    public let character: Character

    /// The key that types `character`.
    public init(_ character: Character) { self.character = character }
    /// A key written as a one-character literal: `"s"`.
    public init(extendedGraphemeClusterLiteral character: Character) { self.character = character }

    /// The Return key.
    public static let `return` = KeyEquivalent("\r")
    /// The Backspace key (SwiftUI's `.delete`, ⌫).
    public static let delete = KeyEquivalent("\u{8}")
    /// The Delete key, which deletes forward (⌦).
    public static let deleteForward = KeyEquivalent("\u{7F}")
    /// The Escape key.
    public static let escape = KeyEquivalent("\u{1B}")
    /// The Tab key.
    public static let tab = KeyEquivalent("\t")
    /// The space bar.
    public static let space = KeyEquivalent(" ")
    /// The Up arrow key.
    public static let upArrow = KeyEquivalent("\u{F700}")
    /// The Down arrow key.
    public static let downArrow = KeyEquivalent("\u{F701}")
    /// The Left arrow key.
    public static let leftArrow = KeyEquivalent("\u{F702}")
    /// The Right arrow key.
    public static let rightArrow = KeyEquivalent("\u{F703}")
    /// The Home key.
    public static let home = KeyEquivalent("\u{F729}")
    /// The End key.
    public static let end = KeyEquivalent("\u{F72B}")
    /// The Page Up key.
    public static let pageUp = KeyEquivalent("\u{F72C}")
    /// The Page Down key.
    public static let pageDown = KeyEquivalent("\u{F72D}")
    /// The Clear key (GDK's `Clear`, on some keypads).
    public static let clear = KeyEquivalent("\u{F739}")

    /// The key's name in a GTK accelerator (`s`, `Return`, `comma`, `Up`).
    public var acceleratorKey: String {
        if let name = Self.keyNames[character] { return name }
        if character.isLetter, character.isASCII { return character.lowercased() }
        return String(character)
    }

    private static let keyNames: [Character: String] = [
        "\r": "Return", "\u{8}": "BackSpace", "\u{7F}": "Delete", "\u{1B}": "Escape", "\t": "Tab",
        " ": "space", "\u{F700}": "Up", "\u{F701}": "Down", "\u{F702}": "Left", "\u{F703}": "Right",
        "\u{F729}": "Home", "\u{F72B}": "End", "\u{F72C}": "Page_Up", "\u{F72D}": "Page_Down",
        "\u{F739}": "Clear",
        ",": "comma", ".": "period", "/": "slash", "\\": "backslash", "-": "minus", "=": "equal",
        "+": "plus", ";": "semicolon", ":": "colon", "'": "apostrophe", "\"": "quotedbl", "`": "grave",
        "[": "bracketleft", "]": "bracketright", "{": "braceleft", "}": "braceright",
        "(": "parenleft", ")": "parenright", "<": "less", ">": "greater", "?": "question",
        "!": "exclam", "@": "at", "#": "numbersign", "$": "dollar", "%": "percent",
        "^": "asciicircum", "&": "ampersand", "*": "asterisk", "_": "underscore", "|": "bar",
        "~": "asciitilde",
    ]
}

/// The modifier keys of a keyboard shortcut, as SwiftUI's `EventModifiers`.
///
/// On Linux `.command` is Control (what SwiftUI code ported from macOS means by ⌘S), and it is
/// what a shortcut gets when no modifiers are given. `.control` is Control too, `.option` is
/// Alt and `.shift` is Shift. Caps Lock, the keypad and the Fn key are no modifiers GTK
/// shortcuts take: they are reported and left out.
public struct EventModifiers: OptionSet, Hashable, Sendable {
    /// The set's bits.
    public let rawValue: Int
    /// A set of these bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Caps Lock: no shortcut modifier; reported and left out.
    public static let capsLock = EventModifiers(rawValue: 1 << 0)
    /// Shift.
    public static let shift = EventModifiers(rawValue: 1 << 1)
    /// Control.
    public static let control = EventModifiers(rawValue: 1 << 2)
    /// Alt on Linux.
    public static let option = EventModifiers(rawValue: 1 << 3)
    /// Control on Linux, as GTK apps write ⌘ shortcuts.
    public static let command = EventModifiers(rawValue: 1 << 4)
    /// A keypad key: no GTK shortcut modifier; reported and left out.
    public static let numericPad = EventModifiers(rawValue: 1 << 5)
    /// The Fn key, which does not reach applications on Linux; reported and left out.
    public static let function = EventModifiers(rawValue: 1 << 6)
    /// Every modifier (Caps Lock, keypad and Fn are reported and left out).
    public static let all: EventModifiers = [.capsLock, .shift, .control, .option, .command, .numericPad, .function]

    /// The GTK accelerator prefix (`<Shift><Control>`), in GTK's own order.
    package var acceleratorPrefix: String {
        var prefix = ""
        if contains(.shift) { prefix += "<Shift>" }
        if contains(.control) || contains(.command) { prefix += "<Control>" }
        if contains(.option) { prefix += "<Alt>" }
        return prefix
    }

    /// What GTK shortcuts cannot hold, as messages.
    package var problems: [String] {
        var problems: [String] = []
        if contains(.capsLock) { problems.append("Caps Lock is no shortcut modifier (it changes what letters type); it is left out of the shortcut") }
        if contains(.numericPad) { problems.append("a keypad key is no shortcut modifier in GTK; .numericPad is left out of the shortcut") }
        if contains(.function) { problems.append("the Fn key does not reach applications on Linux; .function is left out of the shortcut") }
        return problems
    }
}

/// A key and its modifiers, as SwiftUI's `KeyboardShortcut`.
///
/// ```swift
/// Button("Save") { save() }.keyboardShortcut("s")                          // Ctrl+S
/// Button("Save As…") { saveAs() }.keyboardShortcut("s", modifiers: [.command, .shift])
/// Button("OK") { confirm() }.keyboardShortcut(.defaultAction)               // Return
/// ```
public struct KeyboardShortcut: Hashable, Sendable {
    /// The key.
    public var key: KeyEquivalent
    /// The modifiers held with it.
    public var modifiers: EventModifiers

    /// A key with modifiers; `.command` (Control) when none are given.
    public init(_ key: KeyEquivalent, modifiers: EventModifiers = .command) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Return, the key that confirms.
    public static let defaultAction = KeyboardShortcut(.return, modifiers: [])
    /// Escape, the key that cancels.
    public static let cancelAction = KeyboardShortcut(.escape, modifiers: [])

    /// The GTK accelerator string (`<Shift><Control>s`).
    public var accelerator: String { modifiers.acceleratorPrefix + key.acceleratorKey }
}

extension MenuContent {
    /// A keyboard shortcut as SwiftUI writes it: `.keyboardShortcut("s")` is Control+S (⌘ is
    /// Control on Linux, and the default), `.keyboardShortcut("s", modifiers: [.command,
    /// .shift])` Shift+Control+S, `.keyboardShortcut(.upArrow, modifiers: .option)` Alt+Up.
    /// A one-character string literal is a key; a longer string is a GTK accelerator
    /// (`.keyboardShortcut("<Control>s")`, `"F5"`).
    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> some MenuContent {
        keyboardShortcut(KeyboardShortcut(key, modifiers: modifiers))
    }

    /// A keyboard shortcut value: `.keyboardShortcut(.defaultAction)` is Return,
    /// `.cancelAction` Escape.
    public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> some MenuContent {
        let accelerator = shortcut.accelerator
        let problems = shortcut.modifiers.problems
        return ModifiedMenuContent(content: self) { node in
            node.shortcut = accelerator
            node.noteProblems(problems)
        }
    }

    /// A keyboard shortcut value, or none: `nil` leaves the item without a shortcut.
    public func keyboardShortcut(_ shortcut: KeyboardShortcut?) -> some MenuContent {
        ModifiedMenuContent(content: self) { node in
            guard let shortcut else { return }
            node.shortcut = shortcut.accelerator
            node.noteProblems(shortcut.modifiers.problems)
        }
    }
}
