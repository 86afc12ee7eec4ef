#ifndef GMENUKIT_MENU_ACTIONS_H
#define GMENUKIT_MENU_ACTIONS_H

/* GMenuKit's own GAction and GActionGroup.
 *
 * A menu of thousands of items has thousands of actions. With GSimpleAction in a
 * GSimpleActionGroup, each one costs a GObject built through properties, a signal handler
 * for its activation, and two more handlers the group connects to follow its enabled flag
 * and state. GMKMenuAction calls one C function directly, and tells the GMKMenuActionGroup
 * it belongs to about its changes directly, so an action costs one small object and one
 * hash-table entry. Both are complete GObjects: a GMKMenuAction is a GAction that anyone may
 * look up (GActionMap), hold and activate, and a GMKMenuActionGroup takes any other GAction too.
 */

#include <gio/gio.h>

G_BEGIN_DECLS

#define GMK_TYPE_MENU_ACTION (gmk_menu_action_get_type())
G_DECLARE_FINAL_TYPE(GMKMenuAction, gmk_menu_action, GMK, MENU_ACTION, GObject)

#define GMK_TYPE_MENU_ACTION_GROUP (gmk_menu_action_group_get_type())
G_DECLARE_FINAL_TYPE(GMKMenuActionGroup, gmk_menu_action_group, GMK, MENU_ACTION_GROUP, GObject)

/* Runs when the action is activated or asked to change its state. For a stateless action,
 * `parameter` is the activation's parameter; for a stateful one, the state asked for (a
 * Boolean action activated without a parameter asks for the opposite of its state). The
 * handler decides whether to set the state. */
typedef void (*GMKMenuActionHandler)(GMKMenuAction *action, GVariant *parameter, gpointer user_data);

/* A new enabled action. `parameter_type` may be NULL; `state` (NULL for a stateless action)
 * is sunk if floating. */
GMKMenuAction *gmk_menu_action_new(const char *name, const GVariantType *parameter_type, GVariant *state);

/* Replaces the handler; the previous user data is destroyed with its notify. A NULL handler
 * makes activation do nothing, which is how a removed item's action stays harmless in the
 * hands of whoever still holds it. */
void gmk_menu_action_set_handler(GMKMenuAction *action, GMKMenuActionHandler handler, gpointer user_data,
                                 GDestroyNotify destroy);
/* The user data given with the handler, or NULL. */
gpointer gmk_menu_action_get_handler_data(GMKMenuAction *action);
void gmk_menu_action_set_enabled(GMKMenuAction *action, gboolean enabled);
/* Sets the state; `state` is sunk if floating and must have the action's state type. */
void gmk_menu_action_set_state(GMKMenuAction *action, GVariant *state);
/* The same for a boolean state, without making a GVariant when the state is already `value`:
   a refresh sets every toggle's state, nearly always to what it was. */
void gmk_menu_action_set_boolean_state(GMKMenuAction *action, gboolean value);

GMKMenuActionGroup *gmk_menu_action_group_new(void);
/* Adds `action` (taking a reference), replacing an action of the same name. */
void gmk_menu_action_group_add(GMKMenuActionGroup *group, GAction *action);
void gmk_menu_action_group_remove(GMKMenuActionGroup *group, const char *name);
/* Removes every action, each GMKMenuAction's handler cleared first (its data destroyed), and
 * before that a stateful one's handler data given to `stateful` (may be NULL): with nobody
 * listening for `action-removed`, the table goes at once, not name by name. */
void gmk_menu_action_group_remove_all(GMKMenuActionGroup *group, GFunc stateful, gpointer data);
/* The GMKMenuAction of that name, or NULL (also for an action of another kind). */
GMKMenuAction *gmk_menu_action_group_lookup(GMKMenuActionGroup *group, const char *name);
guint gmk_menu_action_group_count(GMKMenuActionGroup *group);

G_END_DECLS

/* A GMenuKit check or radio row: a GtkCheckButton whose arrow keys move through the menu.
 *
 * GTK 4.8's GtkCheckButton takes every arrow key's focus move while it has the focus: it
 * moves among the buttons of its group and activates the one it lands on, a lone button
 * included (gtkcheckbutton.c, gtk_check_button_focus), so Down on a check row of a menu
 * toggled it and kept the focus there. The row uses GtkWidget's own focus handling instead,
 * as GTK's model buttons do: the menu moves the focus on.
 */

GType gmk_check_row_get_type(void);

#endif
