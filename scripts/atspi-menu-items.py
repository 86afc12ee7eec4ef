#!/usr/bin/python3
"""Prints, as a screen reader hears them, the items of the menu an application has open.

    atspi-menu-items.py PID BUTTON [TIMEOUT_SECONDS [--signal]]

Finds the application with process id PID on the accessibility bus, and in it the menu of the
menu button named BUTTON; waits until the menu's main page has items, and prints one JSON
object per item, in order: role, name, description, states (sorted), key shortcuts (the
`keyshortcuts` attribute, or null), the labels heard inside the item (their names, in order),
and for value controls the value and its bounds. Exits 1 if no such menu has items within the
timeout.

With --signal, it then sends SIGUSR1 to PID (the showcase's --activate-on-usr1 changes an
item's state while the menu stays open), prints a line `---`, waits until what it reads of
the same menu changes, and prints the items again.
"""
import json
import os
import signal
import sys
import time

import pyatspi

from atspi_tree import application, states, walk

ITEM_ROLES = {
    pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM, pyatspi.ROLE_RADIO_MENU_ITEM,
    pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX,
    pyatspi.ROLE_RADIO_BUTTON, pyatspi.ROLE_SLIDER, pyatspi.ROLE_SPIN_BUTTON, pyatspi.ROLE_MENU,
}


def attributes(node):
    try:
        pairs = node.getAttributes() or []
    except Exception:
        return {}
    return dict(pair.split(":", 1) for pair in pairs if ":" in pair)


def describe(node):
    item = {
        "role": node.getRoleName(),
        "name": node.name,
        "description": node.description,
        "states": states(node),
        "keyshortcuts": attributes(node).get("keyshortcuts"),
        "labels": [inner.name for inner in walk(node) if inner is not node and inner.getRole() == pyatspi.ROLE_LABEL],
    }
    if node.getRole() in (pyatspi.ROLE_SLIDER, pyatspi.ROLE_SPIN_BUTTON):
        try:
            value = node.queryValue()
            item["value"] = [value.minimumValue, value.currentValue, value.maximumValue]
        except NotImplementedError:
            pass
    return item


def children(node):
    try:
        return [node.getChildAtIndex(index) for index in range(node.childCount)]
    except Exception:
        return []


def menu_of(button_node):
    """The menu that belongs to a menu button: a child of the button, of its parent
    (GtkMenuButton, GTK 4.8) or of an ancestor a few levels up."""
    node = button_node
    for _ in range(4):
        if node is None:
            return None
        for child in children(node):
            try:
                if child is not None and child.getRole() == pyatspi.ROLE_MENU:
                    return child
            except Exception:
                continue
        node = node.parent
    return None


def open_menu_items(app, button):
    """The items of the main page of the menu of the button named `button` (the pages are
    panels of the menu's stack; the first is the main page)."""
    for node in walk(app):
        try:
            role = node.getRole()
            # GTK 4.8: a push button named by its label, the menu beside it. Newer GTK: a menu
            # named as the button, under the GtkMenuButton.
            if role == pyatspi.ROLE_MENU and node.name == button and node.parent is not None \
                    and node.parent.getRole() != pyatspi.ROLE_MENU_BAR:
                menu = node
            elif role in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON) and node.name == button:
                menu = menu_of(node)
            else:
                continue
        except Exception:
            continue
        if menu is None:
            continue
        # The main page: GTK 4.8 names the pages by their type, GMenuKit by their menus' titles.
        page = next((inner for inner in walk(menu) if inner is not menu and inner.getRole() == pyatspi.ROLE_PANEL
                     and inner.name in ("GtkStackPage", menu.name)), menu)
        items = [describe(inner) for inner in walk(page) if inner is not page and inner.getRole() in ITEM_ROLES]
        if items:
            return items
    return None


def dump(node, out, depth=0):
    """The accessible tree, for a failure's report."""
    if node is None or depth > 40:
        return
    try:
        print("  " * depth + "%s %r %s" % (node.getRoleName(), node.name, states(node)), file=out)
    except Exception as error:
        print("  " * depth + "(unreadable: %s)" % error, file=out)
        return
    for child in children(node):
        dump(child, out, depth + 1)


def settled_items(pid, button, deadline, unlike=None):
    """The menu's items once two readings agree (the menu has finished building) and, given
    `unlike`, differ from it; None at the deadline."""
    last = None
    while time.monotonic() < deadline:
        app = application(pid)
        if app is not None:
            items = open_menu_items(app, button)
            if items and items == last and items != unlike:
                return items
            last = items
        time.sleep(0.5)
    return None


def main():
    pid = int(sys.argv[1])
    button = sys.argv[2]
    timeout = float(sys.argv[3]) if len(sys.argv) > 3 else 30
    signals = "--signal" in sys.argv[4:]
    deadline = time.monotonic() + timeout
    items = settled_items(pid, button, deadline)
    if items is None:
        print("no menu of a button '%s' with items in process %d within %g s; its accessible tree:" % (button, pid, timeout), file=sys.stderr)
        dump(application(pid), sys.stderr)
        return 1
    for item in items:
        print(json.dumps(item, sort_keys=True))
    if signals:
        sys.stdout.flush()
        os.kill(pid, signal.SIGUSR1)
        print("---")
        changed = settled_items(pid, button, time.monotonic() + timeout, unlike=items)
        if changed is None:
            print("the menu of '%s' did not change within %g s of SIGUSR1" % (button, timeout), file=sys.stderr)
            return 1
        for item in changed:
            print(json.dumps(item, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
