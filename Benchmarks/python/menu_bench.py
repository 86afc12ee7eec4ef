#!/usr/bin/python3
"""The benchmark cases of Sources/MenuBenchmark written in Python with PyGObject (Debian's
python3-gi): the same menus, one GAction per item, built the way a PyGObject program does.

    menu_bench.py --case 1|2|3|4|5 --items N [--runs N] [--rss]
    menu_bench.py --case 1 --items N --generated [--runs N]   (case 1 for the history of case 3)
    --shared-icon: serialize the icon once for all items, as GMenuKit does (for comparison)

Prints the same RESULT and RSS lines as MenuBenchmark; scripts/bench.sh compares them.
"""

import argparse
import gc
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

SECTION_SIZE = 10
ICON = "document-open-symbolic"


def median(samples):
    ordered = sorted(samples)
    return ordered[len(ordered) // 2] if ordered else 0.0


def report(case, items, seconds, items_changed=None):
    ms = [s * 1000.0 for s in seconds]
    changed = "-" if items_changed is None else str(items_changed)
    print(f"RESULT case={case} items={items} median_ms={median(ms):.6f} items_changed={changed} "
          f"samples_ms={','.join(f'{m:.6f}' for m in ms)}", flush=True)


def status_kb(field):
    """A field of /proc/self/status in kilobytes: VmRSS now, VmHWM the peak so far."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return -1


# ---- The menu: sections of ten items, each with an icon and its own action; the first item of
# a section is a toggle (a Boolean stateful action), the others are buttons. ----

class ItemsModel:
    def __init__(self, count):
        self.labels = [f"Item {i}" for i in range(count)]
        self.flags = [False] * ((count + SECTION_SIZE - 1) // SECTION_SIZE)
        self.activations = 0


# With --shared-icon, the icon is serialized once and shared by every item, as GMenuKit does;
# by default each item gets its icon the usual way, set_icon.
shared_icon = None


def make_item(label, name):
    item = Gio.MenuItem.new(label, "menu." + name)
    if shared_icon is not None:
        item.set_attribute_value(Gio.MENU_ATTRIBUTE_ICON, shared_icon)
    else:
        item.set_icon(Gio.ThemedIcon.new(ICON))
    return item


def add_button_action(group, name, on_activate):
    action = Gio.SimpleAction.new(name, None)
    action.connect("activate", on_activate)
    group.add_action(action)


def add_toggle_action(group, name, model, section):
    action = Gio.SimpleAction.new_stateful(name, None, GLib.Variant.new_boolean(model.flags[section]))

    def on_change_state(action, value):
        model.flags[section] = value.get_boolean()
        action.set_state(value)

    action.connect("change-state", on_change_state)
    group.add_action(action)


def build_items_menu(model):
    root = Gio.Menu.new()
    group = Gio.SimpleActionGroup.new()

    def on_activate(action, parameter):
        model.activations += 1

    count = len(model.labels)
    for start in range(0, count, SECTION_SIZE):
        section = Gio.Menu.new()
        for i in range(start, min(start + SECTION_SIZE, count)):
            name = f"item-{i}"
            if i % SECTION_SIZE == 0:
                add_toggle_action(group, name, model, i // SECTION_SIZE)
            else:
                add_button_action(group, name, on_activate)
            section.append_item(make_item(model.labels[i], name))
        root.append_section(None, section)
    return root, group


def warm_up():
    build_items_menu(ItemsModel(100))
    gc.collect()


# ---- Counting items-changed on a model and every section and submenu it links to. ----

class ItemsChangedCounter:
    def __init__(self, model):
        self.count = 0
        self.connections = []
        self._connect(model)

    def _on_items_changed(self, model, position, removed, added):
        self.count += 1

    def _connect(self, model):
        self.connections.append((model, model.connect("items-changed", self._on_items_changed)))
        for position in range(model.get_n_items()):
            for link in (Gio.MENU_LINK_SECTION, Gio.MENU_LINK_SUBMENU):
                child = model.get_item_link(position, link)
                if child is not None:
                    self._connect(child)

    def stop(self):
        for model, handler in self.connections:
            model.disconnect(handler)
        self.connections = []
        return self.count


def time_and_count_changes(runs, model, change):
    """Times change(run) over `runs` runs after one untimed warm-up run, with nothing listening
    to the menu; then makes the change once more, untimed, with a counter connected, for the
    number of items-changed emissions. Connecting the counter to every section touches the
    whole menu, which would leave the caches cold for a timed change."""
    samples = []
    for run in range(runs + 1):
        start = time.perf_counter()
        change(run)
        seconds = time.perf_counter() - start
        if run > 0:
            samples.append(seconds)
    counter = ItemsChangedCounter(model)
    change(runs + 1)
    return samples, counter.stop()


# ---- Case 1: build the menu, ready to show. ----

def case_build(items, runs):
    warm_up()
    case = "1" if shared_icon is None else "1-shared-icon"
    model = ItemsModel(items)
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        menu = build_items_menu(model)
        samples.append(time.perf_counter() - start)
        del menu
        gc.collect()  # Torn down untimed; case 4 times that.
    report(case, items, samples)


def case_build_rss(items):
    baseline = status_kb("VmRSS")
    model = ItemsModel(items)
    menu = build_items_menu(model)
    print(f"RSS case=1 items={items} baseline_kb={baseline} peak_kb={status_kb('VmHWM')}", flush=True)
    del menu


# ---- Case 2: change one item's label; flip one toggle. ----

def case_update(items, runs):
    warm_up()
    model = ItemsModel(items)
    root, group = build_items_menu(model)
    target = items // 2
    if target % SECTION_SIZE == 0:
        target += 1
    section, position = divmod(target, SECTION_SIZE)
    labels = [f"Renamed {target}", f"Item {target}"]
    name = f"item-{target}"
    toggle_name = f"item-{section * SECTION_SIZE}"

    def change_label(run):
        model.labels[target] = labels[run % 2]
        section_model = root.get_item_link(section, Gio.MENU_LINK_SECTION)
        section_model.remove(position)
        section_model.insert_item(position, make_item(model.labels[target], name))

    def flip_toggle(run):
        model.flags[section] = not model.flags[section]
        group.lookup_action(toggle_name).set_state(GLib.Variant.new_boolean(model.flags[section]))

    label_samples, label_changes = time_and_count_changes(runs, root, change_label)
    toggle_samples, toggle_changes = time_and_count_changes(runs, root, flip_toggle)

    report("2-label", items, label_samples, label_changes)
    report("2-toggle", items, toggle_samples, toggle_changes)


# ---- Case 3: a history in sections of ten: append 100 entries, remove the oldest 100. ----

class History:
    def __init__(self, titles):
        self.root = Gio.Menu.new()
        self.group = Gio.SimpleActionGroup.new()
        self.first_id = 0
        self.size = len(titles)
        self.opened = None
        for first in range(0, self.size, SECTION_SIZE):
            self.root.append_section(None, self._section(first, titles))

    def _on_activate(self, action, parameter):
        self.opened = action.get_name()

    def _section(self, first_id, titles=None):
        """Ten entries, one action each; labels from `titles` when given, else made here."""
        section = Gio.Menu.new()
        for entry_id in range(first_id, first_id + SECTION_SIZE):
            name = f"entry-{entry_id}"
            add_button_action(self.group, name, self._on_activate)
            section.append_item(make_item(titles[entry_id] if titles else f"Entry {entry_id}", name))
        return section

    def slide(self, count):
        # The oldest entries go: their sections and their actions.
        for _ in range(count // SECTION_SIZE):
            self.root.remove(0)
        for entry_id in range(self.first_id, self.first_id + count):
            self.group.remove_action(f"entry-{entry_id}")
        # The new ones come at the end.
        next_id = self.first_id + self.size
        for first in range(next_id, next_id + count, SECTION_SIZE):
            self.root.append_section(None, self._section(first))
        self.first_id += count


def history_titles(items):
    return [f"Entry {i}" for i in range(items)]


def case_build_generated(items, runs):
    """Case 1 for the history: one action per entry, as plain code makes them."""
    warm_up()
    titles = history_titles(items)
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        history = History(titles)
        samples.append(time.perf_counter() - start)
        del history
        gc.collect()
    report("1-generated", items, samples)


def case_generated(items, runs):
    warm_up()
    history = History(history_titles(items))
    samples, changes = time_and_count_changes(runs, history.root, lambda run: history.slide(100))
    report("3", items, samples, changes)


# ---- Case 4: tear the menu down (drop the last references). ----

def case_teardown(items, runs):
    warm_up()
    model = ItemsModel(items)
    samples = []
    for _ in range(runs):
        menu = build_items_menu(model)
        gc.collect()
        finalized = []
        menu[0].weak_ref(finalized.append, True)  # Called when the GMenu itself is finalized.
        start = time.perf_counter()
        del menu
        samples.append(time.perf_counter() - start)
        if not finalized:
            sys.exit("the menu model outlived its teardown")
    report("4", items, samples)


# ---- Case 5: open a GtkPopoverMenu and wait for its first frame. ----

def case_popover(items, runs):
    gi.require_version("Gtk", "4.0")
    from gi.repository import Gtk

    if not Gtk.init_check():
        sys.exit("case 5 needs a display; run it under scripts/with-display.sh")
    context = GLib.MainContext.default()

    def run_until_idle():
        while context.iteration(False):
            pass

    def settle():
        run_until_idle()
        time.sleep(0.05)
        run_until_idle()

    model = ItemsModel(items)
    root, group = build_items_menu(model)
    window = Gtk.Window()
    button = Gtk.Button.new_with_label("Open")
    window.set_default_size(640, 480)
    window.set_child(button)
    window.insert_action_group("menu", group)
    window.present()
    while not window.get_mapped():
        context.iteration(True)
    settle()

    state = {}

    def after_paint(clock):
        popover = state.get("popover")
        if "end" in state or popover is None:
            return
        surface = popover.get_native().get_surface() if popover.get_native() else None
        if surface is not None and surface.get_mapped() and popover.get_width() > 0:
            state["end"] = time.perf_counter()

    def watch_frames(widget):
        clock = widget.get_frame_clock()
        if clock is not None:
            state["clock"] = (clock, clock.connect("after-paint", after_paint))

    samples = []
    for run in range(runs + 1):
        popover = Gtk.PopoverMenu.new_from_model(root)
        popover.set_parent(button)
        settle()
        state.clear()
        state["popover"] = popover
        map_handler = popover.connect("map", watch_frames)
        start = time.perf_counter()
        popover.popup()
        while "end" not in state and time.perf_counter() - start < 30:
            context.iteration(True)
        if "end" not in state:
            sys.exit("the popover showed no frame within 30 seconds")
        if "clock" in state:
            clock, handler = state["clock"]
            clock.disconnect(handler)
        popover.disconnect(map_handler)
        if run > 0:  # The first opening warms up.
            samples.append(state["end"] - start)
        state.clear()
        popover.popdown()
        popover.unparent()
        del popover
        settle()
    report("5", items, samples)
    window.destroy()
    run_until_idle()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", type=int, required=True)
    parser.add_argument("--items", type=int, required=True)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--rss", action="store_true")
    parser.add_argument("--generated", action="store_true")
    parser.add_argument("--shared-icon", action="store_true",
                        help="serialize the icon once for all items, as GMenuKit does (for comparison)")
    arguments = parser.parse_args()
    runs = max(arguments.runs, 1)
    if arguments.shared_icon:
        global shared_icon
        shared_icon = Gio.ThemedIcon.new(ICON).serialize()
    if arguments.items <= 0 or arguments.items % SECTION_SIZE:
        sys.exit("--items must be a positive multiple of 10")
    if arguments.case == 1 and arguments.rss:
        case_build_rss(arguments.items)
    elif arguments.case == 1 and arguments.generated:
        case_build_generated(arguments.items, runs)
    elif arguments.case in (1, 2, 3, 4, 5):
        [case_build, case_update, case_generated, case_teardown, case_popover][arguments.case - 1](arguments.items, runs)
    else:
        sys.exit(f"no case {arguments.case}; cases are 1 to 5")


if __name__ == "__main__":
    main()
