/// Where an element was written: the file (if known) and the line and column
/// `g_markup_parse_context_get_position` gives for its start tag.
public struct MenuSourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file, or `resource://` and the GResource path; nil for XML given as a string.
    public var fileName: String?
    /// The line, from 1.
    public var line: Int
    /// The column of the start tag's `<`, from 1.
    public var column: Int

    /// A location in `fileName` (nil: XML given as a string).
    public init(fileName: String?, line: Int, column: Int) {
        self.fileName = fileName
        self.line = line
        self.column = column
    }

    /// `file:line`, as compilers and linters print it.
    public var description: String { "\(fileName ?? "<builder>"):\(line)" }
}
