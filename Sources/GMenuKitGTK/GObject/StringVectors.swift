import CGtk

/// The strings of a `NULL`-terminated vector GLib or GTK handed over (`gchar **`, owned by the
/// caller), which is freed (`g_strfreev`) once read.
package func strings(taking vector: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>) -> [String] {
    defer { g_strfreev(vector) }
    var result: [String] = []
    var index = 0
    while let string = vector[index] {
        result.append(String(cString: string))
        index += 1
    }
    return result
}
