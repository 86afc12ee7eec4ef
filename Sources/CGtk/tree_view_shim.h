/* GtkTreeView, for GMenuKit's context menus on tree views (Sources/GMenuKit/Lists/TreeView).
   GtkTreeView, its model and selection are deprecated from GTK 4.10 (for GtkListView and
   GtkColumnView) but exist in 4.8 and 4.18: every call is made here, between
   G_GNUC_BEGIN_IGNORE_DEPRECATIONS and G_GNUC_END_IGNORE_DEPRECATIONS, so that no deprecation
   warning reaches a build against 4.10 or later. */
#ifndef GMENUKIT_TREE_VIEW_SHIM_H
#define GMENUKIT_TREE_VIEW_SHIM_H

#include <gtk/gtk.h>

G_GNUC_BEGIN_IGNORE_DEPRECATIONS

static inline gboolean gmk_is_tree_view(gpointer instance) { return GTK_IS_TREE_VIEW(instance); }

static inline GtkTreeModel *gmk_tree_view_model(GtkWidget *view) {
  return gtk_tree_view_get_model(GTK_TREE_VIEW(view));
}

/* The path of the row at (x, y) of the view, in the widget's coordinates (free it with
   gmk_tree_path_free), or NULL; *on_rows is FALSE on the column headers. */
static inline GtkTreePath *gmk_tree_view_path_at(GtkWidget *view, double x, double y, gboolean *on_rows) {
  int bin_x = 0, bin_y = 0;
  GtkTreePath *path = NULL;
  gtk_tree_view_convert_widget_to_bin_window_coords(GTK_TREE_VIEW(view), (int) x, (int) y, &bin_x, &bin_y);
  *on_rows = bin_y >= 0;
  if (bin_y >= 0 && gtk_tree_view_get_path_at_pos(GTK_TREE_VIEW(view), bin_x, bin_y, &path, NULL, NULL, NULL))
    return path;
  return NULL;
}

/* The cursor's row (free it with gmk_tree_path_free), or NULL; *area is its row across the
   whole view, in the widget's coordinates. */
static inline GtkTreePath *gmk_tree_view_cursor_row(GtkWidget *view, GdkRectangle *area) {
  GtkTreePath *path = NULL;
  gtk_tree_view_get_cursor(GTK_TREE_VIEW(view), &path, NULL);
  if (path == NULL) return NULL;
  GdkRectangle cell = { 0 };
  /* With no column: the row's y and height, x and width 0. */
  gtk_tree_view_get_cell_area(GTK_TREE_VIEW(view), path, NULL, &cell);
  int x = 0, y = 0;
  gtk_tree_view_convert_bin_window_to_widget_coords(GTK_TREE_VIEW(view), 0, cell.y, &x, &y);
  area->x = 0;
  area->y = y;
  area->width = gtk_widget_get_width(view);
  area->height = cell.height;
  return path;
}

static inline gboolean gmk_tree_view_path_is_selected(GtkWidget *view, GtkTreePath *path) {
  return gtk_tree_selection_path_is_selected(gtk_tree_view_get_selection(GTK_TREE_VIEW(view)), path);
}

/* The selected rows' paths, in the model's order (free with gmk_tree_paths_free). */
static inline GList *gmk_tree_view_selected_paths(GtkWidget *view) {
  return gtk_tree_selection_get_selected_rows(gtk_tree_view_get_selection(GTK_TREE_VIEW(view)), NULL);
}

static inline void gmk_tree_paths_free(GList *paths) {
  g_list_free_full(paths, (GDestroyNotify) gtk_tree_path_free);
}

static inline void gmk_tree_view_select_only(GtkWidget *view, GtkTreePath *path) {
  GtkTreeSelection *selection = gtk_tree_view_get_selection(GTK_TREE_VIEW(view));
  gtk_tree_selection_unselect_all(selection);
  gtk_tree_selection_select_path(selection, path);
}

static inline void gmk_tree_view_select_path(GtkWidget *view, GtkTreePath *path) {
  gtk_tree_selection_select_path(gtk_tree_view_get_selection(GTK_TREE_VIEW(view)), path);
}

static inline GtkTreePath *gmk_tree_path_new_from_indices(const int *indices, int depth) {
  return gtk_tree_path_new_from_indicesv((int *) indices, (gsize) depth);
}

static inline void gmk_tree_view_unselect_all(GtkWidget *view) {
  gtk_tree_selection_unselect_all(gtk_tree_view_get_selection(GTK_TREE_VIEW(view)));
}

static inline void gmk_tree_path_free(GtkTreePath *path) { gtk_tree_path_free(path); }

/* The path's indices from the top level down; *depth of them. */
static inline const int *gmk_tree_path_indices(GtkTreePath *path, int *depth) {
  return gtk_tree_path_get_indices_with_depth(path, depth);
}

/* A reference to the row at `path` that follows the model's changes (it holds the model). */
static inline GtkTreeRowReference *gmk_tree_row_reference_new(GtkTreeModel *model, GtkTreePath *path) {
  return gtk_tree_row_reference_new(model, path);
}
static inline void gmk_tree_row_reference_free(GtkTreeRowReference *reference) { gtk_tree_row_reference_free(reference); }
static inline gboolean gmk_tree_row_reference_valid(GtkTreeRowReference *reference) {
  return gtk_tree_row_reference_valid(reference);
}
/* The row's path now (free it with gmk_tree_path_free), or NULL when it went. */
static inline GtkTreePath *gmk_tree_row_reference_path(GtkTreeRowReference *reference) {
  return gtk_tree_row_reference_get_path(reference);
}
static inline GtkTreeModel *gmk_tree_row_reference_model(GtkTreeRowReference *reference) {
  return gtk_tree_row_reference_get_model(reference);
}

/* The row's value in a string column, newly allocated (g_free), or NULL. */
static inline char *gmk_tree_row_reference_string(GtkTreeRowReference *reference, int column) {
  GtkTreePath *path = gtk_tree_row_reference_get_path(reference);
  if (path == NULL) return NULL;
  GtkTreeModel *model = gtk_tree_row_reference_get_model(reference);
  GtkTreeIter iter;
  char *text = NULL;
  if (column >= 0 && column < gtk_tree_model_get_n_columns(model)
      && g_type_is_a(gtk_tree_model_get_column_type(model, column), G_TYPE_STRING)
      && gtk_tree_model_get_iter(model, &iter, path)) {
    GValue value = G_VALUE_INIT;
    gtk_tree_model_get_value(model, &iter, column, &value);
    text = g_value_dup_string(&value);
    g_value_unset(&value);
  }
  gtk_tree_path_free(path);
  return text;
}

/* GtkTreeView::row-activated */
typedef void (*GMKTreeRowActivatedCallback)(GtkWidget *view, GtkTreePath *path, gpointer column, gpointer user_data);
static inline gulong gmk_connect_tree_row_activated(GtkWidget *view, GMKTreeRowActivatedCallback callback,
                                                    gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(view, "row-activated", G_CALLBACK(callback), data, destroy, 0);
}

/* GtkTreeModel::row-deleted, for as long as `owner` lives. */
typedef void (*GMKTreeRowDeletedCallback)(GtkTreeModel *model, GtkTreePath *path, gpointer owner);
static inline gulong gmk_connect_tree_row_deleted_while(GtkTreeModel *model, GMKTreeRowDeletedCallback callback,
                                                        gpointer owner) {
  return g_signal_connect_object(model, "row-deleted", G_CALLBACK(callback), owner, 0);
}

G_GNUC_END_IGNORE_DEPRECATIONS

#endif
