/* Case 12, by hand: the keystrokes of case 12 (Sources/MenuBenchmark/CommandSearchCase.swift)
 * given to GTK's own search: a GtkFilterListModel (not incremental) with a GtkStringFilter,
 * substring, ignoring case, over a GtkStringList of the same N "Menu K › Verb Noun N" strings,
 * each keystroke timed until the filter model has its items.
 * Included by menu_bench.c, which has now_seconds and report. */

static void case_search(int items, int runs) {
  static const char *verbs[] = {"Open", "Save", "Export", "Insert", "Delete", "Format", "Sort", "Print", "Copy", "Date"};
  static const char *nouns[] = {"Document", "Page", "Image", "Table", "Note", "Chart", "Link", "Comment", "Date", "Section"};
  static const char *keystrokes[] = {"d", "da", "dat", "date", "date in"};
  const int strokes = 5;
  GtkStringList *strings = gtk_string_list_new(NULL);
  for (int i = 0; i < items; i++) {
    char *text = g_strdup_printf("Menu %d \u203a %s %s %d", i / 100, verbs[i % 10], nouns[(i / 10) % 10], i);
    gtk_string_list_take(strings, text);
  }
  GtkExpression *expression = gtk_property_expression_new(GTK_TYPE_STRING_OBJECT, NULL, "string");
  GtkStringFilter *filter = gtk_string_filter_new(expression);
  gtk_string_filter_set_match_mode(filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  gtk_string_filter_set_ignore_case(filter, TRUE);
  GtkFilterListModel *filtered = gtk_filter_list_model_new(G_LIST_MODEL(strings), GTK_FILTER(filter));
  gtk_filter_list_model_set_incremental(filtered, FALSE);
  double *seconds = g_new(double, (size_t)(runs * strokes));
  int count = 0;
  guint found = 0;
  for (int run = 0; run <= runs; run++) {
    gtk_string_filter_set_search(filter, NULL);
    for (int k = 0; k < strokes; k++) {
      double start = now_seconds();
      gtk_string_filter_set_search(filter, keystrokes[k]);
      found = g_list_model_get_n_items(G_LIST_MODEL(filtered));
      double elapsed = now_seconds() - start;
      if (run > 0) seconds[count++] = elapsed; /* the first run warms up */
    }
  }
  report("12", items, seconds, count, (int)found);
  g_free(seconds);
  g_object_unref(filtered);
}
