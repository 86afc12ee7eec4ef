/* GTK's list widgets, for GMenuKit's context menus on lists (Sources/GMenuKit/Lists). */
#ifndef GMENUKIT_LISTS_SHIM_H
#define GMENUKIT_LISTS_SHIM_H

#include <gtk/gtk.h>

static inline gboolean gmk_is_list_view(gpointer instance) { return GTK_IS_LIST_VIEW(instance); }
static inline gboolean gmk_is_grid_view(gpointer instance) { return GTK_IS_GRID_VIEW(instance); }
static inline gboolean gmk_is_column_view(gpointer instance) { return GTK_IS_COLUMN_VIEW(instance); }
static inline gboolean gmk_is_list_box(gpointer instance) { return GTK_IS_LIST_BOX(instance); }
static inline gboolean gmk_is_list_box_row(gpointer instance) { return GTK_IS_LIST_BOX_ROW(instance); }
static inline gboolean gmk_is_label(gpointer instance) { return GTK_IS_LABEL(instance); }
static inline gboolean gmk_is_signal_list_item_factory(gpointer instance) { return GTK_IS_SIGNAL_LIST_ITEM_FACTORY(instance); }

static inline GtkListView *gmk_list_view(gpointer instance) { return GTK_LIST_VIEW(instance); }
static inline GtkGridView *gmk_grid_view(gpointer instance) { return GTK_GRID_VIEW(instance); }
static inline GtkColumnView *gmk_column_view(gpointer instance) { return GTK_COLUMN_VIEW(instance); }
static inline GtkColumnViewColumn *gmk_column_view_column(gpointer instance) { return GTK_COLUMN_VIEW_COLUMN(instance); }
static inline GtkListBox *gmk_list_box(gpointer instance) { return GTK_LIST_BOX(instance); }
static inline GtkListBoxRow *gmk_list_box_row(gpointer instance) { return GTK_LIST_BOX_ROW(instance); }
static inline GtkSelectionModel *gmk_selection_model(gpointer instance) { return GTK_SELECTION_MODEL(instance); }
static inline gboolean gmk_is_selection_model(gpointer instance) { return GTK_IS_SELECTION_MODEL(instance); }
static inline gboolean gmk_is_list_model(gpointer instance) { return G_IS_LIST_MODEL(instance); }
static inline GtkListItem *gmk_list_item(gpointer instance) { return GTK_LIST_ITEM(instance); }
static inline GtkListItemFactory *gmk_list_item_factory(gpointer instance) { return GTK_LIST_ITEM_FACTORY(instance); }
static inline GtkSignalListItemFactory *gmk_signal_list_item_factory(gpointer instance) { return GTK_SIGNAL_LIST_ITEM_FACTORY(instance); }

/* GtkListView::activate, GtkGridView::activate, GtkColumnView::activate */
typedef void (*GMKPositionCallback)(gpointer list, guint position, gpointer user_data);
/* GtkListBox::row-activated */
typedef void (*GMKRowActivatedCallback)(GtkListBox *box, GtkListBoxRow *row, gpointer user_data);
/* GtkSignalListItemFactory::setup and ::teardown */
typedef void (*GMKListItemCallback)(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data);
/* GListModel::items-changed */
typedef void (*GMKListItemsChangedCallback)(GListModel *model, guint position, guint removed, guint added,
                                            gpointer user_data);

static inline gulong gmk_connect_position(gpointer list, const char *signal, GMKPositionCallback callback,
                                          gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(list, signal, G_CALLBACK(callback), data, destroy, 0);
}

static inline gulong gmk_connect_row_activated(GtkListBox *box, GMKRowActivatedCallback callback,
                                               gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(box, "row-activated", G_CALLBACK(callback), data, destroy, 0);
}

static inline gulong gmk_connect_list_item(GtkListItemFactory *factory, const char *signal, GMKListItemCallback callback,
                                           gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(factory, signal, G_CALLBACK(callback), data, destroy, 0);
}

/* The handler goes when `owner` is finalized (g_signal_connect_object), which is its data. */
static inline gulong gmk_connect_list_item_while(GtkListItemFactory *factory, const char *signal,
                                                 GMKListItemCallback callback, gpointer owner) {
  return g_signal_connect_object(factory, signal, G_CALLBACK(callback), owner, 0);
}

static inline gulong gmk_connect_list_items_changed(GListModel *model, GMKListItemsChangedCallback callback,
                                                    gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(model, "items-changed", G_CALLBACK(callback), data, destroy, 0);
}

/* The handler goes when `owner` is finalized. */
static inline gulong gmk_connect_list_items_changed_while(GListModel *model, GMKListItemsChangedCallback callback,
                                                          gpointer owner) {
  return g_signal_connect_object(model, "items-changed", G_CALLBACK(callback), owner, 0);
}

#endif
