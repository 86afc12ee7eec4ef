import Foundation

/// Blueprint files become GtkBuilder XML through `blueprint-compiler`, when it is installed.
enum BlueprintCompiler {
    /// The compiler on PATH, or nil.
    static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/blueprint-compiler"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The GtkBuilder XML of a blueprint file, or the compiler's complaint.
    static func compile(_ file: String, with compiler: String) -> Result<String, LintProblem> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: compiler)
        process.arguments = ["compile", file]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(LintProblem(file: file, message: "cannot run blueprint-compiler: \(error)"))
        }
        let xml = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: complaint.isEmpty ? xml : complaint, as: UTF8.self)
            return .failure(LintProblem(file: file, message: "blueprint-compiler failed: \(text.trimmingCharacters(in: .whitespacesAndNewlines))"))
        }
        return .success(String(decoding: xml, as: UTF8.self))
    }

    /// A blueprint's findings point into the XML the compiler wrote; this finds the line in
    /// the blueprint instead: the menu's `menu id {` line, and, after it, the first line that
    /// quotes the item's label (or holds its action).
    struct LineMap {
        let lines: [Substring]

        init(source: String) {
            lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        }

        func line(ofMenu id: String) -> Int? {
            lines.firstIndex { $0.range(of: #"^\s*menu\s+\#(NSRegularExpression.escapedPattern(for: id))\b"#, options: .regularExpression) != nil }
                .map { $0 + 1 }
        }

        func line(of needle: String, after start: Int) -> Int? {
            guard !needle.isEmpty, start <= lines.count else { return nil }
            return lines[start...].firstIndex { $0.contains(needle) }.map { $0 + 1 }
        }
    }
}
