/* The benchmark cases of Sources/MenuBenchmark written by hand in plain C against GTK and GIO:
   what a careful C programmer writes for the same menus, one GAction per item.

     menu_bench --case 1|2|3|4|5|6|7 --items N [--runs N] [--rss]
     menu_bench --case 1 --items N --generated [--runs N]   (case 1 for the history of case 3)
     --shared-icon: serialize the icon once for all items, as GMenuKit does (for comparison)
     menu_bench --case 2 --items N --part label|toggle      (one change alone, for instruction counts)
     menu_bench --case 6 --items N --one-change             (a refresh that finds one label changed)
     menu_bench --case 6 --items N --refresh-only           (the refreshes alone, no renders timed)

   Prints the same RESULT and RSS lines as MenuBenchmark; scripts/bench.sh compares them.
   Built by `make bench`: cc -O2 menu_bench.c $(pkg-config --cflags --libs gtk4) */

#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SECTION_SIZE 10
#define ICON "document-open-symbolic"

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The CPU time of this thread: what a parse costs, without the time other processes of a busy
   machine take the CPU away (case 8, where the sides run seconds apart). */
static double thread_cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(const double *samples, int count) {
  double *sorted = g_memdup2(samples, sizeof(double) * (gsize)count);
  qsort(sorted, (size_t)count, sizeof(double), compare_doubles);
  double middle = count ? sorted[count / 2] : 0;
  g_free(sorted);
  return middle;
}

/* RESULT case=<case> items=<n> median_ms=<ms> items_changed=<count or -> samples_ms=<a,b,…> */
static void report(const char *case_name, int items, const double *seconds, int count, int items_changed) {
  double *ms = g_new(double, count);
  for (int i = 0; i < count; i++) ms[i] = seconds[i] * 1000.0;
  printf("RESULT case=%s items=%d median_ms=%.6f items_changed=", case_name, items, median(ms, count));
  if (items_changed >= 0) printf("%d", items_changed); else printf("-");
  printf(" samples_ms=");
  for (int i = 0; i < count; i++) printf("%s%.6f", i ? "," : "", ms[i]);
  printf("\n");
  fflush(stdout);
  g_free(ms);
}

/* A field of /proc/self/status in kilobytes: VmRSS now, VmHWM the peak so far. */
static long status_kb(const char *field) {
  FILE *file = fopen("/proc/self/status", "r");
  if (!file) return -1;
  char line[512];
  long value = -1;
  size_t length = strlen(field);
  while (fgets(line, sizeof line, file)) {
    if (strncmp(line, field, length) == 0 && line[length] == ':') {
      value = strtol(line + length + 1, NULL, 10);
      break;
    }
  }
  fclose(file);
  return value;
}

/* ---- The menu: sections of ten items, each with an icon and its own action; the first item
   of a section is a toggle (a Boolean stateful action), the others are buttons. ---- */

typedef struct {
  GMenu *root;
  GSimpleActionGroup *group;
} BenchMenu;

static int activations;

static void on_activate(GSimpleAction *action, GVariant *parameter, gpointer data) {
  (void)action; (void)parameter; (void)data;
  activations++;
}

static void on_change_state(GSimpleAction *action, GVariant *value, gpointer data) {
  gboolean *flag = data;
  *flag = g_variant_get_boolean(value);
  g_simple_action_set_state(action, value);
}

/* With --shared-icon, the icon is serialized once and its variant shared by every item, as
   GMenuKit does; by default each item gets its icon the usual way, g_menu_item_set_icon. */
static gboolean share_icon;
static GVariant *shared_icon;

static GMenuItem *make_item(const char *label, const char *name) {
  char detailed[64];
  snprintf(detailed, sizeof detailed, "menu.%s", name);
  GMenuItem *item = g_menu_item_new(label, detailed);
  if (share_icon) {
    if (!shared_icon) {
      GIcon *icon = g_themed_icon_new(ICON);
      shared_icon = g_variant_ref_sink(g_icon_serialize(icon));
      g_object_unref(icon);
    }
    g_menu_item_set_attribute_value(item, G_MENU_ATTRIBUTE_ICON, shared_icon);
  } else {
    GIcon *icon = g_themed_icon_new(ICON);
    g_menu_item_set_icon(item, icon);
    g_object_unref(icon);
  }
  return item;
}

static void add_button_action(GSimpleActionGroup *group, const char *name) {
  GSimpleAction *action = g_simple_action_new(name, NULL);
  g_signal_connect(action, "activate", G_CALLBACK(on_activate), NULL);
  g_action_map_add_action(G_ACTION_MAP(group), G_ACTION(action));
  g_object_unref(action);
}

static void add_toggle_action(GSimpleActionGroup *group, const char *name, gboolean *flag) {
  GSimpleAction *action = g_simple_action_new_stateful(name, NULL, g_variant_new_boolean(*flag));
  g_signal_connect(action, "change-state", G_CALLBACK(on_change_state), flag);
  g_action_map_add_action(G_ACTION_MAP(group), G_ACTION(action));
  g_object_unref(action);
}

typedef struct {
  int count;
  char **labels;
  gboolean *flags; /* one per section */
} ItemsModel;

static ItemsModel items_model_new(int count) {
  ItemsModel model = {count, g_new(char *, count), g_new0(gboolean, (count + SECTION_SIZE - 1) / SECTION_SIZE)};
  for (int i = 0; i < count; i++) model.labels[i] = g_strdup_printf("Item %d", i);
  return model;
}

static void items_model_free(ItemsModel *model) {
  for (int i = 0; i < model->count; i++) g_free(model->labels[i]);
  g_free(model->labels);
  g_free(model->flags);
}

static BenchMenu build_items_menu(ItemsModel *model) {
  BenchMenu menu = {g_menu_new(), g_simple_action_group_new()};
  char name[32];
  for (int start = 0; start < model->count; start += SECTION_SIZE) {
    GMenu *section = g_menu_new();
    for (int i = start; i < start + SECTION_SIZE && i < model->count; i++) {
      snprintf(name, sizeof name, "item-%d", i);
      if (i % SECTION_SIZE == 0)
        add_toggle_action(menu.group, name, &model->flags[i / SECTION_SIZE]);
      else
        add_button_action(menu.group, name);
      GMenuItem *item = make_item(model->labels[i], name);
      g_menu_append_item(section, item);
      g_object_unref(item);
    }
    g_menu_append_section(menu.root, NULL, G_MENU_MODEL(section));
    g_object_unref(section);
  }
  return menu;
}

static void bench_menu_free(BenchMenu *menu) {
  g_object_unref(menu->root);
  g_object_unref(menu->group);
}

static void warm_up(void) {
  ItemsModel model = items_model_new(100);
  BenchMenu menu = build_items_menu(&model);
  bench_menu_free(&menu);
  items_model_free(&model);
}

/* ---- Counting items-changed on a model and every section and submenu it links to. ---- */

typedef struct {
  GPtrArray *models;
  GArray *handlers;
  int count;
} ItemsChangedCounter;

static void count_items_changed(GMenuModel *model, gint position, gint removed, gint added, gpointer data) {
  (void)model; (void)position; (void)removed; (void)added;
  ((ItemsChangedCounter *)data)->count++;
}

static void counter_connect(ItemsChangedCounter *counter, GMenuModel *model) {
  g_ptr_array_add(counter->models, g_object_ref(model));
  gulong handler = g_signal_connect(model, "items-changed", G_CALLBACK(count_items_changed), counter);
  g_array_append_val(counter->handlers, handler);
  int n = g_menu_model_get_n_items(model);
  for (int i = 0; i < n; i++) {
    const char *links[] = {G_MENU_LINK_SECTION, G_MENU_LINK_SUBMENU};
    for (int l = 0; l < 2; l++) {
      GMenuModel *child = g_menu_model_get_item_link(model, i, links[l]);
      if (child) {
        counter_connect(counter, child);
        g_object_unref(child);
      }
    }
  }
}

static void counter_start(ItemsChangedCounter *counter, GMenuModel *model) {
  counter->models = g_ptr_array_new();
  counter->handlers = g_array_new(FALSE, FALSE, sizeof(gulong));
  counter->count = 0;
  counter_connect(counter, model);
}

static int counter_stop(ItemsChangedCounter *counter) {
  for (guint i = 0; i < counter->models->len; i++) {
    GObject *model = g_ptr_array_index(counter->models, i);
    g_signal_handler_disconnect(model, g_array_index(counter->handlers, gulong, i));
    g_object_unref(model);
  }
  g_ptr_array_free(counter->models, TRUE);
  g_array_free(counter->handlers, TRUE);
  return counter->count;
}

/* ---- Case 1: build the menu, ready to show. ---- */

static void case_build(int items, int runs) {
  warm_up();
  ItemsModel model = items_model_new(items);
  double *samples = g_new(double, runs);
  for (int run = 0; run < runs; run++) {
    double start = now_seconds();
    BenchMenu menu = build_items_menu(&model);
    samples[run] = now_seconds() - start;
    bench_menu_free(&menu);
  }
  report(share_icon ? "1-shared-icon" : "1", items, samples, runs, -1);
  g_free(samples);
  items_model_free(&model);
}

static void case_build_rss(int items) {
  long baseline = status_kb("VmRSS");
  ItemsModel model = items_model_new(items);
  BenchMenu menu = build_items_menu(&model);
  printf("RSS case=1 items=%d baseline_kb=%ld peak_kb=%ld\n", items, baseline, status_kb("VmHWM"));
  bench_menu_free(&menu);
  items_model_free(&model);
}

/* Times `change` over `runs` runs after one untimed warm-up run, with nothing listening to the
   menu; then makes the change once more, untimed, with a counter connected, for the number of
   items-changed emissions. Connecting the counter to every section touches the whole menu,
   which would leave the caches cold for a timed change. */
typedef void (*Change)(void *context, int run);

static int time_and_count_changes(int runs, GMenuModel *model, Change change, void *context, double *samples) {
  for (int run = 0; run <= runs; run++) {
    double start = now_seconds();
    change(context, run);
    double seconds = now_seconds() - start;
    if (run > 0) samples[run - 1] = seconds;
  }
  ItemsChangedCounter counter;
  counter_start(&counter, model);
  change(context, runs + 1);
  return counter_stop(&counter);
}

/* ---- Case 2: change one item's label; flip one toggle. ---- */

typedef struct {
  ItemsModel *model;
  BenchMenu *menu;
  int target, section, position;
  char *spare_label;
  char name[32], toggle_name[32];
} UpdateContext;

/* The app's data changes: one item's label, the spare taking the old one's place. */
static void swap_label(ItemsModel *model, int target, char **spare) {
  char *old = model->labels[target];
  model->labels[target] = *spare;
  *spare = old;
}

static void change_label(void *data, int run) {
  (void)run;
  UpdateContext *c = data;
  /* The app's data changes, and the one item is replaced where it stands. */
  swap_label(c->model, c->target, &c->spare_label);
  GMenuModel *section = g_menu_model_get_item_link(G_MENU_MODEL(c->menu->root), c->section, G_MENU_LINK_SECTION);
  g_menu_remove(G_MENU(section), c->position);
  GMenuItem *item = make_item(c->model->labels[c->target], c->name);
  g_menu_insert_item(G_MENU(section), c->position, item);
  g_object_unref(item);
  g_object_unref(section);
}

static void flip_toggle(void *data, int run) {
  (void)run;
  UpdateContext *c = data;
  gboolean *flag = &c->model->flags[c->section];
  *flag = !*flag;
  GAction *action = g_action_map_lookup_action(G_ACTION_MAP(c->menu->group), c->toggle_name);
  g_simple_action_set_state(G_SIMPLE_ACTION(action), g_variant_new_boolean(*flag));
}

/* `part`: "label" or "toggle" alone (for instruction counts), or both when NULL. */
static void case_update(int items, int runs, const char *part) {
  warm_up();
  ItemsModel model = items_model_new(items);
  BenchMenu menu = build_items_menu(&model);
  UpdateContext context = {.model = &model, .menu = &menu};
  context.target = items / 2;
  if (context.target % SECTION_SIZE == 0) context.target++;
  context.section = context.target / SECTION_SIZE;
  context.position = context.target % SECTION_SIZE;
  context.spare_label = g_strdup_printf("Renamed %d", context.target);
  snprintf(context.name, sizeof context.name, "item-%d", context.target);
  snprintf(context.toggle_name, sizeof context.toggle_name, "item-%d", context.section * SECTION_SIZE);

  double *label_samples = g_new(double, runs), *toggle_samples = g_new(double, runs);
  if (!part || strcmp(part, "label") == 0) {
    int label_changes = time_and_count_changes(runs, G_MENU_MODEL(menu.root), change_label, &context, label_samples);
    report("2-label", items, label_samples, runs, label_changes);
  }
  if (!part || strcmp(part, "toggle") == 0) {
    int toggle_changes = time_and_count_changes(runs, G_MENU_MODEL(menu.root), flip_toggle, &context, toggle_samples);
    report("2-toggle", items, toggle_samples, runs, toggle_changes);
  }
  g_free(label_samples);
  g_free(toggle_samples);
  g_free(context.spare_label);
  bench_menu_free(&menu);
  items_model_free(&model);
}

/* ---- Case 3: a history in sections of ten: append 100 entries, remove the oldest 100. ---- */

/* A section of ten entries, one action each; labels from `titles` (indexed by id) when given,
   else made here (new entries). */
static GMenu *history_section(GSimpleActionGroup *group, int first_id, char **titles) {
  GMenu *section = g_menu_new();
  char name[32], label[32];
  for (int id = first_id; id < first_id + SECTION_SIZE; id++) {
    snprintf(name, sizeof name, "entry-%d", id);
    if (!titles) snprintf(label, sizeof label, "Entry %d", id);
    add_button_action(group, name);
    GMenuItem *item = make_item(titles ? titles[id] : label, name);
    g_menu_append_item(section, item);
    g_object_unref(item);
  }
  return section;
}

static void history_slide(BenchMenu *menu, int *first_id, int count, int size) {
  char name[32];
  /* The oldest entries go: their sections and their actions. */
  for (int s = 0; s < count / SECTION_SIZE; s++) g_menu_remove(menu->root, 0);
  for (int id = *first_id; id < *first_id + count; id++) {
    snprintf(name, sizeof name, "entry-%d", id);
    g_action_map_remove_action(G_ACTION_MAP(menu->group), name);
  }
  /* The new ones come at the end. */
  int next_id = *first_id + size;
  for (int id = next_id; id < next_id + count; id += SECTION_SIZE) {
    GMenu *section = history_section(menu->group, id, NULL);
    g_menu_append_section(menu->root, NULL, G_MENU_MODEL(section));
    g_object_unref(section);
  }
  *first_id += count;
}

typedef struct {
  BenchMenu *menu;
  int first_id, size;
} HistoryContext;

static void slide_history(void *data, int run) {
  (void)run;
  HistoryContext *c = data;
  history_slide(c->menu, &c->first_id, 100, c->size);
}

static char **history_titles(int items) {
  char **titles = g_new(char *, items + 1);
  for (int id = 0; id < items; id++) titles[id] = g_strdup_printf("Entry %d", id);
  titles[items] = NULL;
  return titles;
}

static BenchMenu build_history_menu(int items, char **titles) {
  BenchMenu menu = {g_menu_new(), g_simple_action_group_new()};
  for (int id = 0; id < items; id += SECTION_SIZE) {
    GMenu *section = history_section(menu.group, id, titles);
    g_menu_append_section(menu.root, NULL, G_MENU_MODEL(section));
    g_object_unref(section);
  }
  return menu;
}

/* Case 1 for the history: one action per entry, as plain code makes them. */
static void case_build_generated(int items, int runs) {
  warm_up();
  char **titles = history_titles(items);
  double *samples = g_new(double, runs);
  for (int run = 0; run < runs; run++) {
    double start = now_seconds();
    BenchMenu menu = build_history_menu(items, titles);
    samples[run] = now_seconds() - start;
    bench_menu_free(&menu);
  }
  report("1-generated", items, samples, runs, -1);
  g_free(samples);
  g_strfreev(titles);
}

static void case_generated(int items, int runs) {
  warm_up();
  char **titles = history_titles(items);
  BenchMenu menu = build_history_menu(items, titles);
  g_strfreev(titles);
  HistoryContext context = {&menu, 0, items};
  double *samples = g_new(double, runs);
  int changes = time_and_count_changes(runs, G_MENU_MODEL(menu.root), slide_history, &context, samples);
  report("3", items, samples, runs, changes);
  g_free(samples);
  bench_menu_free(&menu);
}

/* ---- Case 4: tear the menu down (drop the last references). ---- */

static void case_teardown(int items, int runs) {
  warm_up();
  ItemsModel model = items_model_new(items);
  double *samples = g_new(double, runs);
  for (int run = 0; run < runs; run++) {
    BenchMenu menu = build_items_menu(&model);
    gpointer weak_root = menu.root;
    g_object_add_weak_pointer(G_OBJECT(menu.root), &weak_root);
    double start = now_seconds();
    bench_menu_free(&menu);
    samples[run] = now_seconds() - start;
    if (weak_root != NULL) {
      fprintf(stderr, "the menu model outlived its teardown\n");
      exit(1);
    }
  }
  report("4", items, samples, runs, -1);
  g_free(samples);
  items_model_free(&model);
}

/* ---- Case 5: open a GtkPopoverMenu and wait for its first frame. ---- */

static GtkWidget *watched_popover;
static GdkFrameClock *watched_clock;
static gulong after_paint_handler;
static double first_frame_at;

static void after_paint(GdkFrameClock *clock, gpointer data) {
  (void)clock; (void)data;
  if (first_frame_at > 0 || !watched_popover) return;
  GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(watched_popover));
  if (surface && gdk_surface_get_mapped(surface) && gtk_widget_get_width(watched_popover) > 0)
    first_frame_at = now_seconds();
}

static void watch_frames(GtkWidget *widget, gpointer data) {
  (void)data;
  GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
  if (!clock) return;
  watched_clock = clock;
  after_paint_handler = g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), NULL);
}

static void run_until_idle(void) {
  while (g_main_context_iteration(NULL, FALSE)) {}
}

static void settle(void) {
  run_until_idle();
  g_usleep(50000);
  run_until_idle();
}

static void case_popover(int items, int runs) {
  if (!gtk_init_check()) {
    fprintf(stderr, "case 5 needs a display; run it under scripts/with-display.sh\n");
    exit(2);
  }
  ItemsModel model = items_model_new(items);
  BenchMenu menu = build_items_menu(&model);
  GtkWidget *window = gtk_window_new();
  GtkWidget *button = gtk_button_new_with_label("Open");
  gtk_window_set_default_size(GTK_WINDOW(window), 640, 480);
  gtk_window_set_child(GTK_WINDOW(window), button);
  gtk_widget_insert_action_group(window, "menu", G_ACTION_GROUP(menu.group));
  gtk_window_present(GTK_WINDOW(window));
  while (!gtk_widget_get_mapped(window)) g_main_context_iteration(NULL, TRUE);
  settle();

  double *samples = g_new(double, runs);
  for (int run = 0; run <= runs; run++) {
    GtkWidget *popover = gtk_popover_menu_new_from_model(G_MENU_MODEL(menu.root));
    gtk_widget_set_parent(popover, button);
    settle();
    watched_popover = popover;
    first_frame_at = 0;
    gulong map_handler = g_signal_connect(popover, "map", G_CALLBACK(watch_frames), NULL);
    double start = now_seconds();
    gtk_popover_popup(GTK_POPOVER(popover));
    while (first_frame_at == 0 && now_seconds() - start < 30) g_main_context_iteration(NULL, TRUE);
    if (first_frame_at == 0) {
      fprintf(stderr, "the popover showed no frame within 30 seconds\n");
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
  report("5", items, samples, runs, -1);
  g_free(samples);
  gtk_window_destroy(GTK_WINDOW(window));
  run_until_idle();
  bench_menu_free(&menu);
  items_model_free(&model);
}

/* ---- Case 6: refresh with nothing changed, beside a full build of the same menu. ---- */

/* What a C program does to follow its model when it does not know what changed: it reads the
   model again and compares every item the menu shows with it (the label and the toggle's
   state), replacing what differs. Here nothing differs; the walk is the work. */
static int refresh_menu(ItemsModel *model, BenchMenu *menu) {
  int replaced = 0;
  GMenuModel *root = G_MENU_MODEL(menu->root);
  char name[32];
  int sections = g_menu_model_get_n_items(root);
  for (int s = 0; s < sections; s++) {
    GMenuModel *section = g_menu_model_get_item_link(root, s, G_MENU_LINK_SECTION);
    int n = g_menu_model_get_n_items(section);
    for (int p = 0; p < n; p++) {
      int i = s * SECTION_SIZE + p;
      char *label = NULL;
      if (!g_menu_model_get_item_attribute(section, p, G_MENU_ATTRIBUTE_LABEL, "s", &label)
          || strcmp(label, model->labels[i]) != 0) {
        snprintf(name, sizeof name, "item-%d", i);
        g_menu_remove(G_MENU(section), p);
        GMenuItem *item = make_item(model->labels[i], name);
        g_menu_insert_item(G_MENU(section), p, item);
        g_object_unref(item);
        replaced++;
      }
      g_free(label);
      if (i % SECTION_SIZE == 0) {
        snprintf(name, sizeof name, "item-%d", i);
        GAction *action = g_action_map_lookup_action(G_ACTION_MAP(menu->group), name);
        GVariant *state = g_action_get_state(action);
        if ((g_variant_get_boolean(state) != 0) != (model->flags[s] != 0))
          g_simple_action_set_state(G_SIMPLE_ACTION(action), g_variant_new_boolean(model->flags[s]));
        g_variant_unref(state);
      }
    }
    g_object_unref(section);
  }
  return replaced;
}

typedef struct {
  ItemsModel *model;
  BenchMenu *menu;
} RefreshContext;

static void refresh_change(void *data, int run) {
  (void)run;
  RefreshContext *c = data;
  if (refresh_menu(c->model, c->menu) != 0) abort();
}

/* A refresh with one change: the model's label of one item changes (as case 2's does), then the
   same comparison of every item finds it and replaces that item alone. */
typedef struct {
  ItemsModel *model;
  BenchMenu *menu;
  int target;
  char *spare_label;
} OneChangeContext;

static void refresh_one_change(void *data, int run) {
  (void)run;
  OneChangeContext *c = data;
  swap_label(c->model, c->target, &c->spare_label);
  if (refresh_menu(c->model, c->menu) != 1) abort();
}

static void case_refresh_one_change(int items, int runs) {
  warm_up();
  ItemsModel model = items_model_new(items);
  double *samples = g_new(double, runs);
  BenchMenu menu = build_items_menu(&model);
  /* An item in the middle of the menu, not the toggle that starts its section (as case 2). */
  int target = items / 2;
  if (target % SECTION_SIZE == 0) target += 1;
  OneChangeContext context = {&model, &menu, target, g_strdup_printf("Renamed %d", target)};
  int changed = time_and_count_changes(runs, G_MENU_MODEL(menu.root), refresh_one_change, &context, samples);
  report("6-refresh-one", items, samples, runs, changed);
  g_free(context.spare_label);
  bench_menu_free(&menu);
  g_free(samples);
  items_model_free(&model);
}

static void case_refresh(int items, int runs, gboolean refresh_only) {
  warm_up();
  ItemsModel model = items_model_new(items);
  double *samples = g_new(double, runs);
  /* --refresh-only: no renders timed (for a count of the refresh alone). */
  for (int run = 0; run < (refresh_only ? 0 : runs); run++) {
    double start = now_seconds();
    BenchMenu menu = build_items_menu(&model);
    samples[run] = now_seconds() - start;
    bench_menu_free(&menu);
  }
  if (!refresh_only) report("6-render", items, samples, runs, -1);
  BenchMenu menu = build_items_menu(&model);
  RefreshContext context = {&model, &menu};
  int changed = time_and_count_changes(runs, G_MENU_MODEL(menu.root), refresh_change, &context, samples);
  report("6-refresh", items, samples, runs, changed);
  bench_menu_free(&menu);
  g_free(samples);
  items_model_free(&model);
}

/* ---- Case 7: a toggle flipped while its menu is open, in menus of any size. ---- */

static void case_open_toggle(int items, int runs) {
  if (!gtk_init_check()) {
    fprintf(stderr, "case 7 needs a display; run it under scripts/with-display.sh\n");
    exit(2);
  }
  GMenu *root = g_menu_new();
  GSimpleActionGroup *group = g_simple_action_group_new();
  GSimpleAction *toggle = g_simple_action_new_stateful("wrap", NULL, g_variant_new_boolean(FALSE));
  g_action_map_add_action(G_ACTION_MAP(group), G_ACTION(toggle));
  g_menu_append(root, "Wrap Lines", "menu.wrap");
  GSimpleAction *item = g_simple_action_new("item", G_VARIANT_TYPE_INT32);
  g_action_map_add_action(G_ACTION_MAP(group), G_ACTION(item));
  for (int i = 1; i < items; i++) {
    char label[32];
    snprintf(label, sizeof label, "Item %d", i);
    GMenuItem *entry = g_menu_item_new(label, NULL);
    g_menu_item_set_action_and_target_value(entry, "menu.item", g_variant_new_int32(i));
    g_menu_append_item(root, entry);
    g_object_unref(entry);
  }
  GtkWidget *window = gtk_window_new();
  GtkWidget *button = gtk_button_new_with_label("Open");
  gtk_window_set_default_size(GTK_WINDOW(window), 640, 480);
  gtk_window_set_child(GTK_WINDOW(window), button);
  gtk_widget_insert_action_group(window, "menu", G_ACTION_GROUP(group));
  gtk_window_present(GTK_WINDOW(window));
  while (!gtk_widget_get_mapped(window)) g_main_context_iteration(NULL, TRUE);
  GtkWidget *popover = gtk_popover_menu_new_from_model(G_MENU_MODEL(root));
  gtk_widget_set_parent(popover, button);
  gtk_popover_popup(GTK_POPOVER(popover));
  while (!gtk_widget_get_mapped(popover)) g_main_context_iteration(NULL, TRUE);
  run_until_idle();

  double *samples = g_new(double, runs);
  gboolean on = FALSE;
  for (int run = 0; run <= runs; run++) {
    double start = now_seconds();
    on = !on;
    g_simple_action_set_state(toggle, g_variant_new_boolean(on));
    run_until_idle();
    if (run > 0) samples[run - 1] = now_seconds() - start;
  }
  report("7", items, samples, runs, -1);
  g_free(samples);
  gtk_popover_popdown(GTK_POPOVER(popover));
  gtk_widget_unparent(popover);
  gtk_window_destroy(GTK_WINDOW(window));
  run_until_idle();
  g_object_unref(item);
  g_object_unref(toggle);
  g_object_unref(group);
  g_object_unref(root);
}

/* Case 8: GtkBuilder's own parse of a menu of `items` items into a GMenu (the XML of
   BuilderImportCase.swift, byte for byte): a builder made, the XML read, the menu taken; in
   the thread's CPU time, as GMenuKit's side. */
static char *builder_xml(int items) {
  GString *xml = g_string_new("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<interface>\n  <menu id=\"menu\">\n");
  for (int section = 0; section < items / 10; section++) {
    g_string_append_printf(xml, "    <section>\n      <attribute name=\"label\" translatable=\"yes\">Section %d</attribute>\n", section);
    for (int index = section * 10; index < section * 10 + 10; index++) {
      g_string_append_printf(xml,
        "      <item>\n"
        "        <attribute name=\"label\" translatable=\"yes\">Item _%d</attribute>\n"
        "        <attribute name=\"action\">win.open</attribute>\n"
        "        <attribute name=\"target\" type=\"(si)\">('item', %d)</attribute>\n"
        "        <attribute name=\"hidden-when\">action-missing</attribute>\n"
        "        <attribute name=\"verb-icon\">document-open-symbolic</attribute>\n"
        "      </item>\n", index, index);
    }
    g_string_append(xml, "    </section>\n");
  }
  g_string_append(xml, "  </menu>\n</interface>\n");
  return g_string_free(xml, FALSE);
}

static GMenuModel *builder_parse(const char *xml) {
  GtkBuilder *builder = gtk_builder_new();
  GError *error = NULL;
  if (!gtk_builder_add_from_string(builder, xml, -1, &error)) g_error("%s", error->message);
  GMenuModel *menu = g_object_ref(G_MENU_MODEL(gtk_builder_get_object(builder, "menu")));
  g_object_unref(builder);
  return menu;
}

static void case_builder_import(int items, int runs) {
  char *warm_up = builder_xml(100);
  g_object_unref(builder_parse(warm_up));
  g_free(warm_up);
  char *xml = builder_xml(items);
  double *samples = g_new(double, runs);
  for (int run = 0; run < runs; run++) {
    double start = thread_cpu_seconds();
    GMenuModel *menu = builder_parse(xml);
    samples[run] = thread_cpu_seconds() - start;
    g_object_unref(menu);
  }
  report("8", items, samples, runs, -1);
  g_free(samples);
  g_free(xml);
}

#include "list_menu_case.c"
#include "long_menu_case.c"
#include "search_case.c"

int main(int argc, char **argv) {
  int which = 0, items = 0, runs = 15;
  gboolean rss = FALSE, generated = FALSE, one_change = FALSE, refresh_only = FALSE;
  const char *part = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--case") == 0 && i + 1 < argc) which = atoi(argv[++i]);
    else if (strcmp(argv[i], "--items") == 0 && i + 1 < argc) items = atoi(argv[++i]);
    else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = atoi(argv[++i]);
    else if (strcmp(argv[i], "--rss") == 0) rss = TRUE;
    else if (strcmp(argv[i], "--generated") == 0) generated = TRUE;
    else if (strcmp(argv[i], "--shared-icon") == 0) share_icon = TRUE;
    else if (strcmp(argv[i], "--part") == 0 && i + 1 < argc) part = argv[++i];
    else if (strcmp(argv[i], "--one-change") == 0) one_change = TRUE;
    else if (strcmp(argv[i], "--refresh-only") == 0) refresh_only = TRUE;
  }
  if (runs < 1) runs = 1;
  if (items <= 0 || items % SECTION_SIZE != 0) {
    fprintf(stderr, "usage: menu_bench --case 1|2|3|4|5|6|7 --items N (a multiple of 10) [--runs N] [--rss]\n");
    return 2;
  }
  switch (which) {
    case 1:
      if (rss) case_build_rss(items);
      else if (generated) case_build_generated(items, runs);
      else case_build(items, runs);
      break;
    case 2: case_update(items, runs, part); break;
    case 3: case_generated(items, runs); break;
    case 4: case_teardown(items, runs); break;
    case 5: case_popover(items, runs); break;
    case 6:
      if (one_change) case_refresh_one_change(items, runs);
      else case_refresh(items, runs, refresh_only);
      break;
    case 7: case_open_toggle(items, runs); break;
    case 8: case_builder_import(items, runs); break;
    case 9: case_list_menu(items, runs); break;
    case 10: case_long_menu(items, runs); break;
    case 12: case_search(items, runs); break;
    default:
      fprintf(stderr, "no case %d; cases are 1 to 10 and 12\n", which);
      return 2;
  }
  return 0;
}
