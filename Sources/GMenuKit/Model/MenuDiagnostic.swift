/// Something about a menu that a developer should know: bad input that GMenuKit repaired,
/// or a menu guideline that the menu breaks.
public struct MenuDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable {
        case hint, warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            let order: [Severity] = [.hint, .warning, .error]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    /// The guideline rule id (`L4`) when the diagnostic is about a guideline, or nil.
    public var rule: String?
    public var severity: Severity
    /// The titles leading to the item, joined with " › ": "Edit › Sort by Date".
    public var path: String
    public var message: String
    /// A corrected label or another concrete fix, where there is one.
    public var suggestion: String?

    public init(rule: String? = nil, severity: Severity, path: String, message: String, suggestion: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.path = path
        self.message = message
        self.suggestion = suggestion
    }

    public var description: String {
        var text = "\(severity.rawValue)"
        if let rule { text += " [\(rule)]" }
        text += ": \(path.isEmpty ? "menu" : path): \(message)"
        if let suggestion { text += " (suggested: \(suggestion))" }
        return text
    }
}
