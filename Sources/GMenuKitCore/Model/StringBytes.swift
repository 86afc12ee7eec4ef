extension String {
    /// `body` over the string's UTF-8 bytes in place (a small string's copied to the stack):
    /// stepping through `utf8` costs about 30 instructions a byte, a buffer a few. For the loops
    /// that read every item's label, action name or identity. Read where the bytes lie, as they
    /// do in every native string: `withUTF8` is mutating, and the copy it needs costs a retain
    /// and a release.
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = self
        return try text.withUTF8(body)
    }
}

/// A copy of `text` handed over in registers. Copied from a field straight into a new node's
/// memory, a string goes through its type's value witness, and an optional one through
/// `Optional`'s generic witness with its metadata looked up (about 90 instructions, for every
/// icon and subtitle of every item resolved); not inlined, which the optimizer would fold back
/// into that copy.
@inline(never)
func copied(_ text: String?) -> String? { text }

/// A copy of `text` handed over in registers (see the optional one).
@inline(never)
func copied(_ text: String) -> String { text }
