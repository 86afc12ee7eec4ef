import CGtk

/// Reading GVariants GMenuKit made: strings, Booleans and doubles.
enum Variants {
    static func string(_ variant: OpaquePointer?) -> String? {
        guard let variant, g_variant_is_of_type(variant, gmk_variant_type_string()) != 0 else { return nil }
        return String(cString: g_variant_get_string(variant, nil))
    }

    static func double(_ variant: OpaquePointer?) -> Double? {
        guard let variant, g_variant_is_of_type(variant, gmk_variant_type_double()) != 0 else { return nil }
        return g_variant_get_double(variant)
    }

    static func bool(_ variant: OpaquePointer?) -> Bool? {
        guard let variant, g_variant_is_of_type(variant, gmk_variant_type_boolean()) != 0 else { return nil }
        return g_variant_get_boolean(variant) != 0
    }
}
