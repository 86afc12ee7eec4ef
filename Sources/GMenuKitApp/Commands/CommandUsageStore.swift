import CGtk
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// What the command palette remembers of a person's choices, per application, across runs:
/// a GLib key file, `command-usage.ini`, beside the application's `shortcuts.ini`.
@MainActor
public final class CommandUsageStore {
    /// Where the choices are kept; nil keeps them for this run only.
    public let path: String?
    /// The choices remembered.
    public private(set) var usage: CommandUsage

    private static let group = "Command Palette"
    private static let key = "choices"

    /// The standard place for `applicationID`: the user's configuration directory.
    public static func standard(forApplication applicationID: String) -> CommandUsageStore {
        let directory = String(cString: g_get_user_config_dir())
        return CommandUsageStore(path: directory + "/" + (applicationID.isEmpty ? "gmenukit" : applicationID) + "/command-usage.ini")
    }

    /// Reads the choices kept at `path` (a missing or unreadable file: none); nil keeps them
    /// for this run only.
    public init(path: String?) {
        self.path = path
        usage = CommandUsage()
        guard let path else { return }
        let keyFile = g_key_file_new()!
        defer { g_key_file_free(keyFile) }
        // No file yet, or one that is not a key file: nothing was remembered.
        guard g_key_file_load_from_file(keyFile, path, G_KEY_FILE_NONE, nil) != 0 else { return }
        var count: gsize = 0
        guard let lines = g_key_file_get_string_list(keyFile, Self.group, Self.key, &count, nil) else { return }
        defer { g_strfreev(lines) }
        usage = CommandUsage(serialized: (0..<Int(count)).compactMap { lines[$0].map { String(cString: $0) } })
    }

    /// Seconds of the wall clock: what recency is measured in.
    nonisolated static func now() -> Int64 { Int64(g_get_real_time() / 1_000_000) }

    /// Notes that the command known by `key` was chosen now, and keeps it.
    public func recordChoice(of key: String) {
        usage.recordChoice(of: key, at: Self.now())
        save()
    }

    /// Forgets every choice, in the file too.
    public func clear() {
        usage.clear()
        save()
    }

    private func save() {
        guard let path else { return }
        g_mkdir_with_parents(String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]), 0o700)
        let keyFile = g_key_file_new()!
        defer { g_key_file_free(keyFile) }
        g_key_file_set_comment(keyFile, nil, nil, " The commands chosen in the command palette: count, last time, command.", nil)
        let lines = usage.serialized
        withCStringArray(lines) { g_key_file_set_string_list(keyFile, Self.group, Self.key, $0, gsize(lines.count)) }
        var error: UnsafeMutablePointer<GError>?
        if g_key_file_save_to_file(keyFile, path, &error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            RenderedMenu.diagnosticHandler(MenuDiagnostic(severity: .warning, path: "Command Palette",
                message: "the palette's recent commands could not be kept in \(path): \(message)"))
        }
    }
}
