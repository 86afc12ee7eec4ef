/* Case 10: a menu of N generated items ("Clear History", then a section of N pages), opened:
 * a GtkPopoverMenu made from a GMenu and popped up, timed to its first frame, as GTK builds it
 * (a model button per item). Included by menu_bench.c, which has run_until_idle, settle,
 * now_seconds, report and the frame watching of case 5. GTK takes seconds from 5,000 items
 * on: scripts/bench.sh runs C at 50, 1,000 and 5,000 only. */

static void case_long_menu(int items, int runs) {
  if (!gtk_init_check()) {
    fprintf(stderr, "case 10 needs a display; run it under scripts/with-display.sh\n");
    exit(2);
  }
  GMenu *root = g_menu_new();
  GSimpleActionGroup *group = g_simple_action_group_new();
  GSimpleAction *clear = g_simple_action_new("clear", NULL);
  GSimpleAction *open = g_simple_action_new("open", G_VARIANT_TYPE_INT32);
  g_action_map_add_action(G_ACTION_MAP(group), G_ACTION(clear));
  g_action_map_add_action(G_ACTION_MAP(group), G_ACTION(open));
  g_menu_append(root, "Clear History", "menu.clear");
  GMenu *pages = g_menu_new();
  for (int i = 0; i < items; i++) {
    char label[32];
    snprintf(label, sizeof label, "Page %d", i);
    GMenuItem *entry = g_menu_item_new(label, NULL);
    g_menu_item_set_action_and_target_value(entry, "menu.open", g_variant_new_int32(i));
    g_menu_append_item(pages, entry);
    g_object_unref(entry);
  }
  g_menu_append_section(root, NULL, G_MENU_MODEL(pages));
  GtkWidget *window = gtk_window_new();
  GtkWidget *button = gtk_button_new_with_label("Open");
  gtk_window_set_default_size(GTK_WINDOW(window), 640, 480);
  gtk_window_set_child(GTK_WINDOW(window), button);
  gtk_widget_insert_action_group(window, "menu", G_ACTION_GROUP(group));
  gtk_window_present(GTK_WINDOW(window));
  while (!gtk_widget_get_mapped(window)) g_main_context_iteration(NULL, TRUE);
  settle();

  double *samples = g_new(double, runs);
  for (int run = 0; run <= runs; run++) {
    watched_popover = NULL;
    first_frame_at = 0;
    double start = now_seconds();
    GtkWidget *popover = gtk_popover_menu_new_from_model(G_MENU_MODEL(root));
    gtk_widget_set_parent(popover, button);
    watched_popover = popover;
    gulong map_handler = g_signal_connect(popover, "map", G_CALLBACK(watch_frames), NULL);
    gtk_popover_popup(GTK_POPOVER(popover));
    while (first_frame_at == 0 && now_seconds() - start < 120) g_main_context_iteration(NULL, TRUE);
    if (first_frame_at == 0) {
      fprintf(stderr, "the popover showed no frame within 120 seconds\n");
      exit(1);
    }
    if (watched_clock) {
      g_signal_handler_disconnect(watched_clock, after_paint_handler);
      watched_clock = NULL;
    }
    g_signal_handler_disconnect(popover, map_handler);
    watched_popover = NULL;
    if (run > 0) samples[run - 1] = first_frame_at - start; /* The first opening warms up. */
    gtk_popover_popdown(GTK_POPOVER(popover));
    gtk_widget_unparent(popover);
    settle();
  }
  report("10", items, samples, runs, -1);
  g_free(samples);
  gtk_window_destroy(GTK_WINDOW(window));
  run_until_idle();
  g_object_unref(clear);
  g_object_unref(open);
  g_object_unref(group);
  g_object_unref(pages);
  g_object_unref(root);
}
