import Foundation
import GMenuKitCore
import GMenuKitBuilder

/// Checks the menus of GtkBuilder and Blueprint files against a guideline style.
@MainActor
public struct MenuLinter {
    public var style: MenuGuidelineStyle
    let reader: BuilderMenuReader
    /// `--fix`: write access keys where G3 or G4 find none or a clashing one (`AccessKeyFix`).
    public var fixesAccessKeys = false

    public init(style: MenuGuidelineStyle, reader: BuilderMenuReader, fixesAccessKeys: Bool = false) {
        self.style = style
        self.reader = reader
        self.fixesAccessKeys = fixesAccessKeys
    }

    public struct Report {
        public var findings: [LintFinding] = []
        public var problems: [LintProblem] = []
        /// Files read and menus checked, for the summary.
        public var files = 0
        public var menus = 0
        /// Labels given an access key by `--fix`, and the files written.
        public var fixedLabels = 0
        public var fixedFiles = 0

        public var hasErrors: Bool { findings.contains { $0.severity == MenuDiagnostic.Severity.error.rawValue } }
    }

    /// Lints the files named and the UI files under the directories named.
    public func lint(paths: [String]) -> Report {
        var report = Report()
        let discovered = UIFileDiscovery.files(for: paths)
        report.problems = discovered.problems
        let compiler = BlueprintCompiler.executable
        for file in discovered.found {
            let isBlueprint = (file.path as NSString).pathExtension == "blp"
            guard let source = try? String(contentsOfFile: file.path, encoding: .utf8) else {
                report.problems.append(LintProblem(file: file.path, message: "cannot read the file as UTF-8 text"))
                continue
            }
            var xml = source
            if isBlueprint {
                guard let compiler else {
                    // Found in a directory, a blueprint is skipped quietly when nothing can read it.
                    if file.isExplicit {
                        report.problems.append(LintProblem(file: file.path, message: "blueprint-compiler is not installed; cannot read Blueprint files"))
                    }
                    continue
                }
                switch BlueprintCompiler.compile(file.path, with: compiler) {
                case .success(let compiled): xml = compiled
                case .failure(let problem):
                    report.problems.append(problem)
                    continue
                }
            }
            // Files without menus (most UI files) are not parsed at all.
            guard xml.contains("<menu") else {
                report.files += 1
                continue
            }
            do {
                var menus = try reader.menus(inBuilderXML: xml)
                if fixesAccessKeys {
                    if isBlueprint {
                        report.problems.append(LintProblem(file: file.path, message: "--fix writes GtkBuilder files only; Blueprint files are left as they are", failsRun: false))
                    } else if let fixed = try fixAccessKeys(in: xml, menus: menus, file: file.path, report: &report) {
                        xml = fixed
                        menus = try reader.menus(inBuilderXML: xml)
                    }
                }
                report.files += 1
                report.menus += menus.count
                let blueprintLines = isBlueprint ? BlueprintCompiler.LineMap(source: source) : nil
                var findings: [LintFinding] = []
                for menu in menus {
                    if let unreadable = menu.unreadable {
                        report.menus -= 1
                        report.problems.append(LintProblem(file: file.path, message: "menu \(menu.id) not checked: \(unreadable)", failsRun: false))
                        continue
                    }
                    findings += lint(menu, file: file.path, xml: xml, blueprint: blueprintLines)
                }
                // In the order of the file, as an editor lists them; the sort keeps ties in menu order.
                report.findings += findings.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
            } catch {
                report.problems.append(LintProblem(file: file.path, message: "\(error)"))
            }
        }
        return report
    }

    /// Writes access keys into the file's labels where the checks find them missing or clashing;
    /// the fixed XML, or nil when nothing changed.
    private func fixAccessKeys(in xml: String, menus: [LintedMenu], file: String, report: inout Report) throws -> String? {
        let document = try BuilderDocument(xml: xml)
        var edits: [AccessKeyFix.Edit] = []
        for menu in menus where menu.unreadable == nil {
            let context = MenuContextGuess.context(ofMenuWithID: menu.id, inFile: file)
            let diagnostics = MenuGuidelines.check(menu.nodes, title: "", context: context, style: .gnome, showsShortcuts: true)
            edits += AccessKeyFix.edits(for: menu, diagnostics: diagnostics, xml: xml, document: document)
        }
        guard !edits.isEmpty else { return nil }
        let fixed = AccessKeyFix.apply(edits, to: xml)
        do {
            try fixed.write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            report.problems.append(LintProblem(file: file, message: "cannot write the fixed file: \(error)"))
            return nil
        }
        report.fixedLabels += edits.filter { !$0.text.isEmpty }.count
        report.fixedFiles += 1
        return fixed
    }

    /// The findings of one menu.
    func lint(_ menu: LintedMenu, file: String, xml: String? = nil, blueprint: BlueprintCompiler.LineMap? = nil) -> [LintFinding] {
        let context = MenuContextGuess.context(ofMenuWithID: menu.id, inFile: file)
        // The id is no label people read: the menu is checked untitled and named by its id.
        let diagnostics = MenuGuidelines.check(menu.nodes, title: "", context: context, style: style, showsShortcuts: style == .gnome)
        let xmlLines = blueprint == nil ? nil : xml.map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
        return diagnostics.map { diagnostic in
            var line = diagnostic.identity.flatMap { menu.lines[$0] } ?? menu.line
            if let blueprint, let xmlLines {
                line = Self.blueprintLine(forXMLLine: line, menu: menu, xmlLines: xmlLines, blueprint: blueprint)
            }
            return LintFinding(
                file: file, line: line, rule: diagnostic.rule ?? "-", severity: diagnostic.severity.rawValue,
                menu: menu.id,
                path: diagnostic.path == MenuDiagnostic.untitledMenu ? menu.id : menu.id + " › " + diagnostic.path, message: diagnostic.message, suggestion: diagnostic.suggestion)
        }
    }

    /// The blueprint line of what the compiled XML has at `xmlLine`: the menu's line, or the
    /// first line after it that quotes the label found at or after `xmlLine` in the XML.
    private static func blueprintLine(
        forXMLLine xmlLine: Int, menu: LintedMenu, xmlLines: [Substring], blueprint: BlueprintCompiler.LineMap
    ) -> Int {
        let menuLine = blueprint.line(ofMenu: menu.id) ?? 1
        guard xmlLine != menu.line, xmlLine >= 1, xmlLine <= xmlLines.count else { return menuLine }
        for candidate in xmlLines[(xmlLine - 1)...].prefix(12) {
            guard let start = candidate.range(of: #"name="label""#)?.upperBound,
                  let open = candidate[start...].firstIndex(of: ">"),
                  let close = candidate[open...].range(of: "</attribute>")?.lowerBound
            else { continue }
            let raw = String(candidate[candidate.index(after: open)..<close])
            let unescaped = raw.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            return blueprint.line(of: "\"\(unescaped)\"", after: menuLine - 1) ?? menuLine
        }
        return menuLine
    }
}
