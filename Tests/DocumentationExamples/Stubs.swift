// The Swift blocks of README.md and of the DocC catalog (Sources/GMenuKit/GMenuKit.docc),
// compiled: DocumentationExampleTests fails when a block is not found here line for line
// (indentation and import lines aside), so an example that stops compiling fails the build.
// Each file holds the blocks of one document; this one, what the examples call.
import GMenuKit

func copy() {}
func delete() {}
