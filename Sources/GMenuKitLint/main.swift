import Foundation
import MenuLint

// gmenukit-lint: checks the menus of any GTK app's GtkBuilder and Blueprint files.
// Labels are checked as written: no locale is set, so gettext hands back the source strings.
switch LintCommand.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let problem):
    if problem.message == "help" {
        print(LintCommand.usage)
        exit(LintCommand.ExitCode.clean.rawValue)
    }
    FileHandle.standardError.write(Data("\(problem.text)\n\(LintCommand.usage)\n".utf8))
    exit(LintCommand.ExitCode.usage.rawValue)
case .success(let command):
    let result = command.run(reader: BuilderImportReader())
    if !result.output.isEmpty { print(result.output) }
    if !result.errors.isEmpty { FileHandle.standardError.write(Data((result.errors + "\n").utf8)) }
    exit(result.exitCode.rawValue)
}
