import Foundation

/// A path in the temporary directory named for this process and `name`, with nothing there yet.
func temporaryPath(_ name: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("gmenukit-\(getpid())-\(name)").path
    try? FileManager.default.removeItem(atPath: path)
    return path
}
