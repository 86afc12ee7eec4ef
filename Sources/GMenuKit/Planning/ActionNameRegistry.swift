/// Gives every item that needs an action a valid GAction name that stays the same for as long
/// as the item's identity does.
///
/// Names are readable (derived from the first label the item had: "sort-by-date"), valid for
/// `g_action_name_is_valid` (ASCII letters, digits and '-'), and unique within one rendered
/// menu even when labels repeat ("open", "open-2").
struct ActionNameRegistry {
    private var nameByIdentity: [MenuIdentity: String] = [:]
    private var identityByName: [String: MenuIdentity] = [:]
    private var usedThisPass: Set<MenuIdentity> = []

    mutating func name(for identity: MenuIdentity, title: String) -> String {
        usedThisPass.insert(identity)
        if let name = nameByIdentity[identity] { return name }
        let base = Self.slug(title)
        var name = base
        var counter = 2
        while identityByName[name] != nil {
            name = base + "-" + String(counter)
            counter += 1
        }
        nameByIdentity[identity] = name
        identityByName[name] = identity
        return name
    }

    /// Releases the names of items that the last pass did not ask for again.
    mutating func endPass() {
        if nameByIdentity.count != usedThisPass.count {
            for (identity, name) in nameByIdentity where !usedThisPass.contains(identity) {
                nameByIdentity[identity] = nil
                identityByName[name] = nil
            }
        }
        usedThisPass.removeAll(keepingCapacity: true)
    }

    static func slug(_ title: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in title.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: scalar) | (scalar.properties.isUppercase ? 0x20 : 0)))
                if slug.count >= 40 { break }
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "item" : slug
    }

    /// What `g_action_name_is_valid` accepts: non-empty, ASCII letters, digits, '-' and '.'.
    static func isValidActionName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".")
        }
    }
}
