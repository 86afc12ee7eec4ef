#include "gmk_menu.h"

#include <stdint.h>
#include <string.h>

/* Most items have a label, an action, a target and an icon; a few have more. */
#define INLINE_ATTRIBUTES 6
#define INLINE_STRING_BYTES 48

typedef struct {
  const char *name; /* interned: never copied or freed */
  GVariant *value;  /* a reference; NULL for a string not read yet */
  char *string;     /* a string attribute until it is first read, or NULL */
} Attribute;

struct _GMKMenuItem {
  /* Iterators hold the item too: one may outlive the item's place in the menu. */
  gatomicrefcount ref_count;
  guint n_attributes;
  guint capacity;
  Attribute *attributes; /* `inline_attributes` until more are set */
  const char *link_name;
  GMenuModel *link;
  /* Links of other names after `link` (GtkBuilder's items may have several); rare. */
  guint n_extra_links;
  const char **extra_link_names;
  GMenuModel **extra_links;
  Attribute inline_attributes[INLINE_ATTRIBUTES];
  /* String attributes are copied here while they fit (a label and an action name mostly do),
     the first at the start, each after the last: a string of its own was one more allocation
     for most attributes of every item a menu makes. */
  guint inline_strings_used;
  char inline_strings[INLINE_STRING_BYTES];
};

struct _GMKMenu {
  GMenuModel parent_instance;
  /* Items `start` to `start + count - 1` of `slots` are the menu's, in order; the slots around
     them are free, so that a change near either end moves nothing. */
  GMKMenuItem **slots;
  guint capacity;
  guint start;
  guint count;
};

G_DEFINE_FINAL_TYPE(GMKMenu, gmk_menu, G_TYPE_MENU_MODEL)

/* Items */

GMKMenuItem *gmk_menu_item_new(void) {
  GMKMenuItem *item = g_new0(GMKMenuItem, 1);
  g_atomic_ref_count_init(&item->ref_count);
  item->capacity = INLINE_ATTRIBUTES;
  item->attributes = item->inline_attributes;
  return item;
}

/* A copy of `string` the item keeps: in its own storage while that has room, else allocated. */
static char *item_copy_string(GMKMenuItem *item, const char *string) {
  size_t size = strlen(string) + 1;
  if (size > INLINE_STRING_BYTES - item->inline_strings_used) return g_memdup2(string, size);
  char *copy = item->inline_strings + item->inline_strings_used;
  memcpy(copy, string, size);
  item->inline_strings_used += (guint)size;
  return copy;
}

static void item_free_string(GMKMenuItem *item, char *string) {
  uintptr_t start = (uintptr_t)item->inline_strings;
  if ((uintptr_t)string - start >= INLINE_STRING_BYTES) g_free(string);
}

static void attribute_clear(GMKMenuItem *item, Attribute *attribute) {
  if (attribute->value) g_variant_unref(attribute->value);
  item_free_string(item, attribute->string);
}

/* The attribute's value, a string made a GVariant when it is first read. */
static GVariant *attribute_value(GMKMenuItem *item, Attribute *attribute) {
  if (attribute->value == NULL) {
    attribute->value = g_variant_ref_sink(g_variant_new_string(attribute->string));
    item_free_string(item, attribute->string);
    attribute->string = NULL;
  }
  return attribute->value;
}

/* Sets `name` to the value or the string (one of them), replacing an attribute of that name. */
static void item_set(GMKMenuItem *item, const char *name, GVariant *value, char *string) {
  for (guint i = 0; i < item->n_attributes; i++) {
    if (strcmp(item->attributes[i].name, name) == 0) {
      attribute_clear(item, &item->attributes[i]);
      item->attributes[i] = (Attribute){name, value, string};
      return;
    }
  }
  if (item->n_attributes == item->capacity) {
    guint capacity = item->capacity * 2;
    Attribute *grown = g_new(Attribute, capacity);
    memcpy(grown, item->attributes, item->n_attributes * sizeof(Attribute));
    if (item->attributes != item->inline_attributes) g_free(item->attributes);
    item->attributes = grown;
    item->capacity = capacity;
  }
  item->attributes[item->n_attributes++] = (Attribute){name, value, string};
}

void gmk_menu_item_set_attribute(GMKMenuItem *item, const char *name, GVariant *value) {
  g_return_if_fail(item != NULL && name != NULL && value != NULL);
  item_set(item, name, g_variant_ref_sink(value), NULL);
}

void gmk_menu_item_set_string(GMKMenuItem *item, const char *name, const char *string) {
  g_return_if_fail(item != NULL && name != NULL && string != NULL);
  item_set(item, name, NULL, item_copy_string(item, string));
}

void gmk_menu_item_set_link(GMKMenuItem *item, const char *name, GMenuModel *model) {
  g_return_if_fail(item != NULL && name != NULL && G_IS_MENU_MODEL(model));
  g_object_ref(model);
  if (item->link) g_object_unref(item->link);
  item->link_name = name;
  item->link = model;
}

void gmk_menu_item_add_link(GMKMenuItem *item, const char *name, GMenuModel *model) {
  g_return_if_fail(item != NULL && name != NULL && G_IS_MENU_MODEL(model));
  if (item->link == NULL) {
    gmk_menu_item_set_link(item, name, model);
    return;
  }
  g_return_if_fail(strcmp(name, item->link_name) != 0);
  for (guint i = 0; i < item->n_extra_links; i++) g_return_if_fail(strcmp(name, item->extra_link_names[i]) != 0);
  item->extra_link_names = g_renew(const char *, item->extra_link_names, item->n_extra_links + 1);
  item->extra_links = g_renew(GMenuModel *, item->extra_links, item->n_extra_links + 1);
  item->extra_link_names[item->n_extra_links] = name;
  item->extra_links[item->n_extra_links] = g_object_ref(model);
  item->n_extra_links++;
}

/* The item's link `index`: 0 is `link`, then the extra ones; FALSE past the last. */
static gboolean item_link(GMKMenuItem *item, guint index, const char **name, GMenuModel **model) {
  if (item->link == NULL) return FALSE;
  if (index == 0) {
    *name = item->link_name;
    *model = item->link;
    return TRUE;
  }
  if (index - 1 >= item->n_extra_links) return FALSE;
  *name = item->extra_link_names[index - 1];
  *model = item->extra_links[index - 1];
  return TRUE;
}

static GMKMenuItem *item_ref(GMKMenuItem *item) {
  g_atomic_ref_count_inc(&item->ref_count);
  return item;
}

static void item_unref(GMKMenuItem *item) {
  if (!g_atomic_ref_count_dec(&item->ref_count)) return;
  for (guint i = 0; i < item->n_attributes; i++) attribute_clear(item, &item->attributes[i]);
  if (item->attributes != item->inline_attributes) g_free(item->attributes);
  if (item->link) g_object_unref(item->link);
  for (guint i = 0; i < item->n_extra_links; i++) g_object_unref(item->extra_links[i]);
  g_free(item->extra_link_names);
  g_free(item->extra_links);
  g_free(item);
}

void gmk_menu_item_free(GMKMenuItem *item) {
  g_return_if_fail(item != NULL);
  item_unref(item);
}

static GVariant *item_lookup(GMKMenuItem *item, const char *name) {
  for (guint i = 0; i < item->n_attributes; i++)
    if (strcmp(item->attributes[i].name, name) == 0) return attribute_value(item, &item->attributes[i]);
  return NULL;
}

/* Iterators: each holds its item, and walks its attributes or its links. */

typedef struct {
  GMenuAttributeIter parent_instance;
  GMKMenuItem *item;
  guint next;
} GMKMenuAttributeIter;
typedef GMenuAttributeIterClass GMKMenuAttributeIterClass;

static GType gmk_menu_attribute_iter_get_type(void);
G_DEFINE_FINAL_TYPE(GMKMenuAttributeIter, gmk_menu_attribute_iter, G_TYPE_MENU_ATTRIBUTE_ITER)

static gboolean attribute_iter_get_next(GMenuAttributeIter *iter, const gchar **name, GVariant **value) {
  GMKMenuAttributeIter *self = (GMKMenuAttributeIter *)iter;
  if (self->next >= self->item->n_attributes) return FALSE;
  Attribute *attribute = &self->item->attributes[self->next++];
  *name = attribute->name;
  *value = g_variant_ref(attribute_value(self->item, attribute));
  return TRUE;
}

static void gmk_menu_attribute_iter_finalize(GObject *object) {
  item_unref(((GMKMenuAttributeIter *)object)->item);
  G_OBJECT_CLASS(gmk_menu_attribute_iter_parent_class)->finalize(object);
}

static void gmk_menu_attribute_iter_init(GMKMenuAttributeIter *iter) { (void)iter; }

static void gmk_menu_attribute_iter_class_init(GMKMenuAttributeIterClass *class) {
  G_OBJECT_CLASS(class)->finalize = gmk_menu_attribute_iter_finalize;
  class->get_next = attribute_iter_get_next;
}

typedef struct {
  GMenuLinkIter parent_instance;
  GMKMenuItem *item;
  guint next;
} GMKMenuLinkIter;
typedef GMenuLinkIterClass GMKMenuLinkIterClass;

static GType gmk_menu_link_iter_get_type(void);
G_DEFINE_FINAL_TYPE(GMKMenuLinkIter, gmk_menu_link_iter, G_TYPE_MENU_LINK_ITER)

static gboolean link_iter_get_next(GMenuLinkIter *iter, const gchar **name, GMenuModel **value) {
  GMKMenuLinkIter *self = (GMKMenuLinkIter *)iter;
  GMenuModel *model = NULL;
  if (!item_link(self->item, self->next, name, &model)) return FALSE;
  self->next++;
  *value = g_object_ref(model);
  return TRUE;
}

static void gmk_menu_link_iter_finalize(GObject *object) {
  item_unref(((GMKMenuLinkIter *)object)->item);
  G_OBJECT_CLASS(gmk_menu_link_iter_parent_class)->finalize(object);
}

static void gmk_menu_link_iter_init(GMKMenuLinkIter *iter) { (void)iter; }

static void gmk_menu_link_iter_class_init(GMKMenuLinkIterClass *class) {
  G_OBJECT_CLASS(class)->finalize = gmk_menu_link_iter_finalize;
  class->get_next = link_iter_get_next;
}

/* The model */

GMKMenu *gmk_menu_new(void) { return g_object_new(GMK_TYPE_MENU, NULL); }

/* The item at `index`, or NULL (with a critical, as GIO's checks give) when there is none. */
static GMKMenuItem *item_at(GMKMenu *self, gint index) {
  g_return_val_if_fail(index >= 0 && (guint)index < self->count, NULL);
  return self->slots[self->start + index];
}

static gboolean gmk_menu_is_mutable(GMenuModel *model) {
  (void)model;
  return TRUE;
}

static gint gmk_menu_get_n_items(GMenuModel *model) { return (gint)GMK_MENU(model)->count; }

/* GIO reads attributes and links through the functions below; these tables are for anyone who
   calls the class's table functions directly. */
static void gmk_menu_get_item_attributes(GMenuModel *model, gint index, GHashTable **table) {
  GMKMenuItem *item = item_at(GMK_MENU(model), index);
  *table = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, (GDestroyNotify)g_variant_unref);
  if (!item) return;
  for (guint i = 0; i < item->n_attributes; i++)
    g_hash_table_insert(*table, (gpointer)item->attributes[i].name, g_variant_ref(attribute_value(item, &item->attributes[i])));
}

static void gmk_menu_get_item_links(GMenuModel *model, gint index, GHashTable **table) {
  GMKMenuItem *item = item_at(GMK_MENU(model), index);
  *table = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, g_object_unref);
  const char *name;
  GMenuModel *link;
  for (guint i = 0; item && item_link(item, i, &name, &link); i++) g_hash_table_insert(*table, (gpointer)name, g_object_ref(link));
}

static GVariant *gmk_menu_get_item_attribute_value(GMenuModel *model, gint index, const gchar *attribute,
                                                   const GVariantType *expected_type) {
  GMKMenuItem *item = item_at(GMK_MENU(model), index);
  GVariant *value = item ? item_lookup(item, attribute) : NULL;
  if (value == NULL || (expected_type && !g_variant_is_of_type(value, expected_type))) return NULL;
  return g_variant_ref(value);
}

static GMenuModel *gmk_menu_get_item_link(GMenuModel *model, gint index, const gchar *link) {
  GMKMenuItem *item = item_at(GMK_MENU(model), index);
  const char *name;
  GMenuModel *linked;
  for (guint i = 0; item && item_link(item, i, &name, &linked); i++)
    if (strcmp(name, link) == 0) return g_object_ref(linked);
  return NULL;
}

static GMenuAttributeIter *gmk_menu_iterate_item_attributes(GMenuModel *model, gint index) {
  GMKMenuItem *item = item_at(GMK_MENU(model), index);
  if (item == NULL) return NULL;
  GMKMenuAttributeIter *iter = g_object_new(gmk_menu_attribute_iter_get_type(), NULL);
  iter->item = item_ref(item);
  return G_MENU_ATTRIBUTE_ITER(iter);
}

static GMenuLinkIter *gmk_menu_iterate_item_links(GMenuModel *model, gint index) {
  GMKMenuItem *item = item_at(GMK_MENU(model), index);
  if (item == NULL) return NULL;
  GMKMenuLinkIter *iter = g_object_new(gmk_menu_link_iter_get_type(), NULL);
  iter->item = item_ref(item);
  return G_MENU_LINK_ITER(iter);
}

/* Changes */

/* Moves the items into a new array of room for twice as many as `needed`, with `gap` free
   slots after the first `position` items, and the free slots split between both ends. */
static void relayout(GMKMenu *self, guint needed, guint position, guint gap) {
  guint capacity = MAX(16, needed * 2);
  GMKMenuItem **slots = g_new(GMKMenuItem *, capacity);
  guint start = (capacity - needed) / 2;
  if (self->count) {
    memcpy(slots + start, self->slots + self->start, position * sizeof *slots);
    memcpy(slots + start + position + gap, self->slots + self->start + position,
           (self->count - position) * sizeof *slots);
  }
  g_free(self->slots);
  self->slots = slots;
  self->capacity = capacity;
  self->start = start;
}

/* Opens `n` free slots after the first `position` items, moving the shorter side. */
static void open_gap(GMKMenu *self, guint position, guint n) {
  guint before = position, after = self->count - position;
  gboolean room_before = self->start >= n;
  gboolean room_after = self->start + self->count + n <= self->capacity;
  if (room_before && (before <= after || !room_after)) {
    memmove(self->slots + self->start - n, self->slots + self->start, before * sizeof *self->slots);
    self->start -= n;
  } else if (room_after) {
    memmove(self->slots + self->start + position + n, self->slots + self->start + position,
            after * sizeof *self->slots);
  } else {
    relayout(self, self->count + n, position, n);
  }
  self->count += n;
}

void gmk_menu_insert_items(GMKMenu *menu, gint position, GMKMenuItem **items, guint n) {
  g_return_if_fail(GMK_IS_MENU(menu));
  g_return_if_fail(position >= 0 && (guint)position <= menu->count);
  g_return_if_fail(n == 0 || items != NULL);
  g_return_if_fail(n <= (guint)G_MAXINT - menu->count);
  if (n == 0) return;
  open_gap(menu, (guint)position, n);
  memcpy(menu->slots + menu->start + position, items, n * sizeof *items);
  g_menu_model_items_changed(G_MENU_MODEL(menu), position, 0, (gint)n);
}

void gmk_menu_remove_items(GMKMenu *menu, gint position, guint n) {
  g_return_if_fail(GMK_IS_MENU(menu));
  g_return_if_fail(position >= 0 && (guint)position <= menu->count && n <= menu->count - (guint)position);
  if (n == 0) return;
  guint before = (guint)position, after = menu->count - (guint)position - n;
  GMKMenuItem **first = menu->slots + menu->start + position;
  for (guint i = 0; i < n; i++) item_unref(first[i]);
  if (before < after) {
    memmove(menu->slots + menu->start + n, menu->slots + menu->start, before * sizeof *menu->slots);
    menu->start += n;
  } else {
    memmove(first, first + n, after * sizeof *menu->slots);
  }
  menu->count -= n;
  if (menu->count == 0) {
    menu->start = menu->capacity / 2;
  } else if (menu->capacity > 64 && menu->count < menu->capacity / 4) {
    /* Give back what a menu that shrank no longer needs. */
    relayout(menu, menu->count, menu->count, 0);
  }
  g_menu_model_items_changed(G_MENU_MODEL(menu), position, (gint)n, 0);
}

void gmk_menu_replace_item(GMKMenu *menu, gint position, GMKMenuItem *item) {
  g_return_if_fail(GMK_IS_MENU(menu));
  g_return_if_fail(position >= 0 && (guint)position < menu->count);
  g_return_if_fail(item != NULL);
  GMKMenuItem **slot = menu->slots + menu->start + position;
  item_unref(*slot);
  *slot = item;
  g_menu_model_items_changed(G_MENU_MODEL(menu), position, 1, 1);
}

void gmk_menu_remove_all(GMKMenu *menu) {
  g_return_if_fail(GMK_IS_MENU(menu));
  gmk_menu_remove_items(menu, 0, menu->count);
}

static void gmk_menu_finalize(GObject *object) {
  GMKMenu *self = GMK_MENU(object);
  for (guint i = 0; i < self->count; i++) item_unref(self->slots[self->start + i]);
  g_free(self->slots);
  G_OBJECT_CLASS(gmk_menu_parent_class)->finalize(object);
}

static void gmk_menu_init(GMKMenu *self) { (void)self; }

static void gmk_menu_class_init(GMKMenuClass *class) {
  GMenuModelClass *model_class = G_MENU_MODEL_CLASS(class);
  G_OBJECT_CLASS(class)->finalize = gmk_menu_finalize;
  model_class->is_mutable = gmk_menu_is_mutable;
  model_class->get_n_items = gmk_menu_get_n_items;
  model_class->get_item_attributes = gmk_menu_get_item_attributes;
  model_class->get_item_links = gmk_menu_get_item_links;
  model_class->get_item_attribute_value = gmk_menu_get_item_attribute_value;
  model_class->get_item_link = gmk_menu_get_item_link;
  model_class->iterate_item_attributes = gmk_menu_iterate_item_attributes;
  model_class->iterate_item_links = gmk_menu_iterate_item_links;
}
