// `import GMenuKit` is the one import an app writes: every layer comes with it.
// The layers are targets of their own so that the compiler keeps them apart (ARCHITECTURE.md).
@_exported import GMenuKitCore
@_exported import GMenuKitBuilder
@_exported import GMenuKitGTK
@_exported import GMenuKitApp
// `@Observable` models come with `import GMenuKit`, as they come with `import SwiftUI`: menu
// code ported from SwiftUI needs no other import.
@_exported import Observation
// Foundation comes too, as with `import SwiftUI`: SwiftUI menu code uses it without saying so
// (`rawValue.capitalized` in Apple's own samples).
@_exported import Foundation
// GMenuKit's public API speaks GTK's types (`UnsafeMutablePointer<GtkWidget>`), and an app
// places GMenuKit's widgets with GTK's own calls: `import GMenuKit` brings GTK's C API (the
// CGtk module: gtk.h and GMenuKit's small `gmk_*` casts) with it.
@_exported import CGtk
