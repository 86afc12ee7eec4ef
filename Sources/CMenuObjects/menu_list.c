#include "gmk_menu_list.h"

#define GMK_TYPE_MENU_LIST_MODEL (gmk_menu_list_model_get_type())
G_DECLARE_FINAL_TYPE(GMKMenuListModel, gmk_menu_list_model, GMK, MENU_LIST_MODEL, GObject)

struct _GMKMenuListModel {
  GObject parent_instance;
  guint n_items;
};

static GType gmk_menu_list_model_get_item_type(GListModel *model) {
  (void) model;
  return G_TYPE_OBJECT;
}

static guint gmk_menu_list_model_get_n_items(GListModel *model) {
  return GMK_MENU_LIST_MODEL(model)->n_items;
}

static gpointer gmk_menu_list_model_get_item(GListModel *model, guint position) {
  if (position >= GMK_MENU_LIST_MODEL(model)->n_items) return NULL;
  return g_object_new(G_TYPE_OBJECT, NULL);
}

static void gmk_menu_list_model_list_model_init(GListModelInterface *iface) {
  iface->get_item_type = gmk_menu_list_model_get_item_type;
  iface->get_n_items = gmk_menu_list_model_get_n_items;
  iface->get_item = gmk_menu_list_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(GMKMenuListModel, gmk_menu_list_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, gmk_menu_list_model_list_model_init))

static void gmk_menu_list_model_class_init(GMKMenuListModelClass *klass) {
  (void) klass;
}

static void gmk_menu_list_model_init(GMKMenuListModel *self) {
  self->n_items = 0;
}

GListModel *gmk_menu_list_model_new(guint n_items) {
  GMKMenuListModel *model = g_object_new(GMK_TYPE_MENU_LIST_MODEL, NULL);
  model->n_items = n_items;
  return G_LIST_MODEL(model);
}

void gmk_menu_list_model_splice(GListModel *model, guint position, guint removed, guint added) {
  g_return_if_fail(GMK_IS_MENU_LIST_MODEL(model));
  GMKMenuListModel *self = GMK_MENU_LIST_MODEL(model);
  g_return_if_fail(position <= self->n_items && removed <= self->n_items - position);
  if (removed == 0 && added == 0) return;
  self->n_items = self->n_items - removed + added;
  g_list_model_items_changed(model, position, removed, added);
}

void gmk_menu_list_model_changed(GListModel *model, guint position) {
  g_return_if_fail(GMK_IS_MENU_LIST_MODEL(model));
  if (position >= GMK_MENU_LIST_MODEL(model)->n_items) return;
  g_list_model_items_changed(model, position, 1, 1);
}

gulong gmk_connect_key_pressed(GtkEventController *controller, GMKKeyPressedCallback callback, gpointer data,
                               GClosureNotify destroy) {
  return g_signal_connect_data(controller, "key-pressed", G_CALLBACK(callback), data, destroy, 0);
}

void gmk_menu_list_row_set_checked(GtkWidget *row, gboolean checked) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_STATE_CHECKED, checked, -1);
}

void gmk_menu_list_scroll_to(GtkWidget *list_view, guint position) {
  gtk_widget_activate_action(list_view, "list.scroll-to-item", "u", position);
}
