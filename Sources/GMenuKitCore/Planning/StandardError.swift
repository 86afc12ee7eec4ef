#if canImport(Glibc)
import Glibc
#endif

/// Writes one line to standard error, unbuffered, as diagnostics should be.
package func printToStandardError(_ line: String) {
    var text = line
    text.append("\n")
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
