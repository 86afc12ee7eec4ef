import CGtk
import XCTest

/// Watches what GLib and GTK log, for the tests that need to know.
///
/// - Names what a test was doing when a warning or critical comes: under G_DEBUG=fatal-criticals
///   a critical ends the process right after it is logged, so XCTest never reports the seed of
///   the failing random menu; this line, printed first, is what is left to repeat the run.
/// - Keeps every warning and critical, so that a test can fail on a GTK warning, which is not
///   fatal, and say what caused it.
/// - Lets ``GLibCriticalCatcher`` collect criticals instead of ending the process.
///
/// It installs a GLib log writer, which a process may do once; messages still go on to GLib's
/// default writer, which prints them and, for fatal ones, aborts as before.
enum GLibLog {
    nonisolated(unsafe) private static var isInstalled = false
    nonisolated(unsafe) static var context: String?
    /// Every warning and critical since installation, as "Domain: message".
    nonisolated(unsafe) private(set) static var severeMessages: [String] = []
    nonisolated(unsafe) fileprivate static var catcher: GLibCriticalCatcher?

    static func install() {
        guard !isInstalled else { return }
        isInstalled = true
        g_log_set_writer_func({ level, fields, count, _ in
            let severe = G_LOG_LEVEL_ERROR.rawValue | G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue
            if level.rawValue & severe != 0, let fields {
                var domain = "?"
                var message = ""
                for index in 0..<Int(count) {
                    let field = fields[index]
                    guard let key = field.key, let value = field.value else { continue }
                    let text = field.length < 0
                        ? String(cString: value.assumingMemoryBound(to: CChar.self))
                        : String(decoding: UnsafeRawBufferPointer(start: value, count: Int(field.length)), as: UTF8.self)
                    switch String(cString: key) {
                    case "GLIB_DOMAIN": domain = text
                    case "MESSAGE": message = text
                    default: break
                    }
                }
                let line = domain + ": " + message
                GLibLog.severeMessages.append(line)
                GLibLog.catcher?.record(line)
                if let context = GLibLog.context {
                    var text = "GMenuKit tests: the next GLib message came while \(context)\n"
                    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
                }
            }
            return g_log_writer_default(level, fields, count, nil)
        }, nil, nil)
    }
}

/// Collects GLib and GTK criticals and warnings for the length of a test instead of letting
/// them end the process, so that a test can show a GTK problem as a failure rather than as a
/// crash of the whole suite.
final class GLibCriticalCatcher {
    private(set) var messages: [String] = []
    private let previousFatalMask: GLogLevelFlags
    private var isStopped = false

    init() {
        GLibLog.install()
        // Errors stay fatal; criticals and warnings are collected.
        previousFatalMask = g_log_set_always_fatal(GLogLevelFlags(rawValue: G_LOG_FLAG_RECURSION.rawValue | G_LOG_LEVEL_ERROR.rawValue))
        GLibLog.catcher = self
    }

    fileprivate func record(_ message: String) { messages.append(message) }

    /// Makes criticals fatal again if they were.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        GLibLog.catcher = nil
        g_log_set_always_fatal(previousFatalMask)
    }

    deinit { stop() }
}
