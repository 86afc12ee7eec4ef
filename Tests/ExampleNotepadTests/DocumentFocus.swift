import GMenuKit
import GMenuKitTesting
import NotepadApp

extension Notepad {
    /// Makes a window showing `document` the active one, as far as the commands can tell
    /// (no window is made: no display is needed); nil stands for no window at all.
    @MainActor
    func activateWindow(showing document: Document?) {
        var values = FocusedValues()
        values.document = document
        app.setFocusedValuesForTesting(values)
    }
}
