/// Something about a menu that a developer should know: bad input that GMenuKit repaired,
/// or a menu guideline that the menu breaks.
public struct MenuDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How much a diagnostic matters: a hint, a warning, or an error (something was repaired or left out).
    public enum Severity: String, Sendable, Comparable {
        /// Something to consider.
        case hint
        /// Something likely wrong.
        case warning
        /// Something that was repaired or left out.
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            let order: [Severity] = [.hint, .warning, .error]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    /// The guideline rule id (`L4`) when the diagnostic is about a guideline, or nil.
    public var rule: String?
    /// How much it matters.
    public var severity: Severity
    /// The titles leading to the item, joined with " › ": "Edit › Sort by Date".
    public var path: String
    /// What is wrong, in a sentence.
    public var message: String
    /// A corrected label or another concrete fix, where there is one.
    public var suggestion: String?
    /// The node the diagnostic is about, when a guideline check names one: a linter finds its
    /// source line by it. Nil for the checked menu itself.
    public var identity: MenuIdentity?

    /// A diagnostic of the given severity about the item at `path`; `identity` names the node it is about, when known.
    public init(
        rule: String? = nil, severity: Severity, path: String, message: String, suggestion: String? = nil,
        identity: MenuIdentity? = nil
    ) {
        self.identity = identity
        self.rule = rule
        self.severity = severity
        self.path = Self.printable(path)
        self.message = message
        self.suggestion = suggestion
    }

    /// The path of a menu without a title, and of what stands at its top.
    public static let untitledMenu = "(untitled menu)"

    /// A path as it can be printed and read: titles are the developer's text, and a line
    /// break, control or bidirectional control character in one would garble a log.
    private static func printable(_ path: String) -> String {
        if path.isEmpty { return untitledMenu }
        guard path.unicodeScalars.contains(where: isUnprintable) else { return path }
        let scalars = path.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            guard isUnprintable(scalar) else { return scalar }
            return scalar.properties.generalCategory == .control ? " " : nil
        }
        return String(String.UnicodeScalarView(scalars))
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
            || scalar.isBidirectionalControl
    }

    public var description: String {
        var text = "\(severity.rawValue)"
        if let rule { text += " [\(rule)]" }
        text += ": \(path): \(message)"
        if let suggestion { text += " (suggested: \(suggestion))" }
        return text
    }
}

extension Unicode.Scalar {
    /// The embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): invisible,
    /// they reorder the text around them.
    package var isBidirectionalControl: Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
