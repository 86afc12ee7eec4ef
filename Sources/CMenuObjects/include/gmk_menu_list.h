/* The parts of GMenuKit's scrolling menu lists that are written in C: a GListModel that says how
 * many elements a generated list has and makes an item only when GTK asks for one (a GtkListView
 * asks for the rows it shows), and the key handler's connection. */
#ifndef GMK_MENU_LIST_H
#define GMK_MENU_LIST_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A GListModel of `n` placeholder items, made on demand: every get_item is a new plain GObject
 * (distinct objects, so GTK rebinds a row whose element changed). What a row shows is read
 * from its position by whoever binds it. */
GListModel *gmk_menu_list_model_new(guint n_items);
/* `removed` items at `position` replaced by `added`, with one items-changed. */
void gmk_menu_list_model_splice(GListModel *model, guint position, guint removed, guint added);
/* items-changed(position, 1, 1): the element there changed and its row is bound again. */
void gmk_menu_list_model_changed(GListModel *model, guint position);

/* GtkEventControllerKey::key-pressed */
typedef gboolean (*GMKKeyPressedCallback)(GtkEventControllerKey *controller, guint keyval, guint keycode,
                                          GdkModifierType state, gpointer user_data);
gulong gmk_connect_key_pressed(GtkEventController *controller, GMKKeyPressedCallback callback, gpointer data,
                               GClosureNotify destroy);
/* GtkEventControllerKey::key-released */
typedef void (*GMKKeyReleasedCallback)(GtkEventControllerKey *controller, guint keyval, guint keycode,
                                       GdkModifierType state, gpointer user_data);
gulong gmk_connect_key_released(GtkEventController *controller, GMKKeyReleasedCallback callback, gpointer data,
                                GClosureNotify destroy);

/* A row's checked state for screen readers (gtk_accessible_update_state is variadic). */
void gmk_menu_list_row_set_checked(GtkWidget *row, gboolean checked);
/* Scrolls a list view to `position` (the `list.scroll-to-item` action of GTK 4.8). */
void gmk_menu_list_scroll_to(GtkWidget *list_view, guint position);

/* One command row of a scrolling menu list, as one widget: its CSS node is `modelbutton`, its
 * role a menu item named by its text; it draws its text, ellipsized, after `text_offset` pixels
 * (the page's indicator column); a click, Return or Space emits `activate`. */
#define GMK_TYPE_LIST_ROW (gmk_list_row_get_type())
G_DECLARE_FINAL_TYPE(GMKListRow, gmk_list_row, GMK, LIST_ROW, GtkWidget)
GtkWidget *gmk_list_row_new(void);
static inline gboolean gmk_is_list_row(gpointer instance) { return GMK_IS_LIST_ROW(instance); }
void gmk_list_row_set_text(GtkWidget *row, const char *text);
const char *gmk_list_row_get_text(GtkWidget *row);
void gmk_list_row_set_text_offset(GtkWidget *row, int offset);
typedef void (*GMKListRowCallback)(GtkWidget *row, gpointer user_data);
gulong gmk_connect_list_row_activate(GtkWidget *row, GMKListRowCallback callback, gpointer data, GClosureNotify destroy);

G_END_DECLS

#endif
