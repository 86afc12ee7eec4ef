#ifndef GMENUKIT_CGLIB_SHIM_H
#define GMENUKIT_CGLIB_SHIM_H

/* GLib and GIO alone, for the layers that need no GTK (the GtkBuilder reader). */
#include <gio/gio.h>
/* bindtextdomain and textdomain: imported menus translate with the app's gettext domain. */
#include <libintl.h>

/* GLib's basic variant types are C macros (G_VARIANT_TYPE_STRING), which Swift cannot use. */
static inline const GVariantType *gmk_glib_variant_type_string(void) { return G_VARIANT_TYPE_STRING; }
static inline const GVariantType *gmk_glib_variant_type_boolean(void) { return G_VARIANT_TYPE_BOOLEAN; }
static inline const GVariantType *gmk_glib_variant_type_double(void) { return G_VARIANT_TYPE_DOUBLE; }

#endif
