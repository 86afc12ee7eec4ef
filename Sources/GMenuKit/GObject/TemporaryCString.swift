extension String {
    /// The string as a NUL-terminated C string for the duration of `body`, copied to the stack:
    /// a small string (15 bytes of UTF-8 or fewer, most labels,
    /// targets and type strings of a menu file) has no terminating NUL, and `withCString`
    /// copies it into a new array on the heap each time.
    func withTemporaryCString<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
        var string = self
        return string.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
                let base = buffer.baseAddress!
                if let source = bytes.baseAddress {
                    UnsafeMutableRawPointer(base).copyMemory(from: source, byteCount: bytes.count)
                }
                base[bytes.count] = 0
                return body(base)
            }
        }
    }
}
