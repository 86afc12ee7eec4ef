#include "menu_action_private.h"

struct _GMKMenuActionGroup {
  GObject parent_instance;
  /* name → GAction (a reference). The key is the action's own name string, which lives as long
     as the entry holds the action. */
  GHashTable *actions;
};

static void gmk_menu_action_group_iface_init(GActionGroupInterface *iface);
static void gmk_menu_action_group_map_iface_init(GActionMapInterface *iface);
static gchar **gmk_menu_action_group_list_actions(GActionGroup *group);

G_DEFINE_FINAL_TYPE_WITH_CODE(GMKMenuActionGroup, gmk_menu_action_group, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_ACTION_GROUP, gmk_menu_action_group_iface_init)
                              G_IMPLEMENT_INTERFACE(G_TYPE_ACTION_MAP, gmk_menu_action_group_map_iface_init))

GMKMenuActionGroup *gmk_menu_action_group_new(void) { return g_object_new(GMK_TYPE_MENU_ACTION_GROUP, NULL); }

/* Actions other than this group's own GMKMenuActions are followed through their notify
   signals, as GSimpleActionGroup follows every action. */

static void foreign_enabled_changed(GAction *action, GParamSpec *pspec, gpointer group) {
  (void)pspec;
  g_action_group_action_enabled_changed(G_ACTION_GROUP(group), g_action_get_name(action),
                                        g_action_get_enabled(action));
}

static void foreign_state_changed(GAction *action, GParamSpec *pspec, gpointer group) {
  (void)pspec;
  GVariant *state = g_action_get_state(action);
  g_action_group_action_state_changed(G_ACTION_GROUP(group), g_action_get_name(action), state);
  if (state) g_variant_unref(state);
}

static void follow(GMKMenuActionGroup *self, GAction *action) {
  if (GMK_IS_MENU_ACTION(action) && GMK_MENU_ACTION(action)->group == NULL) {
    GMK_MENU_ACTION(action)->group = G_ACTION_GROUP(self);
    return;
  }
  g_signal_connect_object(action, "notify::enabled", G_CALLBACK(foreign_enabled_changed), self, 0);
  if (g_action_get_state_type(action))
    g_signal_connect_object(action, "notify::state", G_CALLBACK(foreign_state_changed), self, 0);
}

static void unfollow(GMKMenuActionGroup *self, GAction *action) {
  if (GMK_IS_MENU_ACTION(action) && GMK_MENU_ACTION(action)->group == G_ACTION_GROUP(self)) {
    GMK_MENU_ACTION(action)->group = NULL;
    return;
  }
  g_signal_handlers_disconnect_by_func(action, foreign_enabled_changed, self);
  g_signal_handlers_disconnect_by_func(action, foreign_state_changed, self);
}

/* Whether anyone listens for GActionGroup's signal (with or without a detail). A menu's group
   is built before GTK watches it, and GActionGroup's emission looks up a quark under a global
   lock for every action; with nobody listening, the emission would tell no one. */
static gboolean is_heard(GMKMenuActionGroup *self, guint signal_id) {
  return g_signal_handler_find(self, G_SIGNAL_MATCH_ID, signal_id, 0, NULL, NULL, NULL) != 0;
}

/* Looked up once; GActionGroup's signals exist once a group has been made. */
static guint action_added_signal, action_removed_signal;

void gmk_menu_action_group_remove(GMKMenuActionGroup *group, const char *name) {
  g_return_if_fail(GMK_IS_MENU_ACTION_GROUP(group));
  g_return_if_fail(name != NULL);
  GAction *action = g_hash_table_lookup(group->actions, name);
  if (action == NULL) return;
  /* Listeners hear of the removal while the action can still be queried, as with
     GSimpleActionGroup. */
  g_object_ref(action);
  if (is_heard(group, action_removed_signal)) g_action_group_action_removed(G_ACTION_GROUP(group), name);
  g_hash_table_remove(group->actions, g_action_get_name(action));
  unfollow(group, action);
  g_object_unref(action);
}

/* Before an action goes: a stateful GMKMenuAction's handler data is shown to `stateful` (whose
   state follows a binding, and must stop), then the handler is cleared. */
static void clear_handler(gpointer action, GFunc stateful, gpointer data) {
  if (!GMK_IS_MENU_ACTION(action)) return;
  GMKMenuAction *self = GMK_MENU_ACTION(action);
  if (stateful && self->state && self->user_data) stateful(self->user_data, data);
  gmk_menu_action_set_handler(self, NULL, NULL, NULL);
}

void gmk_menu_action_group_remove_all(GMKMenuActionGroup *group, GFunc stateful, gpointer data) {
  g_return_if_fail(GMK_IS_MENU_ACTION_GROUP(group));
  if (g_hash_table_size(group->actions) == 0) return;
  if (is_heard(group, action_removed_signal)) {
    /* One by one: each listener hears of a removal while the action can still be queried. */
    gchar **names = gmk_menu_action_group_list_actions(G_ACTION_GROUP(group));
    for (guint i = 0; names[i]; i++) {
      gpointer action = g_hash_table_lookup(group->actions, names[i]);
      if (action) clear_handler(action, stateful, data);
      gmk_menu_action_group_remove(group, names[i]);
    }
    g_strfreev(names);
    return;
  }
  /* Nobody listens: the table goes at once. An action someone else still holds does nothing
     from now on. */
  GHashTable *actions = group->actions;
  group->actions = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, g_object_unref);
  GHashTableIter iter;
  gpointer action;
  g_hash_table_iter_init(&iter, actions);
  while (g_hash_table_iter_next(&iter, NULL, &action)) {
    clear_handler(action, stateful, data);
    unfollow(group, action);
  }
  g_hash_table_unref(actions);
}

void gmk_menu_action_group_add(GMKMenuActionGroup *group, GAction *action) {
  g_return_if_fail(GMK_IS_MENU_ACTION_GROUP(group));
  g_return_if_fail(G_IS_ACTION(action));
  const char *name = g_action_get_name(action);
  g_return_if_fail(name != NULL);
  GAction *old = g_hash_table_lookup(group->actions, name);
  if (old == action) return;
  if (old) gmk_menu_action_group_remove(group, name);
  follow(group, action);
  g_hash_table_insert(group->actions, (gpointer)name, g_object_ref(action));
  if (is_heard(group, action_added_signal)) g_action_group_action_added(G_ACTION_GROUP(group), name);
}

GMKMenuAction *gmk_menu_action_group_lookup(GMKMenuActionGroup *group, const char *name) {
  g_return_val_if_fail(GMK_IS_MENU_ACTION_GROUP(group), NULL);
  gpointer action = g_hash_table_lookup(group->actions, name);
  return action && GMK_IS_MENU_ACTION(action) ? action : NULL;
}

guint gmk_menu_action_group_count(GMKMenuActionGroup *group) {
  g_return_val_if_fail(GMK_IS_MENU_ACTION_GROUP(group), 0);
  return g_hash_table_size(group->actions);
}

/* GActionGroup */

static gchar **gmk_menu_action_group_list_actions(GActionGroup *group) {
  GHashTable *actions = GMK_MENU_ACTION_GROUP(group)->actions;
  gchar **names = g_new(gchar *, g_hash_table_size(actions) + 1);
  GHashTableIter iter;
  gpointer name;
  guint count = 0;
  g_hash_table_iter_init(&iter, actions);
  while (g_hash_table_iter_next(&iter, &name, NULL)) names[count++] = g_strdup(name);
  names[count] = NULL;
  return names;
}

static gboolean gmk_menu_action_group_query_action(GActionGroup *group, const gchar *name, gboolean *enabled,
                                                   const GVariantType **parameter_type,
                                                   const GVariantType **state_type, GVariant **state_hint,
                                                   GVariant **state) {
  GAction *action = g_hash_table_lookup(GMK_MENU_ACTION_GROUP(group)->actions, name);
  if (action == NULL) return FALSE;
  if (enabled) *enabled = g_action_get_enabled(action);
  if (parameter_type) *parameter_type = g_action_get_parameter_type(action);
  if (state_type) *state_type = g_action_get_state_type(action);
  if (state_hint) *state_hint = g_action_get_state_hint(action);
  if (state) *state = g_action_get_state(action);
  return TRUE;
}

/* A floating parameter is consumed, as GActionGroup promises, also when no action has the
   name: an activation that comes after its item (and action) went leaks nothing. */
static void gmk_menu_action_group_activate_action(GActionGroup *group, const gchar *name, GVariant *parameter) {
  GAction *action = g_hash_table_lookup(GMK_MENU_ACTION_GROUP(group)->actions, name);
  if (parameter) g_variant_ref_sink(parameter);
  /* Checked here for any action: GIO's own check would be a critical. */
  if (action && gmk_menu_action_accepts(action, parameter, "activation")) g_action_activate(action, parameter);
  if (parameter) g_variant_unref(parameter);
}

static void gmk_menu_action_group_change_action_state(GActionGroup *group, const gchar *name, GVariant *value) {
  GAction *action = g_hash_table_lookup(GMK_MENU_ACTION_GROUP(group)->actions, name);
  g_variant_ref_sink(value);
  if (action && gmk_menu_action_accepts(action, value, "state")) g_action_change_state(action, value);
  g_variant_unref(value);
}

static void gmk_menu_action_group_iface_init(GActionGroupInterface *iface) {
  iface->list_actions = gmk_menu_action_group_list_actions;
  iface->query_action = gmk_menu_action_group_query_action;
  iface->activate_action = gmk_menu_action_group_activate_action;
  iface->change_action_state = gmk_menu_action_group_change_action_state;
}

/* GActionMap */

static GAction *gmk_menu_action_group_lookup_action(GActionMap *map, const gchar *name) {
  return g_hash_table_lookup(GMK_MENU_ACTION_GROUP(map)->actions, name);
}

static void gmk_menu_action_group_add_action(GActionMap *map, GAction *action) {
  gmk_menu_action_group_add(GMK_MENU_ACTION_GROUP(map), action);
}

static void gmk_menu_action_group_remove_action(GActionMap *map, const gchar *name) {
  gmk_menu_action_group_remove(GMK_MENU_ACTION_GROUP(map), name);
}

static void gmk_menu_action_group_map_iface_init(GActionMapInterface *iface) {
  iface->lookup_action = gmk_menu_action_group_lookup_action;
  iface->add_action = gmk_menu_action_group_add_action;
  iface->remove_action = gmk_menu_action_group_remove_action;
}

/* GObject */

static void gmk_menu_action_group_finalize(GObject *object) {
  GMKMenuActionGroup *self = GMK_MENU_ACTION_GROUP(object);
  GHashTableIter iter;
  gpointer action;
  g_hash_table_iter_init(&iter, self->actions);
  while (g_hash_table_iter_next(&iter, NULL, &action)) unfollow(self, action);
  g_hash_table_unref(self->actions);
  G_OBJECT_CLASS(gmk_menu_action_group_parent_class)->finalize(object);
}

static void gmk_menu_action_group_init(GMKMenuActionGroup *self) {
  if (action_added_signal == 0) {
    action_added_signal = g_signal_lookup("action-added", G_TYPE_ACTION_GROUP);
    action_removed_signal = g_signal_lookup("action-removed", G_TYPE_ACTION_GROUP);
  }
  self->actions = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, g_object_unref);
}

static void gmk_menu_action_group_class_init(GMKMenuActionGroupClass *klass) {
  G_OBJECT_CLASS(klass)->finalize = gmk_menu_action_group_finalize;
}
