import Foundation

/// The files the linter reads: the ones named, and the `.ui` and `.blp` files under the
/// directories named, in a stable order.
enum UIFileDiscovery {
    static let extensions: Set<String> = ["ui", "blp"]

    struct Found {
        var path: String
        /// Named on the command line rather than found in a directory: not checking it is an error.
        var isExplicit: Bool
    }

    static func files(for arguments: [String]) -> (found: [Found], problems: [LintProblem]) {
        var found: [Found] = []
        var problems: [LintProblem] = []
        let manager = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                problems.append(LintProblem(file: argument, message: "no such file or directory"))
                continue
            }
            guard isDirectory.boolValue else {
                found.append(Found(path: argument, isExplicit: true))
                continue
            }
            guard let walker = manager.enumerator(atPath: argument) else {
                problems.append(LintProblem(file: argument, message: "cannot read the directory"))
                continue
            }
            var inDirectory: [String] = []
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || name == "_build" || name == "build" {
                    walker.skipDescendants()
                    continue
                }
                if extensions.contains((relative as NSString).pathExtension) {
                    // "." names the files as they are named from here ("nautilus/…", not "./nautilus/…").
                    inDirectory.append(argument == "." ? relative : (argument as NSString).appendingPathComponent(relative))
                }
            }
            found += inDirectory.sorted().map { Found(path: $0, isExplicit: false) }
        }
        return (found, problems)
    }
}
