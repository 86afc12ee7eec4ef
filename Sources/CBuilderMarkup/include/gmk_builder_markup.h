#ifndef GMK_BUILDER_MARKUP_H
#define GMK_BUILDER_MARKUP_H

#include <glib.h>

/* The menus of GtkBuilder XML read with GMarkupParser by GtkBuilder's rules
   (gtk/gtkbuilder-menus.c, GTK 4.8), as a flat list of records in document order: each
   element inside a menu is a record, and GMK_BUILDER_END closes the last one still open but
   an attribute, whose record closes itself (nothing opens inside it).
   Everything outside menus (objects, templates) is skipped. GMenuKit's Swift side turns the
   records into a BuilderDocument; in C, because a Swift callback per element costs more than
   GtkBuilder's whole parse. */

typedef enum {
  GMK_BUILDER_MENU,
  GMK_BUILDER_ITEM,
  GMK_BUILDER_SECTION,
  GMK_BUILDER_SUBMENU,
  GMK_BUILDER_LINK,
  GMK_BUILDER_ATTRIBUTE,
  GMK_BUILDER_END,
} GMKBuilderRecordKind;

/* The attribute and link names menus use most; others are GMK_BUILDER_NAME_OTHER. */
typedef enum {
  GMK_BUILDER_NAME_OTHER,
  GMK_BUILDER_NAME_LABEL,
  GMK_BUILDER_NAME_ACTION,
  GMK_BUILDER_NAME_TARGET,
  GMK_BUILDER_NAME_ACCEL,
  GMK_BUILDER_NAME_HIDDEN_WHEN,
  GMK_BUILDER_NAME_ICON,
  GMK_BUILDER_NAME_VERB_ICON,
  GMK_BUILDER_NAME_SECTION,
  GMK_BUILDER_NAME_SUBMENU,
  GMK_BUILDER_NAME_COUNT,
} GMKBuilderName;

typedef struct {
  GMKBuilderRecordKind kind;
  /* Which of the common names `name` is. */
  GMKBuilderName name_kind;
  /* Of the start tag's '<', from 1. */
  int line;
  int column;
  /* An attribute's translatable="yes" (or another true value GtkBuilder reads). */
  gboolean translatable;
  /* An attribute's or a link's name. */
  const char *name;
  /* A menu's, section's, submenu's or link's id. */
  const char *id;
  /* An attribute's GVariant type, translation context and comments. */
  const char *type;
  const char *context;
  const char *comments;
  /* An attribute's text, as written; NULL when it has none. */
  const char *value;
} GMKBuilderRecord;

typedef struct {
  GMKBuilderRecord *records;
  guint n_records;
  /* <interface domain="…">, or NULL. */
  const char *domain;
  /* Set when the XML cannot be read as GtkBuilder reads it; the records are then incomplete. */
  char *error_message;
  int error_line;
  int error_column;
} GMKBuilderMarkup;

GMKBuilderMarkup *gmk_builder_markup_parse(const char *xml, gssize length);
void gmk_builder_markup_free(GMKBuilderMarkup *markup);

#endif
