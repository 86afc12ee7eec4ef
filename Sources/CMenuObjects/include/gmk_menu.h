#ifndef GMENUKIT_MENU_H
#define GMENUKIT_MENU_H

/* GMenuKit's own GMenuModel.
 *
 * GMenu keeps its items in a GArray, so removing the first items of a long menu (a history
 * losing its oldest entries) moves every item after them, once per removed item, and emits
 * `items-changed` once per item. Each item also costs two hash tables and a copy of every
 * attribute name, made through a GMenuItem object, and each string attribute a GVariant. GMKMenu
 * keeps its items in an array with room at both ends, so changes near either end move nothing,
 * inserts and removes runs of items with one `items-changed`, and stores an item as one small
 * block: its attributes in a short array under names that are never copied (interned strings),
 * and its one link. A string attribute is kept as a copy of the string and made a GVariant
 * when first read: most items of a long menu are never shown.
 *
 * It is a complete GMenuModel: attributes and links are read, iterated and typed as GIO
 * specifies, and an item's iterator stays valid after the item leaves the menu.
 */

#include <gio/gio.h>

G_BEGIN_DECLS

#define GMK_TYPE_MENU (gmk_menu_get_type())
G_DECLARE_FINAL_TYPE(GMKMenu, gmk_menu, GMK, MENU, GMenuModel)

/* One item being made, until a GMKMenu takes it. */
typedef struct _GMKMenuItem GMKMenuItem;

GMKMenu *gmk_menu_new(void);

GMKMenuItem *gmk_menu_item_new(void);
/* Sets an attribute, replacing one of the same name. `name` is kept, not copied: it must be
 * a string that lives for ever (g_intern_string, or a literal). `value` is sunk if floating. */
void gmk_menu_item_set_attribute(GMKMenuItem *item, const char *name, GVariant *value);
/* Sets a string attribute (a copy of `string`, valid UTF-8), read as a GVariant of type "s". */
void gmk_menu_item_set_string(GMKMenuItem *item, const char *name, const char *string);
/* Links `model` (taking a reference) under `name` (G_MENU_LINK_SECTION or
 * G_MENU_LINK_SUBMENU, or another interned name), replacing the item's first link. */
void gmk_menu_item_set_link(GMKMenuItem *item, const char *name, GMenuModel *model);
/* Another link, of a name the item has no link of yet (interned, as above): GtkBuilder's items
 * may have a section and a submenu, or links of the app's own names. Read after the first. */
void gmk_menu_item_add_link(GMKMenuItem *item, const char *name, GMenuModel *model);
/* Frees an item no menu took. */
void gmk_menu_item_free(GMKMenuItem *item);

/* Inserts `n` items at `position` (0 to the number of items), taking them, and emits one
 * `items-changed`. */
void gmk_menu_insert_items(GMKMenu *menu, gint position, GMKMenuItem **items, guint n);
/* Removes `n` items from `position` on, and emits one `items-changed`. */
void gmk_menu_remove_items(GMKMenu *menu, gint position, guint n);
/* Puts `item` (taken) in place of the item at `position`: one items-changed (position, 1, 1). */
void gmk_menu_replace_item(GMKMenu *menu, gint position, GMKMenuItem *item);
void gmk_menu_remove_all(GMKMenu *menu);

G_END_DECLS

#endif
