import Foundation

/// What the linter prints: one line per finding, or one JSON document.
public enum LintOutput {
    public static func text(_ report: MenuLinter.Report) -> String {
        report.findings.map(\.text).joined(separator: "\n")
    }

    public static func summary(_ report: MenuLinter.Report) -> String {
        let counts = Dictionary(grouping: report.findings, by: \.severity).mapValues(\.count)
        let parts = ["error", "warning", "hint"].compactMap { severity in
            counts[severity].map { "\($0) \(severity)\($0 == 1 ? "" : "s")" }
        }
        let fixed = report.fixedFiles == 0 ? "" :
            "fixed \(report.fixedLabels) label\(report.fixedLabels == 1 ? "" : "s") in \(report.fixedFiles) file\(report.fixedFiles == 1 ? "" : "s"); "
        return fixed + "\(report.menus) menu\(report.menus == 1 ? "" : "s") in \(report.files) file\(report.files == 1 ? "" : "s"): "
            + (parts.isEmpty ? "no findings" : parts.joined(separator: ", "))
    }

    /// `{"findings": [...], "problems": [...], "files": n, "menus": n}`, keys sorted.
    public static func json(_ report: MenuLinter.Report) -> String {
        struct Document: Encodable {
            var files: Int
            var menus: Int
            var findings: [LintFinding]
            var problems: [Problem]
        }
        struct Problem: Encodable {
            var file: String
            var message: String
        }
        let document = Document(files: report.files, menus: report.menus, findings: report.findings,
                                problems: report.problems.map { Problem(file: $0.file, message: $0.message) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
