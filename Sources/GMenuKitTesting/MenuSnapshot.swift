import Foundation

/// A menu as text, as a person sees it, for golden-file tests: one line per item, indented by
/// submenu, sections set apart by a rule (with their header), marks before the title (`[x]`
/// a checked toggle, `[ ]` one not checked, `(*)` the selected option, `( )` another), the
/// access key marked as GTK marks it (`_Save`), `›` after a submenu's title, then the shortcut
/// and what else shows, in brackets:
///
/// ```text
/// _File ›
///   _New Window  Ctrl+N
///   ──
///   _Save  Ctrl+S  [dimmed]
///   [x] _Bold  Ctrl+B  [keeps open]
///   Delete Note…  [destructive]
///   ── Sort By
///   (*) _Date
///   ( ) _Name
///   Font Size: 12  [stepper: value 12]
///   Volume  [slider: value 0.5]
/// ```
///
/// Hidden items are written with `[hidden]`, so that a snapshot shows what hides as well.
public enum MenuSnapshot {
    /// The text of `items` (``InspectedMenu/items``, ``LiveMenu/items``), headed by `title`
    /// when it has one.
    public static func text(of items: [MenuItemReading], title: String = "") -> String {
        var lines: [String] = title.isEmpty ? [] : [title]
        let indent = title.isEmpty ? 0 : 1
        write(items, depth: indent, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The menu's text now.
    @MainActor
    public static func text(of menu: InspectedMenu) -> String { text(of: menu.items, title: menu.title) }

    private static func write(_ items: [MenuItemReading], depth: Int, into lines: inout [String]) {
        let pad = String(repeating: "  ", count: depth)
        for (index, item) in items.enumerated() {
            switch item.kind {
            case .section:
                // A rule where a section starts (after something) or has a header.
                if index > 0 || !item.title.isEmpty {
                    lines.append(pad + "──" + (item.title.isEmpty ? "" : " " + item.title) + flags(item, ignoring: true))
                }
                write(item.children, depth: depth, into: &lines)
                if index < items.count - 1, items[index + 1].kind != .section { lines.append(pad + "──") }
            case .stepper:
                var line = pad + item.titleWithAccessKey
                var details = ["stepper"]
                if let value = item.value { details[0] += ": value \(number(value))" }
                let buttons = item.children.map { "\($0.title)\($0.isEnabled ? "" : " dimmed")" }
                details.append(buttons.joined(separator: ", "))
                line += "  [" + details.joined(separator: "; ") + "]" + flags(item, ignoring: true)
                lines.append(line)
            default:
                var line = pad + mark(item) + item.titleWithAccessKey
                if item.kind == .submenu { line += " ›" }
                if let subtitle = item.subtitle { line += " — " + subtitle }
                if let shortcut = item.shortcut { line += "  " + shortcut }
                if item.kind == .slider { line += "  [slider" + (item.value.map { ": value \(number($0))" } ?? "") + "]" }
                if item.kind == .widget { line += "  [widget]" }
                line += flags(item, ignoring: false)
                lines.append(line)
                if item.kind == .submenu { write(item.children, depth: depth + 1, into: &lines) }
            }
        }
    }

    private static func mark(_ item: MenuItemReading) -> String {
        switch (item.kind, item.isChecked) {
        case (.toggle, let checked?): checked ? "[x] " : "[ ] "
        case (.option, let checked?): checked ? "(*) " : "( ) "
        default: ""
        }
    }

    private static func flags(_ item: MenuItemReading, ignoring structural: Bool) -> String {
        var flags: [String] = []
        if !item.isVisible { flags.append("hidden") }
        if !structural && !item.isEnabled { flags.append("dimmed") }
        if item.isDestructive { flags.append("destructive") }
        if item.keepsMenuOpen && item.kind != .slider { flags.append("keeps open") }
        if let icon = item.icon { flags.append("icon: \(icon)") }
        if let badge = item.badge { flags.append("badge: \(badge)") }
        if let help = item.help { flags.append("help: \(help)") }
        return flags.isEmpty ? "" : "  [" + flags.joined(separator: ", ") + "]"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    // MARK: Golden files

    /// Compares the menu's text with the golden file at `path`; fails with a line diff when
    /// they differ. A missing file is written and fails once (look at it, then commit it);
    /// with `GMENUKIT_RECORD_SNAPSHOTS=1` in the environment every file is written again.
    @MainActor
    public static func assertMatches(_ menu: InspectedMenu, goldenFile path: String) throws(MenuTestFailure) {
        try assertMatches(text(of: menu), goldenFile: path)
    }

    /// The same for text made by ``text(of:title:)``.
    public static func assertMatches(_ actual: String, goldenFile path: String) throws(MenuTestFailure) {
        let record = ProcessInfo.processInfo.environment["GMENUKIT_RECORD_SNAPSHOTS"] == "1"
        guard !record, let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try actual.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw MenuTestFailure("could not write the snapshot \(path): \(error)")
            }
            if record { return }
            throw MenuTestFailure("no snapshot at \(path): it is written now; look at it and run again\n\(actual)")
        }
        if let diff = difference(expected: expected, actual: actual) {
            throw MenuTestFailure("the menu differs from \(path) (- expected, + now; GMENUKIT_RECORD_SNAPSHOTS=1 writes it again):\n\(diff)")
        }
    }

    /// A line diff of two texts (`-` expected, `+` actual, two lines of context around each
    /// change), or nil when they are equal.
    public static func difference(expected: String, actual: String) -> String? {
        guard expected != actual else { return nil }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Longest common subsequence, by table: menus are short.
        var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var edits: [(Character, String)] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                edits.append((" ", old[i])); i += 1; j += 1
            } else if i < old.count, j == new.count || table[i + 1][j] >= table[i][j + 1] {
                edits.append(("-", old[i])); i += 1
            } else {
                edits.append(("+", new[j])); j += 1
            }
        }
        let changed = edits.indices.filter { edits[$0].0 != " " }
        let shown = edits.indices.filter { index in changed.contains { abs($0 - index) <= 2 } }
        var lines: [String] = []
        var last: Int?
        for index in shown {
            if let last, index > last + 1 { lines.append("…") }
            lines.append("\(edits[index].0) \(edits[index].1)")
            last = index
        }
        return lines.joined(separator: "\n")
    }
}
