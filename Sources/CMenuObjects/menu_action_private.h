#ifndef GMENUKIT_MENU_ACTION_PRIVATE_H
#define GMENUKIT_MENU_ACTION_PRIVATE_H

#include "gmk_menu_actions.h"

#define GMK_MENU_ACTION_INLINE_NAME_BYTES 32

struct _GMKMenuAction {
  GObject parent_instance;
  char *name;
  GVariantType *parameter_type; /* NULL: no parameter */
  GVariant *state;              /* NULL: stateless */
  gboolean enabled;
  GMKMenuActionHandler handler;
  gpointer user_data;
  GDestroyNotify destroy;
  /* The GMKMenuActionGroup that holds this action and hears of its changes directly; not a
     reference (the group holds the action, and clears this when it lets go). Another group
     that holds the action listens to its notify signals instead. */
  GActionGroup *group;
  /* The name, when it fits (most do): a string of its own was one more allocation for every
     action a menu makes. */
  char inline_name[GMK_MENU_ACTION_INLINE_NAME_BYTES];
};

/* Whether `parameter` fits what `action` takes; if not, says so in a warning that names the
   action, so that a wrong activation from outside is refused with a clear diagnostic instead
   of GIO's critical. `what` is "activation" or "state" (a state change). */
gboolean gmk_menu_action_accepts(GAction *action, GVariant *parameter, const char *what);

#endif
