import GMenuKitCore
import GMenuKitBuilder

/// One report of the linter: a guideline a menu breaks, where it was written.
public struct LintFinding: Codable, Equatable, Sendable {
    public var file: String
    public var line: Int
    /// The rule id (G3, L2…), as in the guidelines.
    public var rule: String
    public var severity: String
    /// The menu's id in the file.
    public var menu: String
    /// The titles leading to the item: "primary_menu › Sort › By Name".
    public var path: String
    public var message: String
    public var suggestion: String?

    /// `file:line: rule: severity: path: message (suggested: …)`, the form editors and CI
    /// logs turn into links.
    public var text: String {
        var text = "\(file):\(line): \(rule): \(severity): \(path): \(message)"
        if let suggestion { text += " (suggested: \(suggestion))" }
        return text
    }
}

/// A file the linter could not check.
public struct LintProblem: Equatable, Sendable, Error {
    public var file: String
    public var message: String
    /// A problem of the file (unreadable, refused by GtkBuilder) fails the run; a menu skipped
    /// because GMenuKit cannot hold what GtkBuilder accepts is only noted.
    public var failsRun = true

    public var text: String { "\(file): \(failsRun ? "" : "note: ")\(message)" }
}
