#include "gmk_menu_actions.h"

#include <gtk/gtk.h>

G_DECLARE_FINAL_TYPE(GMKCheckRow, gmk_check_row, GMK, CHECK_ROW, GtkCheckButton)

struct _GMKCheckRow {
  GtkCheckButton parent_instance;
};

G_DEFINE_FINAL_TYPE(GMKCheckRow, gmk_check_row, GTK_TYPE_CHECK_BUTTON)

static gboolean gmk_check_row_focus(GtkWidget *widget, GtkDirectionType direction) {
  GtkWidgetClass *widget_class = g_type_class_peek(GTK_TYPE_WIDGET);
  return widget_class->focus(widget, direction);
}

static void gmk_check_row_class_init(GMKCheckRowClass *klass) {
  GTK_WIDGET_CLASS(klass)->focus = gmk_check_row_focus;
}

static void gmk_check_row_init(GMKCheckRow *self) {
  (void) self;
}
