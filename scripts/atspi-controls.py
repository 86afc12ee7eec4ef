#!/usr/bin/python3
"""Reads an application's whole accessible tree as a screen reader does, and drives it with real
input between readings.

    atspi-controls.py PID STEP...

STEP is one of:
  read          prints the tree once it has settled (two readings agree)
  click:NAME    clicks, with the real pointer (xdotool), the focusable button or menu item named
                NAME, then waits until the tree changes
  key:KEYS      presses KEYS with the real keyboard (xdotool key, to the window under the
                pointer), then waits until the tree changes
  open:NAME     as click:NAME, then waits until the control named NAME is expanded

Each reading prints one JSON line: {"nodes": [...], "announcements": [...]}, every node in tree
order with its role, name, description, sorted states, depth and the names of its ancestors
("path"), and what the application announced since the last reading (GTK 4.14's
`gtk_accessible_announce`, the `object:announcement` event; none before 4.14). Exits 1 if
the application has no window within 40 s or a step's control is not found.
"""
import json
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib

from atspi_tree import application, states, walk, walk_with_paths

BUTTON_ROLES = {pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_MENU_ITEM,
                pyatspi.ROLE_COMBO_BOX}


ANNOUNCEMENTS = []


def heard(event):
    ANNOUNCEMENTS.append(str(event.any_data))


def pump(seconds):
    """Waits, handing the events that arrive (announcements) to their listeners."""
    deadline = time.monotonic() + seconds
    context = GLib.MainContext.default()
    while time.monotonic() < deadline:
        if not context.iteration(False):
            time.sleep(0.02)


def text_of(node):
    """What a node's Text interface holds (a label's text where its name is prohibited: GTK 4.18's
    status labels), or "" without one."""
    try:
        text = node.queryText()
        return text.getText(0, text.characterCount)
    except Exception:
        return ""


def describe(node, depth, path):
    return {
        "role": node.getRoleName(),
        "name": node.name,
        "description": node.description,
        "text": text_of(node),
        "states": states(node),
        "depth": depth,
        "path": list(path),
    }


def read(pid):
    app = application(pid)
    if app is None:
        return None
    nodes = []
    for node, depth, path in walk_with_paths(app):
        try:
            nodes.append(describe(node, depth, path))
        except Exception:
            continue
    return nodes


def settled(pid, unlike=None, timeout=20, until=None):
    """The tree once two readings 0.3 s apart agree and, given `unlike`, it differs from it."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        nodes = read(pid)
        if nodes and nodes == last and nodes != unlike and (until is None or until(nodes)):
            return nodes
        last = nodes
        pump(0.3)
    return last


def window_origin(pid):
    """The screen position of the application's window (Xvfb runs no window manager)."""
    ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                         capture_output=True, text=True).stdout.split()
    for wid in ids:
        out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", wid],
                             capture_output=True, text=True).stdout
        values = dict(line.split("=", 1) for line in out.split() if "=" in line)
        if int(values.get("WIDTH", 0)) > 100:
            return int(values["X"]), int(values["Y"])
    return 0, 0


def find_control(pid, name):
    app = application(pid)
    for node in walk(app):
        try:
            if node.name == name and node.getRole() in BUTTON_ROLES and \
                    node.getState().contains(pyatspi.STATE_FOCUSABLE):
                return node
        except Exception:
            continue
    return None


def click(pid, name):
    node = find_control(pid, name)
    if node is None:
        print("no focusable control named %r" % name, file=sys.stderr)
        return False
    extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    x0, y0 = window_origin(pid)
    x = x0 + extents.x + extents.width // 2
    y = y0 + extents.y + extents.height // 2
    subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y)], check=True)
    time.sleep(0.2)
    subprocess.run(["xdotool", "click", "1"], check=True)
    # Off the window, so that no tooltip opens under the pointer while the tree is read (GTK
    # 4.8 names its tooltip window by its type; nothing of the application's is there).
    time.sleep(0.1)
    subprocess.run(["xdotool", "mousemove", "--sync", str(x0 + 2000), str(y0 + 2000)], check=False)
    return True


def expanded(name):
    def check(nodes):
        return any(node["name"] == name and "expanded" in node["states"] for node in nodes)
    return check


def main():
    pid = int(sys.argv[1])
    pyatspi.Registry.registerEventListener(heard, "object:announcement")
    nodes = settled(pid, timeout=40, until=lambda nodes: any(n["role"] == "frame" for n in nodes))
    if not nodes:
        print("process %d shows no window on the accessibility bus within 40 s" % pid, file=sys.stderr)
        return 1
    for step in sys.argv[2:]:
        kind, _, argument = step.partition(":")
        if kind == "read":
            nodes = settled(pid)
        elif kind in ("click", "open"):
            if not click(pid, argument):
                return 1
            nodes = settled(pid, unlike=nodes, until=expanded(argument) if kind == "open" else None)
        elif kind == "key":
            subprocess.run(["xdotool", "key", argument], check=True)
            nodes = settled(pid, unlike=nodes)
        else:
            print("unknown step %r" % step, file=sys.stderr)
            return 2
        print(json.dumps({"step": step, "nodes": nodes, "announcements": ANNOUNCEMENTS}), flush=True)
        ANNOUNCEMENTS.clear()
    return 0


if __name__ == "__main__":
    sys.exit(main())
