import Foundation
import NotepadApp

// ExampleNotepad: GMenuKit's example document application (Sources/NotepadApp).
exit(MainActor.assumeIsolated { Notepad().run() })
