import CGLib
import GMenuKitCore

extension BuilderDocument {
    /// Reads a Blueprint file (`.blp`) through `blueprint-compiler compile`, where it is
    /// installed (on the `PATH`); its GtkBuilder XML is then read as any `.ui` file. Lines are
    /// those of the compiled XML: Blueprint's compiler keeps no map back to its source.
    public init(blueprintFile path: String) throws(BuilderImportError) {
        guard let compiler = g_find_program_in_path("blueprint-compiler") else {
            throw BuilderImportError(fileName: path, line: 0, column: 0,
                                     message: "blueprint-compiler is not installed; compile the file to GtkBuilder XML first")
        }
        defer { g_free(compiler) }
        var output: UnsafeMutablePointer<gchar>?
        var errors: UnsafeMutablePointer<gchar>?
        var status: gint = 0
        var error: UnsafeMutablePointer<GError>?
        let arguments = [String(cString: compiler), "compile", path]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let ran = g_spawn_sync(nil, &argv, nil, G_SPAWN_DEFAULT, nil, nil, &output, &errors, &status, &error) != 0
        defer {
            g_free(output)
            g_free(errors)
        }
        guard ran else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "blueprint-compiler did not run"
            g_clear_error(&error)
            throw BuilderImportError(fileName: path, line: 0, column: 0, message: message)
        }
        guard g_spawn_check_wait_status(status, nil) != 0, let output else {
            let message = errors.map { String(cString: $0) } ?? "blueprint-compiler failed"
            throw BuilderImportError(fileName: path, line: 0, column: 0, message: "blueprint-compiler: " + message)
        }
        try self.init(xml: String(cString: output), fileName: path)
    }
}
