#ifndef GMENUKIT_CGTK_SHIM_H
#define GMENUKIT_CGTK_SHIM_H

/* GTK's casts and signal helpers are C macros, which Swift cannot call.
   Each one gets a tiny typed inline function here. */

#include <dlfcn.h>
#include <gtk/gtk.h>
#include <glib-unix.h>
/* bindtextdomain and textdomain: an app binds its gettext domain, which imported menus use. */
#include <libintl.h>

/* Casts. The Swift side keeps the exact GTK types; these do the upcasts. */
static inline GObject *gmk_object(gpointer instance) { return G_OBJECT(instance); }
static inline GMenuModel *gmk_menu_model(gpointer instance) { return G_MENU_MODEL(instance); }
static inline GActionGroup *gmk_action_group(gpointer instance) { return G_ACTION_GROUP(instance); }
static inline GActionMap *gmk_action_map(gpointer instance) { return G_ACTION_MAP(instance); }
static inline GAction *gmk_action(gpointer instance) { return G_ACTION(instance); }
static inline GtkWidget *gmk_widget(gpointer instance) { return GTK_WIDGET(instance); }
static inline GtkWindow *gmk_window(gpointer instance) { return GTK_WINDOW(instance); }
static inline GtkBox *gmk_box(gpointer instance) { return GTK_BOX(instance); }
static inline GtkLabel *gmk_label(gpointer instance) { return GTK_LABEL(instance); }
static inline GtkMenuButton *gmk_menu_button(gpointer instance) { return GTK_MENU_BUTTON(instance); }
static inline GtkPopover *gmk_popover(gpointer instance) { return GTK_POPOVER(instance); }
static inline GApplication *gmk_g_application(gpointer instance) { return G_APPLICATION(instance); }
static inline GtkScrolledWindow *gmk_scrolled_window(gpointer instance) { return GTK_SCROLLED_WINDOW(instance); }
static inline gboolean gmk_is_scrolled_window(gpointer instance) { return GTK_IS_SCROLLED_WINDOW(instance); }
static inline GListModel *gmk_list_model(gpointer instance) { return G_LIST_MODEL(instance); }
static inline GListStore *gmk_list_store(gpointer instance) { return G_LIST_STORE(instance); }
static inline GtkShortcutController *gmk_shortcut_controller(gpointer instance) { return GTK_SHORTCUT_CONTROLLER(instance); }
static inline GtkTextView *gmk_text_view(gpointer instance) { return GTK_TEXT_VIEW(instance); }
static inline GtkPopoverMenu *gmk_popover_menu(gpointer instance) { return GTK_POPOVER_MENU(instance); }
static inline GtkPopoverMenuBar *gmk_popover_menu_bar(gpointer instance) { return GTK_POPOVER_MENU_BAR(instance); }
static inline GtkEventController *gmk_event_controller(gpointer instance) { return GTK_EVENT_CONTROLLER(instance); }
static inline GtkGesture *gmk_gesture(gpointer instance) { return GTK_GESTURE(instance); }
static inline GtkGestureSingle *gmk_gesture_single(gpointer instance) { return GTK_GESTURE_SINGLE(instance); }
static inline GtkButton *gmk_button(gpointer instance) { return GTK_BUTTON(instance); }
static inline GtkToggleButton *gmk_toggle_button(gpointer instance) { return GTK_TOGGLE_BUTTON(instance); }
static inline GtkStack *gmk_stack(gpointer instance) { return GTK_STACK(instance); }
static inline GtkActionable *gmk_actionable(gpointer instance) { return GTK_ACTIONABLE(instance); }
static inline GtkRange *gmk_range(gpointer instance) { return GTK_RANGE(instance); }
static inline GtkScale *gmk_scale(gpointer instance) { return GTK_SCALE(instance); }
static inline GtkImage *gmk_image(gpointer instance) { return GTK_IMAGE(instance); }
static inline GtkCheckButton *gmk_check_button(gpointer instance) { return GTK_CHECK_BUTTON(instance); }
static inline GtkNative *gmk_native(gpointer instance) { return GTK_NATIVE(instance); }
static inline GtkRoot *gmk_root(gpointer instance) { return GTK_ROOT(instance); }
static inline GtkEntry *gmk_entry(gpointer instance) { return GTK_ENTRY(instance); }
static inline GtkText *gmk_text(gpointer instance) { return GTK_TEXT(instance); }
static inline GtkStyleProvider *gmk_style_provider(gpointer instance) { return GTK_STYLE_PROVIDER(instance); }

static inline gboolean gmk_is_menu_button(gpointer instance) { return GTK_IS_MENU_BUTTON(instance); }
static inline gboolean gmk_is_widget(gpointer instance) { return GTK_IS_WIDGET(instance); }
static inline gboolean gmk_is_button(gpointer instance) { return GTK_IS_BUTTON(instance); }
static inline gboolean gmk_is_gtk_application(gpointer instance) { return GTK_IS_APPLICATION(instance); }
static inline gboolean gmk_is_shortcut_controller(gpointer instance) { return GTK_IS_SHORTCUT_CONTROLLER(instance); }
static inline GtkShortcut *gmk_shortcut(gpointer instance) { return GTK_SHORTCUT(instance); }
static inline GtkApplication *gmk_gtk_application(gpointer instance) { return GTK_APPLICATION(instance); }
static inline gboolean gmk_is_window(gpointer instance) { return GTK_IS_WINDOW(instance); }
static inline gboolean gmk_is_popover(gpointer instance) { return GTK_IS_POPOVER(instance); }
static inline gboolean gmk_is_popup_surface(gpointer surface) { return GDK_IS_POPUP(surface); }
static inline gboolean gmk_is_popover_menu(gpointer instance) { return GTK_IS_POPOVER_MENU(instance); }
static inline gboolean gmk_is_popover_menu_bar(gpointer instance) { return GTK_IS_POPOVER_MENU_BAR(instance); }
static inline gboolean gmk_is_native(gpointer instance) { return GTK_IS_NATIVE(instance); }
static inline gboolean gmk_is_stack(gpointer instance) { return GTK_IS_STACK(instance); }
static inline gboolean gmk_is_text_view(gpointer instance) { return GTK_IS_TEXT_VIEW(instance); }
static inline gboolean gmk_is_entry(gpointer instance) { return GTK_IS_ENTRY(instance); }
static inline gboolean gmk_is_text(gpointer instance) { return GTK_IS_TEXT(instance); }
static inline gboolean gmk_is_editable(gpointer instance) { return GTK_IS_EDITABLE(instance); }
static inline GtkEditable *gmk_editable(gpointer instance) { return GTK_EDITABLE(instance); }
static inline gboolean gmk_is_file_icon(gpointer instance) { return G_IS_FILE_ICON(instance); }
static inline gboolean gmk_is_action_group(gpointer instance) { return G_IS_ACTION_GROUP(instance); }
static inline const char *gmk_type_name_of(gpointer instance) { return G_OBJECT_TYPE_NAME(instance); }
static inline GType gmk_type_of(gpointer instance) { return G_OBJECT_TYPE(instance); }

/* g_object_get is variadic; these read one property of a known type. */
static inline char *gmk_object_dup_string(gpointer object, const char *property) {
  char *value = NULL;
  g_object_get(object, property, &value, NULL);
  return value;
}
static inline gint gmk_object_get_int(gpointer object, const char *property) {
  gint value = 0;
  g_object_get(object, property, &value, NULL);
  return value;
}
static inline gboolean gmk_object_get_boolean(gpointer object, const char *property) {
  gboolean value = FALSE;
  g_object_get(object, property, &value, NULL);
  return value;
}

/* gtk_accessible_update_property and its kin are variadic. */
static inline void gmk_accessible_set_label(GtkWidget *widget, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
static inline void gmk_accessible_set_description(GtkWidget *widget, const char *description) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}
static inline void gmk_accessible_set_key_shortcuts(GtkWidget *widget, const char *shortcuts) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_KEY_SHORTCUTS, shortcuts, -1);
}
static inline void gmk_accessible_reset_description(GtkWidget *widget) {
  gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}
/* The widget is named by `label`'s text, as GtkModelButton is by its label. */
static inline void gmk_accessible_set_labelled_by(GtkWidget *widget, GtkWidget *label) {
  gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

/* gtk_accessible_announce (GTK 4.14) where the running GTK has it, found at run time: GMenuKit is
   built against GTK 4.8's headers. A screen reader speaks `message` at once. Returns whether the
   running GTK could. (dlsym's NULL handle is glibc's RTLD_DEFAULT.) */
static inline gboolean gmk_accessible_announce(GtkWidget *widget, const char *message) {
  static void (*announce)(GtkAccessible *, const char *, int) = NULL;
  static gboolean looked = FALSE;
  if (!looked) {
    looked = TRUE;
    *(void **) (&announce) = dlsym((void *) 0, "gtk_accessible_announce");
  }
  if (announce == NULL) return FALSE;
  announce(GTK_ACCESSIBLE(widget), message, 1 /* GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM */);
  return TRUE;
}

/* Names any accessible object, a GtkStackPage as well as a widget. */
static inline void gmk_accessible_object_set_label(gpointer accessible, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(accessible), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
/* A menu button's face for screen readers: its own name in place of what GTK derives from its
   children or other widgets (GTK 4.8 falls back to the type name, "GtkMenuButton"). */
static inline void gmk_accessible_reset_labelled_by(GtkWidget *widget) {
  gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY);
}
/* What opens: `menu` for a menu (GTK 4.18's AT-SPI reports it as has-popup; 4.8's reports no
   such state), and whether it is open now (expandable and expanded in both). */
static inline void gmk_accessible_set_has_popup(GtkWidget *widget, gboolean has_popup) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_HAS_POPUP, has_popup, -1);
}
static inline void gmk_accessible_set_expanded(GtkWidget *widget, gboolean expanded) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_EXPANDED, expanded, -1);
}
/* Left out of what a screen reader hears (an icon beside a label that already says it all,
   a menu button's arrow). */
static inline void gmk_accessible_set_hidden(GtkWidget *widget) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}

/* A widget of `type` with the construct-only `accessible-role` (what a screen reader is told
   it is) and, unless NULL, `css-name` (the name of its CSS node, which selects the theme's
   rules). g_object_new is variadic, so the properties go through g_object_new_with_properties. */
static inline GtkWidget *gmk_widget_new_with_role(GType type, GtkAccessibleRole role, const char *css_name) {
  const char *names[2] = { "accessible-role", "css-name" };
  GValue values[2] = { G_VALUE_INIT, G_VALUE_INIT };
  g_value_init(&values[0], GTK_TYPE_ACCESSIBLE_ROLE);
  g_value_set_enum(&values[0], role);
  guint count = 1;
  if (css_name != NULL) {
    g_value_init(&values[1], G_TYPE_STRING);
    g_value_set_static_string(&values[1], css_name);
    count = 2;
  }
  GObject *object = g_object_new_with_properties(type, count, names, values);
  for (guint i = 0; i < count; i++) g_value_unset(&values[i]);
  return GTK_WIDGET(object);
}

/* Keeps `role` the accessible role of `widget` when GTK itself changes it. Newer GTK (4.18)
   makes `accessible-role` writable while the widget's AT context is unrealized, and its
   GtkCheckButton sets its own role whenever its action's kind is known (gtkcheckbutton.c,
   update_button_role: checkbox for a boolean state, radio for a target): it unrealizes the
   context, calls gtk_widget_set_accessible_role (which notifies `accessible-role`) and
   realizes the context again. This handler runs inside that notification, while the context
   is still unrealized, and puts the role back; the second notification finds it in place. */
static inline void gmk_keep_accessible_role_notify(GObject *object, GParamSpec *pspec, gpointer data) {
  (void) pspec;
  GtkAccessibleRole wanted = (GtkAccessibleRole) GPOINTER_TO_INT(data);
  GtkAccessibleRole role = GTK_ACCESSIBLE_ROLE_NONE;
  g_object_get(object, "accessible-role", &role, NULL);
  if (role != wanted) g_object_set(object, "accessible-role", wanted, NULL);
}
static inline void gmk_keep_accessible_role(GtkWidget *widget, GtkAccessibleRole role) {
  g_signal_connect(widget, "notify::accessible-role", G_CALLBACK(gmk_keep_accessible_role_notify), GINT_TO_POINTER(role));
}

/* Variant type constants are macros too. */
static inline const GVariantType *gmk_variant_type_string(void) { return G_VARIANT_TYPE_STRING; }
static inline const GVariantType *gmk_variant_type_boolean(void) { return G_VARIANT_TYPE_BOOLEAN; }
static inline const GVariantType *gmk_variant_type_double(void) { return G_VARIANT_TYPE_DOUBLE; }

/* g_signal_connect is a macro; these are its typed forms. */
typedef void (*GMKActionCallback)(GSimpleAction *action, GVariant *parameter, gpointer user_data);
typedef void (*GMKItemsChangedCallback)(GMenuModel *model, gint position, gint removed, gint added, gpointer user_data);
typedef void (*GMKWidgetCallback)(GtkWidget *widget, gpointer user_data);
typedef void (*GMKApplicationCallback)(GApplication *application, gpointer user_data);
/* GtkGestureClick::pressed and ::released */
typedef void (*GMKClickCallback)(GtkGestureClick *gesture, gint n_press, gdouble x, gdouble y, gpointer user_data);
/* GtkGestureLongPress::pressed */
typedef void (*GMKLongPressCallback)(GtkGestureLongPress *gesture, gdouble x, gdouble y, gpointer user_data);
/* GActionGroup::action-state-changed */
typedef void (*GMKActionStateChangedCallback)(GActionGroup *group, const char *name, GVariant *value, gpointer user_data);
/* GActionGroup::action-enabled-changed */
typedef void (*GMKActionEnabledChangedCallback)(GActionGroup *group, const char *name, gboolean enabled, gpointer user_data);
/* GtkEventControllerMotion::enter */
typedef void (*GMKPointerEnterCallback)(GtkEventControllerMotion *controller, gdouble x, gdouble y, gpointer user_data);
/* GtkEventControllerFocus::enter and other signals that pass only the controller */
typedef void (*GMKControllerCallback)(GtkEventController *controller, gpointer user_data);
typedef gboolean (*GMKLegacyEventCallback)(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer user_data);
/* GObject::notify */
typedef void (*GMKNotifyCallback)(GObject *object, GParamSpec *pspec, gpointer user_data);

static inline gulong gmk_connect_action(GSimpleAction *action, const char *signal, GMKActionCallback callback,
                                        gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(action, signal, G_CALLBACK(callback), data, destroy, 0);
}

static inline gulong gmk_connect_items_changed(GMenuModel *model, GMKItemsChangedCallback callback,
                                               gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(model, "items-changed", G_CALLBACK(callback), data, destroy, 0);
}

static inline gulong gmk_connect_widget(GtkWidget *widget, const char *signal, GMKWidgetCallback callback,
                                        gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(widget, signal, G_CALLBACK(callback), data, destroy, 0);
}

/* GtkApplication::window-added: the application and the window. */
typedef void (*GMKWindowAddedCallback)(GtkApplication *application, GtkWindow *window, gpointer data);
static inline gulong gmk_connect_window_added(GtkApplication *application, GMKWindowAddedCallback callback,
                                              gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(application, "window-added", G_CALLBACK(callback), data, destroy, 0);
}

static inline gulong gmk_connect_application(GApplication *application, const char *signal,
                                             GMKApplicationCallback callback, gpointer data,
                                             GClosureNotify destroy) {
  return g_signal_connect_data(application, signal, G_CALLBACK(callback), data, destroy, 0);
}

static inline gulong gmk_connect_click(GtkGestureClick *gesture, const char *signal, GMKClickCallback callback,
                                       gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(gesture, signal, G_CALLBACK(callback), data, destroy, 0);
}

static inline gulong gmk_connect_long_press(GtkGestureLongPress *gesture, GMKLongPressCallback callback,
                                            gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(gesture, "pressed", G_CALLBACK(callback), data, destroy, 0);
}

/* GtkGesture::begin and ::end */
typedef void (*GMKGestureSequenceCallback)(GtkGesture *gesture, GdkEventSequence *sequence, gpointer user_data);
static inline gulong gmk_connect_gesture_sequence(GtkGesture *gesture, const char *signal, GMKGestureSequenceCallback callback,
                                                  gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(gesture, signal, G_CALLBACK(callback), data, destroy, 0);
}

static inline gulong gmk_connect_action_state_changed(GActionGroup *group, GMKActionStateChangedCallback callback,
                                                      gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(group, "action-state-changed", G_CALLBACK(callback), data, destroy, 0);
}

/* Handlers that go when `owner` is finalized (g_signal_connect_object). */
static inline gulong gmk_connect_action_state_changed_while(GActionGroup *group, const char *detailed_signal,
                                                            GMKActionStateChangedCallback callback, gpointer owner) {
  return g_signal_connect_object(group, detailed_signal, G_CALLBACK(callback), owner, 0);
}

static inline gulong gmk_connect_action_enabled_changed_while(GActionGroup *group, const char *detailed_signal,
                                                              GMKActionEnabledChangedCallback callback, gpointer owner) {
  return g_signal_connect_object(group, detailed_signal, G_CALLBACK(callback), owner, 0);
}

static inline gulong gmk_connect_pointer_enter(GtkEventController *motion, GMKPointerEnterCallback callback,
                                               gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(motion, "enter", G_CALLBACK(callback), data, destroy, 0);
}

static inline gulong gmk_connect_controller(GtkEventController *controller, const char *signal,
                                            GMKControllerCallback callback, gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(controller, signal, G_CALLBACK(callback), data, destroy, 0);
}

static inline gulong gmk_connect_legacy_event(GtkEventController *legacy, GMKLegacyEventCallback callback,
                                              gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(legacy, "event", G_CALLBACK(callback), data, destroy, 0);
}

static inline gulong gmk_connect_notify(gpointer object, const char *detailed_signal, GMKNotifyCallback callback,
                                        gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(object, detailed_signal, G_CALLBACK(callback), data, destroy, 0);
}

/* Signals of any object whose handlers take only the object (GtkTextBuffer::changed) */
typedef void (*GMKObjectCallback)(gpointer instance, gpointer user_data);
static inline gulong gmk_connect_object(gpointer instance, const char *signal, GMKObjectCallback callback,
                                        gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(callback), data, destroy, 0);
}

/* GApplication::open */
typedef void (*GMKOpenCallback)(GApplication *application, GFile **files, gint n_files, const char *hint, gpointer user_data);
static inline gulong gmk_connect_open(GApplication *application, GMKOpenCallback callback, gpointer data,
                                      GClosureNotify destroy) {
  return g_signal_connect_data(application, "open", G_CALLBACK(callback), data, destroy, 0);
}

/* GApplication::shutdown, for an application registered and never run: g_application_run emits
   it as it ends; GtkApplication's handler breaks the reference the application's action muxer
   holds on the application itself (gtkapplication.c, gtk_application_startup and _shutdown). */
static inline void gmk_application_emit_shutdown(GApplication *application) {
  g_signal_emit_by_name(application, "shutdown");
}

/* GdkFrameClock::layout and the other phase signals, run after the handlers already connected */
typedef void (*GMKFrameClockCallback)(GdkFrameClock *clock, gpointer user_data);
static inline gulong gmk_connect_frame_clock_after(GdkFrameClock *clock, const char *signal,
                                                   GMKFrameClockCallback callback, gpointer data,
                                                   GClosureNotify destroy) {
  return g_signal_connect_data(clock, signal, G_CALLBACK(callback), data, destroy, G_CONNECT_AFTER);
}

/* One object-valued property, with a reference the caller releases (g_object_get is variadic). */
static inline gpointer gmk_object_dup_object(gpointer object, const char *property) {
  gpointer value = NULL;
  g_object_get(object, property, &value, NULL);
  return value;
}

/* GtkStyleContext is deprecated from GTK 4.10, with no replacement for what GMenuKit reads
   through it: a theme's named colour (`error_color`, still defined by GTK 4.18's default theme
   and by libadwaita) and a widget's CSS padding and border. The calls stay in these two
   functions, built without the deprecation warning; the padding is only needed before GTK 4.12
   (see PopoverPlacement) and is not read at all when built against 4.12 or later. */
static inline gboolean gmk_theme_color(GtkWidget *widget, const char *name, GdkRGBA *color) {
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  return gtk_style_context_lookup_color(gtk_widget_get_style_context(widget), name, color);
  G_GNUC_END_IGNORE_DEPRECATIONS
}
static inline void gmk_widget_padding_and_border(GtkWidget *widget, GtkBorder *padding, GtkBorder *border) {
#if GTK_CHECK_VERSION(4, 12, 0)
  (void) widget;
  *padding = (GtkBorder) { 0 };
  *border = (GtkBorder) { 0 };
#else
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkStyleContext *style = gtk_widget_get_style_context(widget);
  gtk_style_context_get_padding(style, padding);
  gtk_style_context_get_border(style, border);
  G_GNUC_END_IGNORE_DEPRECATIONS
#endif
}

/* CSS from a string: gtk_css_provider_load_from_data is deprecated from GTK 4.12 for
   gtk_css_provider_load_from_string, which 4.8 lacks. */
static inline void gmk_css_provider_load(GtkCssProvider *provider, const char *css) {
#if GTK_CHECK_VERSION(4, 12, 0)
  gtk_css_provider_load_from_string(provider, css);
#else
  gtk_css_provider_load_from_data(provider, css, -1);
#endif
}

/* A style provider for one widget alone (tests style single widgets this way); GtkStyleContext,
   its only way in, is deprecated from 4.10 without a replacement. */
static inline void gmk_widget_add_style_provider(GtkWidget *widget, GtkCssProvider *provider) {
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_add_provider(gtk_widget_get_style_context(widget), GTK_STYLE_PROVIDER(provider),
                                 GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  G_GNUC_END_IGNORE_DEPRECATIONS
}
#include "lists_shim.h"
#include "tree_view_shim.h"

#endif
