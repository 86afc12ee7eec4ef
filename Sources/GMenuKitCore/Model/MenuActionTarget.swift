/// The target (parameter) of an item's action, as a GVariant: its type string and its value in
/// GVariant text form (`g_variant_print`), which GTK reads back with `g_variant_parse`.
///
/// ```swift
/// Button("Close Tab", actionName: "win.close-tab", target: false)          // b
/// Button("Zoom 150%", actionName: "win.zoom", target: 1.5)                 // d
/// Button("By Name", actionName: "win.sort", target: ("name", false))       // (sb)
/// Button("Close Tab", actionName: "win.close-tab(false)")                  // detailed, GTK's syntax
/// ```
public struct MenuActionTarget: Hashable, Sendable, CustomStringConvertible {
    /// A GVariant type string: `s`, `b`, `(sb)`.
    public var type: String
    /// The value in GVariant text form: `'name'`, `false`, `('name', false)`.
    public var text: String
    /// A string target's string, kept as given: most targets are strings, and GMenuKit
    /// writes them without parsing.
    package let stringValue: String?
    /// The GVariant the text stands for, once parsed (imported values are parsed when read):
    /// shared by the copies of the target, so that rendering does not parse it again. The
    /// GLib layer's object: the core names no GLib type.
    package var parsed: (any AnyObject & Sendable)?
    /// Whether the target is a string, written without parsing.
    package var isStringTarget: Bool { stringValue != nil }

    public static func == (lhs: MenuActionTarget, rhs: MenuActionTarget) -> Bool {
        lhs.type == rhs.type && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(text)
    }

    /// A value in GVariant text form of the given type; GMenuKit parses it with
    /// `g_variant_parse` when it renders, and reports text that is not of that type.
    public init(type: String, text: String) {
        self.type = type
        self.text = text
        stringValue = nil
    }

    /// A target of a Swift value's GVariant type and text form (`Int32(2)` is `i`, `2`).
    public init<Value: MenuActionTargetRepresentable>(_ value: Value) {
        type = Value.variantType
        text = value.variantText
        stringValue = value as? String
    }

    /// A tuple of values: `("name", false)` is `(sb)`.
    public init<A: MenuActionTargetRepresentable, B: MenuActionTargetRepresentable>(_ tuple: (A, B)) {
        self.init(tupleOf: [(A.variantType, tuple.0.variantText), (B.variantType, tuple.1.variantText)])
    }

    /// A tuple of three values: `("name", 1, false)` is `(sib)`.
    public init<A: MenuActionTargetRepresentable, B: MenuActionTargetRepresentable, C: MenuActionTargetRepresentable>(
        _ tuple: (A, B, C)
    ) {
        self.init(tupleOf: [(A.variantType, tuple.0.variantText), (B.variantType, tuple.1.variantText),
                            (C.variantType, tuple.2.variantText)])
    }

    /// A tuple of four values.
    public init<A: MenuActionTargetRepresentable, B: MenuActionTargetRepresentable, C: MenuActionTargetRepresentable,
                D: MenuActionTargetRepresentable>(_ tuple: (A, B, C, D)) {
        self.init(tupleOf: [(A.variantType, tuple.0.variantText), (B.variantType, tuple.1.variantText),
                            (C.variantType, tuple.2.variantText), (D.variantType, tuple.3.variantText)])
    }

    private init(tupleOf elements: [(type: String, text: String)]) {
        type = "(" + elements.map(\.type).joined() + ")"
        text = "(" + elements.map(\.text).joined(separator: ", ") + ")"
        stringValue = nil
    }

    /// A string target, GTK's most common one.
    public static func string(_ value: String) -> MenuActionTarget { MenuActionTarget(value) }

    public var description: String { text }
}

/// A Swift value that can be an action's target: it names its GVariant type and writes itself
/// in GVariant text form.
public protocol MenuActionTargetRepresentable {
    /// The GVariant type string of the type (`b`, `i`, `(sb)`).
    static var variantType: String { get }
    /// The value in GVariant text form, as `g_variant_parse` reads it.
    var variantText: String { get }
}

extension Bool: MenuActionTargetRepresentable {
    /// `b`: GVariant's Boolean.
    public static var variantType: String { "b" }
    /// `true` or `false`.
    public var variantText: String { self ? "true" : "false" }
}

extension Int32: MenuActionTargetRepresentable {
    /// `i`: a signed 32-bit integer.
    public static var variantType: String { "i" }
    /// The number in decimal.
    public var variantText: String { String(self) }
}

extension Int: MenuActionTargetRepresentable {
    /// A Swift `Int` is 64 bits wide: GVariant's `x`.
    public static var variantType: String { "x" }
    /// The number in decimal.
    public var variantText: String { String(self) }
}

extension Int64: MenuActionTargetRepresentable {
    /// `x`: a signed 64-bit integer.
    public static var variantType: String { "x" }
    /// The number in decimal.
    public var variantText: String { String(self) }
}

extension UInt32: MenuActionTargetRepresentable {
    /// `u`: an unsigned 32-bit integer.
    public static var variantType: String { "u" }
    /// The number in decimal.
    public var variantText: String { String(self) }
}

extension UInt64: MenuActionTargetRepresentable {
    /// `t`: an unsigned 64-bit integer.
    public static var variantType: String { "t" }
    /// The number in decimal.
    public var variantText: String { String(self) }
}

extension Int16: MenuActionTargetRepresentable {
    /// `n`: a signed 16-bit integer.
    public static var variantType: String { "n" }
    /// The number in decimal.
    public var variantText: String { String(self) }
}

extension UInt16: MenuActionTargetRepresentable {
    /// `q`: an unsigned 16-bit integer.
    public static var variantType: String { "q" }
    /// The number in decimal.
    public var variantText: String { String(self) }
}

extension UInt8: MenuActionTargetRepresentable {
    /// `y`: a byte.
    public static var variantType: String { "y" }
    /// The number in decimal.
    public var variantText: String { String(self) }
}

extension Double: MenuActionTargetRepresentable {
    /// `d`: a double.
    public static var variantType: String { "d" }
    /// The number as GVariant reads a double: with a point or an exponent, `nan`, `inf` or `-inf`.
    public var variantText: String {
        if isNaN { return "nan" }
        if isInfinite { return self < 0 ? "-inf" : "inf" }
        // GVariant reads "1.0" and "1e+20"; an integral double needs its point.
        let written = String(self)
        return written.contains(where: { $0 == "." || $0 == "e" }) ? written : written + ".0"
    }
}

extension String: MenuActionTargetRepresentable {
    /// `s`: a string.
    public static var variantType: String { "s" }
    /// Single-quoted, with `\`, `'` and control characters escaped as `g_variant_parse` reads them.
    public var variantText: String {
        var text = "'"
        for scalar in unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "'": text += "\\'"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "'"
    }
}

extension Array: MenuActionTargetRepresentable where Element: MenuActionTargetRepresentable {
    /// `a` and the element's type.
    public static var variantType: String { "a" + Element.variantType }
    /// The elements in brackets; an empty array with its type (`@as []`).
    public var variantText: String {
        // An empty array needs its type: GVariant cannot infer it.
        isEmpty ? "@a\(Element.variantType) []" : "[" + map(\.variantText).joined(separator: ", ") + "]"
    }
}

extension Optional: MenuActionTargetRepresentable where Wrapped: MenuActionTargetRepresentable {
    /// `m` and the wrapped type: a maybe.
    public static var variantType: String { "m" + Wrapped.variantType }
    /// `just` and the value, or `nothing` with its type.
    public var variantText: String {
        switch self {
        case .some(let value): "just " + value.variantText
        case .none: "@m\(Wrapped.variantType) nothing"
        }
    }
}
