import CBuilderMarkup
import CGtk
import XCTest

@testable import GMenuKitBuilder

/// Typed targets read as GLib's parser reads them: the common forms that GMenuKit builds
/// directly give the value `g_variant_parse` gives, and every other form is left to GLib.
final class VariantTextTests: XCTestCase {
    /// Forms menus write (the fixtures' Nautilus "(sb)" and text editor "i" among them).
    private static let builtDirectly: [(type: String, text: String)] = [
        ("s", "'item'"), ("s", "\"item\""), ("s", "''"), ("s", "'it\"s'"), ("s", "\"it's\""),
        ("i", "0"), ("i", "5"), ("i", "-20"), ("i", "2147483647"), ("i", "-2147483648"),
        ("u", "0"), ("u", "4294967295"), ("x", "-123456789012345678"), ("t", "999999999999999999"),
        ("b", "true"), ("b", "false"),
        ("(sb)", "('name',true)"), ("(sb)", "('date_modified', false)"), ("(si)", "('item', 12)"),
        ("(ss)", "('a',  'b')"), ("(ib)", "(-5, true)"), ("(sisb)", "('a', 1, 'b', false)"),
        // Tuples are serialized directly: padding before aligned members, fixed-size tuples
        // padded to their alignment, framing offsets for strings before the last member, of
        // two bytes once the whole passes 255.
        ("(bi)", "(true, 7)"), ("(bb)", "(false,true)"), ("(ix)", "(1, -2)"), ("(ut)", "(3, 4)"),
        ("(bx)", "(true, 9)"), ("(xs)", "(5, 'tail')"), ("(sx)", "('ab', 9)"), ("(ss)", "('', '')"),
        ("(sss)", "('one', 'two', 'three')"), ("(sbsi)", "('a', true, '', -1)"),
        ("(ss)", "('\(String(repeating: "a", count: 300))', 'b')"),
        ("(sisbsuxt)", "('a', 1, 'bc', true, '', 2, -3, 4)"),
    ]

    /// Forms GLib reads otherwise, or refuses: octal (a leading zero), a sign or base, spaces,
    /// escapes, non-ASCII text, numbers out of range or running on, one-element tuples, nesting.
    private static let leftToGLib: [(type: String, text: String)] = [
        ("i", "012"), ("i", "-0"), ("i", "+5"), ("i", "0x1F"), ("i", " 5"), ("i", "5 "), ("i", "12a"),
        ("i", "2147483648"), ("i", "-2147483649"), ("u", "-1"), ("u", "4294967296"),
        ("x", "1234567890123456789"), ("i", "int32 5"), ("i", "@i 5"), ("d", "1.25"),
        ("s", "'a\\'b'"), ("s", "'caf\u{e9}'"), ("s", "'tab\there'"), ("s", "'open"), ("s", "item"),
        ("s", "'a' "), ("b", "True"), ("b", "truely"), ("b", "yes"),
        ("(s)", "('a',)"), ("(s)", "('a')"), ("(sb)", "('a' , true)"), ("(sb)", "( 'a', true)"),
        ("(sb)", "('a', true,)"), ("(sb)", "('a', true, 1)"), ("(sb)", "('a')"), ("(sb)", "('a', true) "),
        ("(s(ib))", "('a', (1, true))"), ("(sa)", "('a', 1)"), ("(sb", "('a', true)"), ("", "''"), ("ss", "'a'"),
    ]

    func testCommonFormsAreBuiltToWhatGLibParses() throws {
        for (type, text) in Self.builtDirectly {
            let simple = try XCTUnwrap(gmk_variant_parse_simple(type, text), "\(type) \(text) is built directly")
            let built = g_variant_ref_sink(simple)!
            defer { g_variant_unref(built) }
            let parsed = try XCTUnwrap(Self.glibParse(text, type: type), "\(type) \(text) is GVariant text")
            defer { g_variant_unref(parsed) }
            XCTAssertEqual(String(cString: g_variant_get_type_string(built)), type)
            XCTAssertNotEqual(g_variant_equal(gpointer(built), gpointer(parsed)), 0, "\(type) \(text)")
            XCTAssertEqual(Self.printed(built), Self.printed(parsed), "\(type) \(text)")
            XCTAssertEqual(g_variant_get_size(built), g_variant_get_size(parsed), "\(type) \(text): serialized alike")
            XCTAssertEqual(Self.bytes(built), Self.bytes(parsed), "\(type) \(text): the same bytes")
            XCTAssertNotEqual(g_variant_is_normal_form(built), 0, "\(type) \(text) is in normal form")
            XCTAssertEqual(g_variant_is_floating(built), 0)
        }
    }

    func testOtherFormsAreLeftToGLib() {
        for (type, text) in Self.leftToGLib {
            XCTAssertNil(gmk_variant_parse_simple(type, text), "\(type) \(text) goes to g_variant_parse")
        }
        // Why a leading zero is not decimal: GLib reads the number in base 0.
        let octal = VariantText.parse("012", type: "i")
        XCTAssertEqual(octal.map { g_variant_get_int32($0) }, 10)
        octal.map { g_variant_unref($0) }
    }

    /// What the importer asks, `VariantText.parse`, gives GLib's value or GLib's refusal for
    /// every form, whichever way it goes.
    func testParseAgreesWithGLibForEveryForm() {
        for (type, text) in Self.builtDirectly + Self.leftToGLib {
            let ours = VariantText.parse(text, type: type)
            let glib = g_variant_type_string_is_valid(type) != 0 ? Self.glibParse(text, type: type) : nil
            defer {
                ours.map { g_variant_unref($0) }
                glib.map { g_variant_unref($0) }
            }
            XCTAssertEqual(ours == nil, glib == nil, "\(type) \(text)")
            if let ours, let glib {
                XCTAssertNotEqual(g_variant_equal(gpointer(ours), gpointer(glib)), 0, "\(type) \(text)")
            }
        }
    }

    private static func glibParse(_ text: String, type: String) -> OpaquePointer? {
        let variantType = g_variant_type_new(type)
        defer { g_variant_type_free(variantType) }
        var error: UnsafeMutablePointer<GError>?
        let value = g_variant_parse(variantType, text, nil, nil, &error)
        g_clear_error(&error)
        return value.map { g_variant_ref_sink($0) }
    }

    private static func bytes(_ value: OpaquePointer) -> [UInt8] {
        let size = g_variant_get_size(value)
        guard size > 0, let data = g_variant_get_data(value) else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
    }

    private static func printed(_ value: OpaquePointer) -> String {
        let text = g_variant_print(value, 1)!
        defer { g_free(text) }
        return String(cString: text)
    }
}
