#ifndef GMK_VARIANT_TEXT_H
#define GMK_VARIANT_TEXT_H

#include <glib.h>

/* The value `text` stands for in GVariant's text format, as type `type`, for the forms that
   menu targets take most: a single- or double-quoted string of printable ASCII without
   escapes ("s"), a decimal integer ("i", "u", "x", "t"), a Boolean ("b"), and tuples of two
   or more of these ("(si)" with "('item', 12)"). Built directly: g_variant_parse's general
   parser costs about 9,500 instructions a target, which GtkBuilder pays for every typed
   attribute. NULL for any other type or text (spaces where they are not after a comma, an
   escape, a number with a sign, a leading zero or a base, one out of range, ...): the caller
   then asks g_variant_parse, which also says what is wrong. Every text accepted here gives
   the value g_variant_parse gives (a new floating reference). */
GVariant *gmk_variant_parse_simple(const char *type, const char *text);

#endif
