#include "menu_action_private.h"

#include <string.h>

static void gmk_menu_action_iface_init(GActionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(GMKMenuAction, gmk_menu_action, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_ACTION, gmk_menu_action_iface_init))

enum { PROP_0, PROP_NAME, PROP_PARAMETER_TYPE, PROP_ENABLED, PROP_STATE_TYPE, PROP_STATE, N_PROPS };

static GParamSpec *properties[N_PROPS];

static GVariant *peek_shared_boolean(gboolean value);

GMKMenuAction *gmk_menu_action_new(const char *name, const GVariantType *parameter_type, GVariant *state) {
  g_return_val_if_fail(g_action_name_is_valid(name), NULL);
  /* No construct properties: building through properties is most of GSimpleAction's cost. */
  GMKMenuAction *action = g_object_new(GMK_TYPE_MENU_ACTION, NULL);
  size_t size = strlen(name) + 1;
  action->name = size <= sizeof action->inline_name ? memcpy(action->inline_name, name, size) : g_memdup2(name, size);
  action->parameter_type = parameter_type ? g_variant_type_copy(parameter_type) : NULL;
  if (state != NULL && g_variant_classify(state) == G_VARIANT_CLASS_BOOLEAN) {
    /* One of the two shared states from the start: a refresh that finds the toggle as it was
       then compares pointers (`gmk_menu_action_set_boolean_state`). */
    GVariant *shared = g_variant_ref(peek_shared_boolean(g_variant_get_boolean(state)));
    g_variant_unref(g_variant_ref_sink(state));
    action->state = shared;
  } else {
    action->state = state ? g_variant_ref_sink(state) : NULL;
  }
  return action;
}

void gmk_menu_action_set_handler(GMKMenuAction *action, GMKMenuActionHandler handler, gpointer user_data,
                                 GDestroyNotify destroy) {
  g_return_if_fail(GMK_IS_MENU_ACTION(action));
  GDestroyNotify old_destroy = action->destroy;
  gpointer old_data = action->user_data;
  action->handler = handler;
  action->user_data = user_data;
  action->destroy = destroy;
  /* Last, so that a notify that reaches back into the action finds it consistent. */
  if (old_destroy) old_destroy(old_data);
}

gpointer gmk_menu_action_get_handler_data(GMKMenuAction *action) {
  g_return_val_if_fail(GMK_IS_MENU_ACTION(action), NULL);
  return action->user_data;
}

void gmk_menu_action_set_enabled(GMKMenuAction *action, gboolean enabled) {
  g_return_if_fail(GMK_IS_MENU_ACTION(action));
  enabled = !!enabled;
  if (action->enabled == enabled) return;
  action->enabled = enabled;
  g_object_notify_by_pspec(G_OBJECT(action), properties[PROP_ENABLED]);
  if (action->group) g_action_group_action_enabled_changed(action->group, action->name, enabled);
}

/* Takes `state` (a full reference) as the action's state, and tells whoever listens. */
static void replace_state(GMKMenuAction *action, GVariant *state) {
  g_variant_unref(action->state);
  action->state = state;
  g_object_notify_by_pspec(G_OBJECT(action), properties[PROP_STATE]);
  if (action->group) g_action_group_action_state_changed(action->group, action->name, state);
}

/* The two Boolean states, made once and shared by every toggle (a GVariant never changes): a
   flip then allocates no new state and frees no old one, which with their comparison were a
   tenth of a flip's instructions. */
/* The shared state for `value`, not referenced. */
static GVariant *peek_shared_boolean(gboolean value) {
  static GVariant *booleans[2];
  static gsize made = 0;
  if (g_once_init_enter(&made)) {
    booleans[0] = g_variant_ref_sink(g_variant_new_boolean(FALSE));
    booleans[1] = g_variant_ref_sink(g_variant_new_boolean(TRUE));
    g_once_init_leave(&made, 1);
  }
  return booleans[value ? 1 : 0];
}

static GVariant *shared_boolean(gboolean value) {
  return g_variant_ref(peek_shared_boolean(value));
}

void gmk_menu_action_set_state(GMKMenuAction *action, GVariant *state) {
  g_return_if_fail(GMK_IS_MENU_ACTION(action));
  g_return_if_fail(state != NULL);
  g_variant_ref_sink(state);
  if (action->state == NULL || !g_variant_is_of_type(state, g_variant_get_type(action->state))) {
    g_critical("gmk_menu_action_set_state: state of type '%s' for action '%s' of state type '%s'",
               g_variant_get_type_string(state), action->name,
               action->state ? g_variant_get_type_string(action->state) : "(stateless)");
    g_variant_unref(state);
    return;
  }
  if (g_variant_equal(state, action->state)) {
    g_variant_unref(state);
    return;
  }
  replace_state(action, state);
}

void gmk_menu_action_set_boolean_state(GMKMenuAction *action, gboolean value) {
  g_return_if_fail(GMK_IS_MENU_ACTION(action));
  /* The state it already holds, shared (what a refresh of an unchanged toggle finds): reading the
     state back through GVariant's type checks was two thirds of this call. */
  if (action->state == peek_shared_boolean(value)) return;
  if (action->state != NULL && g_variant_classify(action->state) == G_VARIANT_CLASS_BOOLEAN) {
    if (!g_variant_get_boolean(action->state) != !value) replace_state(action, shared_boolean(value));
    return;
  }
  /* Not a Boolean state: the general path says so. */
  gmk_menu_action_set_state(action, g_variant_new_boolean(value));
}

gboolean gmk_menu_action_accepts(GAction *action, GVariant *parameter, const char *what) {
  gboolean is_state = g_str_equal(what, "state");
  const GVariantType *expected = is_state ? g_action_get_state_type(action) : g_action_get_parameter_type(action);
  if (expected == NULL ? (!is_state && parameter == NULL)
                       : (parameter != NULL && g_variant_is_of_type(parameter, expected)))
    return TRUE;
  char *takes = expected == NULL ? g_strdup(is_state ? "has no state" : "takes no parameter")
                                  : g_strdup_printf("takes a %s of type '%s'", is_state ? "state" : "parameter",
                                                    g_variant_type_peek_string(expected));
  g_warning("GMenuKit: action '%s' %s, not '%s'; the %s is ignored", g_action_get_name(action), takes,
            parameter ? g_variant_get_type_string(parameter) : "(none)", is_state ? "state change" : "activation");
  g_free(takes);
  return FALSE;
}

/* GAction */

static const char *gmk_menu_action_get_name(GAction *action) { return GMK_MENU_ACTION(action)->name; }

static const GVariantType *gmk_menu_action_get_parameter_type(GAction *action) {
  return GMK_MENU_ACTION(action)->parameter_type;
}

static const GVariantType *gmk_menu_action_get_state_type(GAction *action) {
  GMKMenuAction *self = GMK_MENU_ACTION(action);
  return self->state ? g_variant_get_type(self->state) : NULL;
}

static GVariant *gmk_menu_action_get_state_hint(GAction *action) {
  (void)action;
  return NULL;
}

static gboolean gmk_menu_action_get_enabled(GAction *action) { return GMK_MENU_ACTION(action)->enabled; }

static GVariant *gmk_menu_action_get_state(GAction *action) {
  GMKMenuAction *self = GMK_MENU_ACTION(action);
  return self->state ? g_variant_ref(self->state) : NULL;
}

/* What GSimpleAction does for a change-state handler: the handler decides. Without one, the
   state is set as asked. */
static void gmk_menu_action_change_state(GAction *action, GVariant *value) {
  GMKMenuAction *self = GMK_MENU_ACTION(action);
  g_variant_ref_sink(value);
  if (self->handler)
    self->handler(self, value, self->user_data);
  else if (self->state)
    gmk_menu_action_set_state(self, value);
  g_variant_unref(value);
}

/* What GSimpleAction does for activation: a stateless action runs its handler; a stateful one
   asks for a state (the opposite for a Boolean without a parameter, else the parameter). A
   disabled action does nothing. */
static void gmk_menu_action_activate(GAction *action, GVariant *parameter) {
  GMKMenuAction *self = GMK_MENU_ACTION(action);
  if (parameter) g_variant_ref_sink(parameter);
  if (!gmk_menu_action_accepts(action, parameter, "activation")) {
    if (parameter) g_variant_unref(parameter);
    return;
  }
  /* The handler may drop the last other reference to the action. */
  g_object_ref(self);
  if (self->enabled) {
    if (self->state == NULL) {
      if (self->handler) self->handler(self, parameter, self->user_data);
    } else if (parameter == NULL && g_variant_is_of_type(self->state, G_VARIANT_TYPE_BOOLEAN)) {
      gmk_menu_action_change_state(action, g_variant_new_boolean(!g_variant_get_boolean(self->state)));
    } else if (parameter != NULL && g_variant_is_of_type(self->state, g_variant_get_type(parameter))) {
      gmk_menu_action_change_state(action, parameter);
    }
  }
  g_object_unref(self);
  if (parameter) g_variant_unref(parameter);
}

static void gmk_menu_action_iface_init(GActionInterface *iface) {
  iface->get_name = gmk_menu_action_get_name;
  iface->get_parameter_type = gmk_menu_action_get_parameter_type;
  iface->get_state_type = gmk_menu_action_get_state_type;
  iface->get_state_hint = gmk_menu_action_get_state_hint;
  iface->get_enabled = gmk_menu_action_get_enabled;
  iface->get_state = gmk_menu_action_get_state;
  iface->change_state = gmk_menu_action_change_state;
  iface->activate = gmk_menu_action_activate;
}

/* GObject */

static void gmk_menu_action_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
  GAction *action = G_ACTION(object);
  switch (id) {
  case PROP_NAME: g_value_set_string(value, gmk_menu_action_get_name(action)); break;
  case PROP_PARAMETER_TYPE: g_value_set_boxed(value, gmk_menu_action_get_parameter_type(action)); break;
  case PROP_ENABLED: g_value_set_boolean(value, gmk_menu_action_get_enabled(action)); break;
  case PROP_STATE_TYPE: g_value_set_boxed(value, gmk_menu_action_get_state_type(action)); break;
  case PROP_STATE: g_value_take_variant(value, gmk_menu_action_get_state(action)); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
  }
}

static void gmk_menu_action_finalize(GObject *object) {
  GMKMenuAction *self = GMK_MENU_ACTION(object);
  gmk_menu_action_set_handler(self, NULL, NULL, NULL);
  if (self->name != self->inline_name) g_free(self->name);
  if (self->parameter_type) g_variant_type_free(self->parameter_type);
  if (self->state) g_variant_unref(self->state);
  G_OBJECT_CLASS(gmk_menu_action_parent_class)->finalize(object);
}

static void gmk_menu_action_init(GMKMenuAction *self) { self->enabled = TRUE; }

static void gmk_menu_action_class_init(GMKMenuActionClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  object_class->get_property = gmk_menu_action_get_property;
  object_class->finalize = gmk_menu_action_finalize;
  /* GAction's properties, read-only as the interface declares them. */
  g_object_class_override_property(object_class, PROP_NAME, "name");
  g_object_class_override_property(object_class, PROP_PARAMETER_TYPE, "parameter-type");
  g_object_class_override_property(object_class, PROP_ENABLED, "enabled");
  g_object_class_override_property(object_class, PROP_STATE_TYPE, "state-type");
  g_object_class_override_property(object_class, PROP_STATE, "state");
  properties[PROP_ENABLED] = g_object_class_find_property(object_class, "enabled");
  properties[PROP_STATE] = g_object_class_find_property(object_class, "state");
}
