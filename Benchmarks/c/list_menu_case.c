/* Case 9, by hand: one context menu for a GtkListView of N notes, opened by a secondary click
 * on a row, acting on the clicked note (selected first) or on the selection it is part of.
 * Included by menu_bench.c, which has run_until_idle, settle, now_seconds and report.
 *
 * The way a C app does it: the factory's setup puts the GtkListItem on the row's child
 * (g_object_set_data), the click picks the widget under the pointer and walks up to that child,
 * and the menu is a GMenu built for the items at each opening and set on one GtkPopoverMenu
 * parented to the list. */

static GtkWidget *list_menu_popover;
static GdkFrameClock *list_menu_clock;
static gulong list_menu_paint_handler;
static double list_menu_first_frame_at;

static void list_menu_after_paint(GdkFrameClock *clock, gpointer data) {
  (void)clock; (void)data;
  if (list_menu_first_frame_at > 0) return;
  GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(list_menu_popover));
  if (surface && gdk_surface_get_mapped(surface) && gtk_widget_get_width(list_menu_popover) > 0)
    list_menu_first_frame_at = now_seconds();
}

static void list_menu_setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  (void)factory; (void)data;
  GtkWidget *label = gtk_label_new(NULL);
  g_object_set_data(G_OBJECT(label), "bench-list-item", item);
  gtk_list_item_set_child(item, label);
}

static void list_menu_bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  (void)factory; (void)data;
  gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)),
                     gtk_string_object_get_string(GTK_STRING_OBJECT(gtk_list_item_get_item(item))));
}

static void list_menu_noop(GSimpleAction *action, GVariant *parameter, gpointer data) {
  (void)action; (void)parameter; (void)data;
}

/* What the secondary click's handler does. */
static void list_menu_open(GtkWidget *list, GtkSelectionModel *selection, double x, double y) {
  GtkWidget *picked = gtk_widget_pick(list, x, y, GTK_PICK_DEFAULT);
  GtkListItem *item = NULL;
  for (GtkWidget *widget = picked; widget && widget != list && !item; widget = gtk_widget_get_parent(widget))
    item = g_object_get_data(G_OBJECT(widget), "bench-list-item");
  guint count = 0;
  if (item) {
    guint position = gtk_list_item_get_position(item);
    if (!gtk_selection_model_is_selected(selection, position)) gtk_selection_model_select_item(selection, position, TRUE);
    GtkBitset *selected = gtk_selection_model_get_selection(selection);
    count = (guint)gtk_bitset_get_size(selected);
    gtk_bitset_unref(selected);
  }
  GMenu *menu = g_menu_new();
  char *open = count == 1 ? g_strdup("Open Note") : g_strdup_printf("Open %u Notes", count);
  char *copy = count == 1 ? g_strdup("Copy Note") : g_strdup_printf("Copy %u Notes", count);
  g_menu_append(menu, open, "list.open");
  g_menu_append(menu, copy, "list.copy");
  g_free(open);
  g_free(copy);
  gtk_popover_menu_set_menu_model(GTK_POPOVER_MENU(list_menu_popover), G_MENU_MODEL(menu));
  g_object_unref(menu);
  gtk_popover_set_pointing_to(GTK_POPOVER(list_menu_popover), &(GdkRectangle){ (int)x, (int)y, 1, 1 });
  gtk_popover_popup(GTK_POPOVER(list_menu_popover));
}

static void case_list_menu(int items, int runs) {
  if (!gtk_init_check()) {
    fprintf(stderr, "case 9 needs a display; run it under scripts/with-display.sh\n");
    exit(2);
  }
  GListStore *store = g_list_store_new(GTK_TYPE_STRING_OBJECT);
  for (int index = 0; index < items; index++) {
    char title[32];
    snprintf(title, sizeof title, "Note %d", index);
    GtkStringObject *note = gtk_string_object_new(title);
    g_list_store_append(store, note);
    g_object_unref(note);
  }
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
  g_signal_connect(factory, "setup", G_CALLBACK(list_menu_setup), NULL);
  g_signal_connect(factory, "bind", G_CALLBACK(list_menu_bind), NULL);
  GtkSelectionModel *selection = GTK_SELECTION_MODEL(gtk_multi_selection_new(G_LIST_MODEL(store)));
  GtkWidget *list = gtk_list_view_new(selection, factory);
  GtkWidget *scroller = gtk_scrolled_window_new();
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
  GtkWidget *window = gtk_window_new();
  gtk_window_set_default_size(GTK_WINDOW(window), 640, 480);
  gtk_window_set_child(GTK_WINDOW(window), scroller);

  GSimpleActionGroup *group = g_simple_action_group_new();
  const GActionEntry entries[] = { { "open", list_menu_noop, NULL, NULL, NULL, { 0 } },
                                   { "copy", list_menu_noop, NULL, NULL, NULL, { 0 } } };
  g_action_map_add_action_entries(G_ACTION_MAP(group), entries, G_N_ELEMENTS(entries), NULL);
  gtk_widget_insert_action_group(list, "list", G_ACTION_GROUP(group));
  g_object_unref(group);
  list_menu_popover = gtk_popover_menu_new_from_model(NULL);
  gtk_popover_set_position(GTK_POPOVER(list_menu_popover), GTK_POS_BOTTOM);
  gtk_popover_set_has_arrow(GTK_POPOVER(list_menu_popover), FALSE);
  gtk_widget_set_halign(list_menu_popover, GTK_ALIGN_START);
  gtk_widget_set_parent(list_menu_popover, list);

  gtk_window_present(GTK_WINDOW(window));
  while (!gtk_widget_get_mapped(window)) g_main_context_iteration(NULL, TRUE);
  settle();
  double centers[64][2];
  int rows = 0;
  for (GtkWidget *row = gtk_widget_get_first_child(list); row && rows < 64; row = gtk_widget_get_next_sibling(row)) {
    graphene_rect_t bounds;
    if (GTK_IS_POPOVER(row) || !gtk_widget_get_mapped(row) || !gtk_widget_compute_bounds(row, list, &bounds)) continue;
    if (bounds.origin.y < 0 || bounds.origin.y + bounds.size.height > gtk_widget_get_height(list)) continue;
    centers[rows][0] = bounds.origin.x + bounds.size.width / 2;
    centers[rows][1] = bounds.origin.y + bounds.size.height / 2;
    rows++;
  }
  if (rows <= 6) {
    fprintf(stderr, "the list shows %d rows\n", rows);
    exit(1);
  }

  double *samples = g_new(double, runs);
  for (int run = 0; run <= runs; run++) {
    double *row = centers[1 + run % 6];
    list_menu_first_frame_at = 0;
    double start = now_seconds();
    list_menu_open(list, selection, row[0], row[1]);
    list_menu_clock = gtk_widget_get_frame_clock(list_menu_popover);
    list_menu_paint_handler = g_signal_connect(list_menu_clock, "after-paint", G_CALLBACK(list_menu_after_paint), NULL);
    while (list_menu_first_frame_at == 0 && now_seconds() - start < 30) g_main_context_iteration(NULL, TRUE);
    if (list_menu_first_frame_at == 0) {
      fprintf(stderr, "the menu showed no frame within 30 seconds\n");
      exit(1);
    }
    g_signal_handler_disconnect(list_menu_clock, list_menu_paint_handler);
    if (run > 0) samples[run - 1] = list_menu_first_frame_at - start; /* The first opening warms up. */
    gtk_popover_popdown(GTK_POPOVER(list_menu_popover));
    settle();
  }
  report("9", items, samples, runs, -1);
  g_free(samples);
  gtk_widget_unparent(list_menu_popover);
  gtk_window_destroy(GTK_WINDOW(window));
  run_until_idle();
}
