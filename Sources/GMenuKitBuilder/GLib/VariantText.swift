import CBuilderMarkup
import CGLib
import GMenuKitCore

/// A GVariant held by Swift and shared, released with the last holder: a target parsed once, or
/// a target or state read from GIO (the command palette's).
package final class ParsedVariant: @unchecked Sendable {
    package let variant: OpaquePointer

    /// Takes a full reference.
    package init(taking variant: OpaquePointer) { self.variant = variant }

    deinit { g_variant_unref(variant) }
}

/// GVariants in text form, through GLib's own parser and printer (`g_variant_parse`,
/// `g_variant_print`): what GtkBuilder uses for typed attributes. The forms menu targets take
/// most are built directly first (`gmk_variant_parse_simple`), to the same values.
package enum VariantText {
    /// A new floating-free variant (full reference) of the target, or nil when its text is not
    /// of its type.
    package static func parse(_ target: MenuActionTarget) -> OpaquePointer? {
        if let parsed = target.parsed as? ParsedVariant { return g_variant_ref(parsed.variant) }
        if let string = target.stringValue { return g_variant_ref_sink(g_variant_new_string(string)) }
        return parse(target.text, type: target.type)
    }

    /// A full reference to the variant `text` stands for, of type `type`; nil when it is none.
    package static func parse(_ text: String, type: String) -> OpaquePointer? {
        // `withCString`, not a String where C wants a pointer: that conversion copies a small
        // string (most targets and type strings) into a new array on the heap each time.
        type.withCString { type in
            text.withCString { text in
                // The common forms built directly (a string, a number, a tuple of them), the
                // rest by GLib's parser, which knows every form and says what is wrong.
                if let simple = gmk_variant_parse_simple(type, text) { return g_variant_ref_sink(simple) }
                guard g_variant_type_string_is_valid(type) != 0 else { return nil }
                // A valid type string is a GVariantType, as G_VARIANT_TYPE casts it: no copy to make.
                var error: UnsafeMutablePointer<GError>?
                let value = g_variant_parse(OpaquePointer(type), text, nil, nil, &error)
                g_clear_error(&error)
                return value.map { g_variant_ref_sink($0) }
            }
        }
    }

    /// Why `text` is not a GVariant of type `type`, in GLib's words; nil when it is one.
    package static func problem(parsing text: String, type: String) -> String? {
        guard g_variant_type_string_is_valid(type) != 0 else { return "'\(type)' is not a GVariant type string" }
        let variantType = g_variant_type_new(type)
        defer { g_variant_type_free(variantType) }
        var error: UnsafeMutablePointer<GError>?
        guard let value = g_variant_parse(variantType, text, nil, nil, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "it cannot be parsed"
            g_clear_error(&error)
            return message
        }
        g_variant_unref(g_variant_ref_sink(value))
        return nil
    }

    /// The target a variant stands for: its type string and its text form.
    package static func target(of variant: OpaquePointer) -> MenuActionTarget {
        if g_variant_is_of_type(variant, gmk_glib_variant_type_string()) != 0 {
            return .string(String(cString: g_variant_get_string(variant, nil)))
        }
        let type = String(cString: g_variant_get_type_string(variant))
        let printed = g_variant_print(variant, 0)!
        defer { g_free(printed) }
        return MenuActionTarget(type: type, text: String(cString: printed))
    }

    /// `g_action_parse_detailed_name`: `win.close-tab(false)`, `app.open::recent`, `app.quit`.
    package static func parseDetailedActionName(_ detailed: String) -> Result<(name: String, target: MenuActionTarget?), MenuPlanner.ActionNameProblem> {
        var name: UnsafeMutablePointer<gchar>?
        var target: OpaquePointer?
        var error: UnsafeMutablePointer<GError>?
        guard g_action_parse_detailed_name(detailed, &name, &target, &error) != 0, let name else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "it cannot be parsed"
            g_clear_error(&error)
            return .failure(MenuPlanner.ActionNameProblem(reason: message))
        }
        defer {
            g_free(name)
            if let target { g_variant_unref(target) }
        }
        return .success((String(cString: name), target.map(Self.target(of:))))
    }
}
