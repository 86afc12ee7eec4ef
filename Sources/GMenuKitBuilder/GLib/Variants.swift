import CGLib
import GMenuKitCore

/// Reading GVariants GMenuKit made: strings, Booleans and doubles.
package enum Variants {
    package static func string(_ variant: OpaquePointer?) -> String? {
        guard let variant, g_variant_is_of_type(variant, gmk_glib_variant_type_string()) != 0 else { return nil }
        return String(cString: g_variant_get_string(variant, nil))
    }

    package static func double(_ variant: OpaquePointer?) -> Double? {
        guard let variant, g_variant_is_of_type(variant, gmk_glib_variant_type_double()) != 0 else { return nil }
        return g_variant_get_double(variant)
    }

    package static func bool(_ variant: OpaquePointer?) -> Bool? {
        guard let variant, g_variant_is_of_type(variant, gmk_glib_variant_type_boolean()) != 0 else { return nil }
        return g_variant_get_boolean(variant) != 0
    }
}

