/// Cheap hashes for the keys of the library's own hash tables (identities, action names), which
/// planning hashes thousands of times a build and again as the tables grow: FNV-1a over the
/// key's bytes, mixed with the table's seed, where `Hasher`'s SipHash costs about 150
/// instructions a hash. The keys are the library's own, not input picked to collide, so a
/// keyed hash buys nothing here.
package enum KeyHashing {
    package static let fnvOffsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    package static let fnvPrime: UInt64 = 0x100_0000_01b3

    /// FNV-1a of the bytes of `text` (an identity carries its hash on as it grows: `MenuIdentity`).
    package static func fnv1a(_ text: String) -> UInt64 {
        text.withUTF8Bytes { bytes in
            var hash = fnvOffsetBasis
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* fnvPrime }
            return hash
        }
    }

    /// What a set or dictionary hashes a key by (`Hashable._rawHashValue(seed:)`, the
    /// standard library's own customization point): the key's FNV-1a hash mixed with the
    /// table's seed through SplitMix64's finalizer, whose low bits, which pick the bucket,
    /// depend on every bit of both.
    package static func seeded(_ hash: UInt64, seed: Int) -> Int {
        var mixed = hash ^ (UInt64(UInt(bitPattern: seed)) &* 0x9E37_79B9_7F4A_7C15)
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 31))
    }
}
