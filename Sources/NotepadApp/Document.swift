import GMenuKit
import Observation

/// One text document: what a Notepad window shows and its commands act on.
@Observable
@MainActor
public final class Document {
    public struct Version: Identifiable, Equatable {
        public let id: Int
        public let title: String
        public let text: String
    }

    public let number: Int
    public var text = ""
    public private(set) var isDirty = false
    public var isBold = false
    public private(set) var status = "New document"
    /// Saved versions, newest first: the History menu.
    public private(set) var history: [Version] = []
    @ObservationIgnored private var nextVersion = 1
    /// How long an export takes, so that a person (or a test) sees it under way.
    @ObservationIgnored public var exportDuration: Duration = .milliseconds(300)

    public init(number: Int) { self.number = number }

    public var name: String { "Document \(number)" }

    public func edited(to text: String) {
        guard text != self.text else { return }
        self.text = text
        isDirty = true
        status = "Edited"
    }

    public func save() {
        history.insert(Version(id: nextVersion, title: "Version \(nextVersion): \(preview)", text: text), at: 0)
        nextVersion += 1
        isDirty = false
        status = "Saved \(name)"
    }

    /// Exports the text (here: waits as a real export would, then says what it wrote).
    public func export() async {
        status = "Exporting \(name)…"
        try? await Task.sleep(for: exportDuration)
        status = "Exported \(name): \(text.count) characters"
    }

    public func restore(_ version: Version) {
        text = version.text
        isDirty = true
        status = "Restored \(version.title)"
    }

    public func clearHistory() { history.removeAll() }

    private var preview: String {
        let words = text.split(separator: " ").prefix(3).joined(separator: " ")
        return words.isEmpty ? "empty" : words
    }
}

/// The active window's document, for commands (``Application/focusedValues``).
public struct FocusedDocument: FocusedValueKey { public typealias Value = Document }
/// The text editor while it has the keyboard focus.
public struct FocusedEditor: FocusedValueKey { public typealias Value = Editor }

extension FocusedValues {
    public var document: Document? {
        get { self[FocusedDocument.self] }
        set { self[FocusedDocument.self] = newValue }
    }
    public var editor: Editor? {
        get { self[FocusedEditor.self] }
        set { self[FocusedEditor.self] = newValue }
    }
}
