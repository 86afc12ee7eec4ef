import GMenuKitCore
import GMenuKitBuilder

/// The command line of `gmenukit-lint`: what it was asked, and how it ends.
public struct LintCommand {
    public enum ExitCode: Int32 {
        /// No finding of error severity.
        case clean = 0
        /// At least one finding of error severity.
        case errors = 1
        /// Bad arguments, or a file that could not be read.
        case usage = 2
    }

    public var style: MenuGuidelineStyle = .gnome
    public var json = false
    /// `--fix`: write access keys into the files' labels (G3, G4).
    public var fix = false
    public var paths: [String] = []

    public static let usage = """
        usage: gmenukit-lint [--style apple|gnome] [--json] [--fix] FILE.ui|FILE.blp|DIR …
        Checks the menus of GtkBuilder (and, with blueprint-compiler, Blueprint) files against
        the GNOME HIG (--style gnome, the default) or GMenuKit's own rules (--style apple).
        Prints file:line: rule: severity: path: message (suggested: fix).
        --fix writes an access key into every menu label of GtkBuilder files that has none or
        one another item of its menu has (G3, G4), changing nothing else, then checks again.
        Exits 0 without errors, 1 with findings of error severity, 2 on bad usage or unreadable files.
        """

    /// Reads the arguments (without the program's name); nil with a message when they are wrong.
    public static func parse(_ arguments: [String]) -> Result<LintCommand, LintProblem> {
        var command = LintCommand()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json":
                command.json = true
            case "--fix":
                command.fix = true
            case "--style":
                guard let value = remaining.popFirst() else {
                    return .failure(LintProblem(file: "gmenukit-lint", message: "--style needs apple or gnome"))
                }
                guard let style = MenuGuidelineStyle(rawValue: value) else {
                    return .failure(LintProblem(file: "gmenukit-lint", message: "unknown style “\(value)”; use apple or gnome"))
                }
                command.style = style
            case let option where option.hasPrefix("--style="):
                guard let style = MenuGuidelineStyle(rawValue: String(option.dropFirst("--style=".count))) else {
                    return .failure(LintProblem(file: "gmenukit-lint", message: "unknown style in \(option); use apple or gnome"))
                }
                command.style = style
            case "-h", "--help":
                return .failure(LintProblem(file: "gmenukit-lint", message: "help"))
            case "--":
                command.paths += remaining
                remaining = []
            case let option where option.hasPrefix("-") && option.count > 1:
                return .failure(LintProblem(file: "gmenukit-lint", message: "unknown option \(option)"))
            default:
                command.paths.append(argument)
            }
        }
        guard !command.paths.isEmpty else {
            return .failure(LintProblem(file: "gmenukit-lint", message: "no files given"))
        }
        return .success(command)
    }

    /// Runs the linter; answers what to print on standard output and error, and the exit code.
    @MainActor
    public func run(reader: BuilderMenuReader) -> (output: String, errors: String, exitCode: ExitCode) {
        let report = MenuLinter(style: style, reader: reader, fixesAccessKeys: fix).lint(paths: paths)
        let errors = report.problems.map(\.text).joined(separator: "\n")
        let output = json ? LintOutput.json(report) : LintOutput.text(report)
        let summary = json ? "" : LintOutput.summary(report)
        let exitCode: ExitCode = report.problems.contains(where: \.failsRun) ? .usage : report.hasErrors ? .errors : .clean
        return (output, [errors, summary].filter { !$0.isEmpty }.joined(separator: "\n"), exitCode)
    }
}
