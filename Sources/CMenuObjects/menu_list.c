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

gulong gmk_connect_key_released(GtkEventController *controller, GMKKeyReleasedCallback callback, gpointer data,
                                GClosureNotify destroy) {
  return g_signal_connect_data(controller, "key-released", G_CALLBACK(callback), data, destroy, 0);
}

void gmk_menu_list_row_set_checked(GtkWidget *row, gboolean checked) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_STATE_CHECKED, checked, -1);
}

void gmk_menu_list_scroll_to(GtkWidget *list_view, guint position) {
  gtk_widget_activate_action(list_view, "list.scroll-to-item", "u", position);
}

/* ---- GMKListRow: one command row of a scrolling menu list, as one widget. ----
 * GTK 4.8's GtkListView keeps widgets for 200 rows around the one in view (GTK_LIST_VIEW_MAX_LIST_ITEMS),
 * so each row's cost is paid 200 times at every opening: a button holding a box, a label and an
 * indicator column made opening a long list cost twice a 50-item menu. This row is the button and
 * the label at once: it draws its text with Pango, and the theme draws its background, colour,
 * hover and highlight through its CSS node, `modelbutton`, as for GTK's own items. */

struct _GMKListRow {
  GtkWidget parent_instance;
  PangoLayout *layout;
  char *text;
  int text_offset;
};

G_DEFINE_FINAL_TYPE(GMKListRow, gmk_list_row, GTK_TYPE_WIDGET)

enum { ROW_ACTIVATE, ROW_N_SIGNALS };
static guint row_signals[ROW_N_SIGNALS];

/* Characters of width every row asks for, so the menu does not change width as it scrolls. */
#define GMK_LIST_ROW_WIDTH_CHARS 28

static PangoLayout *gmk_list_row_layout(GMKListRow *self) {
  if (!self->layout) {
    self->layout = gtk_widget_create_pango_layout(GTK_WIDGET(self), self->text);
    pango_layout_set_ellipsize(self->layout, PANGO_ELLIPSIZE_END);
    pango_layout_set_single_paragraph_mode(self->layout, TRUE);
  }
  return self->layout;
}

static void gmk_list_row_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                 int *natural, int *minimum_baseline, int *natural_baseline) {
  (void) for_size;
  GMKListRow *self = GMK_LIST_ROW(widget);
  PangoLayout *layout = gmk_list_row_layout(self);
  if (orientation == GTK_ORIENTATION_HORIZONTAL) {
    PangoFontMetrics *metrics = pango_context_get_metrics(pango_layout_get_context(layout), NULL, NULL);
    int width = PANGO_PIXELS_CEIL(pango_font_metrics_get_approximate_char_width(metrics) * GMK_LIST_ROW_WIDTH_CHARS);
    pango_font_metrics_unref(metrics);
    *minimum = *natural = width + self->text_offset;
  } else {
    pango_layout_set_width(layout, -1);
    int height = 0, baseline = 0;
    pango_layout_get_pixel_size(layout, NULL, &height);
    baseline = pango_layout_get_baseline(layout) / PANGO_SCALE;
    *minimum = *natural = height;
    *minimum_baseline = *natural_baseline = baseline;
  }
}

static void gmk_list_row_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
  GMKListRow *self = GMK_LIST_ROW(widget);
  PangoLayout *layout = gmk_list_row_layout(self);
  int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
  int text_width = MAX(width - self->text_offset, 0);
  pango_layout_set_width(layout, text_width * PANGO_SCALE);
  int layout_width = 0, layout_height = 0;
  pango_layout_get_pixel_size(layout, &layout_width, &layout_height);
  gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
  pango_layout_set_alignment(layout, rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
  GdkRGBA color;
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color);
G_GNUC_END_IGNORE_DEPRECATIONS
  gtk_snapshot_save(snapshot);
  gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(rtl ? 0 : self->text_offset, (height - layout_height) / 2));
  gtk_snapshot_append_layout(snapshot, layout, &color);
  gtk_snapshot_restore(snapshot);
}

static void gmk_list_row_css_changed(GtkWidget *widget, GtkCssStyleChange *change) {
  GTK_WIDGET_CLASS(gmk_list_row_parent_class)->css_changed(widget, change);
  GMKListRow *self = GMK_LIST_ROW(widget);
  /* The font may have changed: the layout is made again with the widget's context. */
  g_clear_object(&self->layout);
  gtk_widget_queue_resize(widget);
}

static void gmk_list_row_direction_changed(GtkWidget *widget, GtkTextDirection previous) {
  GTK_WIDGET_CLASS(gmk_list_row_parent_class)->direction_changed(widget, previous);
  gtk_widget_queue_draw(widget);
}

static void gmk_list_row_pressed(GtkGestureClick *gesture, int n_press, double x, double y, GtkWidget *row) {
  (void) gesture; (void) n_press; (void) x; (void) y;
  gtk_widget_set_state_flags(row, GTK_STATE_FLAG_ACTIVE, FALSE);
}

static void gmk_list_row_released(GtkGestureClick *gesture, int n_press, double x, double y, GtkWidget *row) {
  (void) n_press;
  gtk_widget_unset_state_flags(row, GTK_STATE_FLAG_ACTIVE);
  if (gtk_widget_contains(row, x, y)) {
    gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    g_signal_emit(row, row_signals[ROW_ACTIVATE], 0);
  }
}

static void gmk_list_row_cancel(GtkGesture *gesture, GdkEventSequence *sequence, GtkWidget *row) {
  (void) gesture; (void) sequence;
  gtk_widget_unset_state_flags(row, GTK_STATE_FLAG_ACTIVE);
}

static void gmk_list_row_finalize(GObject *object) {
  GMKListRow *self = GMK_LIST_ROW(object);
  g_clear_object(&self->layout);
  g_free(self->text);
  G_OBJECT_CLASS(gmk_list_row_parent_class)->finalize(object);
}

static void gmk_list_row_class_init(GMKListRowClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->finalize = gmk_list_row_finalize;
  widget_class->measure = gmk_list_row_measure;
  widget_class->snapshot = gmk_list_row_snapshot;
  widget_class->css_changed = gmk_list_row_css_changed;
  widget_class->direction_changed = gmk_list_row_direction_changed;
  row_signals[ROW_ACTIVATE] = g_signal_new("activate", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_FIRST | G_SIGNAL_ACTION,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_activate_signal(widget_class, row_signals[ROW_ACTIVATE]);
  /* The keys that choose a model button. */
  const guint keys[] = { GDK_KEY_Return, GDK_KEY_ISO_Enter, GDK_KEY_KP_Enter, GDK_KEY_space, GDK_KEY_KP_Space };
  for (guint i = 0; i < G_N_ELEMENTS(keys); i++)
    gtk_widget_class_add_binding_signal(widget_class, keys[i], 0, "activate", NULL);
  gtk_widget_class_set_css_name(widget_class, "modelbutton");
  gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_MENU_ITEM);
}

static void gmk_list_row_init(GMKListRow *self) {
  gtk_widget_set_focusable(GTK_WIDGET(self), TRUE);
  GtkGesture *click = gtk_gesture_click_new();
  gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click), GDK_BUTTON_PRIMARY);
  g_signal_connect_object(click, "pressed", G_CALLBACK(gmk_list_row_pressed), self, 0);
  g_signal_connect_object(click, "released", G_CALLBACK(gmk_list_row_released), self, 0);
  g_signal_connect_object(click, "cancel", G_CALLBACK(gmk_list_row_cancel), self, 0);
  gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(click));
}

GtkWidget *gmk_list_row_new(void) {
  return g_object_new(GMK_TYPE_LIST_ROW, NULL);
}

void gmk_list_row_set_text(GtkWidget *row, const char *text) {
  g_return_if_fail(GMK_IS_LIST_ROW(row));
  GMKListRow *self = GMK_LIST_ROW(row);
  if (g_strcmp0(self->text, text) == 0) return;
  g_free(self->text);
  self->text = g_strdup(text);
  if (self->layout) pango_layout_set_text(self->layout, text, -1);
  gtk_accessible_update_property(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  gtk_widget_queue_draw(row);
}

const char *gmk_list_row_get_text(GtkWidget *row) {
  g_return_val_if_fail(GMK_IS_LIST_ROW(row), NULL);
  return GMK_LIST_ROW(row)->text;
}

void gmk_list_row_set_text_offset(GtkWidget *row, int offset) {
  g_return_if_fail(GMK_IS_LIST_ROW(row));
  GMKListRow *self = GMK_LIST_ROW(row);
  if (self->text_offset == offset) return;
  self->text_offset = MAX(offset, 0);
  gtk_widget_queue_resize(row);
}

gulong gmk_connect_list_row_activate(GtkWidget *row, GMKListRowCallback callback, gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(row, "activate", G_CALLBACK(callback), data, destroy, 0);
}
