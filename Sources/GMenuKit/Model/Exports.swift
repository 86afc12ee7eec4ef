// `@Observable` models come with `import GMenuKit`, as they come with `import SwiftUI`: menu
// code ported from SwiftUI needs no other import.
@_exported import Observation
