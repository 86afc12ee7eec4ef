/* A GtkTreeView of notes for the tests of tree views' context menus, built in C: GtkTreeView,
   GtkListStore and the cell renderers are deprecated from GTK 4.10, and their warnings are
   silenced here as in Sources/CGtk/tree_view_shim.h. */
#ifndef GMENUKIT_TREE_VIEW_FIXTURES_H
#define GMENUKIT_TREE_VIEW_FIXTURES_H

#include <gtk/gtk.h>

/* A tree view with multiple selection and one text column ("Title") over a list store of
   `count` rows "Note 0", "Note 1", …; *store is the view's model (the view holds it). */
GtkWidget *gmk_fixture_note_tree_view(int count, gboolean activates_on_single_click, GtkListStore **store);
/* Selects exactly the rows at `positions`. */
void gmk_fixture_tree_view_select(GtkWidget *view, const int *positions, int count);
/* The top-level row's title at `position`, newly allocated. */
char *gmk_fixture_tree_store_title(GtkListStore *store, int position);
int gmk_fixture_tree_store_count(GtkListStore *store);
void gmk_fixture_tree_store_remove(GtkListStore *store, int position);
void gmk_fixture_tree_store_insert(GtkListStore *store, int position, const char *title);
/* The row at `position` in the view's widget coordinates; FALSE when it has none. */
gboolean gmk_fixture_tree_view_row_area(GtkWidget *view, int position, GdkRectangle *area);
/* Moves the cursor (and the focus) to the row at `position`, scrolled into view. */
void gmk_fixture_tree_view_set_cursor(GtkWidget *view, int position);

#endif
