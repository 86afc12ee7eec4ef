#include "tree_view_fixtures.h"

G_GNUC_BEGIN_IGNORE_DEPRECATIONS

GtkWidget *gmk_fixture_note_tree_view(int count, gboolean activates_on_single_click, GtkListStore **store) {
  GtkListStore *notes = gtk_list_store_new(1, G_TYPE_STRING);
  for (int index = 0; index < count; index++) {
    char *title = g_strdup_printf("Note %d", index);
    gtk_list_store_insert_with_values(notes, NULL, -1, 0, title, -1);
    g_free(title);
  }
  GtkWidget *view = gtk_tree_view_new_with_model(GTK_TREE_MODEL(notes));
  g_object_unref(notes);
  GtkCellRenderer *renderer = gtk_cell_renderer_text_new();
  gtk_tree_view_insert_column_with_attributes(GTK_TREE_VIEW(view), -1, "Title", renderer, "text", 0, NULL);
  gtk_tree_selection_set_mode(gtk_tree_view_get_selection(GTK_TREE_VIEW(view)), GTK_SELECTION_MULTIPLE);
  gtk_tree_view_set_activate_on_single_click(GTK_TREE_VIEW(view), activates_on_single_click);
  /* GTK 4.8's interactive search, made at the first key press, parents its popover after the
     column header buttons (gtk_tree_view_ensure_interactive_directory, gtktreeview.c), whose
     CSS nodes are under the view's header node: a critical (gtk_css_node_insert_after), fatal
     in the tests. Not GMenuKit's; off here. */
  gtk_tree_view_set_enable_search(GTK_TREE_VIEW(view), FALSE);
  *store = notes;
  return view;
}

void gmk_fixture_tree_view_select(GtkWidget *view, const int *positions, int count) {
  GtkTreeSelection *selection = gtk_tree_view_get_selection(GTK_TREE_VIEW(view));
  gtk_tree_selection_unselect_all(selection);
  for (int index = 0; index < count; index++) {
    GtkTreePath *path = gtk_tree_path_new_from_indices(positions[index], -1);
    gtk_tree_selection_select_path(selection, path);
    gtk_tree_path_free(path);
  }
}

char *gmk_fixture_tree_store_title(GtkListStore *store, int position) {
  GtkTreeIter iter;
  char *title = NULL;
  if (gtk_tree_model_iter_nth_child(GTK_TREE_MODEL(store), &iter, NULL, position))
    gtk_tree_model_get(GTK_TREE_MODEL(store), &iter, 0, &title, -1);
  return title;
}

int gmk_fixture_tree_store_count(GtkListStore *store) {
  return gtk_tree_model_iter_n_children(GTK_TREE_MODEL(store), NULL);
}

void gmk_fixture_tree_store_remove(GtkListStore *store, int position) {
  GtkTreeIter iter;
  if (gtk_tree_model_iter_nth_child(GTK_TREE_MODEL(store), &iter, NULL, position))
    gtk_list_store_remove(store, &iter);
}

void gmk_fixture_tree_store_insert(GtkListStore *store, int position, const char *title) {
  gtk_list_store_insert_with_values(store, NULL, position, 0, title, -1);
}

gboolean gmk_fixture_tree_view_row_area(GtkWidget *view, int position, GdkRectangle *area) {
  GtkTreePath *path = gtk_tree_path_new_from_indices(position, -1);
  GdkRectangle cell = { 0 };
  gtk_tree_view_get_cell_area(GTK_TREE_VIEW(view), path, NULL, &cell);
  gtk_tree_path_free(path);
  if (cell.height == 0) return FALSE;
  int x = 0, y = 0;
  gtk_tree_view_convert_bin_window_to_widget_coords(GTK_TREE_VIEW(view), 0, cell.y, &x, &y);
  *area = (GdkRectangle) { 0, y, gtk_widget_get_width(view), cell.height };
  return TRUE;
}

void gmk_fixture_tree_view_set_cursor(GtkWidget *view, int position) {
  GtkTreePath *path = gtk_tree_path_new_from_indices(position, -1);
  gtk_tree_view_set_cursor(GTK_TREE_VIEW(view), path, NULL, FALSE);
  gtk_tree_view_scroll_to_cell(GTK_TREE_VIEW(view), path, NULL, FALSE, 0, 0);
  gtk_tree_path_free(path);
}

G_GNUC_END_IGNORE_DEPRECATIONS
