import CGtk
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// Where the shortcuts people change are kept: in GSettings when the application installs a
/// schema with its id and a key `keyboard-shortcuts` of type `a{ss}` (command → accelerator);
/// else in a GLib key file in the user's configuration directory (group `Shortcuts`, one key
/// per command).
package enum ShortcutStorage {
    case keyFile(String)
    /// A `GSettings` holding ``settingsKey``.
    case settings(ObjectReference)

    package static let settingsKey = "keyboard-shortcuts"
    package static let keyFileGroup = "Shortcuts"

    /// The application's storage: its GSettings schema when one is installed with
    /// ``settingsKey``, else `shortcuts.ini` in the user's configuration directory, in a
    /// folder named by the application id. A schema whose key has another type is reported.
    @MainActor
    package static func standard(forApplication id: String) -> ShortcutStorage {
        if let settings = settings(forSchema: id, in: g_settings_schema_source_get_default()) { return .settings(settings) }
        let directory = String(cString: g_get_user_config_dir())
        return .keyFile(directory + "/" + (id.isEmpty ? "gmenukit" : id) + "/shortcuts.ini")
    }

    /// A `GSettings` for `schemaID` from `source` (nil: none) when the schema has the key as
    /// `a{ss}`, on `backend` (nil: GLib's default, dconf on GNOME, or the key file
    /// `GSETTINGS_BACKEND=keyfile` names).
    @MainActor
    package static func settings(forSchema schemaID: String, in source: OpaquePointer?, backend: OpaquePointer? = nil) -> ObjectReference? {
        guard !schemaID.isEmpty, let source, let schema = g_settings_schema_source_lookup(source, schemaID, 1) else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, settingsKey) != 0, let key = g_settings_schema_get_key(schema, settingsKey) else { return nil }
        defer { g_settings_schema_key_unref(key) }
        let wanted = g_variant_type_new("a{ss}")
        defer { g_variant_type_free(wanted) }
        guard let type = g_settings_schema_key_get_value_type(key), let wanted,
              g_variant_type_equal(UnsafeRawPointer(type), UnsafeRawPointer(wanted)) != 0 else {
            RenderedMenu.diagnosticHandler(MenuDiagnostic(
                severity: .warning, path: "Keyboard Shortcuts",
                message: "the schema \(schemaID) has the key \(settingsKey), but not of type a{ss}; shortcuts are kept in a key file instead"))
            return nil
        }
        guard let settings = g_settings_new_full(schema, backend, nil) else { return nil }
        return ObjectReference(taking: settings.gpointer)
    }

    /// Where they are kept, as people read it: the file, or `settings SCHEMA keyboard-shortcuts`.
    @MainActor
    package var place: String {
        switch self {
        case .keyFile(let path): path
        case .settings(let settings): "settings \(Self.schemaID(of: settings)) \(Self.settingsKey)"
        }
    }

    @MainActor
    package func read() throws(ShortcutFileError) -> [String: String] {
        switch self {
        case .keyFile(let path): return try Self.readKeyFile(path)
        case .settings(let settings):
            guard let value = g_settings_get_value(settings.pointer.assumingMemoryBound(to: GSettings.self), Self.settingsKey) else { return [:] }
            defer { g_variant_unref(value) }
            var found: [String: String] = [:]
            for index in 0..<g_variant_n_children(value) {
                guard let entry = g_variant_get_child_value(value, index) else { continue }
                defer { g_variant_unref(entry) }
                guard let key = g_variant_get_child_value(entry, 0), let accelerator = g_variant_get_child_value(entry, 1) else { continue }
                found[String(cString: g_variant_get_string(key, nil))] = String(cString: g_variant_get_string(accelerator, nil))
                g_variant_unref(key)
                g_variant_unref(accelerator)
            }
            return found
        }
    }

    @MainActor
    package func write(_ overrides: [String: String]) throws(ShortcutFileError) {
        switch self {
        case .keyFile(let path): try Self.writeKeyFile(overrides, to: path)
        case .settings(let settings):
            let type = g_variant_type_new("a{ss}")
            defer { g_variant_type_free(type) }
            let builder = g_variant_builder_new(type)!
            for (command, accelerator) in overrides.sorted(by: { $0.key < $1.key }) {
                g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string(command), g_variant_new_string(accelerator)))
            }
            let value = g_variant_builder_end(builder)
            g_variant_builder_unref(builder)
            guard g_settings_set_value(settings.pointer.assumingMemoryBound(to: GSettings.self), Self.settingsKey, value) != 0 else {
                throw ShortcutFileError(path: place, message: "the key is not writable")
            }
            g_settings_sync()
        }
    }

    private static func schemaID(of settings: ObjectReference) -> String {
        guard let id = gmk_object_dup_string(settings.pointer, "schema-id") else { return "" }
        defer { g_free(id) }
        return String(cString: id)
    }

    /// The shortcuts in a key file; none when there is no such file.
    private static func readKeyFile(_ path: String) throws(ShortcutFileError) -> [String: String] {
        guard g_file_test(path, G_FILE_TEST_EXISTS) != 0 else { return [:] }
        let keyFile = g_key_file_new()!
        defer { g_key_file_free(keyFile) }
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_file(keyFile, path, G_KEY_FILE_NONE, &error) != 0 else {
            throw ShortcutFileError(path: path, taking: error)
        }
        var count: gsize = 0
        guard let keys = g_key_file_get_keys(keyFile, keyFileGroup, &count, nil) else { return [:] }
        defer { g_strfreev(keys) }
        var found: [String: String] = [:]
        for index in 0..<Int(count) {
            guard let key = keys[index], let value = g_key_file_get_string(keyFile, keyFileGroup, key, nil) else { continue }
            found[String(cString: key)] = String(cString: value)
            g_free(value)
        }
        return found
    }

    /// Writes `overrides` as a key file at `path`, making its directory.
    private static func writeKeyFile(_ overrides: [String: String], to path: String) throws(ShortcutFileError) {
        let keyFile = g_key_file_new()!
        defer { g_key_file_free(keyFile) }
        g_key_file_set_comment(keyFile, nil, nil, " Keyboard shortcuts changed from the ones the application declares.", nil)
        for (command, accelerator) in overrides.sorted(by: { $0.key < $1.key }) {
            g_key_file_set_string(keyFile, keyFileGroup, command, accelerator)
        }
        if let directory = g_path_get_dirname(path) {
            g_mkdir_with_parents(directory, 0o700)
            g_free(directory)
        }
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_save_to_file(keyFile, path, &error) != 0 else { throw ShortcutFileError(path: path, taking: error) }
    }
}

/// Shortcuts that could not be read or written: a file, or settings that refused the change.
public struct ShortcutFileError: Error, CustomStringConvertible {
    /// The file, or the settings (`settings SCHEMA keyboard-shortcuts`).
    public let path: String
    /// What GLib said.
    public let message: String
    /// The file and what GLib said of it.
    public var description: String { "\(path): \(message)" }

    init(path: String, taking error: UnsafeMutablePointer<GError>?) {
        self.path = path
        message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        if let error { g_error_free(error) }
    }

    init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}
